/**
 * Axial stiffness of a helical steel spring modelled by one Cosserat rod (the second example):
 * 3 coils, coil diameter 32 mm, wire diameter 1 mm, pitch 1 mm, steel (ρ = 7850 kg/m³, G = 8.1e10 Pa,
 * ν = 0.23, E = 2G(1 + ν)). The top end is clamped; a small axial force pulls at the bottom through a
 * rigid body whose reference point lies on the spring axis and which is welded (GenericJoint) to the last
 * rod node, so the force acts along the axis as in the textbook spring. The static deflection gives the
 * stiffness, compared with the textbook k = G d⁴/(64 n R³) and with the linear rod solution by Castigliano
 * (torsion, bending by the helix angle, shear and extension):
 * 1/k = L [R²(cos²α/(GJ) + sin²α/(EI)) + cos²α/(κGA) + sin²α/(EA)], tan α = pitch/(2πR).
 *
 * Run `npx tsx examples/helicalSpring.ts` for the stiffness under mesh refinement. The builder is shared
 * with test/rods/helicalSpring.test.ts.
 * @module
 */

import { pathToFileURL } from 'node:url';
import {
  SystemContainer, SimulationSettings, OutputVariableType, LinearSolverType, ObjectGround, MarkerBodyRigid, MarkerNodeRigid,
  GenericJoint, Force, InertiaCuboid, rodCenterline, plotSensor, type MainSystem, type CenterlineOptions,
} from '../src/node.ts';
import { springData, springYoungsModulus, textbookSpringStiffness, springWireStiffness } from '../src/live/demos/wilberforce.ts';

/** Spring data and wire stiffness: one definition, shared with the Wilberforce demo (src/live/demos/wilberforce.ts). */
export { springData, springYoungsModulus, textbookSpringStiffness, springWireStiffness } from '../src/live/demos/wilberforce.ts';

/**
 * Axial stiffness of the rod model itself (linear, Castigliano): every section carries the axial force F and the
 * moment F R about the axis-to-wire lever, i.e. torsion F R cos α, bending F R sin α, axial force F sin α and shear
 * F cos α, the same for every section of a helix loaded on its axis.
 */
export function castiglianoSpringStiffness(): number {
  const { coils, coilRadius: R, pitch } = springData;
  const { axialShear: [EA, GA], bendingTorsion: [GJ, EI] } = springWireStiffness();
  const c = pitch / (2 * Math.PI * R);
  const cos2 = 1 / (1 + c * c), sin2 = c * c / (1 + c * c);
  const length = 2 * Math.PI * coils * R * Math.sqrt(1 + c * c);
  return 1 / (length * (R * R * (cos2 / GJ + sin2 / EI) + cos2 / GA + sin2 / EA));
}

/** The assembled spring model. */
export interface HelicalSpringModel {
  /** The system (assembled). */
  mbs: MainSystem;
  /** Rod nodes from the clamped top (s = 0) to the bottom. */
  nodeNumbers: number[];
  /** Node at the load point (the rigid end body's node, or the last rod node for loadPoint 'wireEnd'). */
  loadNode: number;
  /** The axial force pulling the bottom down [N]. */
  force: number;
}

/**
 * Builds the spring: a helix of 3 coils about the global z axis running downward from the top node at
 * (0, R, 3·pitch) to (0, R, 0) (mbs.createCosseratRod, 'Helix' centerline turned by π about x), the top
 * node clamped to the ground (GenericJoint, ground frame = the rod's reference frame there), a small rigid
 * body with its reference point at the origin (on the axis) welded to the bottom node, and the force
 * (0, 0, −force) at that point. loadPoint 'wireEnd' applies the force at the last rod node instead (no end body).
 */
