/**
 * ObjectFFRFreducedOrder's kernels (ffrfReducedOrderKernelsSource.ts) as WebAssembly: each body has an instance on a
 * memory of its own that holds its constant modal matrices (copied once), the inputs of a call (written by the body
 * into views of that memory) and the blocks and work arrays of the kernels. A fresh process runs the kernels compiled
 * from their first call (no interpreted arithmetic, no boxed doubles) and copies no matrix per call.
 * @module
 */

import { ffrfReducedOrderModuleBase64 } from './ffrfReducedOrderKernelsModule.ts';
import { compileStoredModule, instantiateKernels, kernelLayout, kernelViews, memoryPages, type KernelExports } from '../../linalg/storedWasmModule.ts';

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

/** The arrays of a body's memory: its constant matrices, the call's inputs, the kernels' work arrays and outputs. */
function ffrfLayout(nm: number, nr: number, hasK: boolean, hasD: boolean) {
  const n = 3 + nr + nm;
  return kernelLayout({
    theta: 9, chi: 3, mPhiPsiT: 9 * nm, mXPsiT: 9 * nm, mPsiTPsiT: 9 * nm * nm, mXPsi: 3 * nm, mPsiTPsi: 3 * nm * nm, mPhiPsi: 3 * nm,
    mRed: nm * nm, kRed: hasK ? nm * nm : 0, dRed: hasD ? nm * nm : 0, zeta: nm, cached: nm, zetaDot: nm, rates: nr, a: 9,
    gl: 3 * nr, gDot: 3, c: 9, s9: 9, y: 9 * nm, thetaZ: 9, r: 3 * nm, v1: 3 * nm, h: 3 * nm, psiV: nm, ac: 9, tg: 3 * nr,
    f: n, mass: n * n,
  });
}

/** The layout of a body's memory. */
type FFRFLayout = ReturnType<typeof ffrfLayout>;

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
  /** Byte addresses of the arrays in the memory. */
  private readonly at: FFRFLayout['addresses'];

  constructor(constants: FFRFReducedOrderConstants, readonly nr: number) {
    const { nm, kRed, dRed } = constants;
    this.nm = nm;
    this.massValue = constants.mass;
    this.hasK = kRed === undefined ? 0 : 1;
    this.hasD = dRed === undefined ? 0 : 1;
    const layout = ffrfLayout(nm, nr, kRed !== undefined, dRed !== undefined);
    this.at = layout.addresses;
    compiledModule ??= compileStoredModule(ffrfReducedOrderModuleBase64);
    const { exports, doubles: memory } = instantiateKernels<FFRFReducedOrderExports>(compiledModule, memoryPages(8 * layout.doubles));
    this.kernels = exports;
    const views = kernelViews(memory, layout);
    views.theta.set(constants.theta); views.chi.set(constants.chi);
    views.mPhiPsiT.set(constants.mPhiPsiT); views.mXPsiT.set(constants.mXPsiT); views.mPsiTPsiT.set(constants.mPsiTPsiT);
    views.mXPsi.set(constants.mXPsi); views.mPsiTPsi.set(constants.mPsiTPsi); views.mPhiPsi.set(constants.mPhiPsi);
    views.mRed.set(constants.mRed);
    if (kRed !== undefined) views.kRed.set(kRed);
    if (dRed !== undefined) views.dRed.set(dRed);
    views.cached.fill(NaN);
    this.zeta = views.zeta;
    this.zetaDot = views.zetaDot;
    this.rates = views.rates;
    this.a = views.a;
    this.gl = views.gl;
    this.gDot = views.gDot;
    this.f = views.f;
    this.mass = views.mass;
  }

  /** C, Θ_ζ, Y and R at {@link FFRFReducedOrderKernels.zeta} (kept while ζ does not change). */
  zetaBlocks(): void {
    this.kernels.zetaBlocks(this.nm, this.at.zeta, this.at.cached, this.massValue, this.at.chi, this.at.theta, this.at.mPhiPsiT,
      this.at.mXPsiT, this.at.mPsiTPsiT, this.at.mXPsi, this.at.mPsiTPsi, this.at.c, this.at.s9, this.at.y, this.at.thetaZ, this.at.r);
  }

  /** Adds K_red ζ + D_red ζ̇ − f_v to {@link FFRFReducedOrderKernels.f}, after {@link FFRFReducedOrderKernels.zetaBlocks}. */
  addLhs(): void {
    this.kernels.ffrfLhs(this.nm, this.nr, this.hasK, this.hasD, this.at.zeta, this.at.zetaDot, this.at.rates, this.at.kRed,
      this.at.dRed, this.at.a, this.at.gl, this.at.gDot, this.at.c, this.at.thetaZ, this.at.y, this.at.r, this.at.mPhiPsiT,
      this.at.mXPsiT, this.at.mPsiTPsi, this.at.v1, this.at.h, this.at.psiV, this.at.f);
  }

  /** Adds the FFRF mass matrix to {@link FFRFReducedOrderKernels.mass}, after {@link FFRFReducedOrderKernels.zetaBlocks}. */
  addMassMatrix(): void {
    this.kernels.ffrfMassMatrix(this.nm, this.nr, this.massValue, this.at.a, this.at.gl, this.at.c, this.at.thetaZ, this.at.r,
      this.at.mPhiPsi, this.at.mRed, this.at.ac, this.at.tg, this.at.mass);
  }
}
