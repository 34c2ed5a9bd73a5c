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
const tableHeader = 14;

/** One rope's region: the kernels, views of its parts, and the byte addresses of its doubles and of its Int table. */
export interface ReevingSystemRegion {
  readonly kernels: ReevingSystemKernels;
  /** The whole region: [0] rope force F, [1] DT, [2] DS, [3] 1 if DT or DS is non-zero. */
  readonly region: Float64Array;
  readonly address: number;
  readonly tableAddress: number;
  /** Per marker (3 each): position, velocity, angular velocity, global axis; per span: rA, rB (6 each). */
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
  const lengths = [3 * S, 3 * S, 3 * S, 3 * S, 6 * (S - 1), 3 * (S - 1), S - 1, 2 * S, 3 * S, 3 * S, 6 * w * S, w * S];
  const offsets: number[] = [];
  let doubles = 4;
  for (const length of lengths) {
    offsets.push(doubles);
    doubles += length;
  }
  const tableLength = tableHeader + S;
  const { kernels, region, address } = regions(doubles + Math.ceil(tableLength / 2));
  const table = new Int32Array(region.buffer, region.byteOffset + 8 * doubles, tableLength);
  table.set([S, w, ...offsets, ...markerCoordinates]);
  const part = (k: number): Float64Array => region.subarray(offsets[k], offsets[k] + lengths[k]);
  const jacobians = (k: number): Float64Array[] => markerCoordinates.map((_, i) => region.subarray(offsets[10] + 6 * w * i + 3 * w * k, offsets[10] + 6 * w * i + 3 * w * (k + 1)));
  return {
    kernels, region, address, tableAddress: address + 8 * doubles,
    position: part(0), velocity: part(1), omega: part(2), axis: part(3), tangents: part(4), directions: part(5), lengths: part(6), wrap: part(7),
    positionJacobians: jacobians(0), rotationJacobians: jacobians(1),
    loads: markerCoordinates.map((n, i) => region.subarray(offsets[11] + w * i, offsets[11] + w * i + n)),
  };
}
