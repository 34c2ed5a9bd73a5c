import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, LinearSolverType, ObjectGround, MarkerBodyRigid, MarkerBodyMass, GenericJoint, Force,
  Gravity, CircularCrossSection, rodStiffnessFromMaterial, type MainSystem,
} from '../../src/index.ts';

/*
 * The 'SE3' interpolation of the Cosserat rod on problems whose strain is not constant: static, eigenvalue and dynamic
 * solves of a clamped rod against refined cubic quaternion / R12 solutions (the exact-strain cases, circle and helix,
 * are in test/items/cosseratRod.test.ts and test/rods/helixRollUp.test.ts).
 */

type Interpolation = 'R12' | 'quaternion' | 'SE3';

/** A straight rod of length 1 along x (circular section radius 0.01, ν = 0.3, ρ = 1000) clamped at s = 0. */
function clampedRod(interpolation: Interpolation, p: number, nEl: number, E: number): { mbs: MainSystem; tip: number; rod: number } {
  const mbs = new SystemContainer().addSystem();
  const rodParameters = rodStiffnessFromMaterial({ crossSection: CircularCrossSection({ radius: 0.01 }), E, nu: 0.3, density: 1000 });
  const rod = mbs.createCosseratRod({ formulation: 'displacement',
    centerline: { type: 'Straight', start: [0, 0, 0], direction: [1, 0, 0], up: [0, 0, 1], length: 1 }, numberOfElements: nEl, polynomialDegree: p, rodParameters, interpolation,
  });
  const ground = mbs.addObject(ObjectGround({}));
  mbs.addObject(GenericJoint({ markerNumbers: [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground })), mbs.addMarker(MarkerBodyRigid({ bodyNumber: rod.objectNumber, localPosition: [0, 0, 0] }))] }));
  return { mbs, tip: rod.nodeNumbers[rod.nodeNumbers.length - 1], rod: rod.objectNumber };
}

function settings(): SimulationSettings {
  const s = new SimulationSettings();
  s.solutionSettings.writeSolutionToFile = false;
  s.linearSolverType = LinearSolverType.EigenSparse;
  s.staticSolver.verboseMode = 0;
  s.timeIntegration.verboseMode = 0;
  return s;
}

const distance = (a: ArrayLike<number>, b: ArrayLike<number>) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

