import { describe, expect, it } from 'vitest';
import {
  SystemContainer, NodePoint, MassPoint, MarkerNodePosition, MarkerNodeRigid, MarkerBodyRigid, ObjectGround, NodeType,
  InertiaSphere, RotationMatrixZ, RotationMatrixX, mat3Mul,
} from '../../src/index.ts';
import { randomSequence } from '../helpers/random.ts';
import { contactJacobianErrors, perturbPositions } from './contactJacobian.ts';

/**
 * Spheres on rigid bodies of three node types (rotation vector (Lie group), Euler parameters, Rxyz), one of them
 * off the body's reference point, a sphere on a mass point and one on ground, overlapping pairwise, at a seeded random
 * state with spin: friction acts at the contact point and turns the rigid bodies.
 */
function rigidSpheres(mu: number, zone: number, seed: number) {
  const random = randomSequence(seed);
  const mbs = new SystemContainer().addSystem();
  const contact = mbs.addGeneralContact();
  contact.setFrictionPairings([[mu]]);
  contact.frictionProportionalZone = zone;
  const r = 0.1, k = 2e4, d = 30;
  const ground = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
  contact.addSphereWithMarker(mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [0, 0, -0.19] })), r, k, d, 0);
  const types = [NodeType.RotationRotationVector, NodeType.RotationEulerParameters, NodeType.RotationRxyz];
  const centres = [[0, 0, 0], [0.17, 0.06, 0.02], [0.02, 0.15, 0.1]];
  types.forEach((nodeType, i) => {
    const body = mbs.createRigidBody({
      inertia: InertiaSphere(0.5, r), nodeType, referencePosition: centres[i],
      referenceRotationMatrix: mat3Mul(RotationMatrixZ(0.3 * i), RotationMatrixX(0.2)),
      initialVelocity: [random(), random(), random()], initialAngularVelocity: [3 * random(), 3 * random(), 3 * random()],
      returnDict: true,
    });
    const marker = i === 1
      ? mbs.addMarker(MarkerBodyRigid({ bodyNumber: body.bodyNumber, localPosition: [0.03, -0.02, 0.01] }))
      : mbs.addMarker(MarkerNodeRigid({ nodeNumber: body.nodeNumber }));
    contact.addSphereWithMarker(marker, r, k, d, 0);
  });
  const point = mbs.addNode(NodePoint({ referenceCoordinates: [0.16, -0.1, 0.05], initialVelocities: [random(), random(), random()] }));
  mbs.addObject(MassPoint({ physicsMass: 0.3, nodeNumber: point }));
  contact.addSphereWithMarker(mbs.addMarker(MarkerNodePosition({ nodeNumber: point })), r, k, d, 0);
  mbs.assemble();
  perturbPositions(mbs, random, 0.005);
  return { mbs, contact };
}

describe('GeneralContact: friction on rigid markers (torques at the contact point)', () => {
  for (const [regime, zone] of [['Coulomb', 1e-3], ['regularized', 100]] as const) {
    it(`${regime} friction: analytic ∂/∂q and ∂/∂u against central differences, three rotation parametrizations`, () => {
      for (const seed of [3, 17]) {
        const { mbs, contact } = rigidSpheres(0.4, zone, seed);
        contact.updateContacts();
        const pairs = [0, 1, 2, 3, 4].reduce((sum, i) => sum + contact.getActiveContacts(0, i).length, 0) / 2;
        expect(pairs).toBeGreaterThanOrEqual(4); // every body is in contact with friction
        const e = contactJacobianErrors(mbs, contact);
        expect(e.force).toBeGreaterThan(10);
        // central differences with h = 1e-7: truncation h²·f''' and round-off 1e-16·|f|/h, both ≤ 1e-7 of entries of 1e4
        expect(e.scaleQ).toBeGreaterThan(1e3);
        expect(e.q).toBeLessThan(1e-7);
        expect(e.u).toBeLessThan(1e-7);
      }
    });
  }
});
