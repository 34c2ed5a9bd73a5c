import type { PositionMarkerModel, RigidMarkerModel } from '../../src/registry/capabilities.ts';
import { describe, expect, it } from 'vitest';
import {
  CartesianSpringDamper, InertiaCuboid, MarkerBodyPosition, MarkerBodyRigid, MarkerNodePosition, NodePointGround,
  NodeType, RotXYZ2RotationMatrix, SpringDamper, SystemContainer,
} from '../../src/index.ts';
import { randomSequence } from '../helpers/random.ts';
import { expectConnectorJacobiansMatchCentralDifferences, jacobianError, nodeDirections } from '../helpers/objectJacobian.ts';

/** Two spinning rigid bodies (node type per body) with damped connectors between off-centre markers and to ground. */
function spinningPair(types: [NodeType, NodeType]) {
  const mbs = new SystemContainer().addSystem();
  const bodies = types.map((nodeType, i) => mbs.createRigidBody({
    referencePosition: [1.5 * i, 0.2 * i, -0.1], referenceRotationMatrix: RotXYZ2RotationMatrix([0.3 + i, -0.4, 0.9 * i]),
    initialAngularVelocity: [40, -25 + 10 * i, 60], initialVelocity: [0.5, -1, 2 * i],
    inertia: InertiaCuboid(1000, [0.4, 0.2, 0.1]), nodeType,
  }));
  const position = bodies.map((b, i) => mbs.addMarker(MarkerBodyPosition({ bodyNumber: b, localPosition: [0.2 - 0.1 * i, 0.15, -0.1 + 0.3 * i] })));
  const rigid = bodies.map((b, i) => mbs.addMarker(MarkerBodyRigid({ bodyNumber: b, localPosition: [-0.1, 0.3 * i, 0.2] })));
  const ground = mbs.addMarker(MarkerNodePosition({ nodeNumber: mbs.addNode(NodePointGround({ referenceCoordinates: [0.4, -0.3, 0.5] })) }));
  mbs.addObject(SpringDamper({ markerNumbers: position, stiffness: 2e4, damping: 300, referenceLength: 1.2 }));
  mbs.addObject(CartesianSpringDamper({ markerNumbers: rigid, stiffness: [1e4, 2e4, 3e4], damping: [200, 400, 100], offset: [0.1, -0.2, 0.3] }));
  mbs.addObject(SpringDamper({ markerNumbers: [ground, position[1]], stiffness: 5e3, damping: 150, referenceLength: 0.3 }));
  mbs.addObject(CartesianSpringDamper({ markerNumbers: [rigid[0], ground], stiffness: [3e3, 1e3, 2e3], damping: [50, 80, 120] }));
  mbs.assemble();
  return mbs;
}

