import { describe, expect, it } from 'vitest';
import {
  SystemContainer, NodeType, RigidBodyInertia, MarkerBodyRigid, MarkerNodeRigid, LoadTorqueVector, type MainSystem,
} from '../../src/index.ts';
import type { RigidMarkerModel } from '../../src/registry/capabilities.ts';
import { bitPatterns } from '../helpers/kernelValues.ts';

const nodeTypes = [NodeType.RotationEulerParameters, NodeType.RotationRxyz, NodeType.RotationQuaternion, NodeType.RotationRotationVector];
const referenceRotation = [[0.36, 0.48, -0.8], [-0.8, 0.6, 0], [0.48, 0.64, 0.6]];
const torque = [2.1, -3.3, 0.7];

/** A free rigid body (node 0) with torques of every kind on a body-rigid marker at and off the reference point and a node-rigid marker. */
function torquedBody(nodeType: NodeType): { mbs: MainSystem; loads: Record<string, number> } {
  const mbs = new SystemContainer().addSystem();
  const body = mbs.createRigidBody({ inertia: new RigidBodyInertia(1, [[1, 0, 0], [0, 1, 0], [0, 0, 1]]), nodeType, referencePosition: [0.1, 0.2, 0.3], referenceRotationMatrix: referenceRotation });
  const markers = {
    atReference: mbs.addMarker(MarkerBodyRigid({ bodyNumber: body, localPosition: [0, 0, 0] })),
    offReference: mbs.addMarker(MarkerBodyRigid({ bodyNumber: body, localPosition: [0.5, -0.3, 0.2] })),
    node: mbs.addMarker(MarkerNodeRigid({ nodeNumber: 0 })),
  };
  const loads: Record<string, number> = {};
  for (const [name, marker] of Object.entries(markers)) {
    for (const bodyFixed of [false, true]) {
      loads[`${name}${bodyFixed ? 'BodyFixed' : ''}`] = mbs.addLoad(LoadTorqueVector({ markerNumber: marker, loadVector: torque, bodyFixed }));
      loads[`${name}${bodyFixed ? 'BodyFixed' : ''}UserFunction`] = mbs.addLoad(LoadTorqueVector({
        markerNumber: marker, loadVector: torque, bodyFixed, loadVectorUserFunction: (_mbs, t, load) => load.map((value) => (0.5 + t) * value),
      }));
    }
  }
  mbs.assemble();
  return { mbs, loads };
}

describe('torque load', () => {
  for (const nodeType of nodeTypes) {
    it(`addsJRotTransposedTauBitForBit_${nodeType}`, () => {
      // on markers whose frame is the node's, the load adds the node's Gᵀτ (factor 1): the same bits as the product
      // with the marker's rotation Jacobian, τ rotated with the marker's orientation if bodyFixed
      const { mbs, loads } = torquedBody(nodeType);
      const model = mbs.compiled();
      const s = model.data.current;
      for (let i = 0; i < s.q.length; i++) s.q[i] = 0.1 * Math.sin(3 * i + 1);
      s.t = 0.3;
      for (const loadFactor of [1, 0.37]) {
        s.loadFactor = loadFactor;
        for (const [name, index] of Object.entries(loads)) {
          const load = model.loads[index];
          const marker = load.marker as RigidMarkerModel;
          const n = marker.nLocalU;
          const f = new Float64Array(n);
          load.addGeneralizedLoad(s, f);
          const userFunction = name.endsWith('UserFunction');
          const factor = userFunction ? 1 : loadFactor;
          let v = torque.map((value) => (userFunction ? (0.5 + s.t) * value : value));
          if (name.includes('BodyFixed')) {
            const a = new Float64Array(9);
            marker.orientation(s, a);
            v = [0, 1, 2].map((r) => a[3 * r] * v[0] + a[3 * r + 1] * v[1] + a[3 * r + 2] * v[2]);
          }
          const j = new Float64Array(3 * n);
          marker.rotationJacobian(s, j);
          const expected = new Float64Array(n);
          for (let k = 0; k < n; k++) expected[k] += factor * (j[k] * v[0] + j[n + k] * v[1] + j[2 * n + k] * v[2]);
          expect(bitPatterns(f), `${name}, factor ${loadFactor}`).toEqual(bitPatterns(expected));
          expect(f.some((value) => value !== 0), name).toBe(true);
        }
      }
    });
  }
});
