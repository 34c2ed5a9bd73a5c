import { describe, expect, it, vi } from 'vitest';
import {
  SystemContainer, NodeRigidBody2D, NodeRigidBodyRxyz, NodeRigidBodyEP, ObjectRigidBody, ObjectRigidBody2D, ObjectGround,
  MarkerBodyPosition, MarkerNodePosition, CartesianSpringDamper,
} from '../../src/index.ts';
import type { ObjectModel, PositionMarkerModel } from '../../src/registry/capabilities.ts';
import { randomSequence } from '../helpers/random.ts';

/**
 * A spring between body markers at the reference points (ode2Lhs adds J_posᵀF through the bodies' addOriginLoad) and the
 * same spring between node markers on the same nodes (the general path: Jacobians and their product), bit for bit.
 */
describe('CartesianSpringDamper at rigid bodies\' reference points', () => {
  it('cartesianSpringDamperDirectMatchesJacobianPathBitForBit', () => {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.addObject(ObjectGround({ referencePosition: [0.1, -0.2, 0.3] }));
    const n2 = mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [1, 0.5, 0.3] }));
    const b2 = mbs.addObject(ObjectRigidBody2D({ physicsMass: 2, physicsInertia: 0.3, nodeNumber: n2 }));
    const nx = mbs.addNode(NodeRigidBodyRxyz({ referenceCoordinates: [0, 1, 0, 0.3, -0.2, 0.5] }));
    const bx = mbs.addObject(ObjectRigidBody({ physicsMass: 2, physicsInertia: [0.3, 0.2, 0.1, 0, 0, 0], physicsCenterOfMass: [0.1, 0, 0], nodeNumber: nx }));
    const ne = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [1, 1, 0, 0.8, 0, 0.6, 0] }));
    const be = mbs.addObject(ObjectRigidBody({ physicsMass: 2, physicsInertia: [0.3, 0.2, 0.1, 0, 0, 0], nodeNumber: ne }));
    const mg = mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground, localPosition: [0.2, 0.1, -0.1] }));
    const parameters = { stiffness: [500, 300, 200], damping: [5, 3, 2], offset: [0.01, -0.02, 0.03] };
    const pairs: Array<[number, number]> = [];
    const springs = (m0: number, m1: number): number => mbs.addObject(CartesianSpringDamper({ markerNumbers: [m0, m1], ...parameters }));
    // ground → body, body → body (both markers with coordinates: −F on marker 0)
    for (const [body0, node0, body1, node1] of [[undefined, undefined, b2, n2], [undefined, undefined, bx, nx], [undefined, undefined, be, ne], [bx, nx, b2, n2], [be, ne, bx, nx]] as const) {
      const m0 = body0 === undefined ? mg : mbs.addMarker(MarkerBodyPosition({ bodyNumber: body0, localPosition: [0, 0, 0] }));
      const m1 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: body1, localPosition: [0, 0, 0] }));
      const k0 = node0 === undefined ? mg : mbs.addMarker(MarkerNodePosition({ nodeNumber: node0 }));
      const k1 = mbs.addMarker(MarkerNodePosition({ nodeNumber: node1 }));
      pairs.push([springs(m0, m1), springs(k0, k1)]);
    }
    mbs.assemble();
    const model = mbs.compiled();
    const s = model.data.current;
    const random = randomSequence(3);
    for (let trial = 0; trial < 20; trial++) {
      for (let i = 0; i < s.q.length; i++) s.q[i] = 0.2 * (random() - 0.5);
      for (let i = 0; i < s.u.length; i++) s.u[i] = random() - 0.5;
      for (const [direct, general] of pairs) {
        const a = model.objects[direct] as ObjectModel, b = model.objects[general] as ObjectModel;
        const n = a.localNodes.reduce((sum, node) => sum + node.nu, 0);
        const fa = new Float64Array(n), fb = new Float64Array(n);
        a.ode2Lhs!(s, fa);
        b.ode2Lhs!(s, fb);
        for (let i = 0; i < n; i++) expect(Object.is(fa[i], fb[i])).toBe(true);
        expect(fa.some((x) => x !== 0)).toBe(true);
      }
    }
    // the direct path runs: no position Jacobian of a body marker in ode2Lhs
    const bodyMarker = model.markers[mg + 1] as PositionMarkerModel;
    const spy = vi.spyOn(bodyMarker, 'positionJacobian');
    (model.objects[pairs[0][0]] as ObjectModel).ode2Lhs!(s, new Float64Array(3));
    expect(spy).not.toHaveBeenCalled();
  });
});
