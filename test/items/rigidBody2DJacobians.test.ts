import type { PositionMarkerModel } from '../../src/registry/capabilities.ts';
import { describe, expect, it } from 'vitest';
import {
  CartesianSpringDamper, LoadForceVector, LoadTorqueVector, MarkerBodyPosition, MarkerBodyRigid, MarkerNodePosition, NodePointGround,
  NodeRigidBody2D, ObjectConnectorDistance, ObjectJointRevolute2D, ObjectRigidBody2D, SpringDamper, SystemContainer, type MainSystem,
} from '../../src/index.ts';
import { SystemAssembler, type MatrixAccumulator } from '../../src/model/assembly.ts';
import { randomSequence } from '../helpers/random.ts';
import { RigidFrameKinematics } from '../../src/items/objects/rigidBodyBase.ts';
import type { OrientedNode } from '../../src/items/nodes/rigidNodeBase.ts';
import { expectConnectorJacobiansMatchCentralDifferences, jacobianError } from '../helpers/objectJacobian.ts';

/** Dense accumulator for assembler tests. */
class Dense implements MatrixAccumulator {
  readonly values: Float64Array;
  constructor(readonly n: number) { this.values = new Float64Array(n * n); }
  add(row: number, col: number, value: number): void { this.values[row * this.n + col] += value; }
}

/** A planar rigid body (COM offset, rotated reference) with a position and a rigid marker off its node. */
function addBody(mbs: MainSystem, i: number): { position: number; rigid: number } {
  const node = mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [1.2 * i, 0.3 * i, 0.4 + 0.7 * i], initialVelocities: [0.5 - i, 0.8, 30 - 55 * i] }));
  const body = mbs.addObject(ObjectRigidBody2D({ physicsMass: 3 + i, physicsInertia: 0.4, physicsCenterOfMass: [0.1, -0.05 * i], nodeNumber: node }));
  return {
    position: mbs.addMarker(MarkerBodyPosition({ bodyNumber: body, localPosition: [0.3 - 0.5 * i, 0.15, 0] })),
    rigid: mbs.addMarker(MarkerBodyRigid({ bodyNumber: body, localPosition: [-0.2, 0.25 + 0.1 * i, 0.05] })),
  };
}

/** Two spinning planar rigid bodies with damped connectors between off-node markers and to a ground point. */
function spinningPlanarPair(): MainSystem {
  const mbs = new SystemContainer().addSystem();
  const [a, b] = [addBody(mbs, 0), addBody(mbs, 1)];
  const ground = mbs.addMarker(MarkerNodePosition({ nodeNumber: mbs.addNode(NodePointGround({ referenceCoordinates: [0.4, -0.3, 0] })) }));
  mbs.addObject(SpringDamper({ markerNumbers: [a.position, b.position], stiffness: 2e4, damping: 300, referenceLength: 0.6 }));
  mbs.addObject(CartesianSpringDamper({ markerNumbers: [a.rigid, b.rigid], stiffness: [1e4, 2e4, 3e4], damping: [200, 400, 100], offset: [0.1, -0.2, 0] }));
  mbs.addObject(SpringDamper({ markerNumbers: [ground, b.position], stiffness: 5e3, damping: 150, referenceLength: 0.3 }));
  mbs.addObject(CartesianSpringDamper({ markerNumbers: [a.rigid, ground], stiffness: [3e3, 1e3, 2e3], damping: [50, 80, 120] }));
  mbs.assemble();
  const model = mbs.compiled();
  const s = model.data.current;
  const random = randomSequence(17);
  // displaced and rotated away from the reference, spinning (initial velocities plus a random part)
  for (const node of model.nodes) {
    if (node.nq === 0) continue;
    for (let j = 0; j < 3; j++) s.q[node.qIndex + j] = (j === 2 ? 0.5 : 0.05) * random();
    for (let j = 0; j < 3; j++) s.u[node.uIndex + j] += 5 * random();
  }
  return mbs;
}

