import {
  SystemContainer, SimulationSettings, NodePoint, NodePointGround, MassPoint, MarkerNodeCoordinate, CoordinateSpringDamper,
  LoadCoordinate, DynamicSolverType, OutputVariableType, type MainSystem,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Builds and assembles Exudyn's perfSpringDamperExplicit model: a mass point (m = 1.6) at x = 0.5 on a coordinate
 * spring-damper to the ground along x (k = 4000, d = 8) with the coordinate load 80, q0 = −0.08, v0 = 1; its static
 * position is 0.5 + 80/4000 = 0.52.
 */
export function buildSingleMass(): { mbs: MainSystem; node: number } {
  const mbs = new SystemContainer().addSystem();
  const node = mbs.addNode(NodePoint({ referenceCoordinates: [0.5, 0, 0], initialCoordinates: [-0.08, 0, 0], initialVelocities: [1, 0, 0] }));
  const ground = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
  mbs.addObject(MassPoint({ physicsMass: 1.6, nodeNumber: node }));
  const groundMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: 0 }));
  const nodeMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
  mbs.addObject(CoordinateSpringDamper({ markerNumbers: [groundMarker, nodeMarker], stiffness: 4000, damping: 8 }));
  mbs.addLoad(LoadCoordinate({ markerNumber: nodeMarker, load: 80 }));
  mbs.assemble();
  return { mbs, node };
}

/**
 * Exudyn's performance model perfSpringDamperExplicit: {@link buildSingleMass}' mass with explicit Euler, 5·10⁶ steps
 * of 0.1 ms to t = 500 without end-of-step accelerations, no solution file, progress output (verboseMode 1); solved
 * twice as the script does, the second time with statistics (the script's displayComputationTime, a timing printout,
 * has no setting here). The result is |x| + |y| + |z| of the mass: after 500 s the motion has decayed (e^(−d t/2m) =
 * e^(−1250)) and the explicit step has converged to the static position 0.52. Exudyn's performance suite compares
 * with 1e-10 absolute, which holds as it is. A long model (`long`): it runs in `npm run testmodels:long` (.ci/run), not
 * in `npm test`.
 */
export const perfSpringDamperExplicit: TestModel = {
  name: 'perfSpringDamperExplicit',
  reference: 0.52,
  comparison: 'absolute',
  tolerance: 1e-10,
  long: true,
  run() {
    const { mbs, node } = buildSingleMass();
    const settings = new SimulationSettings();
    settings.timeIntegration.numberOfSteps = 5_000_000;
    settings.timeIntegration.endTime = 500;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.verboseMode = 1;
    settings.timeIntegration.explicitIntegration.computeEndOfStepAccelerations = false;
    mbs.solveDynamic(settings, DynamicSolverType.ExplicitEuler);
    settings.displayStatistics = true;
    mbs.solveDynamic(settings, DynamicSolverType.ExplicitEuler);
    const position = mbs.getNodeOutput(node, OutputVariableType.Position);
    return Math.abs(position[0]) + Math.abs(position[1]) + Math.abs(position[2]);
  },
};
