import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, FlexdynError, NodePoint, ObjectGenericODE2, ObjectGround, MarkerBodyPosition, SphericalJoint,
  InertiaSphere, NodeType,
} from '../../src/index.ts';

describe('computeODE2Eigenvalues options', () => {
  it('shiftInvertGivesTheLowModesOfAStiffSystem', () => {
    // K = [[2, 1], [1, 3]] (well conditioned), M = diag(1, 1e-12): ω²_max ≈ 3e12. det(K − λM) = 0 gives
    // λ_low = 2c/(b + √(b² − 4ac)), a = 1e-12, b = 3 + 2e-12, c = 5 (≈ 5/3, no cancellation)
    const mbs = new SystemContainer().addSystem();
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, 0] }));
    mbs.addObject(ObjectGenericODE2({ nodeNumbers: [node], massMatrix: [[1, 0, 0], [0, 1e-12, 0], [0, 0, 1]], stiffnessMatrix: [[2, 1, 0], [1, 3, 0], [0, 0, 7]] }));
    mbs.assemble();
    const a = 1e-12, b = 3 + 2e-12, c = 5;
    const low = (2 * c) / (b + Math.sqrt(b * b - 4 * a * c));
    const settings = new SimulationSettings();
    // shift-invert about 0: eigenvalues of Lᵀ K⁻¹ L, accurate relative to the largest 1/λ (measured 2.2e-16; this graded
    // 3×3 case the direct solve gets right as well, the Wilberforce rod with ω²_max ≈ 1e13 it does not)
    const inverted = mbs.computeODE2Eigenvalues(settings, { numberOfEigenvalues: 2, shiftInvert: 0 });
    expect(Math.abs(inverted.values[0] / low - 1)).toBeLessThan(1e-14);
    expect(Math.abs(inverted.values[1] / 7 - 1)).toBeLessThan(1e-14);
    // the mode: K φ = λ M φ (residual relative to ‖K φ‖)
    const phi = inverted.vectors[0];
    const r0 = 2 * phi[0] + phi[1] - low * phi[0], r1 = phi[0] + 3 * phi[1] - low * 1e-12 * phi[1];
    expect(Math.hypot(r0, r1) / Math.hypot(2 * phi[0] + phi[1], phi[0] + 3 * phi[1])).toBeLessThan(1e-13);
    // also through the general (unsymmetric) solve
    expect(Math.abs(mbs.computeODE2Eigenvalues(settings, { numberOfEigenvalues: 1, shiftInvert: 0, unsymmetricStiffness: true }).values[0] / low - 1)).toBeLessThan(1e-14);
  });

  it('shiftInvertNeedsARegularShiftedMatrix', () => {
    // a free two-mass oscillator: ω² = 0 and 2k/m; K is singular, K − σM with σ = −1 is not
    const mbs = new SystemContainer().addSystem();
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, 0] }));
    mbs.addObject(ObjectGenericODE2({ nodeNumbers: [node], massMatrix: [[1, 0, 0], [0, 1, 0], [0, 0, 1]], stiffnessMatrix: [[1, -1, 0], [-1, 1, 0], [0, 0, 4]] }));
    mbs.assemble();
    const settings = new SimulationSettings();
    expect(() => mbs.computeODE2Eigenvalues(settings, { shiftInvert: 0 })).toThrow(/K − σM must be regular/);
    expect(() => mbs.computeODE2Eigenvalues(settings, { shiftInvert: Number.NaN })).toThrow(FlexdynError);
    const { values } = mbs.computeODE2Eigenvalues(settings, { shiftInvert: -1 });
    // σ + 1/μ with μ = 1/(0 + 1) = 1: the rigid mode is 0 to round-off
    expect(values[0]).toBeLessThan(1e-14);
    expect(values[1]).toBeCloseTo(2, 14);
    expect(values[2]).toBeCloseTo(4, 14);
  });

  it('unsymmetricStiffnessKeepsKAsAssembled', () => {
    // K = [[2, 1], [0, 3]], M = I: eigenvalues 2 and 3; the symmetric part [[2, ½], [½, 3]] has 2.5 ∓ √0.5
    const mbs = new SystemContainer().addSystem();
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, 0] }));
    mbs.addObject(ObjectGenericODE2({ nodeNumbers: [node], massMatrix: [[1, 0, 0], [0, 1, 0], [0, 0, 1]], stiffnessMatrix: [[2, 1, 0], [0, 3, 0], [0, 0, 5]] }));
    mbs.assemble();
    const settings = new SimulationSettings();
    const general = mbs.computeODE2Eigenvalues(settings, { unsymmetricStiffness: true }).values;
    expect(general[0]).toBeCloseTo(2, 13);
    expect(general[1]).toBeCloseTo(3, 13);
    expect(general[2]).toBeCloseTo(5, 13);
    const symmetric = mbs.computeODE2Eigenvalues(settings).values;
    expect(symmetric[0]).toBeCloseTo(2.5 - Math.sqrt(0.5), 13);
    // K = [[0, 1], [−1, 0]]: eigenvalues ±i are no vibration modes
    const rotating = new SystemContainer().addSystem();
    const n2 = rotating.addNode(NodePoint({ referenceCoordinates: [0, 0, 0] }));
    rotating.addObject(ObjectGenericODE2({ nodeNumbers: [n2], massMatrix: [[1, 0, 0], [0, 1, 0], [0, 0, 1]], stiffnessMatrix: [[0, 1, 0], [-1, 0, 0], [0, 0, 1]] }));
    rotating.assemble();
    expect(() => rotating.computeODE2Eigenvalues(settings, { unsymmetricStiffness: true })).toThrow(FlexdynError);
    expect(() => rotating.computeODE2Eigenvalues(settings, { unsymmetricStiffness: true })).toThrow(/the returned eigenvalues must be real, got 0 \+ -?1i/);
  });

  it('includeLoadsJacobianGivesThePendulumFrequencyOfABodyHangingUnderGravity', () => {
    // a sphere (mass m, radius r) hanging at a spherical joint a distance l above its center: gravity acts at the center
    // of mass, off the body's node at the pivot, so the stiffness comes from the load alone: ω² = m g l / (I_c + m l²)
    const mbs = new SystemContainer().addSystem();
    const m = 2, r = 0.1, l = 0.5, g = 9.81;
    const inertia = InertiaSphere(m / (4 / 3 * Math.PI * r ** 3), r).translated([0, 0, -l]);
    const body = mbs.createRigidBody({ referencePosition: [0, 0, 0], inertia, gravity: [0, 0, -g], nodeType: NodeType.RotationQuaternion, returnDict: true });
    const ground = mbs.addObject(ObjectGround({}));
    mbs.addObject(SphericalJoint({ markerNumbers: [mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground })), mbs.addMarker(MarkerBodyPosition({ bodyNumber: body.bodyNumber }))] }));
    mbs.assemble();
    const settings = new SimulationSettings();
    const values = mbs.computeODE2Eigenvalues(settings, { includeLoadsJacobian: true, unsymmetricStiffness: true }).values;
    const omega2 = m * g * l / (0.4 * m * r * r + m * l * l);
    // rotation about z has no stiffness; the two swinging modes have ω²
    expect(values[0]).toBeLessThan(1e-10);
    expect(values[1] / omega2).toBeCloseTo(1, 10);
    expect(values[2] / omega2).toBeCloseTo(1, 10);
    // without the load Jacobian the body has no stiffness at all
    const without = mbs.computeODE2Eigenvalues(settings, { unsymmetricStiffness: true }).values;
    expect(Math.max(...without.slice(0, 3).map(Math.abs))).toBeLessThan(1e-8);
  });
});
