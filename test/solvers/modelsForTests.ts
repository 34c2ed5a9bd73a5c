import {
  SimulationSettings, SystemContainer, NodePoint, NodePointGround, MassPoint, MarkerNodeCoordinate, CoordinateSpringDamper, LoadCoordinate,
  type MainSystem,
} from '../../src/index.ts';

/** A chain of point masses on coordinate springs along x: ground – m – m – … (optionally a force on the last mass, transverse springs to ground). */
export function springChain(options: { masses: number; mass: number; stiffness: number; damping?: number; force?: number; initialDisplacement?: number; initialVelocity?: number; transverseStiffness?: number }): { mbs: MainSystem; nodes: number[] } {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
  let previous = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: 0 }));
  const nodes: number[] = [];
  for (let i = 0; i < options.masses; i++) {
    const last = i === options.masses - 1;
    const node = mbs.addNode(NodePoint({
      referenceCoordinates: [i + 1, 0, 0],
      initialCoordinates: [last ? options.initialDisplacement ?? 0 : 0, 0, 0],
      initialVelocities: [last ? options.initialVelocity ?? 0 : 0, 0, 0],
    }));
    nodes.push(node);
    mbs.addObject(MassPoint({ physicsMass: options.mass, nodeNumber: node }));
    const marker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
    mbs.addObject(CoordinateSpringDamper({ markerNumbers: [previous, marker], stiffness: options.stiffness, damping: options.damping ?? 0 }));
    if (options.transverseStiffness !== undefined) {
      for (const coordinate of [1, 2]) {
        const groundCoordinate = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate }));
        const nodeCoordinate = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate }));
        mbs.addObject(CoordinateSpringDamper({ markerNumbers: [groundCoordinate, nodeCoordinate], stiffness: options.transverseStiffness }));
      }
    }
    if (last && options.force !== undefined) mbs.addLoad(LoadCoordinate({ markerNumber: marker, load: options.force }));
    previous = marker;
  }
  return { mbs, nodes };
}

/**
 * Settings of a short dynamic run for tests: `steps` uniform steps to `endTime`, every step's sensor row recorded, no
 * solution file.
 */
export function dynamicSettings(steps: number, endTime: number): SimulationSettings {
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.timeIntegration.numberOfSteps = steps;
  settings.timeIntegration.endTime = endTime;
  settings.solutionSettings.sensorsWritePeriod = endTime / steps;
  return settings;
}
