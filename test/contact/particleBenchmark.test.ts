import { describe, expect, it } from 'vitest';
import { DynamicSolverType, OutputVariableType } from '../../src/index.ts';
import { buildParticleBox, contactPairs } from '../../bench/particles.bench.ts';

describe('bench/particles.bench.ts set-up (not timed)', () => {
  it('a small particle box runs: every sphere touches its neighbours or the box, none leaves it', () => {
    const { mbs, contact, settings, nodes, width } = buildParticleBox(40);
    expect(contact.numberOfSpheres).toBe(40);
    expect(contact.numberOfTriangles).toBe(60);
    // 2 × 2 spheres per layer, 10 layers: 4·9 vertical + 4·10 horizontal pairs, 4 on the floor, 2 walls per sphere
    expect(contactPairs(contact)).toBe(36 + 40 + 4 + 80);
    mbs.solveDynamic(settings(50), DynamicSolverType.ExplicitEuler);
    for (const node of nodes) {
      const p = mbs.getNodeOutput(node, OutputVariableType.Position);
      expect(p.every(Number.isFinite)).toBe(true);
      // within the box (centres at least nearly a radius from floor and walls: the penetrations stay small)
      expect(p[2]).toBeGreaterThan(0.04);
      expect(Math.min(p[0], p[1], width - p[0], width - p[1])).toBeGreaterThan(0.04);
    }
    expect(contactPairs(contact)).toBeGreaterThan(100);
  });
});
