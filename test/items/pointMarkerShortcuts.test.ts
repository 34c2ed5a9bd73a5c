import { describe, expect, it } from 'vitest';
import {
  SystemContainer, ObjectGround, NodePoint, NodePoint2D, NodePointGround, NodeRigidBodyEP, MassPoint, MassPoint2D, ObjectRigidBody,
  MarkerBodyPosition, MarkerNodePosition, SpringDamper, CartesianSpringDamper,
} from '../../src/index.ts';
import type { BindContext, ItemState, MarkerModel, ObjectModel } from '../../src/registry/capabilities.ts';
import { MarkerPair, positionMarkers } from '../../src/items/objects/connectorBase.ts';
import { PointMarkerShortcuts } from '../../src/items/objects/pointMarkerShortcuts.ts';
import { DenseLocalMatrix } from '../../src/registry/capabilities.ts';
import { bitPatterns, kernelValues } from '../helpers/kernelValues.ts';
import { randomSequence } from '../helpers/random.ts';

/**
 * Marker pairs of points: ground and mass-point body markers, node markers on Point and ground nodes, 2D mass points
 * (constant, not unit Jacobians) and a rigid body (no shortcut). The shortcuts must give MarkerPair's numbers bit for
 * bit, special values (±0, subnormals, ±∞, NaN) included.
 */
function pointModel() {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addObject(ObjectGround({ referencePosition: [0.1, -0.2, 0.3] }));
  const mass = (position: number[]) => mbs.addObject(MassPoint({ physicsMass: 2, nodeNumber: mbs.addNode(NodePoint({ referenceCoordinates: position })) }));
  const mass0 = mass([1, 0.5, -0.25]), mass1 = mass([-0.75, 2, 0.5]);
  const point = mbs.addNode(NodePoint({ referenceCoordinates: [0.3, 0.7, -1.1] }));
  mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: point }));
  const groundNode = mbs.addNode(NodePointGround({ referenceCoordinates: [-0.5, 0.25, 2] }));
  const mass2D = mbs.addObject(MassPoint2D({ physicsMass: 1, nodeNumber: mbs.addNode(NodePoint2D({ referenceCoordinates: [0.4, -0.6] })) }));
  const rigidNode = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [1, 1, 0, 0.8, 0, 0.6, 0] }));
  const rigid = mbs.addObject(ObjectRigidBody({ physicsMass: 2, physicsInertia: [0.3, 0.2, 0.1, 0, 0, 0], nodeNumber: rigidNode }));
  const body = (bodyNumber: number, localPosition = [0, 0, 0]) => mbs.addMarker(MarkerBodyPosition({ bodyNumber, localPosition }));
  const markerPairs: Array<[number, number, string]> = [
    [body(ground, [0.2, 0.1, -0.1]), body(mass0), 'ground → mass point'],
    [body(mass0), body(mass1, [0.1, -0.3, 0.2]), 'mass point → mass point'],
    [mbs.addMarker(MarkerNodePosition({ nodeNumber: point })), body(mass1), 'Point node → mass point'],
    [body(mass1), mbs.addMarker(MarkerNodePosition({ nodeNumber: groundNode })), 'mass point → ground node'],
    [body(mass2D), body(ground), '2D mass point → ground'],
    [body(ground), body(rigid, [0.3, 0, 0]), 'ground → rigid body'],
  ];
  for (const [m0, m1] of markerPairs) {
    mbs.addObject(SpringDamper({ markerNumbers: [m0, m1], stiffness: 500, damping: 5, referenceLength: 0.3 }));
    mbs.addObject(CartesianSpringDamper({ markerNumbers: [m0, m1], stiffness: [500, 300, 200], damping: [5, 3, 2] }));
  }
  mbs.assemble();
  const model = mbs.compiled();
  const context = { marker: (index: number) => model.markers[index] as MarkerModel } as unknown as BindContext;
  const pairs = markerPairs.map(([m0, m1, name]) => {
    const pair = new MarkerPair(model.objects[0].label, [m0, m1], positionMarkers);
    pair.bind(context);
    const shortcuts = new PointMarkerShortcuts();
    shortcuts.bind(pair);
    const general = new MarkerPair(model.objects[0].label, [m0, m1], positionMarkers);
    general.bind(context);
    return { pair, shortcuts, general, name };
  });
  return { model, pairs };
}

