import { describe, expect, it } from 'vitest';
import { catheterData, distanceToVesselAxis, simulateCatheterInVessel, vesselMesh } from '../../examples/catheterInVessel.ts';

describe('examples/catheterInVessel', () => {
  it('buildsAVesselWhoseWallSurroundsTheAxis', () => {
    // every wall point lies at the vessel radius from the centerline; the mesh's normals point into the lumen
    const { points, triangles } = vesselMesh();
    for (const p of points) expect(Math.abs(distanceToVesselAxis(p) - catheterData.vesselRadius)).toBeLessThan(1e-12);
    for (const [a, b, c] of triangles.slice(0, 64)) {
      const e1 = [0, 1, 2].map((k) => points[b][k] - points[a][k]), e2 = [0, 1, 2].map((k) => points[c][k] - points[a][k]);
      const n = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
      // the entry's axis is the x axis: the normal points towards it
      expect(n[1] * points[a][1] + n[2] * points[a][2]).toBeLessThan(0);
    }
  });

  it('pushesTheCatheterTipIntoTheBendWithFrictionWithoutPassThrough', { timeout: 120_000 }, () => {
    // the first 0.3 s of the push with μ = 0.3 (the whole push: test/long/catheterInVessel.test.ts): the tip has hit
    // the bend's outer wall and slides along it; the pass-through checks ran after every step
    const d = catheterData, run = simulateCatheterInVessel(0.3, 0.3);
    expect(run.largestAxisDistance).toBeLessThan(d.vesselRadius - d.catheterRadius + 1e-5);
    const [, push, x, y, contacts] = run.history[run.history.length - 1];
    expect(contacts).toBeGreaterThan(0);
    expect(push).toBeLessThan(0); // the constraint pushes (compression)
    // the tip is in the bend, past 45°: at angle φ = atan2(x, R − y) > π/4
    expect(Math.atan2(x, d.bendRadius - y)).toBeGreaterThan(Math.PI / 4);
  });
});
