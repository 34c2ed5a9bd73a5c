import { describe, expect, it } from 'vitest';
import {
  SystemContainer, NodeType, RigidBodyInertia, MarkerBodyRigid, MarkerBodyPosition, GenericJoint, ObjectJointRevoluteZ,
  ObjectJointPrismaticX, ObjectJointSpherical, ObjectConnectorDistance, ObjectFFRFreducedOrder, NodeRigidBodyEP, NodeGenericODE2,
  ObjectGround, MarkerSuperElementPosition, createBlockMesh, type MainSystem,
} from '../../src/index.ts';
import { SystemAssembler, type MatrixAccumulator } from '../../src/model/assembly.ts';
import { applyIncrement } from '../../src/solvers/increments.ts';

/** Dense accumulator for assembler tests. */
class Dense implements MatrixAccumulator {
  readonly values: Float64Array;
  constructor(readonly n: number) { this.values = new Float64Array(n * n); }
  add(row: number, col: number, value: number): void { this.values[row * this.n + col] += value; }
}

const rotation = (a: number, b: number): number[][] => {
  // R_z(a) R_x(b)
  const [ca, sa, cb, sb] = [Math.cos(a), Math.sin(a), Math.cos(b), Math.sin(b)];
  return [[ca, -sa * cb, sa * sb], [sa, ca * cb, -ca * sb], [0, sb, cb]];
};

type JointKind = 'generic' | 'genericLocal' | 'genericOneRotation' | 'revoluteZ' | 'prismaticX' | 'spherical' | 'distance' | 'groundGeneric';

/**
 * Two rigid bodies (or ground and a body) in a displaced, rotated configuration that violates the constraint, with a joint
 * between body-fixed markers off the nodes; returns the system with arbitrary multipliers set in the current state.
 */
function jointedBodies(kind: JointKind, nodeType: NodeType): MainSystem {
  const mbs = new SystemContainer().addSystem();
  const inertia = new RigidBodyInertia(2, [[1, 0.1, 0], [0.1, 2, 0], [0, 0, 3]]);
  const ground = mbs.createGround({});
  const body0 = mbs.createRigidBody({ inertia, nodeType, referencePosition: [0.1, 0.2, 0.3], referenceRotationMatrix: rotation(0.3, 0.5), initialRotationMatrix: rotation(-0.2, 0.4), initialDisplacement: [0.05, -0.02, 0.1] });
  const body1 = mbs.createRigidBody({ inertia, nodeType, referencePosition: [0.9, -0.1, 0.4], referenceRotationMatrix: rotation(-0.7, 0.2), initialRotationMatrix: rotation(0.5, -0.3), initialDisplacement: [-0.03, 0.04, 0.02] });
  const first = kind === 'groundGeneric' ? ground : body0;
  const rigid0 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: first, localPosition: [0.3, -0.2, 0.1] }));
  const rigid1 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: body1, localPosition: [-0.4, 0.1, 0.25] }));
  const position0 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: first, localPosition: [0.3, -0.2, 0.1] }));
  const position1 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: body1, localPosition: [-0.4, 0.1, 0.25] }));
  const frames = { rotationMarker0: rotation(0.4, -0.6), rotationMarker1: rotation(1.1, 0.3) };
  const markerNumbers = [rigid0, rigid1];
  switch (kind) {
    case 'generic': case 'groundGeneric': mbs.addObject(GenericJoint({ markerNumbers, ...frames })); break;
    case 'genericLocal': mbs.addObject(GenericJoint({ markerNumbers, constrainedAxes: [1, 0, 1, 0, 1, 1], ...frames })); break;
    case 'genericOneRotation': mbs.addObject(GenericJoint({ markerNumbers, constrainedAxes: [0, 1, 1, 1, 0, 0], ...frames })); break;
    case 'revoluteZ': mbs.addObject(ObjectJointRevoluteZ({ markerNumbers, ...frames })); break;
    case 'prismaticX': mbs.addObject(ObjectJointPrismaticX({ markerNumbers, ...frames })); break;
    case 'spherical': mbs.addObject(ObjectJointSpherical({ markerNumbers: [position0, position1] })); break;
    case 'distance': mbs.addObject(ObjectConnectorDistance({ markerNumbers: [position0, position1], distance: 0.7 })); break;
  }
  mbs.assemble();
  const s = mbs.compiled().data.current;
  s.copyFrom(mbs.compiled().data.initial);
  for (let i = 0; i < s.lambda.length; i++) s.lambda[i] = 3 * Math.sin(2.3 * i + 0.7) + (i % 2 === 0 ? 1 : -0.5);
  return mbs;
}

/** ∂(C_qᵀλ)/∂q of the whole system, analytic where the items provide it (numeric = false) or by central differences. */
function constraintForceJacobian(mbs: MainSystem, numeric: boolean): Dense {
  const model = mbs.compiled();
  const assembler = new SystemAssembler(model);
  assembler.differentiation = { relativeEpsilon: 1e-7, minimumCoordinateSize: 1e-2, forODE2: numeric };
  const dense = new Dense(model.nu);
  assembler.addConstraintForceJacobian(model.data.current, dense, 1);
  return dense;
}