describe('Cosserat rod with the SE3 interpolation: convergence where the strain varies', () => {
  it('staticTipForceConvergesWithOrderTwoToTheCubicQuaternionSolution', () => {
    // E = 1e7: the oblique tip force (0, 0.15, 0.05) N bends the rod by ~0.5 L (large rotations, strain varying along it).
    // Reference: quaternion p = 3 with 16 elements (32 elements change the tip by 3e-11). One strain value per SE3 element:
    // tip errors 1.23e-3, 3.07e-4, 7.69e-5 for 8, 16, 32 elements (order 2.00, 2.00); R12 p = 1 with 32 elements 1.2e-4.
    const tipPosition = (interpolation: Interpolation, p: number, nEl: number) => {
      const { mbs, tip, rod } = clampedRod(interpolation, p, nEl, 1e7);
      mbs.addLoad(Force({ markerNumber: mbs.addMarker(MarkerBodyRigid({ bodyNumber: rod, localPosition: [1, 0, 0] })), loadVector: [0, 0.15, 0.05] }));
      mbs.assemble();
      const s = settings();
      s.staticSolver.numberOfLoadSteps = 10;
      s.staticSolver.newton.relativeTolerance = 0;
      s.staticSolver.newton.absoluteTolerance = 1e-11;
      mbs.solveStatic(s);
      return mbs.getNodeOutput(tip, OutputVariableType.Position);
    };
    const reference = tipPosition('quaternion', 3, 16);
    const errors = [8, 16, 32].map((nEl) => distance(tipPosition('SE3', 1, nEl), reference));
    for (let k = 1; k < errors.length; k++) expect(Math.abs(Math.log2(errors[k - 1] / errors[k]) - 2)).toBeLessThan(0.1);
    expect(errors[2]).toBeLessThan(1e-4);
    expect(distance(tipPosition('R12', 1, 32), reference)).toBeLessThan(2e-4);
  }, 60_000);

  it('eigenfrequenciesOfTheClampedRodConvergeWithOrderTwoToTheRefinedSolutions', () => {
    // Steel-like E = 2.1e11: the six lowest frequencies (three bending pairs about the stress-free reference). References:
    // quaternion and R12, p = 3 with 8 elements (they agree to 2e-6 relative on these modes). SE3, 8 / 16 / 32 elements:
    // relative errors of the pairs at 40.54 / 253.7 / 708.8 Hz measured 1.87e-3 / 3.91e-2 / 1.18e-1 (8), 4.75e-4 / 9.63e-3 /
    // 2.79e-2 (16), 1.19e-4 / 2.40e-3 / 6.86e-3 (32): order 2.0 (asserted ±0.15 for each pair and refinement).
    const frequencies = (interpolation: Interpolation, p: number, nEl: number) => {
      const { mbs } = clampedRod(interpolation, p, nEl, 2.1e11);
      mbs.assemble();
      return mbs.computeODE2Eigenvalues(settings(), { numberOfEigenvalues: 6, convert2Frequencies: true }).values;
    };
    const quaternion = frequencies('quaternion', 3, 8), r12 = frequencies('R12', 3, 8);
    quaternion.forEach((f, i) => expect(Math.abs(r12[i] / f - 1)).toBeLessThan(1e-5));
    const errors = [8, 16, 32].map((nEl) => frequencies('SE3', 1, nEl).map((f, i) => Math.abs(f / quaternion[i] - 1)));
    for (const i of [0, 2, 4]) {
      for (let k = 1; k < errors.length; k++) expect(Math.abs(Math.log2(errors[k - 1][i] / errors[k][i]) - 2)).toBeLessThan(0.15);
    }
    expect(errors[2][0]).toBeLessThan(1.3e-4);
  }, 60_000);

  it('gravitySwingOfASoftClampedRodConvergesToTheRefinedDynamicSolution', () => {
    // E = 1e7, released straight and horizontal under gravity: the rod swings down and bends to ~40° tip rotation within
    // 1 s (generalized-α, 400 steps, the same for every mesh so that the time discretization error is common). Reference
    // quaternion p = 3 with 8 elements (16 elements change the tip by 1.1e-5). SE3 tip errors at t = 1 s for 8 / 16 / 32
    // elements: measured 3.2e-2 / 7.2e-3 / 2.1e-3 (ratios 4.4, 3.4: order 2 plus the time discretization's share).
    const tipAtEnd = (interpolation: Interpolation, p: number, nEl: number) => {
      const { mbs, tip, rod } = clampedRod(interpolation, p, nEl, 1e7);
      mbs.addLoad(Gravity({ markerNumber: mbs.addMarker(MarkerBodyMass({ bodyNumber: rod })), loadVector: [0, -9.81, 0] }));
      mbs.assemble();
      const s = settings();
      s.timeIntegration.endTime = 1;
      s.timeIntegration.numberOfSteps = 400;
      mbs.solveDynamic(s);
      return mbs.getNodeOutput(tip, OutputVariableType.Position);
    };
    const reference = tipAtEnd('quaternion', 3, 8);
    const errors = [8, 16, 32].map((nEl) => distance(tipAtEnd('SE3', 1, nEl), reference));
    expect(errors[0] / errors[1]).toBeGreaterThan(3);
    expect(errors[1] / errors[2]).toBeGreaterThan(3);
    expect(errors[2]).toBeLessThan(3e-3);
    expect(distance(tipAtEnd('R12', 2, 16), reference)).toBeLessThan(2e-4);
  }, 60_000);
});
