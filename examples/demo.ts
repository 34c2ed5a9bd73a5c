/**
 * Two-mass oscillator (`npx tsx examples/demo.ts`; `npm start` runs examples/wilberforce.ts): ground–k1–m1–k2–m2 along x, with
 * stiffness-proportional dampers and a constant force F on m2, solved with generalized-α.
 * Prints the sensor results, compares the end state with the static deflection
 * x1 = F/k1, x2 = F/k1 + F/k2, and the eigenvalues ω² with the roots of det(K − ω²M) = 0.
 * Sensor files go to solution/.
 * @module
 */
import {
  SystemContainer, SimulationSettings, OutputVariableType, NodePoint, NodePointGround, MassPoint,
  MarkerNodeCoordinate, CoordinateSpringDamper, LoadCoordinate, SensorNode,
} from '../src/node.ts';

const m1 = 1;        // kg
const m2 = 0.5;      // kg
const k1 = 4000;     // N/m
const k2 = 2000;     // N/m
const beta = 0.01;   // s, damping d = beta·k (modal damping ratios ζ = beta·ω/2 ≈ 0.22 and 0.45)
const force = 10;    // N on m2
const endTime = 2;   // s: the slower mode decays like exp(−ζ1 ω1 t) = exp(−10 t)
const steps = 2000;

const SC = new SystemContainer();
const mbs = SC.addSystem();

const ground = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
const node1 = mbs.addNode(NodePoint({ referenceCoordinates: [1, 0, 0] }));
const node2 = mbs.addNode(NodePoint({ referenceCoordinates: [2, 0, 0] }));
mbs.addObject(MassPoint({ physicsMass: m1, nodeNumber: node1 }));
mbs.addObject(MassPoint({ physicsMass: m2, nodeNumber: node2 }));

const markerGround = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: 0 }));
const marker1 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node1, coordinate: 0 }));
const marker2 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node2, coordinate: 0 }));
mbs.addObject(CoordinateSpringDamper({ markerNumbers: [markerGround, marker1], stiffness: k1, damping: beta * k1 }));
mbs.addObject(CoordinateSpringDamper({ markerNumbers: [marker1, marker2], stiffness: k2, damping: beta * k2 }));
mbs.addLoad(LoadCoordinate({ markerNumber: marker2, load: force }));

const sensor1 = mbs.addSensor(SensorNode({ nodeNumber: node1, outputVariableType: OutputVariableType.Displacement, storeInternal: true, fileName: 'solution/demoMass1.txt' }));
const sensor2 = mbs.addSensor(SensorNode({ nodeNumber: node2, outputVariableType: OutputVariableType.Displacement, storeInternal: true, fileName: 'solution/demoMass2.txt' }));
mbs.assemble();

const settings = new SimulationSettings();
settings.timeIntegration.endTime = endTime;
settings.timeIntegration.numberOfSteps = steps;
settings.timeIntegration.generalizedAlpha.spectralRadius = 0.9;
settings.solutionSettings.sensorsWritePeriod = 0.01;
settings.solutionSettings.coordinatesSolutionFileName = 'solution/demoCoordinatesSolution.txt';

const started = performance.now();
const statistics = mbs.solveDynamic(settings);
const seconds = (performance.now() - started) / 1000;

const rows1 = mbs.getSensorStoredData(sensor1);
const rows2 = mbs.getSensorStoredData(sensor2);
const mm = (x: number) => (1000 * x).toFixed(4).padStart(9);

console.log('Flexdyn demo: two-mass oscillator, generalized-α (ρ∞ = 0.9), h = 1 ms');
console.log(`${statistics.steps} steps, ${statistics.newtonIterations} Newton iterations, ${seconds.toFixed(2)} s\n`);
console.log('   t [s]   x1 [mm]   x2 [mm]');
for (const t of [0, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2]) {
  const i = rows1.findIndex((row) => Math.abs(row[0] - t) < 1e-9);
  if (i >= 0) console.log(`${t.toFixed(2).padStart(8)} ${mm(rows1[i][1])} ${mm(rows2[i][1])}`);
}

let failures = 0;
function compare(what: string, simulated: number, analytic: number, tolerance: number): void {
  const error = Math.abs(simulated - analytic) / Math.abs(analytic);
  const ok = error <= tolerance;
  if (!ok) failures++;
  console.log(`${what.padEnd(24)} ${simulated.toPrecision(10).padStart(16)} ${analytic.toPrecision(10).padStart(16)} ${error.toExponential(1).padStart(9)}  ${ok ? 'ok' : 'MISMATCH'}`);
}

// Static deflection: the residual motion at t = 2 s is below exp(−20) of the initial amplitude.
const x1Static = force / k1;
const x2Static = force / k1 + force / k2;
console.log(`\n${'quantity'.padEnd(24)} ${'Flexdyn'.padStart(16)} ${'analytic'.padStart(16)} ${'rel.err'.padStart(9)}`);
compare('x1(t = 2 s) [m]', rows1[rows1.length - 1][1], x1Static, 1e-6);
compare('x2(t = 2 s) [m]', rows2[rows2.length - 1][1], x2Static, 1e-6);

// Eigenvalues: y and z of both masses carry no stiffness; remove them from the eigenproblem.
const constrainedCoordinates = [node1, node2].flatMap((node) => [1, 2].map((k) => mbs.getNodeODE2Index(node) + k));
const eigen = mbs.computeODE2Eigenvalues(settings, { constrainedCoordinates });
// m1 m2 λ² − (m1 k2 + m2 (k1 + k2)) λ + k1 k2 = 0
const b = m1 * k2 + m2 * (k1 + k2);
const root = Math.sqrt(b * b - 4 * m1 * m2 * k1 * k2);
compare('ω1² [1/s²]', eigen.values[0], (b - root) / (2 * m1 * m2), 1e-6);
compare('ω2² [1/s²]', eigen.values[1], (b + root) / (2 * m1 * m2), 1e-6);

console.log('\nsensor files: solution/demoMass1.txt, solution/demoMass2.txt');
if (failures > 0) process.exitCode = 1;
