import { describe, expect, it } from 'vitest';
import { InertiaCuboid, MarkerBodyRigid, NodeType, ObjectGround, OutputVariableType, RigidBodySpringDamper, RotXYZ2RotationMatrix, SystemContainer } from '../../src/index.ts';
import type { ObjectModel } from '../../src/registry/capabilities.ts';
import type { SystemState } from '../../src/model/SystemState.ts';
import { randomSequence } from '../helpers/random.ts';
import { jacobianError } from '../helpers/objectJacobian.ts';
import { dense } from '../helpers/denseMatrix.ts';

/** Coupled stiffness and damping (symmetric positive definite: diagonal-dominant). */
const stiffness = [2e4, 3e4, 1e4, 400, 500, 600].map((k, i) => [0, 1, 2, 3, 4, 5].map((j) => (i === j ? k : 30 + 7 * ((i + j) % 3))));
const damping = [200, 300, 100, 4, 5, 6].map((d, i) => [0, 1, 2, 3, 4, 5].map((j) => (i === j ? d : 0.2 * ((i + 2 * j) % 4))));

/** The entries of a 6 × 6 matrix that couple translations (rows and columns 0–2); zeros elsewhere. */
const translational = (m: number[][]) => m.map((row, i) => row.map((x, j) => (i < 3 && j < 3 ? x : 0)));

/**
 * Two spinning rigid bodies (node type per body) with RigidBodySpringDampers between off-centre markers and from a
 * ground node's marker, joint frames rotated (rotationMarker0/1), displaced and turned away from the reference; with
 * translationOnly the stiffness and damping act on the translations only.
 */
function springPair(types: [NodeType, NodeType], intrinsicFormulation: boolean, withDamping: boolean, aligned = false, translationOnly = false) {
  const mbs = new SystemContainer().addSystem();
  const bodies = types.map((nodeType, i) => mbs.createRigidBody({
    referencePosition: [1.5 * i, 0.2 * i, -0.1], referenceRotationMatrix: RotXYZ2RotationMatrix(aligned ? [0.3, -0.4, 0] : [0.3 + i, -0.4, 0.9 * i]),
    initialAngularVelocity: [4, -2.5 + i, 6], initialVelocity: [0.5, -1, 2 * i],
    inertia: InertiaCuboid(1000, [0.4, 0.2, 0.1]), nodeType,
  }));
  const rigid = bodies.map((b, i) => mbs.addMarker(MarkerBodyRigid({ bodyNumber: b, localPosition: [-0.1, 0.3 * i, 0.2] })));
  const ground = mbs.addMarker(MarkerBodyRigid({ bodyNumber: mbs.addObject(ObjectGround({ referencePosition: [0.4, -0.3, 0.5] })), localPosition: [0.1, 0, -0.2] }));
  const d = withDamping ? damping : damping.map((row) => row.map(() => 0));
  const only = translationOnly ? translational : (m: number[][]) => m;
  const common = { stiffness: only(stiffness), damping: only(d), offset: [0.01, -0.02, 0.03, 0.1, -0.05, 0.2], intrinsicFormulation };
  const frames = aligned ? {} : { rotationMarker0: RotXYZ2RotationMatrix([0.3, -0.2, 0.5]), rotationMarker1: RotXYZ2RotationMatrix([-0.1, 0.4, 0.2]) };
  mbs.addObject(RigidBodySpringDamper({ markerNumbers: rigid, ...common, ...frames }));
  mbs.addObject(RigidBodySpringDamper({ markerNumbers: [ground, rigid[1]], ...common }));
  mbs.addObject(RigidBodySpringDamper({ markerNumbers: [rigid[0], ground], ...common, rotationMarker1: RotXYZ2RotationMatrix([0.2, 0.1, -0.3]) }));
  mbs.assemble();
  return mbs;
}

/** Moves the bodies away from the reference (unit Euler parameters / quaternions) and adds to their velocities. */
function disturb(model: ReturnType<ReturnType<typeof springPair>['compiled']>, seed: number, rotation = 0.3): SystemState {
  const s = model.data.current;
  const random = randomSequence(seed);
  for (const node of model.nodes) {
    if (node.nq === 0) continue;
    for (let j = 0; j < 3; j++) s.q[node.qIndex + j] = 0.05 * random();
    if (node.nq === 7) {
      const p = [0, 1, 2, 3].map((k) => node.referenceCoordinates[3 + k] + rotation * random());
      const norm = Math.hypot(...p);
      for (let k = 0; k < 4; k++) s.q[node.qIndex + 3 + k] = p[k] / norm - node.referenceCoordinates[3 + k];
    } else {
      for (let j = 3; j < node.nq; j++) s.q[node.qIndex + j] = rotation * random();
    }
    for (let j = 0; j < node.nu; j++) s.u[node.uIndex + j] += 5 * random();
  }
  return s;
}

