/**
 * ObjectContactCurveCircles' kernels (contactCurveCirclesKernelsSource.ts) as WebAssembly: each item has an instance on
 * a memory of its own that holds its segments and their lengths (copied once), the markers' values and the data
 * coordinates of a call (written by the item into views of that memory) and the kernels' outputs. A fresh process runs
 * the kernels compiled from their first call, with no boxed doubles, one call per force or post-Newton evaluation.
 * @module
 */

import { contactCurveCirclesModuleBase64 } from './contactCurveCirclesKernelsModule.ts';
import { compileStoredModule, instantiateKernels, kernelLayout, kernelViews, memoryPages, type KernelExports } from '../../linalg/storedWasmModule.ts';

/** The kernels as called from JavaScript (each Float64Array of the source a byte address in the item's memory). */
type ContactCurveCirclesExports = KernelExports<typeof import('./contactCurveCirclesKernelsSource.ts')>;

/** Entries of the frame array (see the source): A0, p0, v0, v0_loc, F0, τ0. */
const frameEntries = 22;
/** Entries per circle (see the source): p_c, v_c, c, v_c,loc, radius, F. */
export const curveCircleEntries = 16;

/** The compiled module (once per process, at the first item's bind). */
let compiledModule: WebAssembly.Module | undefined;

/** One item's kernels on their memory, for nC circles and nS segments. */
export class ContactCurveCirclesKernels {
  /** [A0 (9), p0, v0, v0_loc, F0, τ0] (see the source). */
  readonly frame: Float64Array;
  /** 16 entries per circle (see the source). */
  readonly circles: Float64Array;
  /** The data coordinates [circle index, gap, unused] per segment. */
  readonly data: Float64Array;
  private readonly exports: ContactCurveCirclesExports;
  private readonly at: Readonly<Record<'frame' | 'circles' | 'segments' | 'lengths' | 'data' | 'pair', number>>;

  constructor(private readonly nC: number, segments: Float64Array, lengths: Float64Array, private readonly stiffness: number, private readonly damping: number) {
    const nS = lengths.length;
    const layout = kernelLayout({ frame: frameEntries, circles: curveCircleEntries * nC, segments: 4 * nS, lengths: nS, data: 3 * nS, pair: 9 });
    compiledModule ??= compileStoredModule(contactCurveCirclesModuleBase64);
    const { exports, doubles } = instantiateKernels<ContactCurveCirclesExports>(compiledModule, memoryPages(8 * layout.doubles));
    const views = kernelViews(doubles, layout);
    views.segments.set(segments);
    views.lengths.set(lengths);
    this.exports = exports;
    this.at = layout.addresses;
    this.frame = views.frame;
    this.circles = views.circles;
    this.data = views.data;
  }

  /** The circles in m0's frame and v0_loc from the markers' values in the views. */
  kinematics(): void {
    const at = this.at;
    this.exports.curveKinematics(at.frame, at.circles, this.nC);
  }

  /** The forces of the segments in contact by the data coordinates in the view (see the source's curveForces); false if none. */
  forces(): boolean {
    const at = this.at;
    return this.exports.curveForces(at.frame, at.circles, this.nC, at.segments, at.lengths, at.data, this.data.length / 3, at.pair, this.stiffness, this.damping) !== 0;
  }

  /** The post-Newton step on the data coordinates in the view (updated there); the error. */
  postNewton(): number {
    const at = this.at;
    return this.exports.curvePostNewton(at.frame, at.circles, this.nC, at.segments, at.data, this.data.length / 3, at.pair, this.stiffness, this.damping);
  }
}