describe('ObjectRigidBody2D jacobianTransposedVector_q: connector and load Jacobians on planar body markers', () => {
  it('connectorJacobiansMatchCentralDifferences', () => {
    const model = spinningPlanarPair().compiled();
    const s = model.data.current;
    for (const marker of model.markers) {
      if (marker.label.typeName.startsWith('Body')) expect((marker as PositionMarkerModel).jacobianTransposedVector_q).toBeDefined();
    }
    // ode2Lhs is smooth in q: h = 1e-6 leaves O(h²) truncation plus ~1e-10 relative round-off (forces ~1e4 over 2h);
    // observed 4e-11 … 9e-11. Linear in u: h = 1e-3 leaves round-off only (observed ≤ 6e-12). Without the marker term
    // ∂(Jᵀ F)/∂φ: 0.07 … 0.2 (next test).
    expectConnectorJacobiansMatchCentralDifferences(model.objects, s, 4);
  });

  it('withoutTheMarkerJacobianDerivativeTheStiffnessJacobianIsWrong', () => {
    // the former state (no jacobianTransposedVector_q on the 2D body's markers): the ∂(Jᵀ F)/∂φ term is missing
    const model = spinningPlanarPair().compiled();
    for (const marker of model.markers) {
      if (marker.label.typeName.startsWith('Body')) (marker as { jacobianTransposedVector_q?: unknown }).jacobianTransposedVector_q = undefined;
    }
    const errors = model.objects.filter((o) => o.label.typeName.startsWith('Connector')).map((c) => jacobianError(c, model.data.current, false, 1e-6).error);
    expect(Math.min(...errors)).toBeGreaterThan(1e-3);
  });

  it('forceLoadJacobiansOnPlanarBodyMarkersAreAnalyticAndMatchCentralDifferences', () => {
    const mbs = new SystemContainer().addSystem();
    const { position, rigid } = addBody(mbs, 1);
    const loads = [
      mbs.addLoad(LoadForceVector({ markerNumber: position, loadVector: [5, -12, 3] })),
      mbs.addLoad(LoadForceVector({ markerNumber: rigid, loadVector: [-4, 7, 2], bodyFixed: true })),
      mbs.addLoad(LoadTorqueVector({ markerNumber: rigid, loadVector: [1, 2, 3], bodyFixed: true })),
    ];
    mbs.assemble();
    const model = mbs.compiled();
    const s = model.data.current;
    s.q.set([0.03, -0.02, 0.8]);
    s.loadFactor = 0.7;
    for (const index of loads) {
      const load = model.loads[index];
      expect(load.coordinateDependence).toBe('analytic');
      const k = new Float64Array(9);
      load.addGeneralizedLoad_q!(s, k, 1);
      let error = 0, scale = 0;
      for (let j = 0; j < 3; j++) {
        const saved = s.q[j];
        const f = (sign: number) => { s.q[j] = saved + sign * 1e-6; const r = new Float64Array(3); load.addGeneralizedLoad(s, r); s.q[j] = saved; return r; };
        const fp = f(1), fm = f(-1);
        for (let r = 0; r < 3; r++) {
          error = Math.max(error, Math.abs((fp[r] - fm[r]) / 2e-6 - k[r * 3 + j]));
          scale = Math.max(scale, Math.abs(k[r * 3 + j]));
        }
      }
      // central differences, h = 1e-6, |Q| ≤ 10: round-off 2.2e-16·10/1e-6 ≈ 2e-9, truncation 1e-12·|Q'''| (observed 3.4e-10); a missing
      // lever term is O(|F||x|) ≈ 4 (the spatial force, a torque: no coordinate dependence, scale 0)
      expect(error).toBeLessThan(1e-8);
      if (index !== loads[2]) expect(scale).toBeGreaterThan(1);
    }
  });

  it('constraintForceJacobiansOfPlanarJointsAreAnalyticAndMatchCentralDifferences', () => {
    // with jacobianTransposedVector_q the joint kernel (RevoluteJoint2D) and ConnectorDistance differentiate C_qᵀλ
    // analytically on planar bodies; compare with the assembler's central differences
    for (const kind of ['revolute2D', 'distance'] as const) {
      const mbs = new SystemContainer().addSystem();
      const [a, b] = [addBody(mbs, 0), addBody(mbs, 1)];
      const markerNumbers = [a.position, b.position];
      const joint = mbs.addObject(kind === 'revolute2D' ? ObjectJointRevolute2D({ markerNumbers }) : ObjectConnectorDistance({ markerNumbers, distance: 0.8 }));
      mbs.assemble();
      const model = mbs.compiled();
      const s = model.data.current;
      s.q.set([0.05, -0.03, 0.6, -0.02, 0.04, -0.9]);
      for (let i = 0; i < s.lambda.length; i++) s.lambda[i] = 3 * Math.sin(2.3 * i + 0.7) + (i % 2 === 0 ? 1 : -0.5);
      expect(model.objects[joint].constraintForce_q!(s, new Float64Array(36), 1)).toBe(true);
      const jacobian = (numeric: boolean) => {
        const assembler = new SystemAssembler(model);
        assembler.differentiation = { relativeEpsilon: 1e-7, minimumCoordinateSize: 1e-2, forODE2: numeric };
        const dense = new Dense(model.nu);
        assembler.addConstraintForceJacobian(s, dense, 1);
        return dense.values;
      };
      const analytic = jacobian(false), numeric = jacobian(true);
      const scale = Math.max(...analytic.map(Math.abs));
      let worst = 0;
      for (let i = 0; i < analytic.length; i++) worst = Math.max(worst, Math.abs(analytic[i] - numeric[i]));
      // λ = O(1), levers O(0.3): entries O(1); central differences with h = ∛ε·max(0.01, |q|) have round-off ≈ 1e-9 … 1e-8
      // of the entries (observed 1.2e-11 revolute, 1.7e-10 distance); a missing marker term is O(λ·lever) ≈ 0.5
      expect(scale, kind).toBeGreaterThan(0.1);
      expect(worst / scale, kind).toBeLessThan(1e-7);
    }
  });
});

