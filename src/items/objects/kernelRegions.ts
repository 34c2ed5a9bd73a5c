/**
 * Regions of item kernels' memories: each item (or each of its parts) takes a region of its own in the memory of a
 * kernel instance, which holds its inputs and results between calls.
 * @module
 */

import { memoryPages, type KernelInstance } from '../../linalg/storedWasmModule.ts';

/** An item's region: the kernels, the view of its doubles and its byte address in their memory. */
export interface KernelRegion<Exports> {
  readonly kernels: Exports;
  readonly region: Float64Array;
  readonly address: number;
}

/**
 * A function that gives out regions of `doubles` doubles one after the other in the memory of the current instance
 * (`instantiate(pages)` makes one), and, when that is full, of a new instance on a memory large enough (a memory is
 * never grown: that would detach its views). The first `reserved` doubles of each memory are not given out (the
 * instance's own work regions). Regions are never reused: an item keeps its own, and an instance is garbage once no
 * item holds a region of it.
 */
export function kernelRegions<Exports>(instantiate: (pages: number) => KernelInstance<Exports>, reserved = 0): (doubles: number) => KernelRegion<Exports> {
  let current: KernelInstance<Exports> | undefined;
  let free = 0;
  return (doubles) => {
    if (current === undefined || free + doubles > current.doubles.length) {
      current = instantiate(memoryPages(8 * (reserved + doubles)));
      free = reserved;
    }
    const start = free;
    free += doubles;
    return { kernels: current.exports, region: current.doubles.subarray(start, start + doubles), address: 8 * start };
  };
}