describe('velocity_q of MarkerBodyPosition / MarkerBodyRigid on rigid bodies: damped connectors between spinning bodies', () => {
  const nodeTypes = [NodeType.RotationEulerParameters, NodeType.RotationRxyz, NodeType.RotationRotationVector, NodeType.RotationQuaternion];
  const pairs: [NodeType, NodeType][] = [
    [NodeType.RotationEulerParameters, NodeType.RotationEulerParameters],
    [NodeType.RotationRxyz, NodeType.RotationRotationVector],
    [NodeType.RotationQuaternion, NodeType.RotationEulerParameters],
  ];
  for (const types of pairs) {
    it(`analyticJacobiansMatchCentralDifferences: ${types.join(' + ')}`, () => {
      const mbs = spinningPair(types);
      const model = mbs.compiled();
      const s = model.data.current;
      const random = randomSequence(11);
      // displace and rotate the bodies away from the reference (unit Euler parameters / quaternions), keep the spin
      for (const node of model.nodes) {
        if (node.nq === 0) continue;
        for (let j = 0; j < 3; j++) s.q[node.qIndex + j] = 0.05 * random();
        if (node.nq === 7) {
          const p = [0, 1, 2, 3].map((k) => node.referenceCoordinates[3 + k] + 0.3 * random());
          const norm = Math.hypot(...p);
          for (let k = 0; k < 4; k++) s.q[node.qIndex + 3 + k] = p[k] / norm - node.referenceCoordinates[3 + k];
        } else {
          for (let j = 3; j < node.nq; j++) s.q[node.qIndex + j] = 0.3 * random();
        }
        for (let j = 0; j < node.nu; j++) s.u[node.uIndex + j] += 5 * random();
      }
      for (const marker of model.markers) if (marker.label.typeName.startsWith('Body')) expect((marker as PositionMarkerModel).velocity_q).toBeDefined();
      // ode2Lhs is smooth in q: h = 1e-6 leaves O(h²) truncation plus ~1e-10 of round-off (forces of ~1e4 over
      // 2h); observed 4e-11 … 1e-10 relative. It is linear in u, so h = 1e-3 leaves round-off only (observed ≤ 5e-12).
      // Without velocity_q the damping term ∂(d Δv)/∂q is missing: 0.2 … 1.8 relative (see the next test).
      expectConnectorJacobiansMatchCentralDifferences(model.objects, s, 4);
    });
  }

  it('markerVelocity_qMatchesCentralDifferencesOfTheMarkerVelocityOnEveryRigidNodeType', () => {
    // directly: ∂v/∂Δq of body markers, including planar bodies (v = v_p + φ̇ e_z × A x); the full connector Jacobians
    // on planar bodies are compared in rigidBody2DJacobians.test.ts
    for (const create2D of [false, true]) {
      const mbs = new SystemContainer().addSystem();
      const types = create2D ? [NodeType.RotationEulerParameters] : nodeTypes;
      const markers = types.map((nodeType, i) => {
        const body = mbs.createRigidBody({
          referencePosition: [i, 0.3 * i, 0], referenceRotationMatrix: RotXYZ2RotationMatrix([0, 0, 0.4 + i]),
          initialAngularVelocity: [0, 0, 30 - 20 * i], inertia: InertiaCuboid(1000, [0.4, 0.2, 0.1]), nodeType, create2D,
        });
        return mbs.addMarker((i % 2 === 0 ? MarkerBodyPosition : MarkerBodyRigid)({ bodyNumber: body, localPosition: [0.2 - 0.3 * i, 0.1, create2D ? 0 : 0.3] }));
      });
      mbs.assemble();
      const model = mbs.compiled();
      const s = model.data.current;
      const random = randomSequence(5);
      for (const node of model.nodes) {
        for (let j = 0; j < node.nq; j++) s.q[node.qIndex + j] = 0.2 * random();
        if (node.nq === 7) {
          const p = [0, 1, 2, 3].map((k) => node.referenceCoordinates[3 + k] + s.q[node.qIndex + 3 + k]);
          const norm = Math.hypot(...p);
          for (let k = 0; k < 4; k++) s.q[node.qIndex + 3 + k] = p[k] / norm - node.referenceCoordinates[3 + k];
        }
        if (!create2D) for (let j = 3; j < node.nu; j++) s.u[node.uIndex + j] += 20 * random();
      }
      for (const index of markers) {
        const marker = model.markers[index] as PositionMarkerModel;
        const node = marker.nodes[0];
        const n = marker.nLocalU;
        const analytic = new Float64Array(3 * n);
        marker.velocity_q?.(s, analytic);
        let scale = 0, error = 0;
        for (const v of analytic) scale = Math.max(scale, Math.abs(v));
        for (const { d, apply } of nodeDirections(node, s)) {
          const saved = s.q.slice();
          const v = (sign: number) => { apply(s.q, sign * 1e-6); const out = new Float64Array(3); marker.velocity(s, out); s.q.set(saved); return out; };
          const vp = v(1), vm = v(-1);
          for (let r = 0; r < 3; r++) {
            let jd = 0;
            for (let j = 0; j < n; j++) jd += analytic[r * n + j] * d[j];
            error = Math.max(error, Math.abs((vp[r] - vm[r]) / 2e-6 - jd));
          }
        }
        // smooth in q, |v| ~ 10: h = 1e-6 leaves ~1e-10 relative of truncation and round-off
        expect(scale).toBeGreaterThan(1);
        expect(error / scale).toBeLessThan(1e-9);
      }
    }
  });

  it('withoutVelocity_qTheDampingJacobianIsWrong', () => {
    // the same check with the markers' velocity_q removed fails: it is the term this capability adds
    const mbs = spinningPair([NodeType.RotationEulerParameters, NodeType.RotationRxyz]);
    const model = mbs.compiled();
    for (const marker of model.markers) (marker as { velocity_q?: unknown }).velocity_q = undefined;
    const errors = model.objects.filter((o) => o.label.typeName.startsWith('Connector')).map((c) => jacobianError(c, model.data.current, false, 1e-6).error);
    expect(Math.max(...errors)).toBeGreaterThan(1e-3);
  });
});

