import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, FlexdynError, NodePoint, ObjectGenericODE2, ObjectGround, MarkerBodyPosition, SphericalJoint,
  InertiaSphere, NodeType,
} from '../../src/index.ts';

describe('computeODE2Eigenvalues options', () => {
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
