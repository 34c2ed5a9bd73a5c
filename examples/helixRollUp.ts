/**
 * Helix roll-up of a Cosserat rod (the numerical example, after Harsch & Eugster): a straight rod
 * of the length of two helix coils (R0 = 10, height h = 50, E = 1, G = 0.5, circular cross-section of
 * width length/slenderness) is clamped at s = 0 and loaded at s = L by the body-fixed moment
 * m = (τ GI_p, 0, κ EI₃). Since the moment is constant in the cross-section frame and n = 0, the
 * equilibrium is the helix with curvature κ = 1/(R0(1 + c²)) and torsion τ = c/(R0(1 + c²)),
 * c = h/(2π R0 n), exactly: r(α) = R0 (sin α, −cos α, c α) when the rod starts at r(0) along the helix
 * tangent with the helix frame there (x tangent, y toward the axis, z binormal).
 *
 * Run `npx tsx examples/helixRollUp.ts`: the nodal centerline error under mesh refinement for p = 1, 2, 3
 * (and of linear SE3 elements, exact up to the Newton tolerance) and the load steps and Newton iterations each slenderness needs. The builder is shared with
 * test/rods/helixRollUp.test.ts and bench/rodStatics.bench.ts.
 * @module
 */

import { pathToFileURL } from 'node:url';
import {
  SystemContainer, SimulationSettings, OutputVariableType, LinearSolverType, ObjectGround, MarkerBodyRigid, MarkerNodeRigid,
  GenericJoint, Torque, CircularCrossSection, rodStiffnessFromMaterial, plotSensor, type MainSystem, type SolverStatistics,
} from '../src/node.ts';

/** Helix radius R0. */
export const helixRadius = 10;
/** Height h of the helix (all coils). */
export const helixHeight = 50;
/** Number of coils n. */
export const helixCoils = 2;
/** Pitch parameter c = h/(2π R0 n). */
export const helixPitchParameter = helixHeight / (2 * Math.PI * helixRadius * helixCoils);
/** Rod length L = 2π n R0 √(1 + c²). */
export const helixLength = 2 * Math.PI * helixCoils * helixRadius * Math.sqrt(1 + helixPitchParameter ** 2);
/** Curvature κ = 1/(R0(1 + c²)) of the helix. */
export const helixCurvature = 1 / (helixRadius * (1 + helixPitchParameter ** 2));
/** Torsion τ = c/(R0(1 + c²)) of the helix. */
export const helixTorsion = helixPitchParameter / (helixRadius * (1 + helixPitchParameter ** 2));

/** Options of {@link buildHelixRollUp}. */
export interface HelixRollUpOptions {
  /** Polynomial degree p of the rod elements. */
  polynomialDegree: number;
  /** Number of elements. */
  numberOfElements: number;
  /** Slenderness length/width (width = diameter of the circular cross-section). */
  slenderness: number;
  /** Quadrature of the internal forces; default 'reduced'. */
  integration?: 'reduced' | 'full';
  /** Orientation interpolation of the rod; default 'R12'. */
  interpolation?: 'R12' | 'quaternion' | 'SE3';
  /** Formulation of the internal forces; default 'displacement'. */
  formulation?: 'displacement' | 'mixed';
  /** Constrained variant of the mixed formulation; default 'none'. */
  constraints?: 'none' | 'shearRigid' | 'inextensible' | 'kirchhoff';
}

/** The assembled helix roll-up model. */
export interface HelixRollUpModel {
  /** The system (assembled). */
  mbs: MainSystem;
  /** Rod nodes from s = 0 to s = L. */
  nodeNumbers: number[];
  /** The rod object. */
  rodNumber: number;
  /** The applied moment m = (τ GI_p, 0, κ EI₃) in the tip cross-section frame. */
  tipMoment: [number, number, number];
  /** Axial stiffness EA (the scale of the force residuals' round-off). */
  axialStiffness: number;
}

/** Exact helix point r(α) = R0 (sin α, −cos α, c α). */
export function helixPosition(alpha: number): [number, number, number] {
  return [helixRadius * Math.sin(alpha), -helixRadius * Math.cos(alpha), helixRadius * helixPitchParameter * alpha];
}

/** Exact helix frame at α (row-major 3×3, columns: tangent, toward the axis, binormal). */
export function helixFrame(alpha: number): number[] {
  const c = helixPitchParameter, w = Math.sqrt(1 + c * c), ca = Math.cos(alpha), sa = Math.sin(alpha);
  return [ca / w, -sa, -c * ca / w, sa / w, ca, -c * sa / w, c / w, 0, 1 / w];
}

/**
 * Builds the straight rod along the helix tangent at α = 0 (mbs.createCosseratRod, exact material
 * parameters E = 1, G = 0.5 of a circle of diameter L/slenderness), clamps node 0 to the ground by a
 * GenericJoint whose ground frame is the rod's reference frame there, and loads the last node by the
 * body-fixed torque m = (τ GI_p, 0, κ EI₃) on a MarkerNodeRigid.
 */