describe('ObjectRigidBody2D position and velocity at a local position', () => {
  it('equal the generic rigid-frame kinematics bit for bit (signed zeros, zero angle and rate, z offsets)', () => {
    const mbs = spinningPlanarPair();
    const model = mbs.compiled();
    const s = model.data.current;
    const bodies = model.objects.filter((o) => o.label.typeName === 'RigidBody2D') as unknown as RigidFrameKinematics<OrientedNode>[];
    expect(bodies.length).toBe(2);
    const node = model.nodes.find((n) => n.nq === 3)!;
    const random = randomSequence(5);
    const points = [[0.3, -0.2, 0], [0, 0, 0.1], [-0, 0.4, -0], [1e-300, -2.5, 3], [0, 0, 0]];
    const generic = new Float64Array(3), fast = new Float64Array(3);
    const same = (a: Float64Array, b: Float64Array) => Array.from(a).map((x, i) => Object.is(x, b[i]));
    let compared = 0;
    for (const angle of [0, -0, 0.7, -2.1]) {
      for (const rate of [0, -0, 3.5]) {
        s.q[node.qIndex + 2] = angle - node.referenceCoordinates[2];
        s.u[node.uIndex + 2] = rate;
        s.u[node.uIndex] = random() - 0.5;
        for (const body of bodies) {
          for (const x of points) {
            RigidFrameKinematics.prototype.position.call(body, s, x, generic);
            body.position(s, x, fast);
            expect(same(fast, generic)).toEqual([true, true, true]);
            RigidFrameKinematics.prototype.velocity.call(body, s, x, generic);
            body.velocity(s, x, fast);
            expect(same(fast, generic)).toEqual([true, true, true]);
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(120);
  });
});
