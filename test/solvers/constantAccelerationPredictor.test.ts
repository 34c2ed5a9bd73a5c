/**
 * generalizedAlpha.constantAccelerationPredictor: Newton starts each step from a_{n+1} = a_n instead of a_{n+1} = 0. The
 * converged steps must be those of the default predictor: positions to Newton's tolerance; rotations, which a Lie-group
 * update composes with every Newton correction, to a difference that vanishes with the step. For a smooth motion the
 * iteration must start closer to the converged step.
 * @module
 */
import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, NodeRigidBodyRotVecLG, NodeRigidBodyQuaternion, ObjectRigidBody, MarkerBodyPosition, Force,
  quaternionExp,
} from '../../src/index.ts';
import { springChain } from './modelsForTests.ts';

/** A rigid body with a general inertia tensor under a constant force at [0, 1, 0]: its accelerations change with the orientation. */
function forcedBody(kind: 'RotVecLG' | 'Quaternion') {
  const mbs = new SystemContainer().addSystem();
  const rotation = [0.3, -0.2, 0.5];
  const initialVelocities = [0.1, 0, -0.2, 1.5, -0.7, 2.0];
  const node = kind === 'RotVecLG'
    ? mbs.addNode(NodeRigidBodyRotVecLG({ referenceCoordinates: [0, 0, 0, ...rotation], initialVelocities }))
    : mbs.addNode(NodeRigidBodyQuaternion({ referenceCoordinates: [0, 0, 0, ...quaternionExp(rotation)], initialVelocities }));
  const body = mbs.addObject(ObjectRigidBody({ physicsMass: 2, physicsInertia: [0.8, 1.2, 1.6, 0.05, -0.03, 0.08], nodeNumber: node }));
  const marker = mbs.addMarker(MarkerBodyPosition({ bodyNumber: body, localPosition: [0, 1, 0] }));
  mbs.addLoad(Force({ markerNumber: marker, loadVector: [0, 0, -20] }));
  mbs.assemble();
  return { mbs, node };
}

function settingsFor(predictor: boolean, relativeTolerance: number): SimulationSettings {
  const settings = new SimulationSettings();
  settings.timeIntegration.endTime = 1;
  settings.timeIntegration.numberOfSteps = 200;
  settings.solutionSettings.writeSolutionToFile = false;
  settings.timeIntegration.newton.relativeTolerance = relativeTolerance;
  settings.timeIntegration.newton.absoluteTolerance = 1e-14;
  settings.timeIntegration.generalizedAlpha.constantAccelerationPredictor = predictor;
  return settings;
}

describe('generalized-α constantAccelerationPredictor', () => {
  for (const kind of ['Quaternion', 'RotVecLG'] as const) {
    it(`convergesToTheStepsOfTheDefaultPredictorFromACloserStart (${kind})`, () => {
      // Newton to 1e-12 relative (1e-14 absolute) in both runs. The positions agree to 1e-8 of their size;
      // the rotation is composed with every Newton correction (Lie-group update), so the converged rotation depends on the
      // start of the iteration: measured 1.5e-8 of the rotation matrix at 200 steps, a difference that must shrink with
      // the step (at least halve from 200 to 400 steps: it is a consistent error of the scheme, not a wrong start)
      const run = (predictor: boolean, steps: number) => {
        const { mbs, node } = forcedBody(kind);
        const settings = settingsFor(predictor, 1e-12);
        settings.timeIntegration.numberOfSteps = steps;
        mbs.solveDynamic(settings);
        return {
          position: Array.from(mbs.getNodeOutput(node, OutputVariableType.Position)),
          rotation: Array.from(mbs.getNodeOutput(node, OutputVariableType.RotationMatrix)),
          velocity: Array.from(mbs.getNodeOutput(node, OutputVariableType.AngularVelocity)),
        };
      };
      const largestDifference = (a: number[], b: number[]) => Math.max(...a.map((value, i) => Math.abs(value - b[i])));
      const plain = run(false, 200), predicted = run(true, 200);
      expect(largestDifference(predicted.position, plain.position)).toBeLessThan(1e-8 * Math.max(...plain.position.map(Math.abs)));
      const finePredicted = run(true, 400), finePlain = run(false, 400);
      for (const key of ['rotation', 'velocity'] as const) {
        // (the global angular velocity A ω̄ carries the rotation's difference: measured 1.1e-8 of its size)
        const difference = largestDifference(predicted[key], plain[key]);
        expect(difference, key).toBeLessThan(1e-7 * Math.max(...plain[key].map(Math.abs)));
        expect(largestDifference(finePredicted[key], finePlain[key]), key).toBeLessThan(0.5 * difference);
      }
      // the body's accelerations change smoothly: the start a_{n+1} = a_n is closer to the converged step than a_{n+1} = 0
      // (O(h³ ȧ) against O(h² a) in the position): the sum over the steps of |predicted − converged| velocity, at least 10×
      // smaller
      const startError = (predictor: boolean) => {
        const { mbs, node } = forcedBody(kind);
        let predicted: number[] = [], sum = 0;
        mbs.setPreNewtonResidualUserFunction((system, _t, newtonIt, discontinuousIt) => {
          if (newtonIt === 0 && discontinuousIt === 0) predicted = Array.from(system.getNodeOutput(node, OutputVariableType.Coordinates_t));
        });
        mbs.setPostStepUserFunction((system) => {
          if (predicted.length === 0) return true; // (also called once before the first step)
          const converged = system.getNodeOutput(node, OutputVariableType.Coordinates_t);
          for (let i = 0; i < 3; i++) sum += Math.abs(converged[i] - predicted[i]);
          return true;
        });
        mbs.solveDynamic(settingsFor(predictor, 1e-10));
        return sum;
      };
      const withPredictor = startError(true), without = startError(false);
      expect(withPredictor, `ratio ${withPredictor / without}`).toBeLessThan(0.1 * without);
    });
  }

  it('keepsTheTrapezoidalRulesExactDiscreteSolutionOfTheLinearOscillator', () => {
    // ρ∞ = 1: x_n = x0 cos(nΩh), tan(Ωh/2) = ωh/2, from any Newton start (a linear step is solved in one iteration)
    const omega = 50;
    const { mbs, nodes } = springChain({ masses: 1, mass: 1.6, stiffness: 1.6 * omega * omega, initialDisplacement: 0.01 });
    mbs.assemble();
    const settings = settingsFor(true, 1e-8);
    settings.timeIntegration.numberOfSteps = 1000;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    mbs.solveDynamic(settings);
    const h = 1 / 1000, discreteOmega = (2 / h) * Math.atan((omega * h) / 2);
    const x = mbs.getNodeOutput(nodes[0], OutputVariableType.Coordinates)[0];
    expect(Math.abs(x - 0.01 * Math.cos(discreteOmega * 1))).toBeLessThan(1e-13);
  });
});
