import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, NodeRigidBody2D, NodePoint2D, NodePointGround, ObjectBeamGeometricallyExact2D,
  MarkerNodeCoordinate, MarkerNodeRigid, CoordinateConstraint, Force, Torque, type MainSystem,
} from '../../src/index.ts';
import { tightStaticSettings } from '../helpers/settings.ts';
import { geometricallyExactBeam2Dtest } from '../../testModels/geometricallyExactBeam2Dtest.ts';
import { gridGeomExactBeam2D } from '../../testModels/gridGeomExactBeam2D.ts';
import { LShapeGeomExactBeam2D } from '../../testModels/LShapeGeomExactBeam2D.ts';
import { testModelError } from '../../testModels/testModel.ts';
import { randomSequence } from '../helpers/random.ts';
import type { ItemState, ObjectModel } from '../../src/registry/capabilities.ts';

const L = 2, EI = 2e3, EA = 1e7, GA = 5e5, rhoA = 3, rhoJ = 0.01;

/** A straight beam along x of n linear (or quadratic) elements; clamped at x = 0 unless clamp is false. */
function straightBeam(n: number, quadratic: boolean, options: Record<string, number> = {}, clamp = true): { mbs: MainSystem; tip: number; tipMarker: number; elements: number[] } {
  const mbs = new SystemContainer().addSystem();
  const nn = quadratic ? 2 * n : n;
  const nodes: number[] = [];
  for (let i = 0; i <= nn; i++) nodes.push(mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [i * L / nn, 0, 0] })));
  const elements: number[] = [];
  for (let i = 0; i < n; i++) {
    elements.push(mbs.addObject(ObjectBeamGeometricallyExact2D({
      nodeNumbers: quadratic ? [nodes[2 * i], nodes[2 * i + 1], nodes[2 * i + 2]] : [nodes[i], nodes[i + 1]], physicsLength: L / n,
      physicsBendingStiffness: EI, physicsAxialStiffness: EA, physicsShearStiffness: GA, physicsMassPerLength: rhoA, physicsCrossSectionInertia: rhoJ, ...options,
    })));
  }
  if (clamp) {
    const ground = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: mbs.addNode(NodePointGround({})), coordinate: 0 }));
    for (const coordinate of [0, 1, 2]) mbs.addObject(CoordinateConstraint({ markerNumbers: [ground, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nodes[0], coordinate }))] }));
  }
  return { mbs, tip: nodes[nn], tipMarker: mbs.addMarker(MarkerNodeRigid({ nodeNumber: nodes[nn] })), elements };
}


