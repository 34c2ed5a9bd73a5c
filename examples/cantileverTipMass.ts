/**
 * Cantilever with a tip mass swinging under gravity: a horizontal steel rod (Cosserat rod, L = 1 m,
 * circular section r = 1 cm) clamped at s = 0 carries a rigid brick (2 kg) at its tip; released
 * undeflected, it oscillates about the static deflection. The example shows the output tools:
 *
 * - the solution file (solution/cantileverTipMass.txt) and sensor files,
 * - plotSensor: tip deflection with the static deflection as a reference curve, and the clamp's
 *   bending moment, as SVG figures (solution/cantileverTipMass*.svg),
 * - exportVTK: a ParaView time series (solution/cantileverTipMassVTK/cantileverTipMass.pvd) with the
 *   rod as a tube carrying StrainLocal, CurvatureLocal, ForceLocal, TorqueLocal and the brick,
 * - the progress line of long solves (verboseMode = 1).
 *
 * Checks printed: the mean tip deflection against the static Euler–Bernoulli value
 * δ = M g L³/(3EI) + q L⁴/(8EI) and the period against Rayleigh's estimate
 * T = 2π √(L³ (M + 33/140 m L)/(3EI)).
 *
 * Run `npx tsx examples/cantileverTipMass.ts`.
 * @module
 */

import { pathToFileURL } from 'node:url';
import {
  SystemContainer, SimulationSettings, OutputVariableType, LinearSolverType, NodeType, ObjectGround, MarkerBodyRigid, GenericJoint, SensorBody,
  SensorObject, InertiaCuboid, CircularCrossSection, rodStiffnessFromMaterial, graphics, loadSolutionFile, exportVTK,
  type MainSystem,
} from '../src/node.ts';

/** Rod length L [m]. */
export const length = 1;
/** Tip mass M [kg]. */
export const tipMass = 2;
/** Gravity [m/s²]. */
export const g = 9.81;
const E = 2.1e11;
const density = 7850;
const section = CircularCrossSection({ radius: 0.01 });
const brickSize = [0.1, 0.1, 0.1];

/** The model and the indices the output uses. */
export interface CantileverModel {
  /** The system (assembled). */
  mbs: MainSystem;
  /** The rod object. */
  rod: number;
  /** Sensor of the tip displacement (body sensor of the brick). */
  tipSensor: number;
  /** Sensor of the clamp's internal moment (rod TorqueLocal at s = 0 is the joint's reaction, here via the rod output at s = 0). */
  clampSensor: number;
  /** Bending stiffness EI [N m²]. */
  EI: number;
  /** Rod mass per length m [kg/m]. */
  massPerLength: number;
}

/** Builds the cantilever along x with the brick centred at the rod tip; gravity along −z. */
export function buildCantilever(options: { numberOfElements?: number; sensorFolder?: string } = {}): CantileverModel {
  const mbs = new SystemContainer().addSystem();
  const parameters = rodStiffnessFromMaterial({ crossSection: section, E, nu: 0.3, density });
  const rod = mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement',
    name: 'rod', centerline: { type: 'Straight', length }, numberOfElements: options.numberOfElements ?? 8, polynomialDegree: 2,
    rodParameters: parameters, gravity: [0, 0, -g],
  });
  const ground = mbs.addObject(ObjectGround({ visualization: { graphicsData: [graphics.Brick({ centerPoint: [-0.05, 0, 0], size: [0.1, 0.2, 0.2], color: graphics.color.grey })] } }));
  mbs.addObject(GenericJoint({ markerNumbers: [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground })), mbs.addMarker(MarkerBodyRigid({ bodyNumber: rod.objectNumber }))] }));
  const body = mbs.createRigidBody({
    inertia: InertiaCuboid(tipMass / (brickSize[0] * brickSize[1] * brickSize[2]), brickSize), referencePosition: [length, 0, 0],
    nodeType: NodeType.RotationEulerParameters, gravity: [0, 0, -g],
    graphicsDataList: [graphics.Brick({ size: brickSize, color: graphics.color.red })],
  });
  mbs.addObject(GenericJoint({
    markerNumbers: [mbs.addMarker(MarkerBodyRigid({ bodyNumber: rod.objectNumber, localPosition: [length, 0, 0] })), mbs.addMarker(MarkerBodyRigid({ bodyNumber: body }))],
  }));
  const folder = options.sensorFolder ?? 'solution';
  const tipSensor = mbs.addSensor(SensorBody({ bodyNumber: body, outputVariableType: OutputVariableType.Displacement, fileName: `${folder}/cantileverTip.txt`, storeInternal: true }));
  const clampSensor = mbs.addSensor(SensorObject({ objectNumber: rod.objectNumber, outputVariableType: OutputVariableType.TorqueLocal, fileName: `${folder}/cantileverClampMoment.txt` }));
  mbs.assemble();
  return { mbs, rod: rod.objectNumber, tipSensor, clampSensor, EI: parameters.bendingTorsion[1], massPerLength: parameters.massPerLength };
}

