import { describe, expect, it } from 'vitest';
import {
  buildWilberforce, linearizeAboutStaticEquilibrium, predictedFrequencies, simulateWilberforce, bobMass, bobAxialInertia, fitTwoFrequencies,
  wilberforceSettings,
} from '../../examples/wilberforce.ts';
import { textbookSpringStiffness } from '../../examples/helicalSpring.ts';

describe('Wilberforce pendulum (helical spring of 18 quadratic rod elements + steel cylinder bob)', () => {
  it('twoDegreeOfFreedomModelHasTheIssueFigures', () => {
    const predicted = predictedFrequencies();
    // the figures, rounded as given there
    expect(bobMass).toBeCloseTo(0.4697, 4);
    expect(bobAxialInertia).toBeCloseTo(1.242e-4, 7);
    expect(predicted.torsionalStiffness).toBeCloseTo(3.243e-2, 5);
    expect(predicted.vertical).toBeCloseTo(2.357, 3);
    expect(predicted.torsional).toBeCloseTo(2.572, 3);
  });

  it('verticalAndTorsionalEigenfrequenciesAboutTheLoadedEquilibriumAgreeWithTheTwoDofModel', () => {
    const linear = linearizeAboutStaticEquilibrium(buildWilberforce());
    const predicted = predictedFrequencies();
    // static drop: mg/k = 44.7 mm for the unloaded stiffness; the spring stiffens as it opens (helix angle 0.6° → 8.9°):
    // measured 43.70 mm (the issue: 43 mm from another code of the same model)
    expect(linear.staticDrop).toBeGreaterThan(0.043);
    expect(linear.staticDrop).toBeLessThan(0.0445);
    // the bound 5 %; measured +0.09 % (f_z 2.3591 Hz) and +2.14 % (f_θ 2.6267 Hz, the 2-DOF model has no coupling
    // and no coil opening); another rod code: 2.36 and 2.63 Hz
    expect(Math.abs(linear.vertical / predicted.vertical - 1)).toBeLessThan(0.05);
    expect(Math.abs(linear.torsional / predicted.torsional - 1)).toBeLessThan(0.05);
    expect(linear.torsional).toBeGreaterThan(linear.vertical);
    // the identified modes are dominated by their motion (shares of the bob's kinetic energy)
    const i = linear.frequencies.indexOf(linear.vertical), j = linear.frequencies.indexOf(linear.torsional);
    expect(linear.shares[i].vertical).toBeGreaterThan(0.5);
    expect(linear.shares[j].torsional).toBeGreaterThan(0.5);
  }, 60_000);

  it('bobAttachedByARigidGenericJointHasTheEigenfrequenciesOfTheNodeAttachedBob', () => {
    // the same physics: the bob on the wire-end node (gravity lever in the load Jacobian) or as a separate rigid body held
    // by a GenericJoint with all axes locked (the lever's stiffness now in the joint's λ·C_qq, λ from the static solution)
    const node = linearizeAboutStaticEquilibrium(buildWilberforce());
    const jointModel = buildWilberforce({ bobAttachment: 'joint' });
    const joint = linearizeAboutStaticEquilibrium(jointModel);
    // static solutions to the Newton tolerance (measured 2e-10 drop, 5e-8 rotation)
    expect(Math.abs(joint.staticDrop / node.staticDrop - 1)).toBeLessThan(1e-8);
    expect(Math.abs(joint.staticRotation / node.staticRotation - 1)).toBeLessThan(1e-6);
    // all six lowest frequencies (shift-invert solves): measured ≤ 2.7e-8 relative (vertical 5.8e-9, torsional 1.2e-8),
    // the differences of the two static equilibria; the bound 1e-6 of the task
    expect(joint.frequencies.length).toBe(6);
    joint.frequencies.forEach((f, i) => expect(Math.abs(f / node.frequencies[i] - 1)).toBeLessThan(1e-6));
    expect(Math.abs(joint.vertical / node.vertical - 1)).toBeLessThan(1e-6);
    expect(Math.abs(joint.torsional / node.torsional - 1)).toBeLessThan(1e-6);
    // without the constraint-force stiffness (Exudyn's K) the joint-attached bob loses its gravity lever: f_z 2.445 Hz
    const without = jointModel.mbs.computeODE2Eigenvalues(wilberforceSettings(), {
      includeLoadsJacobian: true, unsymmetricStiffness: true, numberOfEigenvalues: 6, convert2Frequencies: true, shiftInvert: 0, includeConstraintForceJacobian: false,
    });
    expect(Math.abs(without.values[0] / node.frequencies[0] - 1)).toBeGreaterThan(0.1);
  }, 120_000);

  it('fourSecondRunAfterPullingTheBobDownExchangesEnergyAtTheEigenfrequencies', () => {
    const model = buildWilberforce();
    const run = simulateWilberforce(model, 4);
    const predicted = predictedFrequencies();
    expect(run.rows.every((row) => row.every(Number.isFinite))).toBe(true);
    expect(run.rows.at(-1)![0]).toBeCloseTo(4, 12);
    // pulled down by k·10 mm: the stiffened spring moves 9.3 mm, so z oscillates with half range ≤ 10 mm, and the rotation
    // takes over most of the energy: measured half range 0.50 rad, below the 2-DOF limit of a full exchange
    // √(k/δ)·9.3 mm = 0.52 rad (+ 5 %)
    expect(run.verticalAmplitude).toBeGreaterThan(0.008);
    expect(run.verticalAmplitude).toBeLessThan(0.010);
    expect(run.rotationAmplitude).toBeGreaterThan(0.4);
    expect(run.rotationAmplitude).toBeLessThan(1.05 * Math.sqrt(textbookSpringStiffness / predicted.torsionalStiffness) * run.verticalAmplitude);
    // frequencies fitted from z(t), θ(t): measured 2.3589 / 2.6242 Hz, −0.01 % / −0.10 % from the eigenfrequencies about
    // the equilibrium (2.3591 / 2.6267 Hz; generalized-α's period error at ωh = 0.08 is of that order) and +0.08 % /
    // +2.05 % from the 2-DOF model (the bound 5 %); beat period 1/(f₂ − f₁) = 3.77 s (the issue: ≈ 3.7 s)
    expect(Math.abs(run.frequencies[0] / predicted.vertical - 1)).toBeLessThan(0.05);
    expect(Math.abs(run.frequencies[1] / predicted.torsional - 1)).toBeLessThan(0.05);
    expect(Math.abs(run.frequencies[0] / 2.3591 - 1)).toBeLessThan(5e-3);
    expect(Math.abs(run.frequencies[1] / 2.6267 - 1)).toBeLessThan(5e-3);
    expect(run.fitResidual).toBeLessThan(1e-3);
    // fixed steps and Newton: measured 800 steps, 3.02 iterations per step (CardiLLo's backward Euler: 3.1)
    expect(run.statistics.steps).toBe(800);
    expect(run.statistics.newtonIterations / run.statistics.steps).toBeLessThan(4);
    // mean drop: measured 43.74 mm (the issue: 43 mm)
    expect(run.meanDrop).toBeGreaterThan(0.043);
    expect(run.meanDrop).toBeLessThan(0.0445);
  }, 120_000);

  it('pronyFitRecoversTwoFrequenciesOfSampledSignals', () => {
    const dt = 5e-3;
    const z = Array.from({ length: 801 }, (_, n) => 0.3 + Math.cos(2 * Math.PI * 2.36 * n * dt) + Math.cos(2 * Math.PI * 2.63 * n * dt + 1));
    const theta = Array.from({ length: 801 }, (_, n) => -0.1 + 0.5 * Math.cos(2 * Math.PI * 2.36 * n * dt + 2) - Math.cos(2 * Math.PI * 2.63 * n * dt + 0.3));
    const fit = fitTwoFrequencies([z, theta], dt);
    // exact recurrence; the 2×2 normal equations of nearly equal frequencies lose digits: measured errors 4e-4 Hz
    expect(fit.frequencies[0]).toBeCloseTo(2.36, 2);
    expect(fit.frequencies[1]).toBeCloseTo(2.63, 2);
    expect(fit.relativeResidual).toBeLessThan(1e-6);
  });
});
