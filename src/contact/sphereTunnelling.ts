import { FlexdynError } from '../core/errors.ts';
import { SearchGrid } from './searchGrid.ts';

/**
 * The largest displacement of the spheres within a step and their smallest radius, measured once per post-Newton step
 * and shared by the tunnelling checks, which end at once when no sphere moved far enough to tunnel.
 */
export class SphereMotion {
  /** Largest |end − start| of a sphere centre. */
  largest = 0;
  /** Smallest sphere radius. */
  smallest = Infinity;

  /** Measures the step from start to end (3 coordinates per sphere) of spheres with the given radii. */
  measure(radii: Float64Array, start: Float64Array, end: Float64Array): void {
    let largest = 0, smallest = Infinity;
    for (let i = 0; i < radii.length; i++) {
      const dx = end[3 * i] - start[3 * i], dy = end[3 * i + 1] - start[3 * i + 1], dz = end[3 * i + 2] - start[3 * i + 2];
      const squared = dx * dx + dy * dy + dz * dz;
      if (squared > largest) largest = squared;
      if (radii[i] < smallest) smallest = radii[i];
    }
    this.largest = Math.sqrt(largest);
    this.smallest = smallest;
  }
}

/**
 * The tunnelling check of GeneralContact's spheres after each step: with the sphere centres at the start and at the
 * end of the step, a pair that was separated at the start and whose relative motion, interpolated linearly over the
 * step, brings the centres closer than the larger radius (a penetration beyond the smaller radius, or the spheres
 * passing through each other within the step) is reported with a FlexdynError naming the contact, the two spheres, the
 * penetration, the time and what to change (as ObjectContactSphereSphere reports it). The candidate pairs come from a
 * search grid of the swept bounding boxes (start and end of each sphere), so the cost stays linear in the number of
 * spheres; when no sphere moves half the smallest radius within the step (then no pair can), the check ends after one
 * pass over the displacements. Arrays are allocated on the first check and when the number of spheres grows.
 */
export class SphereTunnellingCheck {
  private readonly grid = new SearchGrid();
  private boxes = new Float64Array(0);

  /** @param name the contact's name in errors ('GeneralContact 0') */
  constructor(private readonly name: string) {}

  /**
   * Throws if a pair tunnels within the step from start to end (3 coordinates per sphere each); radii per sphere,
   * motion the spheres' {@link SphereMotion} in the step, layout the search grid whose cells and box the swept search
   * uses, t the time at the end of the step.
   */
  check(radii: Float64Array, start: Float64Array, end: Float64Array, motion: SphereMotion, layout: SearchGrid, t: number): void {
    const n = radii.length;
    // a pair closes in by at most twice the largest displacement: below the smallest radius nothing can tunnel
    if (!(2 * motion.largest > motion.smallest)) return;
    if (this.boxes.length < 6 * n) this.boxes = new Float64Array(6 * n);
    const boxes = this.boxes;
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < 3; k++) {
        const a = start[3 * i + k], b = end[3 * i + k];
        boxes[6 * i + k] = Math.min(a, b) - radii[i];
        boxes[6 * i + 3 + k] = Math.max(a, b) + radii[i];
      }
    }
    const grid = this.grid;
    grid.resetLike(layout);
    grid.build(boxes, n);
    grid.forEachPair((i, j) => {
      const contactDistance = radii[i] + radii[j];
      let d0 = 0, de = 0, ee = 0;
      for (let k = 0; k < 3; k++) {
        const a = start[3 * j + k] - start[3 * i + k];
        const e = end[3 * j + k] - end[3 * i + k] - a;
        d0 += a * a; de += a * e; ee += e * e;
      }
      if (!(d0 > contactDistance * contactDistance)) return; // in contact (or coincident) at the start: no tunnelling
      // closest approach of the linearly interpolated relative position d0 + τ e, τ ∈ [0, 1]
      const tau = ee > 0 ? Math.min(1, Math.max(0, -de / ee)) : 0;
      const closest = Math.sqrt(Math.max(0, d0 + 2 * tau * de + tau * tau * ee));
      const limit = Math.min(radii[i], radii[j]);
      const penetration = contactDistance - closest;
      if (!(penetration > limit)) return;
      const passedThrough = d0 + 2 * de + ee > contactDistance * contactDistance;
      throw new FlexdynError(`${this.name}: spheres ${i} and ${j}: penetration ${penetration} exceeds the smaller sphere radius ${limit} within one step at t = ${t}${passedThrough ? ' (they pass through each other)' : ''} (tunnelling): `
        + 'reduce the step size (timeIntegration.numberOfSteps) so that spheres move less than their radius per step, or increase contactStiffness if the contact is too soft to stop them', { parameter: 'contactStiffness' });
    });
  }
}