/** Static tip deflection of the Euler–Bernoulli cantilever with tip mass and own weight. */
export function staticTipDeflection(model: CantileverModel): number {
  return (tipMass * g * length ** 3) / (3 * model.EI) + (model.massPerLength * g * length ** 4) / (8 * model.EI);
}

/** Rayleigh's period of the first bending mode with tip mass (33/140 of the rod mass at the tip). */
export function rayleighPeriod(model: CantileverModel): number {
  return 2 * Math.PI * Math.sqrt((length ** 3 * (tipMass + (33 / 140) * model.massPerLength * length)) / (3 * model.EI));
}

/**
 * Settings of the dynamic solve: generalized-α (default ρ∞ = 0.9), sparse LU, h = 1 ms, default Newton
 * tolerances (the steel rod's EA = 6.6e7 N against forces of 20 N: the residual cannot get below its round-off
 * level of about 3e-7, where Newton's round-off test, newton.roundOffResidualFactor, accepts it once it stagnates).
 */
export function cantileverSettings(endTime: number, solutionFile: string): SimulationSettings {
  const settings = new SimulationSettings();
  settings.timeIntegration.endTime = endTime;
  settings.timeIntegration.numberOfSteps = Math.round(endTime / 1e-3);
  settings.timeIntegration.verboseMode = 1;
  settings.linearSolverType = LinearSolverType.EigenSparse;
  settings.solutionSettings.coordinatesSolutionFileName = solutionFile;
  settings.solutionSettings.solutionWritePeriod = 0.005;
  settings.solutionSettings.sensorsWritePeriod = 1e-3;
  return settings;
}

/** Mean of the tip z displacement over the rows and the mean time between its downward zero crossings of (z − mean). */
export function tipStatistics(rows: readonly (readonly number[])[]): { mean: number; period: number } {
  const mean = rows.reduce((sum, row) => sum + row[3], 0) / rows.length;
  const crossings: number[] = [];
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1][3] - mean, b = rows[i][3] - mean;
    if (a > 0 && b <= 0) crossings.push(rows[i - 1][0] + (a / (a - b)) * (rows[i][0] - rows[i - 1][0]));
  }
  const period = crossings.length >= 2 ? (crossings[crossings.length - 1] - crossings[0]) / (crossings.length - 1) : Number.NaN;
  return { mean, period };
}

function main(): void {
  const model = buildCantilever();
  const { mbs } = model;
  const solutionFile = 'solution/cantileverTipMass.txt';
  const endTime = 1;
  mbs.solveDynamic(cantileverSettings(endTime, solutionFile));

  const rows = mbs.getSensorStoredData(model.tipSensor);
  const { mean, period } = tipStatistics(rows);
  const delta = staticTipDeflection(model);
  console.log(`mean tip deflection ${(-mean * 1e3).toFixed(3)} mm, Euler–Bernoulli static ${(delta * 1e3).toFixed(3)} mm`);
  console.log(`period ${(period * 1e3).toFixed(2)} ms, Rayleigh estimate ${(rayleighPeriod(model) * 1e3).toFixed(2)} ms`);

  const tip = mbs.plotSensor([model.tipSensor, { data: [[0, 0, 0, -delta], [endTime, 0, 0, -delta]], name: 'static' }], {
    components: 2, factors: 1e3, labels: ['tip deflection (Flexdyn)', 'static deflection (Euler–Bernoulli)'], lineStyles: ['-', '--'],
    yLabel: 'tip displacement z (mm)', title: 'Cantilever with tip mass', fileName: 'solution/cantileverTipMass',
  });
  const moment = mbs.plotSensor(model.clampSensor, {
    components: [1, 2], labels: ['M₂ (bending, gravity plane)', 'M₃'], yLabel: 'clamp moment (N m)', fileName: 'solution/cantileverTipMassMoment',
  });
  const solution = loadSolutionFile(solutionFile);
  const vtk = exportVTK(mbs, solution, 'solution/cantileverTipMassVTK', { baseName: 'cantileverTipMass', rows: Array.from({ length: solution.nRows }, (_, i) => i).filter((i) => i % 4 === 0) });
  console.log(`wrote ${tip.fileName}, ${moment.fileName}, ${vtk.pvdFile} (${vtk.rows.length} frames) and ${solutionFile} (${solution.nRows} rows)`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
