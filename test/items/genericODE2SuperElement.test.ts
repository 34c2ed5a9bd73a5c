import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, NodePoint, NodeGenericODE2, ObjectGenericODE2, ObjectGround, MarkerBodyPosition,
  MarkerSuperElementPosition, CartesianSpringDamper, SensorSuperElement, SensorNode,
} from '../../src/index.ts';

/** Four point nodes (mass 1 each, coupled by a stiffness K = 50·(I − ¼·ones) per direction) as one ObjectGenericODE2. */
function pointMesh() {
  const mbs = new SystemContainer().addSystem();
  const corners = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]];
  const nodes = corners.map((p, i) => mbs.addNode(NodePoint({ referenceCoordinates: p, initialVelocities: [0.1 * i, 0, -0.05 * i] })));
  const n = 12;
  const K = Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => (r % 3 === c % 3 ? 50 * ((r === c ? 1 : 0) - 0.25) : 0)));
  const M = Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => (r === c ? 1 : 0)));
  const body = mbs.addObject(ObjectGenericODE2({ nodeNumbers: nodes, massMatrix: M, stiffnessMatrix: K }));
  return { mbs, nodes, body };
}

describe('ObjectGenericODE2 of Point nodes as a super element (Exudyn: FEM meshes as ObjectGenericODE2)', () => {
  it('a super-element marker follows the weighted mean of its mesh nodes; the mesh-node sensor equals the node sensor', () => {
    const { mbs, nodes, body } = pointMesh();
    const ground = mbs.addObject(ObjectGround({}));
    const weights = [0.25, 0.75];
    const marker = mbs.addMarker(MarkerSuperElementPosition({ bodyNumber: body, meshNodeNumbers: [1, 3], weightingFactors: weights }));
    const anchor = mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground, localPosition: [0.25, 0, 0.75] }));
    mbs.addObject(CartesianSpringDamper({ markerNumbers: [anchor, marker], stiffness: [80, 90, 100], damping: [1, 1, 1] }));
    const meshSensors = [OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.Acceleration]
      .map((outputVariableType) => mbs.addSensor(SensorSuperElement({ bodyNumber: body, meshNodeNumber: 2, outputVariableType, storeInternal: true, writeToFile: false })));
    const nodeSensors = [OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.Acceleration]
      .map((outputVariableType) => mbs.addSensor(SensorNode({ nodeNumber: nodes[2], outputVariableType, storeInternal: true, writeToFile: false })));
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.timeIntegration.numberOfSteps = 50;
    settings.timeIntegration.endTime = 0.5;
    settings.solutionSettings.writeSolutionToFile = false;
    mbs.solveDynamic(settings);
    const p1 = mbs.getNodeOutput(nodes[1], OutputVariableType.Position);
    const p3 = mbs.getNodeOutput(nodes[3], OutputVariableType.Position);
    const markerPosition = mbs.getMarkerOutput(marker, OutputVariableType.Position);
    // the marker is the weighted mean of the node positions: equal to round-off
    for (let k = 0; k < 3; k++) expect(markerPosition[k]).toBeCloseTo(weights[0] * p1[k] + weights[1] * p3[k], 14);
    // the spring moved the nodes: the check is not at the reference configuration
    expect(Math.hypot(p3[0], p3[1], p3[2] - 1)).toBeGreaterThan(1e-3);
    meshSensors.forEach((sensor, i) => expect(mbs.getSensorValues(sensor)).toEqual(mbs.getSensorValues(nodeSensors[i])));
  });

  it('with a node other than Point it is no super element: a marker on it is a named error', () => {
    const mbs = new SystemContainer().addSystem();
    const node = mbs.addNode(NodeGenericODE2({ numberOfODE2Coordinates: 3, referenceCoordinates: [0, 0, 0] }));
    const body = mbs.addObject(ObjectGenericODE2({ nodeNumbers: [node], massMatrix: [[1, 0, 0], [0, 1, 0], [0, 0, 1]] }));
    mbs.addMarker(MarkerSuperElementPosition({ bodyNumber: body, meshNodeNumbers: [0], weightingFactors: [1] }));
    expect(() => mbs.assemble()).toThrow(/MarkerSuperElementPosition #0: bodyNumber must refer to a super element \(ObjectFFRF, ObjectFFRFreducedOrder, ObjectGenericODE2 of Point nodes\), got ObjectGenericODE2 #0/);
  });
});
