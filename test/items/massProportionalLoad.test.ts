import { describe, expect, it } from 'vitest';
import {
  SystemContainer, NodeType, RigidBodyInertia, NodePoint, NodePoint2D, NodeRigidBody2D, ObjectMassPoint, ObjectMassPoint2D, ObjectRigidBody2D,
  MarkerBodyMass, LoadMassProportional, type MainSystem,
} from '../../src/index.ts';
import type { BodyMassMarkerModel } from '../../src/registry/capabilities.ts';
import { bitPatterns } from '../helpers/kernelValues.ts';

const inertia = (com: number[]): RigidBodyInertia => new RigidBodyInertia(2.7, [[1.1, 0.1, 0], [0.1, 0.9, 0.2], [0, 0.2, 1.3]], com);
const loadVector = [0.3, -9.81, 1.7];

/** Bodies of every kind with a mass marker and a mass-proportional load; returns the object index of each. */
function bodies(mbs: MainSystem): Record<string, number> {
  const rigid = (nodeType: NodeType, com: number[]) => mbs.createRigidBody({ inertia: inertia(com), nodeType, referencePosition: [0.1, 0.2, 0.3] });
  return {
    massPoint: mbs.addObject(ObjectMassPoint({ physicsMass: 1.3, nodeNumber: mbs.addNode(NodePoint({ referenceCoordinates: [1, 2, 3] })) })),
    massPoint2D: mbs.addObject(ObjectMassPoint2D({ physicsMass: 0.7, nodeNumber: mbs.addNode(NodePoint2D({ referenceCoordinates: [1, 2] })) })),
    rigidBody2D: mbs.addObject(ObjectRigidBody2D({ physicsMass: 3.1, physicsInertia: 0.2, nodeNumber: mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [1, 2, 0.3] })) })),
    rigidBody2DWithCom: mbs.addObject(ObjectRigidBody2D({ physicsMass: 3.1, physicsInertia: 0.2, physicsCenterOfMass: [0.1, -0.2], nodeNumber: mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [1, 2, 0.3] })) })),
    rigidBodyEP: rigid(NodeType.RotationEulerParameters, [0, 0, 0]),
    rigidBodyRxyz: rigid(NodeType.RotationRxyz, [0, 0, 0]),
    rigidBodyEPWithCom: rigid(NodeType.RotationEulerParameters, [0.1, -0.2, 0.05]),
    rigidBodyRxyzWithCom: rigid(NodeType.RotationRxyz, [0.1, -0.2, 0.05]),
  };
}

/** A system with one mass-proportional load per body of {@link bodies}; returns the load index per body. */
function loadedBodies(): { mbs: MainSystem; loads: Record<string, number>; objects: Record<string, number> } {
  const mbs = new SystemContainer().addSystem();
  const objects = bodies(mbs);
  const loads = Object.fromEntries(Object.entries(objects).map(([name, body]) => {
    const marker = mbs.addMarker(MarkerBodyMass({ bodyNumber: body }));
    return [name, mbs.addLoad(LoadMassProportional({ markerNumber: marker, loadVector }))];
  }));
  mbs.assemble();
  return { mbs, loads, objects };
}

describe('mass-proportional load', () => {
  it('addsTheBodysMassProportionalForceBitForBit', () => {
    // the load adds m·(factor·b_i) itself on bodies with a translational mass: the same bits as the body's own
    // massProportionalForce with the scaled vector, on every body kind, with and without COM offset
    const { mbs, loads } = loadedBodies();
    const model = mbs.compiled();
    const s = model.data.current;
    for (let i = 0; i < s.q.length; i++) s.q[i] = 0.05 * Math.sin(7 * i + 1);
    for (const loadFactor of [1, 0.37, 1 / 3, -2.5]) {
      s.loadFactor = loadFactor;
      for (const [name, index] of Object.entries(loads)) {
        const load = model.loads[index];
        const marker = load.marker as BodyMassMarkerModel;
        const n = marker.nLocalU;
        const f = new Float64Array(n), expected = new Float64Array(n);
        load.addGeneralizedLoad(s, f);
        marker.massProportionalForce(s, loadVector.map((b) => loadFactor * b), expected);
        expect(bitPatterns(f), `${name}, factor ${loadFactor}`).toEqual(bitPatterns(expected));
        expect(f.some((value) => value !== 0), name).toBe(true);
      }
    }
  });

  it('takesTheTranslationalMassOnlyWithoutComOffset', () => {
    const { mbs, loads } = loadedBodies();
    const model = mbs.compiled();
    const dimensions = Object.fromEntries(Object.entries(loads).map(([name, index]) => [name, (model.loads[index].marker as BodyMassMarkerModel).translationalDimension]));
    expect(dimensions).toEqual({
      massPoint: 3, massPoint2D: 2, rigidBody2D: 2, rigidBody2DWithCom: 0, rigidBodyEP: 3, rigidBodyRxyz: 3, rigidBodyEPWithCom: 0, rigidBodyRxyzWithCom: 0,
    });
  });

  it('followsARunTimeChangeOfTheMass', () => {
    // the load reads the mass at bind; a changed physicsMass replaces the body and binds the marker and the load again
    const { mbs, loads, objects } = loadedBodies();
    for (const name of ['massPoint', 'rigidBody2D'] as const) {
      mbs.setObjectParameter(objects[name], 'physicsMass', 5);
      const model = mbs.compiled();
      const s = model.data.current;
      s.loadFactor = 1;
      const f = new Float64Array(model.loads[loads[name]].marker.nLocalU);
      model.loads[loads[name]].addGeneralizedLoad(s, f);
      expect(Array.from(f.subarray(0, 2)), name).toEqual([5 * loadVector[0], 5 * loadVector[1]]);
    }
  });
});
