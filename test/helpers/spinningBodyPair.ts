/**
 * The two-body set-up of the rigid connector kernel tests: ground and two bodies on Euler-parameter nodes (the second
 * heavier, both spinning), and markers of three kinds between which a connector is tested.
 * @module
 */

import { MarkerBodyRigid, NodeRigidBodyEP, ObjectGround, RigidBody, type MainSystem } from '../../src/index.ts';

/**
 * Adds the ground and the two bodies to mbs; returns `marker(kind, i)`, which adds a rigid marker of kind 0 (the ground
 * at [0.1, 0, 0]), 1 (body i's reference point) or 2 (a point of body i at [0.2, −0.1, 0.3]) and returns its number.
 */
export function spinningBodyPair(mbs: MainSystem): (kind: number, i: number) => number {
  const ground = mbs.addObject(ObjectGround({}));
  const bodies = [0, 1].map((i) => {
    const node = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [i, 0.2 * i, 0, 1, 0, 0, 0], initialVelocities: [0, 0.1, 0, 0.05, 0.1 * i, 0.3 + i, 0] }));
    return mbs.addObject(RigidBody({ physicsMass: 1 + i, physicsInertia: [0.1, 0.2, 0.3, 0, 0, 0], nodeNumber: node }));
  });
  return (kind, i) => mbs.addMarker(MarkerBodyRigid(kind === 0 ? { bodyNumber: ground, localPosition: [0.1, 0, 0] }
    : { bodyNumber: bodies[i], localPosition: kind === 1 ? [0, 0, 0] : [0.2, -0.1, 0.3] }));
}
