/**
 * The WebAssembly kernels of ObjectConnectorReevingSystemSprings (source reevingSystemKernelsSource.ts, bytes in
 * reevingSystemKernelsModule.ts): compiled once per process, instantiated on a memory in which each rope takes a region
 * of its own ({@link reevingSystemRegion}) for its kinematics, spans, loads and table of offsets.
 * @module
 */

import { compileStoredModule, instantiateKernels, type KernelExports } from '../../linalg/storedWasmModule.ts';
import { kernelRegions } from './kernelRegions.ts';
import { reevingSystemModuleBase64 } from './reevingSystemKernelsModule.ts';
import type * as kernelSource from './reevingSystemKernelsSource.ts';

/** The module's exports (addresses in bytes). */
export type ReevingSystemKernels = KernelExports<typeof kernelSource>;

/** Entries of the Int table before the markers' local coordinates (reevingSystemKernelsSource.ts describes them). */
const tableHeader = 18;

/** One rope's region: the kernels, views of its parts, and the byte addresses of its doubles and of its Int table. */
export interface ReevingSystemRegion {
  readonly kernels: ReevingSystemKernels;
  /** The whole region: [0] rope force F, [1] DT, [2] DS, [3] 1 if DT or DS is non-zero. */
  readonly region: Float64Array;
  readonly address: number;
  readonly tableAddress: number;
  /** The Int table; entry 14 is the span of the tangent kernels. */
  readonly table: Int32Array;
  /** Per marker: its sheave radius (written at bind). */
  readonly radii: Float64Array;
  /** Per span (14 each): the inputs of its last tangent solve (NaN: none). */
  readonly tangentInputs: Float64Array;
  /** The tangent kernels' scratch (reevingSystemKernelsSource.ts). */
  readonly scratch: Float64Array;
  /** Per marker: its rotation matrix (9, row-major; written by the marker) and its sheave axis in its frame (3; at bind). */
  readonly rotations: Float64Array;
  readonly localAxes: Float64Array;
  /** Per marker (3 each): position, velocity, angular velocity, global axis (formed by tangentStart of span 0); per span: rA, rB (6 each). */
  readonly position: Float64Array;
  readonly velocity: Float64Array;
  readonly omega: Float64Array;
  readonly axis: Float64Array;
  readonly tangents: Float64Array;
  /** Per span: the unit direction (3 each) and length of the last {@link ReevingSystemKernels.spans}. */
  readonly directions: Float64Array;
  readonly lengths: Float64Array;
  /** Per marker i: x, y of its wrap angle at 2i, 2i + 1 (inner markers). */
  readonly wrap: Float64Array;
  /** Per marker i: its position Jacobian (3 × n_i, row-major) and rotation Jacobian, written by the markers. */
  readonly positionJacobians: readonly Float64Array[];
  readonly rotationJacobians: readonly Float64Array[];
  /** Per marker i: its generalized forces (n_i entries) of the last {@link ReevingSystemKernels.loads}. */
  readonly loads: readonly Float64Array[];
}

/** The compiled module. */
let compiledModule: WebAssembly.Module | undefined;

/** The ropes' regions. */
const regions = kernelRegions((pages) => instantiateKernels<ReevingSystemKernels>(compiledModule ??= compileStoredModule(reevingSystemModuleBase64), pages));

/** A new region for a rope over the given rigid markers' numbers of local coordinates (at least two markers). */
export function reevingSystemRegion(markerCoordinates: readonly number[]): ReevingSystemRegion {
  const S = markerCoordinates.length, w = Math.max(0, ...markerCoordinates);
  const lengths = [3 * S, 3 * S, 3 * S, 3 * S, 6 * (S - 1), 3 * (S - 1), S - 1, 2 * S, 3 * S, 3 * S, 6 * w * S, w * S, S, 14 * (S - 1), 22, 9 * S, 3 * S];
  const offsets: number[] = [];
  let doubles = 4;
  for (const length of lengths) {
    offsets.push(doubles);
    doubles += length;
  }
  const tableLength = tableHeader + S + 2;
  const { kernels, region, address } = regions(doubles + Math.ceil(tableLength / 2));
  const table = new Int32Array(region.buffer, region.byteOffset + 8 * doubles, tableLength);
  table.set([S, w, ...offsets.slice(0, 12), 0, ...offsets.slice(12, 15), ...markerCoordinates, ...offsets.slice(15)]);
  const part = (k: number): Float64Array => region.subarray(offsets[k], offsets[k] + lengths[k]);
  const jacobians = (k: number): Float64Array[] => markerCoordinates.map((_, i) => region.subarray(offsets[10] + 6 * w * i + 3 * w * k, offsets[10] + 6 * w * i + 3 * w * (k + 1)));
  return {
    kernels, region, address, tableAddress: address + 8 * doubles, table, radii: part(12), tangentInputs: part(13).fill(Number.NaN), scratch: part(14),
    rotations: part(15), localAxes: part(16),
    position: part(0), velocity: part(1), omega: part(2), axis: part(3), tangents: part(4), directions: part(5), lengths: part(6), wrap: part(7),
    positionJacobians: jacobians(0), rotationJacobians: jacobians(1),
    loads: markerCoordinates.map((n, i) => region.subarray(offsets[11] + w * i, offsets[11] + w * i + n)),
  };
}

/** Newton iterations before the tangent counts as not found (from π/2 it converges in 3 to 6 for sheave layouts). */
const maxIterations = 25;

/** cos and sin of the start angle π/2 (the same numbers Math.cos and Math.sin give there: four calls fewer per solve). */
const cosStart = Math.cos(0.5 * Math.PI), sinStart = Math.sin(0.5 * Math.PI);

/** Why a span has no tangent, by the status of tangentStart or tangentStep (6: no convergence). */
const tangentFailures: Readonly<Record<number, string>> = {
  3: 'the centres coincide',
  4: 'a sheave axis is parallel to the line between the centres',
  5: 'the tangent iteration is singular',
  6: `the tangent iteration did not converge in ${maxIterations} iterations`,
};

/**
 * The common tangent of span i (reevingSystemKernelsSource.ts' tangentStart and tangentStep, with the cos and sin of
 * the angles per iteration from here) into the region's tangents, unless its inputs are those of its last solve.
 * Returns a reason string when there is no tangent (the span's stored inputs then never match), else undefined.
 */
export function solveTangent(rope: ReevingSystemRegion, span: number): string | undefined {
  const { kernels, address, tableAddress, scratch } = rope;
  rope.table[14] = span;
  let status = kernels.tangentStart(address, tableAddress);
  for (let iteration = 0; status === 0; iteration++) {
    if (iteration === maxIterations) {
      status = 6;
      break;
    }
    const start = iteration === 0;
    scratch[17] = start ? cosStart : Math.cos(scratch[15]);
    scratch[18] = start ? sinStart : Math.sin(scratch[15]);
    scratch[19] = start ? cosStart : Math.cos(scratch[16]);
    scratch[20] = start ? sinStart : Math.sin(scratch[16]);
    status = kernels.tangentStep(address, tableAddress);
  }
  if (status === 1) return undefined;
  rope.tangentInputs[14 * span] = Number.NaN;
  return tangentFailures[status];
}
