/**
 * Viewer demo: a double pendulum of two rigid bricks on revolute joints, a mass point on a spring (drawn as a coil) and a
 * Cosserat-rod cantilever swinging down under gravity; sensors record the pendulum tip and the mass point.
 * Solves 2 s, writes the solution file and the scene beside it, and prints how to view it:
 *
 *   npx tsx examples/viewerDemo.ts && npx flexdyn view solution/viewerDemo.txt
 *
 * @module
 */
import { pathToFileURL } from 'node:url';
import {
  SystemContainer, SimulationSettings, OutputVariableType, LinearSolverType, MarkerBodyRigid, MarkerNodeRigid,
  GenericJoint, SensorBody, SensorNode, CircularCrossSection, rodStiffnessFromMaterial, graphics,
  loadSolutionFile, exportScene, type MainSystem,
} from '../src/node.ts';
import { addDoublePendulum } from '../src/live/demos/doublePendulum.ts';

/** Solution file of the demo. */
export const viewerDemoSolutionFile = 'solution/viewerDemo.txt';

/** Builds the demo model (assembled) and returns it with the pendulum's second body. */
export function buildViewerDemo(): { mbs: MainSystem; pendulumBody: number } {
  const mbs = new SystemContainer().addSystem();
  const g = [0, -9.81, 0];
  const ground = mbs.createGround({ graphicsDataList: [graphics.Brick({ centerPoint: [0, 0.05, -0.05], size: [3.2, 0.1, 0.1], color: graphics.color.grey })] });

  // double pendulum: two 0.5 m bricks, the first hinged at the origin, initially horizontal (the live page's model)
  const { body1: b1, tipLocal } = addDoublePendulum(mbs, ground, { gravity: g });

  // mass point on a spring below the ground bar
  const mass = mbs.createMassPoint({ referencePosition: [-0.8, -0.4, 0], physicsMass: 0.5, gravity: g, initialVelocity: [0.5, 0, 0],
    graphicsDataList: [graphics.Sphere({ radius: 0.06, color: graphics.color.orange, nTiles: 12 })] });
  mbs.createSpringDamper({ bodyNumbers: [ground, mass], localPosition0: [-0.8, 0, 0], stiffness: 60, damping: 0.2 });

  // soft rod cantilever (E = 2 GPa, d = 20 mm, 1 m) clamped at x = −1.5, initially horizontal
  const rodParameters = rodStiffnessFromMaterial({ crossSection: CircularCrossSection({ radius: 0.01 }), E: 2e9, nu: 0.3, density: 7800 });
  const rod = mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement', centerline: { type: 'Straight', start: [-1.5, 0, 0.3], direction: [1, 0, 0], length: 1 }, numberOfElements: 4, polynomialDegree: 2, rodParameters, gravity: g });
  mbs.modifyObject(rod.objectNumber, { visualization: { radius: 0.012, color: graphics.color.lawngreen } });
  const clamp = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [-1.5, 0, 0.3] }));
  mbs.addObject(GenericJoint({ markerNumbers: [clamp, mbs.addMarker(MarkerNodeRigid({ nodeNumber: rod.nodeNumbers[0] }))], visualization: { axesRadius: 0.05 } }));

  mbs.addSensor(SensorBody({ bodyNumber: b1, localPosition: tipLocal, outputVariableType: OutputVariableType.Position, name: 'pendulum tip', fileName: 'solution/viewerDemoTip.txt' }));
  mbs.addSensor(SensorNode({ nodeNumber: mbs.getObject(mass).nodeNumber as number, outputVariableType: OutputVariableType.Position, name: 'mass point', fileName: 'solution/viewerDemoMass.txt' }));
  mbs.assemble();
  return { mbs, pendulumBody: b1 };
}

/** Solves the demo (2 s, 400 steps of generalized-α) and writes solution/viewerDemo.txt and its scene. */
export function runViewerDemo(endTime = 2, steps = 400): { mbs: MainSystem; sceneFile: string } {
  const { mbs } = buildViewerDemo();
  const settings = new SimulationSettings();
  settings.timeIntegration.endTime = endTime;
  settings.timeIntegration.numberOfSteps = steps;
  settings.linearSolverType = LinearSolverType.EXUdense;
  settings.solutionSettings.coordinatesSolutionFileName = viewerDemoSolutionFile;
  settings.solutionSettings.solutionWritePeriod = endTime / 200;
  settings.solutionSettings.sensorsWritePeriod = endTime / 200;
  mbs.solveDynamic(settings);
  const sceneFile = exportScene(mbs, loadSolutionFile(viewerDemoSolutionFile));
  return { mbs, sceneFile };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const start = performance.now();
  const { sceneFile } = runViewerDemo();
  console.log(`solved in ${((performance.now() - start) / 1000).toFixed(2)} s; wrote ${viewerDemoSolutionFile} and ${sceneFile}`);
  console.log(`view it: npx flexdyn view ${viewerDemoSolutionFile}   (or npm run view -- ${viewerDemoSolutionFile})`);
}
