import { SystemContainer, SimulationSettings, OutputVariableType, ObjectGround, NodePoint, MassPoint, MarkerNodePosition, ObjectConnectorGravity, DynamicSolverType } from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/** Exudyn's connectorGravityTest: four satellites orbiting a heavy star, RK67 with fixed steps. */
export const connectorGravityTest: TestModel = {
  name: 'connectorGravityTest',
  reference: 1014867.2330320379,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const massStar = 1e20;
    const massSatellite = 1e3;
    const rOrbit = [2e5, 4e5, 8e5, 10e5];
    mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    const node0 = mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, 0] }));
    mbs.addObject(MassPoint({ nodeNumber: node0, physicsMass: massStar }));
    const m0 = mbs.addMarker(MarkerNodePosition({ nodeNumber: node0 }));
    let node1 = node0;
    for (const r of rOrbit) {
      const G = 6.6743e-11;
      const vOrbit = Math.sqrt((G * massStar) / r);
      node1 = mbs.addNode(NodePoint({ referenceCoordinates: [r, 0, 0], initialVelocities: [0, vOrbit, 0] }));
      mbs.addObject(MassPoint({ nodeNumber: node1, physicsMass: massSatellite }));
      const m1 = mbs.addMarker(MarkerNodePosition({ nodeNumber: node1 }));
      mbs.addObject(ObjectConnectorGravity({ markerNumbers: [m0, m1], mass0: massStar, mass1: massSatellite }));
    }
    mbs.assemble();
    const settings = new SimulationSettings();
    const tEnd = 1e6;
    const h = 1000;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / h);
    settings.timeIntegration.endTime = tEnd;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    settings.timeIntegration.newton.useModifiedNewton = true;
    mbs.solveDynamic(settings, DynamicSolverType.RK67);
    const position = mbs.getNodeOutput(node1, OutputVariableType.Position);
    return position[0] + position[1] + position[2];
  },
};