/** Columns of the Euler-parameter blocks projected onto the tangent of |p| = 1 (analytic C_q, as Exudyn's, is exact there only). */
function tangentColumns(mbs: MainSystem, k: Dense): Float64Array {
  const model = mbs.compiled();
  const out = Float64Array.from(k.values);
  const s = model.data.current;
  for (const node of model.nodes) {
    if (node.nAE === 0) continue;
    const p = [0, 1, 2, 3].map((i) => s.qRef[node.qIndex + 3 + i] + s.q[node.qIndex + 3 + i]);
    const pp = p.reduce((sum, x) => sum + x * x, 0);
    for (let row = 0; row < k.n; row++) {
      const c = [0, 1, 2, 3].map((i) => k.values[row * k.n + node.uIndex + 3 + i]);
      const dot = c.reduce((sum, x, i) => sum + x * p[i], 0) / pp;
      for (let i = 0; i < 4; i++) out[row * k.n + node.uIndex + 3 + i] = c[i] - dot * p[i];
    }
  }
  return out;
}

/** A helical Cosserat rod with a GenericJoint (partly locked, local translations) from a body-rigid rod marker inside element 1 to a rigid body. */
function rodJoint(): MainSystem {
  const mbs = new SystemContainer().addSystem();
  const rod = mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement',
    centerline: { type: 'Helix', radius: 0.1, pitch: 0.05, turns: 1 }, numberOfElements: 4, polynomialDegree: 2,
    physicsAxialShearStiffness: [1e4, 1e3, 1e3], physicsBendingTorsionStiffness: [5, 5, 5],
  });
  const body = mbs.createRigidBody({ inertia: new RigidBodyInertia(1, [[1, 0, 0], [0, 1, 0], [0, 0, 1]]), nodeType: NodeType.RotationRotationVector, referencePosition: [0.05, 0.12, 0.02], initialRotationMatrix: rotation(0.3, -0.2) });
  const onRod = mbs.addMarker(MarkerBodyRigid({ bodyNumber: rod.objectNumber, localPosition: [0.2, 0, 0] }));
  const onBody = mbs.addMarker(MarkerBodyRigid({ bodyNumber: body, localPosition: [0.1, -0.05, 0.2] }));
  mbs.addObject(GenericJoint({ markerNumbers: [onRod, onBody], constrainedAxes: [1, 1, 0, 1, 0, 1], rotationMarker0: rotation(0.4, -0.6) }));
  mbs.assemble();
  const s = mbs.compiled().data.current;
  s.copyFrom(mbs.compiled().data.initial);
  for (let i = 0; i < s.lambda.length; i++) s.lambda[i] = 3 * Math.sin(2.3 * i + 0.7) + (i % 2 === 0 ? 1 : -0.5);
  return mbs;
}

/** A reduced-order FFRF block (rotated reference frame, one bending-like mode) on a distance constraint from a super-element position marker to ground. */
function superElementDistance(): MainSystem {
  const mesh = createBlockMesh({ size: [1, 0.5, 0.2], divisions: [2, 1, 1], origin: [-0.5, -0.25, -0.1] });
  const x = mesh.nodes, n = x.length / 3;
  const psi: number[][] = [];
  for (let i = 0; i < n; i++) psi.push([0.1 * x[3 * i] ** 2], [0.2 * x[3 * i]], [0.05 * x[3 * i + 1]]);
  const mbs = new SystemContainer().addSystem();
  const p = [0.9, 0.3, -0.2, 0.25], norm = Math.hypot(...p);
  const nRigid = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [0.1, 0.2, 0.3, ...p.map((v) => v / norm)] }));
  const nModal = mbs.addNode(NodeGenericODE2({ numberOfODE2Coordinates: 1, referenceCoordinates: [0], initialCoordinates: [0.15] }));
  const body = mbs.addObject(ObjectFFRFreducedOrder({ nodeNumbers: [nRigid, nModal], massMatrixReduced: [[1]], modeBasis: psi, referencePositions: Array.from(x), computeFFRFterms: false }));
  const ground = mbs.addObject(ObjectGround({}));
  const onBody = mbs.addMarker(MarkerSuperElementPosition({ bodyNumber: body, meshNodeNumbers: [0, 4, 7], weightingFactors: [0.5, 0.3, 0.2] }));
  mbs.addObject(ObjectConnectorDistance({ markerNumbers: [mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground, localPosition: [1.2, -0.4, 0.5] })), onBody], distance: 1 }));
  mbs.assemble();
  const s = mbs.compiled().data.current;
  s.copyFrom(mbs.compiled().data.initial);
  s.lambda.fill(0);
  const model = mbs.compiled();
  s.lambda[model.addresses.objectAE[model.objects.findIndex((o) => o.nAE > 0)] - model.nu] = 2.5;
  return mbs;
}