describe('ConnectorRigidBodySpringDamper: analytic ∂(ode2Lhs)/∂q', () => {
  const pairs: [NodeType, NodeType][] = [
    [NodeType.RotationEulerParameters, NodeType.RotationEulerParameters],
    [NodeType.RotationRxyz, NodeType.RotationRotationVector],
    [NodeType.RotationQuaternion, NodeType.RotationEulerParameters],
  ];
  for (const intrinsicFormulation of [true, false]) {
    for (const withDamping of [false, true]) {
      for (const types of pairs) {
        it(`matchesCentralDifferences: ${intrinsicFormulation ? 'intrinsic' : 'standard'}, ${withDamping ? 'damped' : 'undamped'}, ${types.join(' + ')}`, () => {
          const model = springPair(types, intrinsicFormulation, withDamping).compiled();
          const s = disturb(model, 11);
          const connectors = model.objects.filter((o: ObjectModel) => o.label.typeName === 'ConnectorRigidBodySpringDamper');
          expect(connectors.length).toBe(3);
          for (const connector of connectors) {
            expect(connector.ode2Lhs_q).toBeDefined();
            const { error, scale } = jacobianError(connector, s, false, 1e-6);
            expect(scale).toBeGreaterThan(1e3);
            expect(error).toBeLessThan(1e-9);
          }
        });
      }
    }
  }

  it('matchesCentralDifferencesAtSmallRelativeRotations', () => {
    // relative rotation ≈ 2.5e-3 rad: the series branches of the logarithm's derivative (x = r/|t| ≈ 1e-3 < 1e-2)
    // and of T_exp⁻¹'s (φ < 0.05) are used
    for (const intrinsicFormulation of [true, false]) {
      const model = springPair([NodeType.RotationEulerParameters, NodeType.RotationRxyz], intrinsicFormulation, true, true).compiled();
      const s = disturb(model, 5, 0.002);
      const connector = model.objects.find((o: ObjectModel) => o.label.typeName === 'ConnectorRigidBodySpringDamper')!;
      const rotation = connector.output(OutputVariableType.Rotation, s)!;
      expect(Math.hypot(rotation[0], rotation[1], rotation[2])).toBeLessThan(0.01);
      const { error, scale } = jacobianError(connector, s, false, 1e-6);
      expect(scale).toBeGreaterThan(1e3);
      expect(error).toBeLessThan(1e-9);
    }
  });

  it('includesTheRadialDirectionOfEulerParameters', () => {
    // jacobianError checks Euler parameters along the tangent directions only; Newton's columns are the plain
    // coordinates, whose radial part p (A(λp) = I + λ²(A − I)) the markers' null directions give: central
    // differences along δp = p, h = 1e-6 (observed ≤ 3e-10 relative; without the null directions 0.37)
    for (const intrinsicFormulation of [true, false]) {
      const model = springPair([NodeType.RotationEulerParameters, NodeType.RotationEulerParameters], intrinsicFormulation, true).compiled();
      const s = disturb(model, 7);
      for (const connector of model.objects.filter((o: ObjectModel) => o.label.typeName === 'ConnectorRigidBodySpringDamper')) {
        const n = connector.localNodes.reduce((sum, node) => sum + node.nu, 0);
        const analytic = new Float64Array(n * n);
        connector.ode2Lhs_q!(s, dense(analytic), 1);
        const scale = Math.max(...analytic.map(Math.abs));
        let offset = 0, error = 0;
        for (const node of connector.localNodes) {
          const p = [0, 1, 2, 3].map((k) => node.referenceCoordinates[3 + k] + s.q[node.qIndex + 3 + k]);
          const h = 1e-6, saved = s.q.slice();
          const f = (sign: number) => { for (let k = 0; k < 4; k++) s.q[node.qIndex + 3 + k] += sign * h * p[k]; const r = new Float64Array(n); connector.ode2Lhs!(s, r); s.q.set(saved); return r; };
          const fp = f(1), fm = f(-1);
          for (let i = 0; i < n; i++) {
            let jd = 0;
            for (let k = 0; k < 4; k++) jd += analytic[i * n + offset + 3 + k] * p[k];
            error = Math.max(error, Math.abs((fp[i] - fm[i]) / (2 * h) - jd));
          }
          offset += node.nu;
        }
        expect(scale).toBeGreaterThan(1e3);
        expect(error / scale).toBeLessThan(1e-9);
      }
    }
  });
});

describe('ConnectorRigidBodySpringDamper: translation-only Jacobians', () => {
  // stiffness and damping coupled within the translations only (rows and columns 3–5 zero): the connector takes its
  // translation-only Jacobians, which must add the general ones' entries bit for bit into a matrix of +0
  it('addsTheGeneralJacobiansEntriesBitForBit', () => {
    const types: [NodeType, NodeType][] = [[NodeType.RotationEulerParameters, NodeType.RotationRxyz], [NodeType.RotationQuaternion, NodeType.RotationRotationVector]];
    for (const pair of types) {
      const model = springPair(pair, false, true, false, true).compiled();
      for (let seed = 1; seed <= 20; seed++) {
        const s = disturb(model, seed);
        for (const connector of model.objects.filter((o: ObjectModel) => o.label.typeName === 'ConnectorRigidBodySpringDamper')) {
          const internals = connector as unknown as { translationOnly: boolean; dampingJacobian: NonNullable<ObjectModel['ode2Lhs_u']> };
          expect(internals.translationOnly).toBe(true);
          const n = connector.localNodes.reduce((sum, node) => sum + node.nu, 0);
          const jacobians = () => {
            const q = new Float64Array(n * n), u = new Float64Array(n * n);
            connector.ode2Lhs_q!(s, dense(q), 0.7);
            (internals.translationOnly ? connector.ode2Lhs_u! : internals.dampingJacobian).call(connector, s, dense(u), 0.3);
            return [...q, ...u];
          };
          const fast = jacobians();
          internals.translationOnly = false;
          const general = jacobians();
          internals.translationOnly = true;
          expect(fast.some((x) => x !== 0)).toBe(true);
          for (let i = 0; i < fast.length; i++) expect(Object.is(fast[i], general[i])).toBe(true);
        }
      }
    }
  });
});