export function buildHelixRollUp(options: HelixRollUpOptions): HelixRollUpModel {
  const mbs = new SystemContainer().addSystem();
  const rodParameters = rodStiffnessFromMaterial({
    crossSection: CircularCrossSection({ radius: helixLength / options.slenderness / 2 }), E: 1, G: 0.5, density: 0,
  });
  const start = helixPosition(0);
  const frame0 = helixFrame(0);
  const rod = mbs.createCosseratRod({
    centerline: { type: 'Straight', start, direction: [frame0[0], frame0[3], frame0[6]], up: [frame0[2], frame0[5], frame0[8]], length: helixLength },
    numberOfElements: options.numberOfElements,
    polynomialDegree: options.polynomialDegree,
    rodParameters,
    integration: options.integration ?? 'reduced',
    interpolation: options.interpolation ?? 'R12',
    formulation: options.formulation ?? 'displacement',
    constraints: options.constraints ?? 'none',
  });
  const nodes = rod.nodeNumbers;
  const ground = mbs.addObject(ObjectGround({}));
  const groundMarker = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: start }));
  const rootMarker = mbs.addMarker(MarkerNodeRigid({ nodeNumber: nodes[0] }));
  const clampFrame = [[frame0[0], frame0[1], frame0[2]], [frame0[3], frame0[4], frame0[5]], [frame0[6], frame0[7], frame0[8]]];
  mbs.addObject(GenericJoint({ markerNumbers: [groundMarker, rootMarker], rotationMarker0: clampFrame }));
  const [GIp, , EI3] = rodParameters.bendingTorsion;
  const tipMoment: [number, number, number] = [helixTorsion * GIp, 0, helixCurvature * EI3];
  const tipMarker = mbs.addMarker(MarkerNodeRigid({ nodeNumber: nodes[nodes.length - 1] }));
  mbs.addLoad(Torque({ markerNumber: tipMarker, loadVector: tipMoment, bodyFixed: true }));
  mbs.assemble();
  return { mbs, nodeNumbers: nodes, rodNumber: rod.objectNumber, tipMoment, axialStiffness: rodParameters.axialShear[0] };
}

/** Load stepping of {@link helixRollUpSettings}. */
export interface HelixLoadStepping {
  /** Number of (initial) load steps. */
  loadSteps: number;
  /**
   * Adaptive load steps: a step whose Newton iteration does not converge within 12 iterations is repeated with a
   * quarter of the load increment (and the step grows again after four easy steps). Default false: equal steps.
   */
  adaptive?: boolean;
  /** Residual tolerance on the moments relative to |m|; default 1e-10. */
  relativeMomentTolerance?: number;
}

/**
 * Static solver settings: sparse LU, no file output, an absolute residual criterion 1e-10·|m| + 1e-13·EA
 * (moments against the applied moment; 1e-13·EA ≈ 500 ε·EA stays above the round-off floor of the force
 * residuals, which for slender rods, EA/|m| ≈ 9e5 at slenderness 1e4, lies above 1e-10·|m|), and equal or
 * adaptive load steps. Adaptive steps cap Newton at 12 iterations: a converging step takes 4–9 (quadratic
 * convergence), while a diverging one is then rejected before its Jacobian turns singular, which would abort
 * the solve instead of reducing the step.
 */
export function helixRollUpSettings(model: HelixRollUpModel, stepping: HelixLoadStepping): SimulationSettings {
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.linearSolverType = LinearSolverType.EigenSparse;
  const ss = settings.staticSolver;
  ss.verboseMode = 0;
  ss.numberOfLoadSteps = stepping.loadSteps;
  ss.adaptiveStep = stepping.adaptive ?? false;
  if (ss.adaptiveStep) ss.newton.maxIterations = 12;
  ss.newton.relativeTolerance = 0;
  ss.newton.absoluteTolerance = (stepping.relativeMomentTolerance ?? 1e-10) * Math.hypot(...model.tipMoment) + 1e-13 * model.axialStiffness;
  return settings;
}

/** Largest distance of a rod node from its exact helix point r(α_i), α_i = s_i/(R0√(1 + c²)) (nodes equidistant in s). */
export function helixNodalError(model: HelixRollUpModel): number {
  const n = model.nodeNumbers.length;
  const perAngle = helixRadius * Math.sqrt(1 + helixPitchParameter ** 2);
  let error = 0;
  model.nodeNumbers.forEach((node, i) => {
    const exact = helixPosition((helixLength * i) / (n - 1) / perAngle);
    const r = model.mbs.getNodeOutput(node, OutputVariableType.Position);
    error = Math.max(error, Math.hypot(r[0] - exact[0], r[1] - exact[1], r[2] - exact[2]));
  });
  return error;
}