describe('constraint-force Jacobian λ·C_qq = ∂(C_qᵀλ)/∂q', () => {
  it('analyticEqualsCentralDifferencesForADistanceConstraintOnASuperElementMarker', () => {
    const mbs = superElementDistance();
    const joint = mbs.compiled().objects.find((o) => o.nAE > 0)!;
    expect(joint.constraintForce_q!(mbs.compiled().data.current, new Float64Array(64 * 64), 1)).toBe(true);
    const a = tangentColumns(mbs, constraintForceJacobian(mbs, false)), b = tangentColumns(mbs, constraintForceJacobian(mbs, true));
    const scale = Math.max(...a.map(Math.abs));
    let worst = 0;
    for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
    // as for the joints below (Euler-parameter columns on the tangent of |p| = 1): measured 2.3e-9
    expect(scale).toBeGreaterThan(0.1);
    expect(worst / scale).toBeLessThan(1e-7);
  });

  it('aJointOnARodCrossSectionInsideAnElementIsDifferentiatedNumerically', () => {
    // the interior frame Σ Nᵢ Aᵢ does not vary as a rigid frame (δA ≠ (Gδ)~A), so the kernel's analytic term would be wrong
    // there (measured 35 % of the largest entry); it declines, and the assembler takes central differences
    const mbs = rodJoint();
    const joint = mbs.compiled().objects.find((o) => o.nAE > 0)!;
    expect(joint.constraintForce_q!(mbs.compiled().data.current, new Float64Array(0), 1)).toBe(false);
    const k = constraintForceJacobian(mbs, false);
    // check against a directional central difference along δ of all coordinates (q ⊕ ±hδ, step 1e-5 instead of the
    // assembler's per-coordinate ∛ε·max(0.01, |q|)): K δ = (r(q ⊕ hδ) − r(q ⊖ hδ))/(2h), r = C_qᵀλ
    const model = mbs.compiled();
    const s = model.data.current;
    const assembler = new SystemAssembler(model);
    const delta = Float64Array.from({ length: model.nu }, (_, i) => Math.sin(1.7 * i + 0.3));
    const saved = s.q.slice();
    const reaction = (h: number): Float64Array => {
      const r = new Float64Array(model.nu);
      applyIncrement(model, s.q, delta, h);
      assembler.addConstraintReactions(s, r);
      s.q.set(saved);
      return r;
    };
    const h = 1e-5, plus = reaction(h), minus = reaction(-h);
    let worst = 0, scale = 0;
    for (let i = 0; i < model.nu; i++) {
      let kd = 0;
      for (let j = 0; j < model.nu; j++) kd += k.values[i * model.nu + j] * delta[j];
      const fd = (plus[i] - minus[i]) / (2 * h);
      scale = Math.max(scale, Math.abs(fd));
      worst = Math.max(worst, Math.abs(kd - fd));
    }
    // both second order: truncation (1e-5)²·|r'''| and the assembler's round-off ≈ 1e-9 (measured 2.7e-9)
    expect(scale).toBeGreaterThan(0.1);
    expect(worst / scale).toBeLessThan(1e-7);
  });

  // alternativeConstraints has no analytic term (central differences, the reference here, are used for it)
  const kinds: JointKind[] = ['generic', 'genericLocal', 'genericOneRotation', 'revoluteZ', 'prismaticX', 'spherical', 'distance', 'groundGeneric'];
  const nodeTypes = [NodeType.RotationRxyz, NodeType.RotationRotationVector, NodeType.RotationQuaternion, NodeType.RotationEulerParameters];
  for (const nodeType of nodeTypes) {
    for (const kind of kinds) {
      it(`analyticEqualsCentralDifferences_${kind}_${nodeType}`, () => {
        const mbs = jointedBodies(kind, nodeType);
        const analytic = constraintForceJacobian(mbs, false);
        const numeric = constraintForceJacobian(mbs, true);
        const a = nodeType === NodeType.RotationEulerParameters ? tangentColumns(mbs, analytic) : analytic.values;
        const b = nodeType === NodeType.RotationEulerParameters ? tangentColumns(mbs, numeric) : numeric.values;
        const scale = Math.max(...a.map(Math.abs));
        // the multipliers are O(1) and the levers O(0.5): entries O(1–10); central differences with h = ∛ε·max(0.01, |q|)
        // have round-off errors ε/h ≈ 1e-9 … 1e-8 of the entries (measured 1.4e-10 … 1.2e-8); the analytic terms must be
        // nonzero and agree to 1e-7 of the largest entry (a wrong sign or a missing block is an O(1) difference)
        expect(scale).toBeGreaterThan(0.1);
        let worst = 0;
        for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
        expect(worst / scale).toBeLessThan(1e-7);
      });
    }
  }
});
