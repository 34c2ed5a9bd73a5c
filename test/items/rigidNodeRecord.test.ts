import { describe, expect, it } from 'vitest';
import { SystemContainer, NodeRigidBodyEP, NodeRigidBodyRxyz, NodeRigidBodyRotVecLG, NodeRigidBodyQuaternion, NodeRigidBody2D, ObjectRigidBody, ObjectRigidBody2D } from '../../src/index.ts';
import type { SystemState } from '../../src/model/SystemState.ts';
import type { OrientedNode, RigidBodyNode } from '../../src/items/nodes/rigidNodeBase.ts';

/** The node kinds with a kinematics record, each with reference coordinates and a body on it. */
const kinds = {
  EP: { node: () => NodeRigidBodyEP({ referenceCoordinates: [0.1, 0.2, 0.3, 0.9, 0.3, -0.2, Math.sqrt(1 - 0.94)] }), rotation: 4 },
  Rxyz: { node: () => NodeRigidBodyRxyz({ referenceCoordinates: [0.1, 0.2, 0.3, 0.4, -0.3, 0.2] }), rotation: 3 },
  RotVecLG: { node: () => NodeRigidBodyRotVecLG({ referenceCoordinates: [0.1, 0.2, 0.3, 0.4, -0.3, 0.2] }), rotation: 3 },
  Quaternion: { node: () => NodeRigidBodyQuaternion({ referenceCoordinates: [0.1, 0.2, 0.3, 0.9, 0.3, -0.2, Math.sqrt(1 - 0.94)] }), rotation: 4 },
} as const;

/** One rigid body on a node of the kind; returns the node model and the current state. */
function system(kind: keyof typeof kinds): { node: RigidBodyNode; s: SystemState } {
  const mbs = new SystemContainer().addSystem();
  const n = mbs.addNode(kinds[kind].node());
  mbs.addObject(ObjectRigidBody({ physicsMass: 2, physicsInertia: [0.3, 0.4, 0.5, 0, 0, 0], nodeNumber: n }));
  mbs.assemble();
  const model = mbs.compiled();
  return { node: model.nodes[n] as unknown as RigidBodyNode, s: model.data.current };
}

/** A, G_l and G as fresh copies. */
function kinematics(node: RigidBodyNode, s: SystemState): number[][] {
  return [Array.from(node.rotationMatrix(s)), Array.from(node.gLocalMatrix(s)), Array.from(node.gGlobalMatrix(s))];
}

describe('the rigid nodes\' kinematics record', () => {
  for (const kind of Object.keys(kinds) as (keyof typeof kinds)[]) {
    it(`${kind}: follows coordinates written in place, bit for bit as a node that never saw another configuration`, () => {
      const { node, s } = system(kind);
      const first = kinematics(node, s);
      const r = node.qIndex + 3;
      // written in place (as Newton's update and finite differences do), then back
      const changes = [[0.01, -0.02, 0.03, 0.005], [-0.2, 0.1, 0.05, -0.01]];
      for (const change of changes) {
        for (let j = 0; j < kinds[kind].rotation; j++) s.q[r + j] = change[j];
        const fresh = system(kind);
        fresh.s.q.set(s.q);
        const expected = kinematics(fresh.node, fresh.s);
        expect(kinematics(node, s)).toEqual(expected);
        expect(kinematics(node, s)).not.toEqual(first);
        // the copying accessors give the record's values
        const a = new Float64Array(9);
        node.orientation(s, a);
        expect(Array.from(a)).toEqual(expected[0]);
      }
      s.q.fill(0);
      expect(kinematics(node, s)).toEqual(first);
      // another state object with the same values: the same record; one with other values: another
      const version = node.recordVersion;
      node.rotationMatrix({ ...s, q: Float64Array.from(s.q) });
      expect(node.recordVersion).toBe(version);
      const other = Float64Array.from(s.q);
      other[r] = 0.05;
      node.rotationMatrix({ ...s, q: other });
      expect(node.recordVersion).toBe(version + 1);
    });
  }

  it('takes −0 and +0 for different parameters (formulas may give zeros of another sign)', () => {
    const mbs = new SystemContainer().addSystem();
    const n = mbs.addNode(NodeRigidBodyRxyz({ referenceCoordinates: [0, 0, 0, -0, 0, 0] }));
    mbs.addObject(ObjectRigidBody({ physicsMass: 1, physicsInertia: [1, 1, 1, 0, 0, 0], nodeNumber: n }));
    mbs.assemble();
    const model = mbs.compiled();
    const node = model.nodes[n] as unknown as RigidBodyNode, s = model.data.current;
    const i = node.qIndex + 3;
    s.q[i] = -0; // θ0 = −0 + (−0) = −0
    node.rotationMatrix(s);
    const version = node.recordVersion;
    s.q[i] = 0; // θ0 = −0 + 0 = +0
    node.rotationMatrix(s);
    expect(node.recordVersion).toBe(version + 1);
    node.gLocalMatrix(s);
    expect(node.recordVersion).toBe(version + 1);
  });

  it('2D: the rotation matrix follows the angle written in place', () => {
    const mbs = new SystemContainer().addSystem();
    const n = mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [0.5, -0.2, 0.4] }));
    mbs.addObject(ObjectRigidBody2D({ physicsMass: 2, physicsInertia: 0.3, nodeNumber: n }));
    mbs.assemble();
    const model = mbs.compiled();
    const node = model.nodes[n] as unknown as OrientedNode, s = model.data.current;
    expect(Array.from(node.rotationMatrix(s)).slice(0, 2)).toEqual([Math.cos(0.4), -Math.sin(0.4)]);
    s.q[node.qIndex + 2] = 0.3;
    expect(Array.from(node.rotationMatrix(s)).slice(0, 2)).toEqual([Math.cos(0.4 + 0.3), -Math.sin(0.4 + 0.3)]);
  });
});
