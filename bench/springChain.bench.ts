/**
 * A string of 1000 mass points (NodePoint, 3000 coordinates) between two ground points,
 * joined by 1001 pretensioned ObjectConnectorSpringDamper elements and started with a
 * half-sine transverse velocity: geometrically nonlinear, so the implicit solver takes more
 * than one Newton iteration per step. Solved with generalized-α and the sparse solver, and
 * with explicit RK44.
 * @module
 */

import {
  SystemContainer, SimulationSettings, NodePoint, NodePointGround, MassPoint, MarkerNodePosition, SpringDamper,
  DynamicSolverType, LinearSolverType, OutputVariableType, type MainSystem, type SolverStatistics,
} from '../src/index.ts';
import type { Benchmark, PreparedBenchmark } from './harness.ts';

/** Mass points in the chain. */
const masses = 1000;
/**
 * Spacing 1 cm, springs 10 % shorter (pretension k·0.1·spacing = 0.01 N), 1 g masses. The
 * scale keeps the round-off floor of the residual, about k·ε·|x|·√n, two orders below
 * Newton's absolute tolerance 1e-10, so every step converges (with spacing 1 m and k = 1e4
 * it would stagnate at 3e-10 and Newton would fail).
 */
const spacing = 0.01;
const referenceLength = 0.009;
const stiffness = 10;
const damping = 1e-4;
const mass = 1e-3;
/** Peak transverse (y) velocity of the half-sine initial velocity profile. */
const peakVelocity = 0.05;

/** Builds the chain; returns the system and the middle node. */
function buildChain(): { mbs: MainSystem; middle: number } {
  const mbs = new SystemContainer().addSystem();
  const left = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
  let previous = mbs.addMarker(MarkerNodePosition({ nodeNumber: left }));
  let middle = -1;
  for (let i = 1; i <= masses; i++) {
    const vy = peakVelocity * Math.sin((Math.PI * i) / (masses + 1));
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [i * spacing, 0, 0], initialVelocities: [0, vy, 0] }));
    if (i === masses / 2) middle = node;
    mbs.addObject(MassPoint({ physicsMass: mass, nodeNumber: node }));
    const marker = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
    mbs.addObject(SpringDamper({ markerNumbers: [previous, marker], referenceLength, stiffness, damping }));
    previous = marker;
  }
  const right = mbs.addNode(NodePointGround({ referenceCoordinates: [(masses + 1) * spacing, 0, 0] }));
  const rightMarker = mbs.addMarker(MarkerNodePosition({ nodeNumber: right }));
  mbs.addObject(SpringDamper({ markerNumbers: [previous, rightMarker], referenceLength, stiffness, damping }));
  mbs.assemble();
  return { mbs, middle };
}

function prepareChain(steps: number, stepSize: number, solver: DynamicSolverType): PreparedBenchmark {
  const { mbs, middle } = buildChain();
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.linearSolverType = LinearSolverType.EigenSparse;
  settings.timeIntegration.numberOfSteps = steps;
  settings.timeIntegration.endTime = steps * stepSize;
  let statistics: SolverStatistics | undefined;
  return {
    coordinates: mbs.systemData.numberOfCoordinatesODE2() + mbs.systemData.numberOfCoordinatesAE(),
    steps,
    solve: () => { statistics = mbs.solveDynamic(settings, solver); },
    check: () => {
      const y = mbs.getNodeOutput(middle, OutputVariableType.Displacement)[1];
      const newton = statistics !== undefined && statistics.newtonIterations > 0 ? `, ${(statistics.newtonIterations / statistics.steps).toFixed(2)} Newton iterations/step` : '';
      return `middle y = ${y.toPrecision(10)}${newton}`;
    },
  };
}

/** 10 000 generalized-α steps (ρ∞ = 0.9, full Newton) with the sparse solver, h = 1e-3. */
export const springChainImplicit: Benchmark = {
  name: 'springChain1000 gen-α',
  description: '1000 mass points on 1001 pretensioned SpringDampers, GeneralizedAlpha ρ∞ = 0.9, EigenSparse, h = 1e-3',
  repetitions: 3,
  steps: 10_000,
  warmUpSteps: 500,
  prepare: (steps) => prepareChain(steps, 1e-3, DynamicSolverType.GeneralizedAlpha),
};

/** 1000 explicit RK44 steps, h = 1e-3 (the highest frequency, 2·√(k/m) = 200 rad/s, is well inside RK44's stability region). */
export const springChainExplicit: Benchmark = {
  name: 'springChain1000 RK44',
  description: 'the same chain, explicit RK44, constant mass matrix factorized once (EigenSparse), h = 1e-3',
  repetitions: 5,
  steps: 1000,
  warmUpSteps: 1000,
  prepare: (steps) => prepareChain(steps, 1e-3, DynamicSolverType.RK44),
};

/** The benchmarks of this file, in report order. */
export const springChainBenchmarks: readonly Benchmark[] = [springChainImplicit, springChainExplicit];
