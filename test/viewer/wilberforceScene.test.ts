import { describe, it, expect } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWilberforce, simulateWilberforce, wilberforceData } from '../../examples/wilberforce.ts';
import { springData } from '../../examples/helicalSpring.ts';
import { computeScene, decodeArray, loadSolutionFile } from '../../src/node.ts';
import { describeColumn } from '../../src/viewer/client/plot.js';

describe('the npm start viewer (Wilberforce)', () => {
  it('writes a solution whose scene shows the wire as a tube, the bob as its cylinder moving, and a small clamp', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flexdyn-wilberforce-'));
    try {
      const file = join(dir, 'wilberforceSolution.txt');
      const model = buildWilberforce();
      simulateWilberforce(model, 0.2, 5e-3, 0.01, file);
      const scene = computeScene(model.mbs, loadSolutionFile(file), { upAxis: 'z' });
      expect(scene.upAxis).toBe('z');
      expect(scene.times.length).toBe(21); // every 10 ms
      // the wire: one tube of the wire's radius (0.5 mm)
      expect(scene.rods.map((r) => r.radius)).toEqual([springData.wireDiameter / 2]);
      // the bob: a cylinder of R = 23 mm, h = 36 mm in the node frame (its mesh extent is the cylinder's)
      expect(scene.bodies).toHaveLength(1);
      const q = decodeArray(scene.bodies[0].mesh.positions), pose = decodeArray(scene.bodies[0].poses);
      // global extents at frame 0 (pose: position, rotation row-major): the bob hangs tilted by ≈ 3.6° (the wire end is
      // off its axis), which adds ≈ 2R·0.063 = 2.9 mm to the vertical extent h and ≈ h·0.063 = 2.3 mm to one horizontal 2R
      const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
      for (let i = 0; i < q.length; i += 3) {
        for (let k = 0; k < 3; k++) {
          const x = pose[k] + pose[3 + 3 * k] * q[i] + pose[4 + 3 * k] * q[i + 1] + pose[5 + 3 * k] * q[i + 2];
          lo[k] = Math.min(lo[k], x); hi[k] = Math.max(hi[k], x);
        }
      }
      expect(Math.abs(hi[2] - lo[2] - wilberforceData.bobHeight)).toBeLessThan(4e-3);
      for (const k of [0, 1]) expect(Math.abs(hi[k] - lo[k] - 2 * wilberforceData.bobRadius)).toBeLessThan(4e-3);
      // the bob moves: released from the pulled equilibrium it rises (z of the pose) within 0.2 s
      const poses = decodeArray(scene.bodies[0].poses);
      expect(poses[12 * 20 + 2] - poses[2]).toBeGreaterThan(0.002);
      // the clamp (a locked GenericJoint): spheres of 0.75 % of the model size, smaller than the coil radius 16 mm
      const clamp = scene.joints[0];
      const sphere = decodeArray(clamp.parts[0].mesh.positions);
      const radius = Math.max(...Array.from({ length: sphere.length / 3 }, (_, i) => Math.hypot(sphere[3 * i], sphere[3 * i + 1], sphere[3 * i + 2])));
      expect(radius).toBeLessThan(0.1 * springData.coilRadius);
      // the sensor plot: named, two columns
      expect(scene.sensors[0].name).toBe('bob: z [m], θ [rad]');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('plot legends and axes: variable, component and unit from the column names', () => {
    expect(describeColumn('Position[1]', 3)).toEqual({ variable: 'Position', component: 'y', unit: 'm' });
    expect(describeColumn('ForceLocal[0]', 3)).toEqual({ variable: 'ForceLocal', component: 'x', unit: 'N' });
    expect(describeColumn('AngularVelocity[2]', 3)).toEqual({ variable: 'AngularVelocity', component: 'z', unit: 'rad/s' });
    expect(describeColumn('Coordinates[4]', 6)).toEqual({ variable: 'Coordinates', component: '[4]', unit: '' });
    expect(describeColumn('Distance', 1)).toEqual({ variable: 'Distance', component: '', unit: 'm' });
    expect(describeColumn('userFunction[1]', 2)).toEqual({ variable: 'value', component: '[1]', unit: '' });
  });
});
