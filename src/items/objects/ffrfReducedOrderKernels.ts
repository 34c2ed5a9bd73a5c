/**
 * ObjectFFRFreducedOrder's kernels (ffrfReducedOrderKernelsSource.ts) as WebAssembly: each body has an instance on a
 * memory of its own that holds its constant modal matrices (copied once), the inputs of a call (written by the body
 * into views of that memory) and the blocks and work arrays of the kernels. A fresh process runs the kernels compiled
 * from their first call (no interpreted arithmetic, no boxed doubles) and copies no matrix per call.
 * @module
 */

import { ffrfReducedOrderModuleBase64 } from './ffrfReducedOrderKernelsModule.ts';
import { compileStoredModule, instantiateKernels, memoryPages, type KernelExports } from '../../linalg/storedWasmModule.ts';

/** The kernels as called from JavaScript (each Float64Array of the source a byte address in the body's memory). */
type FFRFReducedOrderExports = KernelExports<typeof import('./ffrfReducedOrderKernelsSource.ts')>;

/** The constant matrices of a body (row-major; see ObjectFFRFreducedOrder's parameters). */
export interface FFRFReducedOrderConstants {
  /** n_m, the number of modes. */
  readonly nm: number;
  /** m, the body's mass. */
  readonly mass: number;
  /** Θ_u (3 × 3). */
  readonly theta: Float64Array;
  /** χ_u (3). */
  readonly chi: Float64Array;
  /** M_ΦtΨ̃ (3 × 3n_m). */
  readonly mPhiPsiT: Float64Array;
  /** M_x̃Ψ̃ (3 × 3n_m). */
  readonly mXPsiT: Float64Array;
  /** M_Ψ̃Ψ̃ (3n_m × 3n_m). */
  readonly mPsiTPsiT: Float64Array;
  /** M_x̃Ψ (3 × n_m). */
  readonly mXPsi: Float64Array;
  /** M_Ψ̃Ψ (3n_m × n_m). */
  readonly mPsiTPsi: Float64Array;
  /** M_ΦtΨ (3 × n_m). */
  readonly mPhiPsi: Float64Array;
  /** M_red (n_m × n_m). */
  readonly mRed: Float64Array;
  /** K_red (n_m × n_m), if given. */
  readonly kRed: Float64Array | undefined;
  /** D_red (n_m × n_m), if given. */
  readonly dRed: Float64Array | undefined;
}

/**
 * The compiled module (once per process, at the first body's bind). It is 6.6 KB: Chromium compiles modules up to 8 MB
 * synchronously on a browser's main thread (checked with Chromium 156; the 4 KB of the linear algebra's modules was the
 * limit of older versions).
 */
let compiledModule: WebAssembly.Module | undefined;

/**
 * One body's kernels on their memory, for a reference node with n_r rotation coordinates. The caller writes the inputs
 * into the views ({@link FFRFReducedOrderKernels.zeta} before each call, the frame and rates before
 * {@link FFRFReducedOrderKernels.addLhs}) and reads or adds the outputs ({@link FFRFReducedOrderKernels.f},
 * {@link FFRFReducedOrderKernels.mass}). The memory is never grown: other sizes take a new instance.
 */
export class FFRFReducedOrderKernels {
  /** ζ, the modal coordinates (n_m). */
  readonly zeta: Float64Array;
  /** ζ̇ (n_m). */
  readonly zetaDot: Float64Array;
  /** θ̇, the reference node's rotation rates (n_r). */
  readonly rates: Float64Array;
  /** A, the reference node's rotation matrix (3 × 3). */
  readonly a: Float64Array;
  /** G_l (3 × n_r). */
  readonly gl: Float64Array;
  /** Ġ_l θ̇ (3; zero unless the node writes it). */
  readonly gDot: Float64Array;
  /** The body's local left-hand side vector (n_local = 3 + n_r + n_m) that {@link FFRFReducedOrderKernels.addLhs} adds to. */
  readonly f: Float64Array;
  /** The body's local mass matrix (n_local × n_local) that {@link FFRFReducedOrderKernels.addMassMatrix} adds to. */
  readonly mass: Float64Array;
  private readonly kernels: FFRFReducedOrderExports;
  private readonly nm: number;
  private readonly massValue: number;
  private readonly hasK: number;
  private readonly hasD: number;
  // byte addresses of the arrays in the memory
  private readonly thetaAt: number;
  private readonly chiAt: number;
  private readonly mPhiPsiTAt: number;
  private readonly mXPsiTAt: number;
  private readonly mPsiTPsiTAt: number;
  private readonly mXPsiAt: number;
  private readonly mPsiTPsiAt: number;
  private readonly mPhiPsiAt: number;
  private readonly mRedAt: number;
  private readonly kRedAt: number;
  private readonly dRedAt: number;
  private readonly zetaAt: number;
  private readonly cachedAt: number;
  private readonly zetaDotAt: number;
  private readonly ratesAt: number;
  private readonly aAt: number;
  private readonly glAt: number;
  private readonly gDotAt: number;
  private readonly cAt: number;
  private readonly s9At: number;
  private readonly yAt: number;
  private readonly thetaZAt: number;
  private readonly rAt: number;
  private readonly v1At: number;
  private readonly hAt: number;
  private readonly psiVAt: number;
  private readonly acAt: number;
  private readonly tgAt: number;
  private readonly fAt: number;
  private readonly massAt: number;