/** Largest entry of A_tip − A_exact(α_end): the tip frame against the exact helix frame. */
export function helixTipFrameError(model: HelixRollUpModel): number {
  const tip = model.mbs.getNodeOutput(model.nodeNumbers[model.nodeNumbers.length - 1], OutputVariableType.RotationMatrix);
  const exact = helixFrame(2 * Math.PI * helixCoils);
  let error = 0;
  for (let k = 0; k < 9; k++) error = Math.max(error, Math.abs(tip[k] - exact[k]));
  return error;
}

/** Result of one static solve of the roll-up. */
export interface HelixRollUpSolve {
  /** The model after the solve. */
  model: HelixRollUpModel;
  /** Solver statistics, undefined if the solve failed. */
  statistics?: SolverStatistics;
  /** The solver's error message if it failed. */
  failure?: string;
}

/** Builds and solves the roll-up; a failed solve is returned, not thrown. */
export function solveHelixRollUp(options: HelixRollUpOptions, stepping: HelixLoadStepping): HelixRollUpSolve {
  const model = buildHelixRollUp(options);
  try {
    return { model, statistics: model.mbs.solveStatic(helixRollUpSettings(model, stepping)) };
  } catch (error) {
    return { model, failure: error instanceof Error ? error.message : String(error) };
  }
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c].length)));
  const line = (row: string[]) => row.map((cell, c) => cell.padStart(widths[c])).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

function main(): void {
  console.log(`Helix roll-up: R0 = ${helixRadius}, h = ${helixHeight}, ${helixCoils} coils, L = ${helixLength.toFixed(4)}, κ = ${helixCurvature.toFixed(6)}, τ = ${helixTorsion.toFixed(6)}`);
  console.log('\nNodal centerline error max|r_i − r(α_i)|/R0, slenderness 10, 100 equal load steps (order = log2 of the error ratio)');
  const rows: string[][] = [];
  const convergence: { data: number[][]; name: string }[] = [];
  for (const p of [1, 2, 3]) {
    let previous = Number.NaN;
    convergence.push({ data: [], name: `p = ${p}` });
    for (const nEl of p === 1 ? [20, 40, 80, 160] : [10, 20, 40, 80]) {
      const { model, statistics, failure } = solveHelixRollUp({ polynomialDegree: p, numberOfElements: nEl, slenderness: 10 }, { loadSteps: 100 });
      const error = failure === undefined ? helixNodalError(model) / helixRadius : Number.NaN;
      convergence[p - 1].data.push([nEl, error]);
      const order = Number.isNaN(previous) || Number.isNaN(error) ? '' : Math.log2(previous / error).toFixed(2);
      rows.push([String(p), String(nEl), failure === undefined ? error.toExponential(3) : 'no convergence', order, String(statistics?.newtonIterations ?? '–')]);
      previous = error;
    }
  }
  // linear SE(3) elements: constant strain, the exact helix with any number of elements (error at the Newton tolerance)
  for (const nEl of [5, 10]) {
    const { model, statistics, failure } = solveHelixRollUp({ polynomialDegree: 1, numberOfElements: nEl, slenderness: 10, interpolation: 'SE3' }, { loadSteps: 100 });
    rows.push(['1 SE3', String(nEl), failure === undefined ? (helixNodalError(model) / helixRadius).toExponential(3) : 'no convergence', '', String(statistics?.newtonIterations ?? '–')]);
  }
  printTable(['p', 'elements', 'error/R0', 'order', 'Newton it.'], rows);
  const figure = plotSensor(undefined, convergence, {
    logScaleX: true, logScaleY: true, markerStyles: ['o', 's', '^'], markerDensity: 4, labels: convergence.map((c) => c.name),
    xLabel: 'elements', yLabel: 'nodal error / R0', title: 'Helix roll-up: convergence', fileName: 'solution/helixRollUpConvergence',
  });
  console.log(`wrote ${figure.fileName}`);

  console.log('\nLoad steps per slenderness (p = 2, 10 elements): adaptive steps from one step, and 100 equal steps');
  const stepRows: string[][] = [];
  for (const slenderness of [1e1, 1e2, 1e3, 1e4]) {
    for (const stepping of [{ loadSteps: 1, adaptive: true }, { loadSteps: 100 }]) {
      const started = performance.now();
      const { model, statistics } = solveHelixRollUp({ polynomialDegree: 2, numberOfElements: 10, slenderness }, stepping);
      const seconds = (performance.now() - started) / 1000;
      const mode = stepping.adaptive === true ? 'adaptive' : 'equal';
      if (statistics === undefined) {
        stepRows.push([slenderness.toExponential(0), mode, 'no convergence', '–', '–', '–', '–']);
        continue;
      }
      stepRows.push([slenderness.toExponential(0), mode, String(statistics.steps), String(statistics.rejectedSteps), String(statistics.newtonIterations),
        `${seconds.toFixed(2)} s`, (helixNodalError(model) / helixRadius).toExponential(6)]);
    }
  }
  printTable(['slenderness', 'load steps', 'accepted', 'rejected', 'Newton it.', 'time', 'error/R0'], stepRows);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