export function buildHelicalSpring(numberOfElements: number, polynomialDegree = 2, force = 1e-3, loadPoint: 'axis' | 'wireEnd' = 'axis'): HelicalSpringModel {
  const { coils, coilRadius: R, pitch } = springData;
  const mbs = new SystemContainer().addSystem();
  const centerline: CenterlineOptions = {
    type: 'Helix', radius: R, pitch, turns: coils, center: [0, 0, coils * pitch], rotationMatrix: [[1, 0, 0], [0, -1, 0], [0, 0, -1]],
  };
  const rod = mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement', centerline, numberOfElements, polynomialDegree, rodParameters: springWireStiffness() });
  const nodes = rod.nodeNumbers;
  const line = rodCenterline(centerline);
  const frame = (s: number): number[][] => {
    const a = new Float64Array(9);
    line.rotationMatrix(s, a);
    return [[a[0], a[1], a[2]], [a[3], a[4], a[5]], [a[6], a[7], a[8]]];
  };
  const point = (s: number): number[] => {
    const r = new Float64Array(3);
    line.position(s, r);
    return Array.from(r);
  };
  const ground = mbs.addObject(ObjectGround({}));
  const clamp = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: point(0) }));
  mbs.addObject(GenericJoint({ markerNumbers: [clamp, mbs.addMarker(MarkerNodeRigid({ nodeNumber: nodes[0] }))], rotationMarker0: frame(0) }));
  if (loadPoint === 'wireEnd') {
    const last = nodes[nodes.length - 1];
    mbs.addLoad(Force({ markerNumber: mbs.addMarker(MarkerNodeRigid({ nodeNumber: last })), loadVector: [0, 0, -force] }));
    mbs.assemble();
    return { mbs, nodeNumbers: nodes, loadNode: last, force };
  }
  // rigid end piece: a 2 mm steel cube at the axis point (mass and inertia play no role in statics)
  const body = mbs.createRigidBody({ referencePosition: [0, 0, 0], inertia: InertiaCuboid(springData.density, [0.002, 0.002, 0.002]), returnDict: true });
  const end = point(rod.length);
  const weld = mbs.addMarker(MarkerBodyRigid({ bodyNumber: body.bodyNumber, localPosition: end }));
  mbs.addObject(GenericJoint({ markerNumbers: [weld, mbs.addMarker(MarkerNodeRigid({ nodeNumber: nodes[nodes.length - 1] }))], rotationMarker0: frame(rod.length) }));
  mbs.addLoad(Force({ markerNumber: mbs.addMarker(MarkerBodyRigid({ bodyNumber: body.bodyNumber, localPosition: [0, 0, 0] })), loadVector: [0, 0, -force] }));
  mbs.assemble();
  return { mbs, nodeNumbers: nodes, loadNode: body.nodeNumber, force };
}

/**
 * Static solve in one load step (sparse LU) and the stiffness F/δ from the axial deflection δ of the load point.
 * Newton stops at the residual 1e-13·EA (1.6e-8 N, 1.6e-5 of the force): the problem is practically linear
 * (δ ≈ 10 µm, 1 % of the pitch), so the first Newton step already lands on the round-off floor of the nodal forces,
 * ≈ 1e-15…2e-14·EA (ε·EA per strain evaluation, growing with the number of elements); the second confirms it.
 */
export function springStiffness(model: HelicalSpringModel): number {
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.linearSolverType = LinearSolverType.EigenSparse;
  settings.staticSolver.verboseMode = 0;
  settings.staticSolver.newton.relativeTolerance = 0;
  settings.staticSolver.newton.absoluteTolerance = 1e-13 * springWireStiffness().axialShear[0];
  model.mbs.solveStatic(settings);
  const deflection = -model.mbs.getNodeOutput(model.loadNode, OutputVariableType.Displacement)[2];
  return model.force / deflection;
}

function main(): void {
  const kTextbook = textbookSpringStiffness, kRod = castiglianoSpringStiffness();
  console.log(`Helical spring: ${springData.coils} coils, D = 32 mm, d = 1 mm, pitch 1 mm, steel G = ${springData.G}, ν = ${springData.nu}, E = ${springYoungsModulus}`);
  console.log(`k textbook G d⁴/(64 n R³) = ${kTextbook.toFixed(6)} N/m, k Castigliano (rod, incl. shear and helix angle) = ${kRod.toFixed(6)} N/m`);
  console.log('Elements per coil: p = 1: 8, 16, 32; p = 2, 3: 6, 12, 24 (force 1 mN, one load step)');
  const rows: string[][] = [];
  const convergence: { data: number[][]; name: string }[] = [];
  for (const p of [1, 2, 3]) {
    convergence.push({ data: [], name: `p = ${p}` });
    for (const perCoil of p === 1 ? [8, 16, 32] : [6, 12, 24]) {
      const nEl = perCoil * springData.coils;
      const k = springStiffness(buildHelicalSpring(nEl, p));
      convergence[p - 1].data.push([perCoil, Math.abs(k / kRod - 1)]);
      rows.push([String(p), String(nEl), k.toFixed(6), `${(100 * (k / kTextbook - 1)).toFixed(4)} %`, (k / kRod - 1).toExponential(2)]);
    }
  }
  const header = ['p', 'elements', 'k [N/m]', 'vs textbook', 'vs Castigliano'];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c].length)));
  const line = (row: string[]) => row.map((cell, c) => cell.padStart(widths[c])).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  const figure = plotSensor(undefined, convergence, {
    logScaleX: true, logScaleY: true, markerStyles: ['o', 's', '^'], markerDensity: 3, labels: convergence.map((c) => c.name),
    xLabel: 'elements per coil', yLabel: '|k / k_Castigliano − 1|', title: 'Helical spring: stiffness convergence', fileName: 'solution/helicalSpringConvergence',
  });
  console.log(`wrote ${figure.fileName}`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
