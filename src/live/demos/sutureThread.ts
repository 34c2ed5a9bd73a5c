/**
 * The suture thread of examples/sutureThread.ts (a model of the live page): a stiff thin thread (L = 10 cm,
 * r = 0.2 mm, E = 750 MPa, G = E/3, ρ = 1300 kg/m³) of quadratic Cosserat rod elements along x, both ends clamped, its
 * middle node pulled sideways by a prescribed motion. The model definition only; the comparison with the static
 * solution and the string estimate stays in the example.
 * @module
 */
import {
  SystemContainer, SimulationSettings, LinearSolverType, ObjectGround, MarkerBodyRigid, MarkerNodeRigid, GenericJoint,
  CircularCrossSection, rodStiffnessFromMaterial, type MainSystem, type RodStiffness,
} from '../../index.ts';

/** Thread data of the issue. */
export const sutureData = {
  /** Length L [m]. */
  length: 0.1,
  /** Radius [m]. */
  radius: 2e-4,
  /** Young's modulus E [Pa]. */
  E: 750e6,
  /** Density [kg/m³]. */
  density: 1300,
  /** Sideways pull of the middle d [m]. */
  pull: 0.005,
  /** Duration of the pull T [s]. */
  pullTime: 0.5,
  /** Elements. */
  numberOfElements: 50,
} as const;

/** Cross-section data (circle, G = E/3, i.e. ν = 0.5) for Young's modulus E (default the thread's). */
export function sutureStiffness(E: number = sutureData.E): RodStiffness {
  return rodStiffnessFromMaterial({ crossSection: CircularCrossSection({ radius: sutureData.radius }), E, G: E / 3, density: sutureData.density });
}

/** Changes of the thread data (the live page's form). */
export interface SutureChanges {
  /** Sideways pull of the middle d [m]. */
  pull?: number;
  /** Young's modulus E [Pa]. */
  E?: number;
  /** Elements (even: the middle is a node). */
  numberOfElements?: number;
}

/** The assembled thread. */
export interface SutureModel {
  /** The system (assembled). */
  mbs: MainSystem;
  /** The rod object. */
  rod: number;
  /** Rod nodes from x = 0 to x = L. */
  nodeNumbers: number[];
  /** The middle node (s = L/2). */
  middleNode: number;
}

/**
 * Builds the thread; the pull offset is y(t) = d (1 − cos(π t/T))/2 for t < T, d after (dynamic) or d·min(t, 1) (static:
 * the static solver's load time runs from 0 to 1).
 */
export function buildSutureThread(kind: 'dynamic' | 'static', polynomialDegree = 2, changes: SutureChanges = {}): SutureModel {
  const { length, pull, pullTime, numberOfElements, E } = { ...sutureData, ...changes };
  const mbs = new SystemContainer().addSystem();
  const rod = mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement',
    centerline: { type: 'Straight', length }, numberOfElements, polynomialDegree, rodParameters: sutureStiffness(E),
  });
  const nodes = rod.nodeNumbers;
  const ground = mbs.addObject(ObjectGround({}));
  for (const [node, x] of [[nodes[0], 0], [nodes[nodes.length - 1], length]]) {
    const clamp = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [x, 0, 0] }));
    mbs.addObject(GenericJoint({ markerNumbers: [clamp, mbs.addMarker(MarkerNodeRigid({ nodeNumber: node }))] }));
  }
  const middleNode = nodes[(nodes.length - 1) / 2];
  const offset = kind === 'static'
    ? (t: number) => pull * Math.min(t, 1)
    : (t: number) => (t < pullTime ? 0.5 * pull * (1 - Math.cos(Math.PI * t / pullTime)) : pull);
  const offsetVelocity = (t: number) => (kind === 'static' || t >= pullTime ? 0 : 0.5 * pull * Math.PI / pullTime * Math.sin(Math.PI * t / pullTime));
  mbs.addObject(GenericJoint({
    markerNumbers: [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [length / 2, 0, 0] })), mbs.addMarker(MarkerNodeRigid({ nodeNumber: middleNode }))],
    constrainedAxes: [0, 1, 0, 0, 0, 0],
    offsetUserFunction: (_mbs: unknown, t: number) => [0, offset(t), 0, 0, 0, 0],
    offsetUserFunction_t: (_mbs: unknown, t: number) => [0, offsetVelocity(t), 0, 0, 0, 0],
  }));
  mbs.assemble();
  return { mbs, rod: rod.objectNumber, nodeNumbers: nodes, middleNode };
}

/** Newton tolerance: the residual floor is ≈ 1e-13·EA (EA = 94 N); 1e-9 N is 2e-9 of the tension. */
export const sutureResidualTolerance = 1e-9;

/** Generalized-α ρ∞ = 0.8, h = 1e-3 s, 2 s, sparse LU, fixed steps. */
export function sutureDynamicSettings(endTime = 2, stepSize = 1e-3): SimulationSettings {
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.linearSolverType = LinearSolverType.EigenSparse;
  settings.timeIntegration.endTime = endTime;
  settings.timeIntegration.numberOfSteps = Math.round(endTime / stepSize);
  settings.timeIntegration.generalizedAlpha.spectralRadius = 0.8;
  settings.timeIntegration.adaptiveStep = false;
  settings.timeIntegration.newton.absoluteTolerance = sutureResidualTolerance;
  settings.timeIntegration.verboseMode = 0;
  return settings;
}
