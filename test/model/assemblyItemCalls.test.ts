/**
 * SystemAssembler.computeODE2Rhs calls the methods of items whose classes the first system of the process (here: of this
 * test file's module instance) did not have through per-item lists, and in its first evaluations every item's: the
 * results equal the sum formed from the items' methods bit for bit, before and after the warm-up and after run-time
 * changes that replace the items' models.
 * @module
 */
import { describe, expect, it } from 'vitest';
import {
  LoadCoordinate, LoadForceVector, MarkerBodyPosition, MarkerNodeCoordinate, MarkerNodePosition, NodePoint, NodePointGround, NodeRigidBodyEP,
  ObjectConnectorSpringDamper, ObjectMassPoint, ObjectRigidBody, SystemContainer,
} from '../../src/index.ts';
import { SystemAssembler } from '../../src/model/assembly.ts';
import type { CompiledModel } from '../../src/model/compile.ts';

/** A mass point on a spring with a coordinate load: the first system, whose classes are called as methods. */
function springSystem() {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
  const node = mbs.addNode(NodePoint({ referenceCoordinates: [1, 0, 0], initialVelocities: [0.2, 0, 0] }));
  mbs.addObject(ObjectMassPoint({ physicsMass: 2, nodeNumber: node }));
  mbs.addObject(ObjectConnectorSpringDamper({ markerNumbers: [mbs.addMarker(MarkerNodePosition({ nodeNumber: ground })), mbs.addMarker(MarkerNodePosition({ nodeNumber: node }))], stiffness: 50, damping: 0.5, referenceLength: 0.9 }));
  mbs.addLoad(LoadCoordinate({ markerNumber: mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 })), load: 10 }));
  mbs.assemble();
  return mbs;
}

/** A spinning rigid body on a spring with a force vector: a rigid body and a load of classes new to the process. */
function rigidBodySystem() {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
  const node = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [1, 0.1, 0, 1, 0, 0, 0], initialVelocities: [0, 0, 0.1, 0.3, -0.2, 0.5, 0.1] }));
  const body = mbs.addObject(ObjectRigidBody({ physicsMass: 2, physicsInertia: [1, 2, 3, 0, 0, 0], nodeNumber: node }));
  const marker = mbs.addMarker(MarkerBodyPosition({ bodyNumber: body, localPosition: [0.5, 0, 0] }));
  mbs.addObject(ObjectConnectorSpringDamper({ markerNumbers: [mbs.addMarker(MarkerNodePosition({ nodeNumber: ground })), marker], stiffness: 40, damping: 0.3, referenceLength: 1.2 }));
  const load = mbs.addLoad(LoadForceVector({ markerNumber: marker, loadVector: [0, -3, 0.5] }));
  mbs.assemble();
  return { mbs, body, load };
}

/** f = loads − Σ ode2Lhs formed here from the items' methods, in computeODE2Rhs's order. */
function itemSum(model: CompiledModel): Float64Array {
  const s = model.data.current;
  const f = new Float64Array(model.nu);
  for (const { object, map } of model.lhsObjects) {
    const vector = new Float64Array(map.ltg.length);
    object.ode2Lhs(s, vector);
    map.ltg.forEach((global, k) => { f[global] -= vector[k]; });
  }
  model.loads.forEach((load, i) => {
    const ltg = model.loadMaps[i].ltg;
    const vector = new Float64Array(ltg.length);
    load.addGeneralizedLoad(s, vector);
    ltg.forEach((global, k) => { f[global] += vector[k]; });
  });
  return f;
}

function rhs(assembler: SystemAssembler): Float64Array {
  const model = assembler.model;
  const f = new Float64Array(model.nu);
  assembler.computeODE2Rhs(model.data.current, f);
  return f;
}

/** The bytes of the entries: equal bits, −0 and NaN included. */
function bits(values: Float64Array): number[] {
  return Array.from(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
}

describe('SystemAssembler.computeODE2Rhs with item classes new to the process', () => {
  it('equalsTheItemsSumBitForBitThroughTheWarmUpAndAfterReplacedItems', () => {
    const first = new SystemAssembler(springSystem().compiled());
    expect(bits(rhs(first))).toEqual(bits(itemSum(first.model)));
    const { mbs, body, load } = rigidBodySystem();
    const model = mbs.compiled();
    const assembler = new SystemAssembler(model);
    expect(model.lhsObjects.length).toBe(2);
    const expected = bits(itemSum(model));
    expect(expected.some((byte) => byte !== 0)).toBe(true);
    // the warm-up (every item through its list) and the evaluations after it (the spring as a method)
    for (let evaluation = 0; evaluation < 40; evaluation++) expect(bits(rhs(assembler)), `evaluation ${evaluation}`).toEqual(expected);
    // an isotropic inertia has no gyroscopic term: the body leaves lhsObjects, the spring moves to its entry
    mbs.setObjectParameter(body, 'physicsInertia', [2, 2, 2, 0, 0, 0]);
    mbs.setLoadParameter(load, 'loadVector', [1, -5, 0]);
    expect(model.lhsObjects.length).toBe(1);
    expect(model.itemModelRevision).toBeGreaterThan(0);
    const changed = bits(itemSum(model));
    expect(changed).not.toEqual(expected);
    expect(bits(rhs(assembler))).toEqual(changed);
  });
});