describe('ObjectBeamGeometricallyExact2D', () => {
  it('portsOfExudynsTestModelsMatchTheirReferences', () => {
    for (const model of [geometricallyExactBeam2Dtest, gridGeomExactBeam2D, LShapeGeomExactBeam2D]) {
      expect(testModelError(model, model.run()), model.name).toBeLessThan(model.tolerance);
    }
  });

  it('smallDeflectionCantileverMatchesTimoshenkosTipDeflection', () => {
    // δ = PL³/(3EI) + PL/(GA). P = 1e-3 keeps δ/L ≈ 7e-7, so the geometric nonlinearity is O((δ/L)²) ≈ 5e-13.
    // Linear elements with one-point (reduced) integration are known to give the bending part too soft by exactly
    // PL³/(12 EI n²) at the nodes; quadratic elements with two points give the nodal value exactly.
    const P = 1e-3;
    const bending = P * L ** 3 / (3 * EI);
    const exact = bending + P * L / GA;
    for (const n of [4, 16]) {
      const linear = straightBeam(n, false);
      linear.mbs.addLoad(Force({ markerNumber: linear.tipMarker, loadVector: [0, P, 0] }));
      linear.mbs.assemble();
      linear.mbs.solveStatic(tightStaticSettings());
      const uLinear = linear.mbs.getNodeOutput(linear.tip, OutputVariableType.Coordinates)[1];
      expect(Math.abs(uLinear - (exact - bending / (4 * n * n))) / exact).toBeLessThan(1e-9);
      const quadratic = straightBeam(n, true);
      quadratic.mbs.addLoad(Force({ markerNumber: quadratic.tipMarker, loadVector: [0, P, 0] }));
      quadratic.mbs.assemble();
      quadratic.mbs.solveStatic(tightStaticSettings());
      const uQuadratic = quadratic.mbs.getNodeOutput(quadratic.tip, OutputVariableType.Coordinates)[1];
      expect(Math.abs(uQuadratic - exact) / exact).toBeLessThan(1e-9);
    }
  });

  it('tipMomentBendsTheBeamToACircle', () => {
    // A tip moment M gives constant curvature κ = M/EI, N = Q = 0: the tip turns by Θ = ML/EI. With one-point
    // integration the linear element has no strain at its midpoint, so each chord has the element length L/n and the
    // nodes lie exactly on the circle of radius R' = (L/n)/(2 sin(Θ/2n)) (→ R = EI/M); quadratic elements approach R
    // at O(h⁴) (measured 6.6e-4 R, 4.0e-5 R for n = 4, 8: ratio 16.5).
    const Theta = 1.5 * Math.PI;
    const M = Theta * EI / L;
    const R = EI / M;
    for (const n of [4, 8]) {
      const linear = straightBeam(n, false);
      linear.mbs.addLoad(Torque({ markerNumber: linear.tipMarker, loadVector: [0, 0, M] }));
      linear.mbs.assemble();
      linear.mbs.solveStatic(tightStaticSettings(6));
      const p = linear.mbs.getNodeOutput(linear.tip, OutputVariableType.Position);
      const Rn = (L / n) / (2 * Math.sin(Theta / (2 * n)));
      expect(Math.abs(p[0] - Rn * Math.sin(Theta))).toBeLessThan(1e-10 * L);
      expect(Math.abs(p[1] - Rn * (1 - Math.cos(Theta)))).toBeLessThan(1e-10 * L);
      expect(linear.mbs.getNodeOutput(linear.tip, OutputVariableType.Coordinates)[2]).toBeCloseTo(Theta, 10);
      const curvature = linear.mbs.getObjectOutputBody(linear.elements[n - 1], OutputVariableType.CurvatureLocal, [0.1, 0, 0]);
      expect(curvature[2]).toBeCloseTo(1 / R, 10);
      expect(linear.mbs.getObjectOutputBody(linear.elements[0], OutputVariableType.TorqueLocal, [0, 0, 0])[2]).toBeCloseTo(M, 6);
    }
    const errors = [4, 8].map((n) => {
      const quadratic = straightBeam(n, true);
      quadratic.mbs.addLoad(Torque({ markerNumber: quadratic.tipMarker, loadVector: [0, 0, M] }));
      quadratic.mbs.assemble();
      quadratic.mbs.solveStatic(tightStaticSettings(6));
      const p = quadratic.mbs.getNodeOutput(quadratic.tip, OutputVariableType.Position);
      return Math.hypot(p[0] - R * Math.sin(Theta), p[1] - R * (1 - Math.cos(Theta)));
    });
    expect(errors[0]).toBeLessThan(1e-3 * R);
    expect(errors[0] / errors[1]).toBeGreaterThan(14);
    expect(errors[0] / errors[1]).toBeLessThan(18);
  });

  it('axialAndBendingEigenfrequenciesOfTheCantilever', () => {
    // Clamped at x = 0 by constrainedCoordinates. Axial: ω_k = (2k − 1)π/(2L) √(EA/ρA); linear elements with a
    // consistent mass overestimate it by (kh)²/24 to leading order. EA is low so that the axial mode is the first one.
    const axial = (n: number, quadratic: boolean) => {
      const { mbs } = straightBeam(n, quadratic, { physicsAxialStiffness: 10 }, false);
      mbs.assemble();
      const { values } = mbs.computeODE2Eigenvalues(new SimulationSettings(), { constrainedCoordinates: [0, 1, 2], numberOfEigenvalues: 1 });
      return Math.sqrt(values[0]);
    };
    const omegaAxial = Math.PI / (2 * L) * Math.sqrt(10 / rhoA);
    const error16 = axial(16, false) / omegaAxial - 1;
    const estimate16 = (Math.PI / (2 * L) * (L / 16)) ** 2 / 24;
    expect(error16 / estimate16).toBeGreaterThan(0.99);
    expect(error16 / estimate16).toBeLessThan(1.01);
    const quadratic = [4, 8].map((n) => axial(n, true) / omegaAxial - 1);
    expect(quadratic[0] / quadratic[1]).toBeGreaterThan(15);
    expect(quadratic[0] / quadratic[1]).toBeLessThan(17);
    // Quadratic elements converge at O(h⁴) (measured 1.6e-5, 1.0e-6 for n = 4, 8).
    // Bending, nearly shear-rigid and without rotary inertia: Euler–Bernoulli ω₁ = β₁² √(EI/(ρA L⁴)),
    // β₁ = 1.8751040687119611, up to the Timoshenko corrections β₁² EI/(GA L²) ≈ 2e-6 and β₁² ρJ/(ρA L²) ≈ 1e-6
    // (GA = 1e9; stiffer makes the eigenproblem ill-conditioned); the linear element converges at O(h²) (ratio 4 per
    // halving), so the Richardson extrapolation of n = 16, 32 approaches ω₁ (measured −8e-7).
    const bending = (n: number) => {
      const { mbs } = straightBeam(n, false, { physicsShearStiffness: 1e9, physicsCrossSectionInertia: 1e-6 }, false);
      mbs.assemble();
      const { values } = mbs.computeODE2Eigenvalues(new SimulationSettings(), { constrainedCoordinates: [0, 1, 2], numberOfEigenvalues: 1 });
      return Math.sqrt(values[0]);
    };
    const omegaBending = 1.8751040687119611 ** 2 * Math.sqrt(EI / (rhoA * L ** 4));
    const [e16, e32] = [16, 32].map((n) => bending(n) / omegaBending - 1);
    expect(e16 / e32).toBeGreaterThan(3.95);
    expect(e16 / e32).toBeLessThan(4.05);
    expect(Math.abs((4 * e32 - e16) / 3)).toBeLessThan(1e-5);
  });

  it('linearElementResidualIsThatOfTheGeneralQuadratureBitForBit', () => {
    // ode2Lhs of the linear element is the quadrature path (gather, section, sums) written out in locals with the same
    // operations in the same order: equal to the last bit (Object.is, signs of zeros included) at random displaced,
    // rotated and moving states (the reference state first), on a polyline with reference angles, with damping and a
    // reference curvature, with and without the nodes' reference rotations.
    const random = randomSequence(29);
    for (const includeReferenceRotations of [false, true]) {
      const mbs = new SystemContainer().addSystem();
      const nodes = [[0, 0, 0.3], [0.5, 0.1, 0.2], [0.9, 0.4, 0.9], [1.2, 0.9, 1.1]].map((r) => mbs.addNode(NodeRigidBody2D({ referenceCoordinates: r })));
      const elements = [0, 1, 2].map((i) => mbs.addObject(ObjectBeamGeometricallyExact2D({
        nodeNumbers: [nodes[i], nodes[i + 1]], physicsLength: 0.5, physicsBendingStiffness: EI, physicsAxialStiffness: EA, physicsShearStiffness: GA,
        physicsMassPerLength: rhoA, physicsCrossSectionInertia: rhoJ, physicsAxialDamping: 0.7, physicsShearDamping: 0.4, physicsBendingDamping: 0.2,
        physicsReferenceCurvature: 0.3, includeReferenceRotations,
      })));
      mbs.assemble();
      const model = mbs.compiled();
      const s = model.data.current;
      for (let trial = 0; trial < 20; trial++) {
        if (trial > 0) for (let i = 0; i < s.q.length; i++) { s.q[i] = (i % 3 === 2 ? 2 : 0.3) * random(); s.u[i] = 5 * random(); }
        for (const index of elements) {
          const element = model.objects[index] as ObjectModel & { ode2LhsSections(s: ItemState, f: Float64Array): void };
          const fast = new Float64Array(6), general = new Float64Array(6);
          element.ode2Lhs!(s, fast);
          element.ode2LhsSections(s, general);
          for (let k = 0; k < 6; k++) expect(Object.is(fast[k], general[k]), `trial ${trial}, element ${index}, entry ${k}: ${fast[k]} vs ${general[k]}`).toBe(true);
        }
      }
    }
  });

  it('rejectsBadInputWithNamedErrors', () => {
    const build = (options: Record<string, unknown>, nodeCount = 2, nodeKind: 'rigid' | 'point' = 'rigid') => () => {
      const mbs = new SystemContainer().addSystem();
      const nodes = Array.from({ length: nodeCount }, (_, i) => nodeKind === 'rigid' ? mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [i, 0, 0] })) : mbs.addNode(NodePoint2D({ referenceCoordinates: [i, 0] })));
      mbs.addObject(ObjectBeamGeometricallyExact2D({ nodeNumbers: nodes, physicsLength: 1, ...options }));
      mbs.assemble();
    };
    expect(build({ physicsLength: 0 })).toThrow(/ObjectBeamGeometricallyExact2D.*physicsLength.*must be positive, got 0/);
    expect(build({ physicsAxialStiffness: -1 })).toThrow(/physicsAxialStiffness/);
    expect(build({}, 4)).toThrow(/nodeNumbers.*two \(linear\) or three \(quadratic\)/);
    expect(build({}, 2, 'point')).toThrow(/nodeNumbers entry 0 must refer to a RigidBody2D node, got NodePoint2D #0/);
    expect(build({})).not.toThrow();
    expect(build({}, 3)).not.toThrow();
  });
});
