import { describe, expect, it } from 'vitest';
import * as source from '../../src/items/objects/ffrfReducedOrderKernelsSource.ts';
import { ffrfReducedOrderModuleBase64 } from '../../src/items/objects/ffrfReducedOrderKernelsModule.ts';
import { compileStoredModule, instantiateKernels, type KernelExports } from '../../src/linalg/storedWasmModule.ts';
import { bitPatterns, kernelSpecials, kernelValues } from '../helpers/kernelValues.ts';

/*
 * ObjectFFRFreducedOrder's kernels: the stored module's exports against the source run as JavaScript, bit for bit, on
 * random inputs with zero modes (skipped terms), ±0, subnormals, ±∞ and NaN, for several numbers of modes and rotation
 * coordinates, with and without K_red and D_red.
 */

const { exports, doubles: memory } = instantiateKernels<KernelExports<typeof source>>(compileStoredModule(ffrfReducedOrderModuleBase64), 4);

/** The test's inputs (see kernelValues). */
const values = (seed: number, special: number): (() => number) => kernelValues(seed, { specialShare: special, specials: [0, ...kernelSpecials], negativeBelow: 0.55, decades: 8 });

/** JavaScript arrays of the given lengths, and the same arrays at consecutive addresses of the module's memory. */
function arrays<Name extends string>(lengths: Record<Name, number>, next: () => number) {
  const js = {} as Record<Name, Float64Array>;
  const at = {} as Record<Name, number>;
  let offset = 0;
  for (const name of Object.keys(lengths) as Name[]) {
    js[name] = Float64Array.from({ length: lengths[name] }, next);
    at[name] = 8 * offset;
    memory.set(js[name], offset);
    offset += lengths[name];
  }
  /** The memory's copy of an array. */
  const wasm = (name: Name): Float64Array => memory.subarray(at[name] / 8, at[name] / 8 + lengths[name]);
  return { js, at, wasm };
}

/** Lengths of the arrays of n_m modes and n_r rotation coordinates. */
function lengths(nm: number, nr: number) {
  const n = 3 + nr + nm;
  return {
    zeta: nm, cached: nm, chi: 3, theta: 9, mPhiPsiT: 9 * nm, mXPsiT: 9 * nm, mPsiTPsiT: 9 * nm * nm, mXPsi: 3 * nm,
    mPsiTPsi: 3 * nm * nm, mPhiPsi: 3 * nm, mRed: nm * nm, kRed: nm * nm, dRed: nm * nm, zetaDot: nm, rates: nr, a: 9,
    gl: 3 * nr, gDot: 3, c: 9, s9: 9, y: 9 * nm, thetaZ: 9, r: 3 * nm, v1: 3 * nm, h: 3 * nm, psiV: nm, ac: 9, tg: 3 * nr,
    f: n, mass: n * n,
  };
}

const shapes: [nm: number, nr: number][] = [[1, 3], [2, 4], [3, 3], [5, 4], [8, 4], [9, 3]];

describe('ObjectFFRFreducedOrder kernels (WebAssembly against their source)', () => {
  it('zetaBlocks: C, S, Y, Θ_ζ and R bit for bit, zero modes skipped, unchanged ζ kept', () => {
    let seed = 1;
    for (const [nm, nr] of shapes) {
      for (const special of [0, 0.1, 0.4]) {
        const { js, at, wasm } = arrays(lengths(nm, nr), values(seed++, special));
        js.cached.fill(NaN);
        wasm('cached').fill(NaN);
        const mass = values(seed++, special)();
        const run = (): void => {
          source.zetaBlocks(nm, js.zeta, js.cached, mass, js.chi, js.theta, js.mPhiPsiT, js.mXPsiT, js.mPsiTPsiT, js.mXPsi, js.mPsiTPsi,
            js.c, js.s9, js.y, js.thetaZ, js.r);
          exports.zetaBlocks(nm, at.zeta, at.cached, mass, at.chi, at.theta, at.mPhiPsiT, at.mXPsiT, at.mPsiTPsiT, at.mXPsi, at.mPsiTPsi,
            at.c, at.s9, at.y, at.thetaZ, at.r);
          for (const name of ['cached', 'c', 's9', 'y', 'thetaZ', 'r'] as const) expect(bitPatterns(wasm(name)), `${name}, nm ${nm}`).toEqual(bitPatterns(js[name]));
        };
        run();
        // the same ζ again: the blocks are kept (marked entries stay); a changed ζ recomputes them
        js.c[4] = 7; wasm('c')[4] = 7;
        run();
        if (!js.zeta.some(Number.isNaN)) expect(js.c[4]).toBe(7); // NaN ≠ NaN: a ζ with NaN is never the cached one
        if (nm > 1) { js.zeta[nm - 1] = 0.5; wasm('zeta')[nm - 1] = 0.5; }
        else { js.zeta[0] = -0.25; wasm('zeta')[0] = -0.25; }
        run();
        expect(js.c[4]).not.toBe(7);
      }
    }
  });

  it('ffrfLhs and ffrfMassMatrix: every output bit for bit, with and without K_red and D_red', () => {
    let seed = 100;
    for (const [nm, nr] of shapes) {
      for (const special of [0, 0.1, 0.4]) {
        for (const [hasK, hasD] of [[1, 1], [1, 0], [0, 1], [0, 0]]) {
          const { js, at, wasm } = arrays(lengths(nm, nr), values(seed++, special));
          const mass = values(seed++, special)();
          source.ffrfLhs(nm, nr, hasK, hasD, js.zeta, js.zetaDot, js.rates, js.kRed, js.dRed, js.a, js.gl, js.gDot, js.c, js.thetaZ,
            js.y, js.r, js.mPhiPsiT, js.mXPsiT, js.mPsiTPsi, js.v1, js.h, js.psiV, js.f);
          exports.ffrfLhs(nm, nr, hasK, hasD, at.zeta, at.zetaDot, at.rates, at.kRed, at.dRed, at.a, at.gl, at.gDot, at.c, at.thetaZ,
            at.y, at.r, at.mPhiPsiT, at.mXPsiT, at.mPsiTPsi, at.v1, at.h, at.psiV, at.f);
          for (const name of ['f', 'v1', 'h', 'psiV'] as const) expect(bitPatterns(wasm(name)), `${name}, nm ${nm}, nr ${nr}`).toEqual(bitPatterns(js[name]));
          source.ffrfMassMatrix(nm, nr, mass, js.a, js.gl, js.c, js.thetaZ, js.r, js.mPhiPsi, js.mRed, js.ac, js.tg, js.mass);
          exports.ffrfMassMatrix(nm, nr, mass, at.a, at.gl, at.c, at.thetaZ, at.r, at.mPhiPsi, at.mRed, at.ac, at.tg, at.mass);
          for (const name of ['mass', 'ac', 'tg'] as const) expect(bitPatterns(wasm(name)), `${name}, nm ${nm}, nr ${nr}`).toEqual(bitPatterns(js[name]));
        }
      }
    }
  });
});
