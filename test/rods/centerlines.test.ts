import { describe, expect, it } from 'vitest';
import { rodCenterline } from '../../src/rods/centerlines.ts';

/** max |AᵀA − I| and det A of a row-major 3×3 matrix. */
function orthonormalityError(a: Float64Array): number {
  let e = 0;
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) e = Math.max(e, Math.abs(a[i] * a[j] + a[3 + i] * a[3 + j] + a[6 + i] * a[6 + j] - (i === j ? 1 : 0)));
  return e;
}

function column(a: Float64Array, j: number): number[] {
  return [a[j], a[3 + j], a[6 + j]];
}

describe('rod centerlines', () => {
  it('helixFollowsTheIssueParametrizationWithTangentAxisAndBinormalFrame', () => {
    // the roll-up helix r(α) = R0 (sin α, −cos α, c α), c = pitch/(2π R0)
    const R0 = 0.1, pitch = 0.05, turns = 3;
    const c = pitch / (2 * Math.PI * R0);
    const w = Math.sqrt(1 + c * c);
    const line = rodCenterline({ type: 'Helix', radius: R0, pitch, turns });
    expect(Math.abs(line.length - turns * Math.hypot(2 * Math.PI * R0, pitch))).toBeLessThan(1e-15);
    const r = new Float64Array(3), a = new Float64Array(9);
    for (let k = 0; k <= 12; k++) {
      const alpha = 2 * Math.PI * turns * k / 12;
      line.position(R0 * w * alpha, r);
      line.rotationMatrix(R0 * w * alpha, a);
      // positions O(0.1), a few roundings of α: 1e-15 absolute
      const exact = [R0 * Math.sin(alpha), -R0 * Math.cos(alpha), R0 * c * alpha];
      for (let i = 0; i < 3; i++) expect(Math.abs(r[i] - exact[i])).toBeLessThan(1e-15);
      const t = [Math.cos(alpha) / w, Math.sin(alpha) / w, c / w];
      const n = [-Math.sin(alpha), Math.cos(alpha), 0];
      const b = [-c * Math.cos(alpha) / w, -c * Math.sin(alpha) / w, 1 / w];
      for (let i = 0; i < 3; i++) {
        expect(Math.abs(column(a, 0)[i] - t[i])).toBeLessThan(1e-15);
        expect(Math.abs(column(a, 1)[i] - n[i])).toBeLessThan(1e-15);
        expect(Math.abs(column(a, 2)[i] - b[i])).toBeLessThan(1e-15);
      }
      expect(orthonormalityError(a)).toBeLessThan(1e-15);
      // y points to the axis point (0, 0, R0 c α)
      for (let i = 0; i < 2; i++) expect(Math.abs(column(a, 1)[i] + r[i] / R0)).toBeLessThan(1e-14);
    }
  });

  it('placedHelixIsTheRotatedAndShiftedHelix', () => {
    // helix about global x: B maps the helix axis (local z) to global x
    const B = [[0, 0, 1], [1, 0, 0], [0, 1, 0]];
    const base = rodCenterline({ type: 'Helix', radius: 1, pitch: 0.3, turns: 1.5 });
    const placed = rodCenterline({ type: 'Helix', radius: 1, pitch: 0.3, turns: 1.5, center: [1, 2, 3], rotationMatrix: B });
    const r0 = new Float64Array(3), r1 = new Float64Array(3), a0 = new Float64Array(9), a1 = new Float64Array(9);
    for (const s of [0, 0.7, 4.1]) {
      base.position(s, r0); placed.position(s, r1);
      base.rotationMatrix(s, a0); placed.rotationMatrix(s, a1);
      expect(r1[0]).toBeCloseTo(1 + r0[2], 15);
      expect(r1[1]).toBeCloseTo(2 + r0[0], 15);
      expect(r1[2]).toBeCloseTo(3 + r0[1], 15);
      for (let j = 0; j < 3; j++) expect(a1[j]).toBeCloseTo(a0[6 + j], 15);
    }
  });

  it('straightLineFrameIsTheSmallestRotationOrFollowsUp', () => {
    const a = new Float64Array(9), r = new Float64Array(3);
    const line = rodCenterline({ type: 'Straight', start: [1, 0, 0], direction: [0, 0, 2], length: 3 });
    line.position(3, r);
    expect(Array.from(r)).toEqual([1, 0, 3]);
    line.rotationMatrix(0, a);
    // rotation by −90° about y: x → z, y → y, z → −x
    expect(Array.from(a, (v) => v + 0)).toEqual([0, 0, -1, 0, 1, 0, 1, 0, 0]);
    rodCenterline({ type: 'Straight', length: 1 }).rotationMatrix(0, a);
    expect(Array.from(a, (v) => v + 0)).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    rodCenterline({ type: 'Straight', length: 1, direction: [-1, 0, 0] }).rotationMatrix(0, a);
    expect(Array.from(a, (v) => v + 0)).toEqual([-1, 0, 0, 0, -1, 0, 0, 0, 1]);
    // almost antiparallel: still orthonormal to rounding and x = direction
    const d = [-1, 1e-9, -2e-9];
    rodCenterline({ type: 'Straight', length: 1, direction: d }).rotationMatrix(0, a);
    expect(orthonormalityError(a)).toBeLessThan(1e-15);
    for (let i = 0; i < 3; i++) expect(Math.abs(column(a, 0)[i] - d[i] / Math.hypot(...d))).toBeLessThan(1e-16);
    rodCenterline({ type: 'Straight', length: 1, direction: [1, 1, 0], up: [0, 1, 1] }).rotationMatrix(0, a);
    const h = Math.SQRT1_2;
    // z = part of up normal to x, normalized: (−1/2, 1/2, 1)/√(3/2)
    const z = [-0.5, 0.5, 1].map((v) => v / Math.sqrt(1.5));
    for (let i = 0; i < 3; i++) {
      expect(column(a, 0)[i]).toBeCloseTo([h, h, 0][i], 15);
      expect(column(a, 2)[i]).toBeCloseTo(z[i], 15);
    }
    expect(orthonormalityError(a)).toBeLessThan(1e-15);
  });

  it('circularArcEndsAtTheQuarterCircle', () => {
    const arc = rodCenterline({ type: 'CircularArc', radius: 2, angle: Math.PI / 2 });
    expect(arc.length).toBe(Math.PI);
    const r = new Float64Array(3), a = new Float64Array(9);
    arc.position(Math.PI, r);
    // from the origin along x, curving toward +y about the center (0, 2, 0): end at (2, 2, 0)
    expect(r[0]).toBeCloseTo(2, 15);
    expect(r[1]).toBeCloseTo(2, 15);
    arc.rotationMatrix(Math.PI, a);
    expect(column(a, 0).map((v) => Math.round(v * 1e12) / 1e12)).toEqual([0, 1, 0]);
    expect(column(a, 1).map((v) => Math.round(v * 1e12) / 1e12)).toEqual([-1, 0, 0]);
    expect(column(a, 2)).toEqual([0, 0, 1]);
  });

  it('rejectsBadCenterlines', () => {
    expect(() => rodCenterline({ type: 'Helix', radius: 0, pitch: 1, turns: 1 })).toThrow('centerline.radius must be positive, got 0');
    expect(() => rodCenterline({ type: 'Straight', length: 1, up: [2, 0, 0] })).toThrow('centerline.up must not be parallel to the tangent');
    expect(() => rodCenterline({ type: 'Straight', length: 1, direction: [0, 0, 0] })).toThrow('centerline.direction must not be zero');
    expect(() => rodCenterline({ type: 'Spiral' } as never)).toThrow("centerline.type must be 'Straight', 'CircularArc', 'Helix' or 'Curve', got string \"Spiral\"");
    const bad = rodCenterline({ type: 'Curve', length: 1, position: (s) => [s, 0, 0], rotationMatrix: () => [[1, 0, 0], [0, 1, 0], [0, 0, -1]] });
    expect(() => bad.rotationMatrix(0.5, new Float64Array(9))).toThrow('centerline.rotationMatrix(0.5) must be a rotation matrix');
    const short = rodCenterline({ type: 'Curve', length: 1, position: () => [0, 0], rotationMatrix: () => [1, 0, 0, 0, 1, 0, 0, 0, 1] });
    expect(() => short.position(0, new Float64Array(3))).toThrow('centerline.position(0) must be 3 finite numbers');
  });
});
