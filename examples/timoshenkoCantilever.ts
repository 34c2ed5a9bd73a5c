/**
 * Timoshenko cantilever under an end force (PyElastica's TimoshenkoBeamCase, issue 14): L = 3 m, radius 0.25 m,
 * E = 1e6 Pa, G = E/(99 + 1) = 1e4 Pa, shear coefficient α_c = 27/28, a transverse end force of 15 N. The reference is
 * the linear Timoshenko deflection curve that PyElastica plots, y(s) = F s/(α_c G A) + F L s²/(2EI) − F s³/(6EI).
 *
 * PyElastica damps a dynamic run to rest: 5000 s in explicit steps of 2.1e-3 s (2.4e6 steps). Here: one static solve,
 * one load step. Run `npx tsx examples/timoshenkoCantilever.ts`. Shared with test/rods/pyelasticaValidation.test.ts.
 * @module
 */
import { pathToFileURL } from 'node:url';
import {
  SystemContainer, SimulationSettings, OutputVariableType, ConfigurationType, LinearSolverType, ObjectGround, MarkerBodyRigid, MarkerNodeRigid,
  GenericJoint, Force,
} from '../src/node.ts';

/** PyElastica's beam: length [m], radius [m], Young's and shear modulus [Pa], end force [N]. */
export const timoshenkoData = { L: 3, radius: 0.25, E: 1e6, G: 1e4, force: 15 };

/** The linear Timoshenko deflection y(s) [m] (downwards negative) of the cantilever under the end force F. */
export function timoshenkoDeflection(s: number, F: number): number {
  const { L, radius, E, G } = timoshenkoData;
  const A = Math.PI * radius ** 2, I = Math.PI / 4 * radius ** 4, kGA = (27 / 28) * G * A, EI = E * I;
  return -(F * s / kGA + F * L * s * s / (2 * EI) - F * s ** 3 / (6 * EI));
}

/** Result of {@link solveTimoshenkoCantilever}. */
export interface TimoshenkoResult {
  /** Largest nodal deviation from the Timoshenko curve, relative to its tip value. */
  error: number;
  /** Tip deflection [m]. */
  tipDeflection: number;
  /** [s, y] per node: reference arc length and computed deflection [m]. */
  curve: number[][];
  newtonIterations: number;
}

/** The cantilever as a Cosserat rod (R12, displacement formulation) under the end force F, one static solve with one load step. */
export function solveTimoshenkoCantilever(F: number, numberOfElements: number, polynomialDegree: number): TimoshenkoResult {
  const { L, radius, E, G } = timoshenkoData;
  const A = Math.PI * radius ** 2, I = Math.PI / 4 * radius ** 4, kGA = (27 / 28) * G * A, EI = E * I;
  const mbs = new SystemContainer().addSystem();
  const rod = mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement',
    centerline: { type: 'Straight', length: L }, numberOfElements, polynomialDegree,
    physicsAxialShearStiffness: [E * A, kGA, kGA], physicsBendingTorsionStiffness: [G * 2 * I, EI, EI], physicsMassPerLength: 5000 * A,
  });
  const clamp = mbs.addMarker(MarkerBodyRigid({ bodyNumber: mbs.addObject(ObjectGround({})), localPosition: [0, 0, 0] }));
  mbs.addObject(GenericJoint({ markerNumbers: [clamp, mbs.addMarker(MarkerNodeRigid({ nodeNumber: rod.nodeNumbers[0] }))] }));
  const tip = rod.nodeNumbers[rod.nodeNumbers.length - 1];
  mbs.addLoad(Force({ markerNumber: mbs.addMarker(MarkerNodeRigid({ nodeNumber: tip })), loadVector: [0, -F, 0] }));
  mbs.assemble();
  const settings = new SimulationSettings();
  settings.linearSolverType = LinearSolverType.EigenSparse;
  settings.solutionSettings.writeSolutionToFile = false;
  settings.solutionSettings.sensorsWritePeriod = 0;
  settings.staticSolver.verboseMode = 0;
  settings.staticSolver.numberOfLoadSteps = 1;
  settings.staticSolver.newton.relativeTolerance = 1e-10;
  const statistics = mbs.solveStatic(settings);
  const curve = rod.nodeNumbers.map((node) => [
    mbs.getNodeOutput(node, OutputVariableType.Position, ConfigurationType.Reference)[0], mbs.getNodeOutput(node, OutputVariableType.Displacement)[1],
  ]);
  const error = Math.max(...curve.map(([s, y]) => Math.abs(y - timoshenkoDeflection(s, F))));
  return { error: error / Math.abs(timoshenkoDeflection(L, F)), tipDeflection: curve[curve.length - 1][1], curve, newtonIterations: statistics.newtonIterations };
}

function main(): void {
  const { L, force } = timoshenkoData;
  const result = solveTimoshenkoCantilever(force, 4, 3);
  console.log(`4 cubic elements, one static solve (${result.newtonIterations} Newton iterations; PyElastica: 2.4e6 explicit steps): tip ${result.tipDeflection.toPrecision(8)} m, `
    + `Timoshenko ${timoshenkoDeflection(L, force).toPrecision(8)} m; largest deviation along the rod ${result.error.toExponential(2)} of the tip deflection`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
