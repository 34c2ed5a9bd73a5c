/**
 * Viewer example with a flexible body: a soft block (0.8 × 0.08 × 0.08 m, Hex8 8 × 1 × 1) as an
 * ObjectFFRFreducedOrder with 8 free-free modes, hinged at the centre of its end face (spherical joint on a
 * MarkerSuperElementPosition) and released horizontally under gravity; the scene is coloured by the norm of
 * the mesh nodes' DisplacementLocal (the deformation in the body frame).
 *
 *   npx tsx examples/viewerFFRF.ts && npx flexdyn view solution/viewerFFRF.txt
 *
 * @module
 */
import { pathToFileURL } from 'node:url';
import {
  SystemContainer, SimulationSettings, OutputVariableType, FEMinterface, ObjectFFRFreducedOrderInterface, createBlockMesh,
  ObjectGround, MarkerBodyPosition, MarkerSuperElementPosition, SphericalJoint, SensorSuperElement, graphics,
  loadSolutionFile, exportScene, type MainSystem,
} from '../src/node.ts';

/** Solution file of the example. */
export const viewerFFRFSolutionFile = 'solution/viewerFFRF.txt';

/** Builds the flexible pendulum (assembled). */
export function buildFlexiblePendulum(): MainSystem {
  const fem = new FEMinterface();
  fem.importMesh(createBlockMesh({ size: [0.8, 0.08, 0.08], divisions: [8, 1, 1], origin: [0, -0.04, -0.04] }));
  fem.computeMassAndStiffness({ youngsModulus: 2e6, poissonsRatio: 0.3, density: 1000 });
  fem.computeEigenmodes(8, 6);
  const cms = new ObjectFFRFreducedOrderInterface(fem);
  const mbs = new SystemContainer().addSystem();
  const body = cms.addObjectFFRFreducedOrder(mbs, { gravity: [0, -9.81, 0] });
  const ground = mbs.addObject(ObjectGround({ visualization: { graphicsData: [graphics.Sphere({ radius: 0.02, color: graphics.color.darkgrey })] } }));
  const face = fem.getNodesInPlane([0, 0, 0], [1, 0, 0]);
  const hinge = mbs.addMarker(MarkerSuperElementPosition({ bodyNumber: body.oFFRFreducedOrder, meshNodeNumbers: face, weightingFactors: face.map(() => 1 / face.length) }));
  mbs.addObject(SphericalJoint({ markerNumbers: [mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground, localPosition: [0, 0, 0] })), hinge], visualization: { jointRadius: 0.015 } }));
  const tip = fem.getNodeAtPoint([0.8, 0.04, 0.04]);
  mbs.addSensor(SensorSuperElement({ bodyNumber: body.oFFRFreducedOrder, meshNodeNumber: tip, outputVariableType: OutputVariableType.DisplacementLocal, name: 'tip deformation', fileName: 'solution/viewerFFRFtip.txt' }));
  mbs.assemble();
  return mbs;
}

/** Solves 1 s (500 steps), writes the solution file and its scene with the DisplacementLocal contour. */
export function runViewerFFRF(endTime = 1, steps = 500): { mbs: MainSystem; sceneFile: string } {
  const mbs = buildFlexiblePendulum();
  const settings = new SimulationSettings();
  settings.timeIntegration.endTime = endTime;
  settings.timeIntegration.numberOfSteps = steps;
  settings.timeIntegration.generalizedAlpha.spectralRadius = 0.8;
  settings.solutionSettings.coordinatesSolutionFileName = viewerFFRFSolutionFile;
  settings.solutionSettings.solutionWritePeriod = endTime / 100;
  settings.solutionSettings.sensorsWritePeriod = endTime / 100;
  mbs.solveDynamic(settings);
  const sceneFile = exportScene(mbs, loadSolutionFile(viewerFFRFSolutionFile), { contour: { outputVariable: OutputVariableType.DisplacementLocal } });
  return { mbs, sceneFile };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const start = performance.now();
  const { sceneFile } = runViewerFFRF();
  console.log(`solved in ${((performance.now() - start) / 1000).toFixed(2)} s; wrote ${viewerFFRFSolutionFile} and ${sceneFile}`);
  console.log(`view it: npx flexdyn view ${viewerFFRFSolutionFile}`);
}