describe('positionAndOrientation of MarkerBodyRigid on rigid bodies (the joints\' and rigid connectors\' one pass)', () => {
  it('writesTheBitsOfPositionAndOrientationOnEveryRigidNodeType', () => {
    const pairs: [NodeType, NodeType][] = [
      [NodeType.RotationEulerParameters, NodeType.RotationRxyz], [NodeType.RotationRotationVector, NodeType.RotationQuaternion],
    ];
    let checked = 0;
    for (const types of pairs) {
      const model = spinningPair(types).compiled();
      const s = model.data.current;
      const random = randomSequence(5);
      for (let i = 0; i < s.q.length; i++) s.q[i] += 0.2 * random();
      for (const marker of model.markers) {
        if (marker.label.typeName !== 'BodyRigid') continue;
        const rigid = marker as RigidMarkerModel;
        const p = new Float64Array(3), a = new Float64Array(9), pBoth = new Float64Array(3), aBoth = new Float64Array(9);
        rigid.position(s, p);
        rigid.orientation(s, a);
        rigid.positionAndOrientation!(s, pBoth, aBoth);
        // the same operations in the same order: equal bit for bit (Object.is tells −0 from +0)
        for (let i = 0; i < 3; i++) expect(Object.is(pBoth[i], p[i])).toBe(true);
        for (let i = 0; i < 9; i++) expect(Object.is(aBoth[i], a[i])).toBe(true);
        // and the formula itself, formed here from the node: p_node + A·x, the lever's sum in the engine's order
        const node = rigid.nodes[0], x = (rigid as unknown as { localPosition: Float64Array }).localPosition;
        const pNode = new Float64Array(3), aNode = new Float64Array(9);
        node.position!(s, pNode);
        node.orientation!(s, aNode);
        for (let i = 0; i < 9; i++) expect(Object.is(aBoth[i], aNode[i])).toBe(true);
        for (let i = 0; i < 3; i++) {
          expect(Object.is(pBoth[i], pNode[i] + (aNode[3 * i] * x[0] + aNode[3 * i + 1] * x[1] + aNode[3 * i + 2] * x[2]))).toBe(true);
        }
        // a turned body (not the identity), so that the lever A·x and every product of the rotation are exercised
        expect(Math.abs(a[1]) + Math.abs(a[2]) + Math.abs(a[5])).toBeGreaterThan(0.1);
        checked++;
      }
    }
    expect(checked).toBe(4);
  });
});

describe('addForceTorqueTransposed of MarkerBodyRigid on rigid bodies (the rigid-body spring-damper\'s loads without the Jacobians)', () => {
  it('addsTheBitsOfTheProductsWithPositionJacobianAndRotationJacobianOnEveryRigidNodeType', () => {
    const pairs: [NodeType, NodeType][] = [
      [NodeType.RotationEulerParameters, NodeType.RotationRxyz], [NodeType.RotationRotationVector, NodeType.RotationQuaternion],
    ];
    const systems = pairs.map((types) => spinningPair(types));
    // and a marker at each body's reference point (positionJacobian's zero coupling block)
    for (const mbs of systems) for (const b of [0, 1]) mbs.addMarker(MarkerBodyRigid({ bodyNumber: b, localPosition: [0, 0, 0] }));
    // forces and torques with signed zeros, a subnormal, large and non-finite entries, besides random ones
    const special = [0, -0, 5e-324, -1e300, Number.POSITIVE_INFINITY, Number.NaN];
    let checked = 0;
    for (const mbs of systems) {
      mbs.assemble();
      const model = mbs.compiled();
      const s = model.data.current;
      const random = randomSequence(7);
      for (let i = 0; i < s.q.length; i++) s.q[i] += 0.2 * random();
      for (const marker of model.markers) {
        if (marker.label.typeName !== 'BodyRigid') continue;
        const rigid = marker as RigidMarkerModel, n = rigid.nLocalU;
        const a = new Float64Array(9), jp = new Float64Array(3 * n), jr = new Float64Array(3 * n);
        rigid.orientation(s, a);
        rigid.positionJacobian(s, jp);
        rigid.rotationJacobian(s, jr);
        for (let trial = 0; trial < 200; trial++) {
          const pick = () => (random() < 0.3 ? special[Math.floor(6 * Math.abs(random())) % 6] : 100 * random());
          const force = [pick(), pick(), pick()], torque = [pick(), pick(), pick()], sign = trial % 2 === 0 ? -1 : 1;
          const start = Float64Array.from({ length: n }, () => (random() < 0.5 ? (random() < 0.5 ? -0 : 0) : random()));
          const direct = Float64Array.from(start), products = Float64Array.from(start);
          rigid.addForceTorqueTransposed!(s, a, force, sign, torque, direct, 0);
          // the connector's products: sign·J_posᵀF, then J_rotᵀτ, entry by entry
          for (let k = 0; k < n; k++) products[k] += sign * (jp[k] * force[0] + jp[n + k] * force[1] + jp[2 * n + k] * force[2]);
          for (let k = 0; k < n; k++) products[k] += 1 * (jr[k] * torque[0] + jr[n + k] * torque[1] + jr[2 * n + k] * torque[2]);
          // equal bit for bit (Object.is tells −0 from +0 and matches NaN)
          for (let k = 0; k < n; k++) expect(Object.is(direct[k], products[k])).toBe(true);
        }
        checked++;
      }
    }
    expect(checked).toBe(8);
  });
});