describe('PointMarkerShortcuts', () => {
  it('shortcutsApplyToPointsOnly', () => {
    const { pairs } = pointModel();
    expect(pairs.map((p) => p.shortcuts.points)).toEqual([true, true, true, true, true, false]);
  });

  it('shortcutsGiveMarkerPairNumbersBitForBit', () => {
    const { model, pairs } = pointModel();
    const s: ItemState = model.data.current;
    const value = kernelValues(7, { specialShare: 0.15 });
    const random = randomSequence(5);
    for (let trial = 0; trial < 200; trial++) {
      const special = trial % 2 === 1;
      for (let i = 0; i < s.q.length; i++) s.q[i] = 0.3 * (random() - 0.5);
      for (let i = 0; i < s.u.length; i++) s.u[i] = random() - 0.5;
      for (const { pair, shortcuts, general } of pairs) {
        if (!shortcuts.points) continue;
        shortcuts.evaluateRelative(pair, s);
        general.evaluateRelative(s);
        expect(bitPatterns(pair.dp)).toEqual(bitPatterns(general.dp));
        expect(bitPatterns(pair.dv)).toEqual(bitPatterns(general.dv));
        general.evaluateJacobians(s);
        const n = general.n0 + general.n1;
        const force = Float64Array.from({ length: 3 }, () => (special ? value() : random() - 0.5));
        const start = Float64Array.from({ length: n }, () => (special ? value() : 0));
        const fa = start.slice(), fb = start.slice();
        shortcuts.addForcePair(pair, force, fa);
        general.addForcePair(force, fb);
        expect(bitPatterns(fa)).toEqual(bitPatterns(fb));
        const stiffness = Float64Array.from({ length: 9 }, () => (special ? value() : random() - 0.5));
        const factor = special && trial % 4 === 1 ? value() : random() - 0.5;
        // the local matrices have no −0 entries (addProjectedMatrix's condition)
        const begin = Float64Array.from({ length: n * n }, () => (special ? value() + 0 : 0));
        const ma = begin.slice(), mb = begin.slice();
        shortcuts.addProjectedMatrix(pair, stiffness, factor, ma);
        general.addProjectedMatrix(stiffness, factor, mb);
        expect(bitPatterns(ma)).toEqual(bitPatterns(mb));
      }
    }
  });

  it('springDampersOnPointsKeepTheirJacobians', () => {
    const { model } = pointModel();
    const s = model.data.current;
    for (let i = 0; i < s.q.length; i++) s.q[i] = 0.1 * Math.sin(i + 1);
    for (let i = 0; i < s.u.length; i++) s.u[i] = Math.cos(i + 1);
    for (const object of model.objects as ObjectModel[]) {
      if (object.ode2Lhs_q === undefined || object.ode2Lhs_u === undefined) continue;
      const n = object.localNodes.reduce((sum, node) => sum + node.nu, 0);
      const separate = new Float64Array(n * n), together = new Float64Array(n * n);
      object.ode2Lhs_q(s, new DenseLocalMatrix().to(separate, n), 0.7);
      object.ode2Lhs_u(s, new DenseLocalMatrix().to(separate, n), -0.3);
      if (object.ode2Lhs_qu === undefined) continue;
      object.ode2Lhs_qu(s, new DenseLocalMatrix().to(together, n), 0.7, -0.3);
      expect(bitPatterns(together)).toEqual(bitPatterns(separate));
    }
  });
});