  constructor(constants: FFRFReducedOrderConstants, readonly nr: number) {
    const { nm, kRed, dRed } = constants, n = 3 + nr + nm;
    this.nm = nm;
    this.massValue = constants.mass;
    this.hasK = kRed === undefined ? 0 : 1;
    this.hasD = dRed === undefined ? 0 : 1;
    let doubles = 0;
    const take = (length: number): number => { const address = 8 * doubles; doubles += length; return address; };
    this.thetaAt = take(9); this.chiAt = take(3);
    this.mPhiPsiTAt = take(9 * nm); this.mXPsiTAt = take(9 * nm); this.mPsiTPsiTAt = take(9 * nm * nm);
    this.mXPsiAt = take(3 * nm); this.mPsiTPsiAt = take(3 * nm * nm); this.mPhiPsiAt = take(3 * nm); this.mRedAt = take(nm * nm);
    this.kRedAt = take(kRed === undefined ? 0 : nm * nm); this.dRedAt = take(dRed === undefined ? 0 : nm * nm);
    this.zetaAt = take(nm); this.cachedAt = take(nm); this.zetaDotAt = take(nm); this.ratesAt = take(nr);
    this.aAt = take(9); this.glAt = take(3 * nr); this.gDotAt = take(3);
    this.cAt = take(9); this.s9At = take(9); this.yAt = take(9 * nm); this.thetaZAt = take(9); this.rAt = take(3 * nm);
    this.v1At = take(3 * nm); this.hAt = take(3 * nm); this.psiVAt = take(nm); this.acAt = take(9); this.tgAt = take(3 * nr);
    this.fAt = take(n); this.massAt = take(n * n);
    compiledModule ??= compileStoredModule(ffrfReducedOrderModuleBase64);
    const { exports, doubles: memory } = instantiateKernels<FFRFReducedOrderExports>(compiledModule, memoryPages(8 * doubles));
    this.kernels = exports;
    const view = (address: number, length: number): Float64Array => memory.subarray(address / 8, address / 8 + length);
    view(this.thetaAt, 9).set(constants.theta); view(this.chiAt, 3).set(constants.chi);
    view(this.mPhiPsiTAt, 9 * nm).set(constants.mPhiPsiT); view(this.mXPsiTAt, 9 * nm).set(constants.mXPsiT);
    view(this.mPsiTPsiTAt, 9 * nm * nm).set(constants.mPsiTPsiT); view(this.mXPsiAt, 3 * nm).set(constants.mXPsi);
    view(this.mPsiTPsiAt, 3 * nm * nm).set(constants.mPsiTPsi); view(this.mPhiPsiAt, 3 * nm).set(constants.mPhiPsi);
    view(this.mRedAt, nm * nm).set(constants.mRed);
    if (kRed !== undefined) view(this.kRedAt, nm * nm).set(kRed);
    if (dRed !== undefined) view(this.dRedAt, nm * nm).set(dRed);
    view(this.cachedAt, nm).fill(NaN);
    this.zeta = view(this.zetaAt, nm);
    this.zetaDot = view(this.zetaDotAt, nm);
    this.rates = view(this.ratesAt, nr);
    this.a = view(this.aAt, 9);
    this.gl = view(this.glAt, 3 * nr);
    this.gDot = view(this.gDotAt, 3);
    this.f = view(this.fAt, n);
    this.mass = view(this.massAt, n * n);
  }

  /** C, Θ_ζ, Y and R at {@link FFRFReducedOrderKernels.zeta} (kept while ζ does not change). */
  zetaBlocks(): void {
    this.kernels.zetaBlocks(this.nm, this.zetaAt, this.cachedAt, this.massValue, this.chiAt, this.thetaAt, this.mPhiPsiTAt,
      this.mXPsiTAt, this.mPsiTPsiTAt, this.mXPsiAt, this.mPsiTPsiAt, this.cAt, this.s9At, this.yAt, this.thetaZAt, this.rAt);
  }

  /** Adds K_red ζ + D_red ζ̇ − f_v to {@link FFRFReducedOrderKernels.f}, after {@link FFRFReducedOrderKernels.zetaBlocks}. */
  addLhs(): void {
    this.kernels.ffrfLhs(this.nm, this.nr, this.hasK, this.hasD, this.zetaAt, this.zetaDotAt, this.ratesAt, this.kRedAt,
      this.dRedAt, this.aAt, this.glAt, this.gDotAt, this.cAt, this.thetaZAt, this.yAt, this.rAt, this.mPhiPsiTAt,
      this.mXPsiTAt, this.mPsiTPsiAt, this.v1At, this.hAt, this.psiVAt, this.fAt);
  }

  /** Adds the FFRF mass matrix to {@link FFRFReducedOrderKernels.mass}, after {@link FFRFReducedOrderKernels.zetaBlocks}. */
  addMassMatrix(): void {
    this.kernels.ffrfMassMatrix(this.nm, this.nr, this.massValue, this.aAt, this.glAt, this.cAt, this.thetaZAt, this.rAt,
      this.mPhiPsiAt, this.mRedAt, this.acAt, this.tgAt, this.massAt);
  }
}
