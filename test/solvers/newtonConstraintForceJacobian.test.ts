import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, NodePoint2D, ObjectMassPoint2D, MarkerNodePosition, MarkerBodyPosition, ObjectGround,
  ObjectConnectorDistance, ObjectConnectorCartesianSpringDamper, LoadForceVector, FlexdynError, type MainSystem,
} from '../../src/index.ts';

const links = 5, linkLength = 0.5, mass = 1, g = 9.81;

/**
 * A planar chain of 5 mass points on distance constraints below a pivot, under gravity, leaning by `angle`; with
 * horizontalStiffness > 0 each mass has a horizontal spring to its reference and the tip a horizontal force of 20 N.
 */
function pendulumChain(angle: number, horizontalStiffness: number): MainSystem {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addObject(ObjectGround({}));
  let previous = mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground, localPosition: [0, 0, 0] }));
  for (let i = 1; i <= links; i++) {
    const reference = [i * linkLength * Math.sin(angle), -i * linkLength * Math.cos(angle), 0];
    const node = mbs.addNode(NodePoint2D({ referenceCoordinates: reference.slice(0, 2) }));
    mbs.addObject(ObjectMassPoint2D({ physicsMass: mass, nodeNumber: node }));
    const marker = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
    mbs.addObject(ObjectConnectorDistance({ markerNumbers: [previous, marker], distance: linkLength }));
    if (horizontalStiffness > 0) {
      const anchor = mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground, localPosition: reference }));
      mbs.addObject(ObjectConnectorCartesianSpringDamper({ markerNumbers: [anchor, marker], stiffness: [horizontalStiffness, 0, 0] }));
    }
    mbs.addLoad(LoadForceVector({ markerNumber: marker, loadVector: [i === links && horizontalStiffness > 0 ? 20 : 0, -mass * g, 0] }));
    previous = marker;
  }
  mbs.assemble();
  return mbs;
}

/** One static load step from the hanging reference, no adaptive step reduction; Newton iterations and the solution. */
function solveStaticChain(horizontalStiffness: number, constraintForceJacobian: boolean): { iterations: number; q: number[] } {
  const mbs = pendulumChain(0, horizontalStiffness);
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.staticSolver.adaptiveStep = false;
  settings.staticSolver.newton.maxIterations = 50;
  settings.staticSolver.newton.relativeTolerance = 1e-10;
  settings.staticSolver.newton.constraintForceJacobian = constraintForceJacobian;
  const statistics = mbs.solveStatic(settings);
  return { iterations: statistics.newtonIterations, q: mbs.systemData.getODE2Coordinates() };
}

const maxDifference = (a: number[], b: number[]) => Math.max(...a.map((x, i) => Math.abs(x - b[i])));

describe('Newton with the constraint-force Jacobian λ·C_qq (NewtonSettings.constraintForceJacobian)', () => {
  it('staticLoadedChainConvergesQuadraticallyWithItAndLinearlyWithout', () => {
    // tensions up to 5 m g = 49 N on 0.5 m links: geometric stiffness λ/ℓ ≈ 100 N/m per link against 500 N/m springs.
    // Without the term (Exudyn's Jacobian) Newton is a fixed-point iteration: measured 25 iterations; with it, 3.
    const exudyn = solveStaticChain(500, false);
    const full = solveStaticChain(500, true);
    expect(full.iterations).toBeLessThanOrEqual(4);
    expect(exudyn.iterations).toBeGreaterThanOrEqual(15);
    // the same equilibrium (tip 38.5 mm aside); both to the residual tolerance, measured 2.7e-12
    expect(Math.abs(full.q[2 * links - 2])).toBeGreaterThan(0.03);
    expect(maxDifference(full.q, exudyn.q)).toBeLessThan(1e-9);
  });

  it('staticChainWithSoftSpringsNeedsTheTerm', () => {
    // springs of 50 N/m: the geometric stiffness dominates; without it Newton does not converge in 50 iterations
    expect(() => solveStaticChain(50, false)).toThrow(FlexdynError);
    // measured 5 iterations
    expect(solveStaticChain(50, true).iterations).toBeLessThanOrEqual(6);
  });

  it('implicitSwingingChainNeedsFewerIterationsAndGivesTheSameMotion', () => {
    const run = (constraintForceJacobian: boolean) => {
      const mbs = pendulumChain(0.6, 0);
      const settings = new SimulationSettings();
      settings.solutionSettings.writeSolutionToFile = false;
      settings.timeIntegration.endTime = 1;
      settings.timeIntegration.numberOfSteps = 100;
      settings.timeIntegration.verboseMode = 0;
      settings.timeIntegration.newton.relativeTolerance = 1e-10;
      settings.timeIntegration.newton.constraintForceJacobian = constraintForceJacobian;
      const statistics = mbs.solveDynamic(settings);
      return { iterations: statistics.newtonIterations, q: mbs.systemData.getODE2Coordinates() };
    };
    const exudyn = run(false), full = run(true);
    // measured 4.56 and 2.88 iterations per step (h = 0.01 s: the mass matrix dominates the Jacobian, λ·C_qq is βh² λ/ℓ)
    expect(full.iterations / 100).toBeLessThan(3.2);
    expect(exudyn.iterations / 100).toBeGreaterThan(4);
    // the same solution to the Newton tolerance (measured 7.9e-12)
    expect(maxDifference(full.q, exudyn.q)).toBeLessThan(1e-9);
  });
});
