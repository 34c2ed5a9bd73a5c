import {
  SystemContainer, SimulationSettings, OutputVariableType, LinearSolverType, FEMinterface, NodePoint, ObjectGenericODE2, ObjectGround, MarkerBodyRigid,
  MarkerSuperElementRigid, GenericJoint, MarkerNodePosition, Force, SensorNode,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';
import { exudynData } from './exudynData.ts';

/**
 * Exudyn's linearFEMgenericODE2: the 4 × 1 × 1 C3D8 block of Exudyn's test data (stiffness × 1e-3, Rayleigh damping D = 5e-3·K)
 * as one ObjectGenericODE2 with mass, stiffness and damping matrices over NodePoints at the mesh nodes, clamped at x = 0 by a
 * generic joint between ground [0, 0.5, 0.5] and a rigid super-element marker on the left plane (surface-area weights), a force
 * [0, −2e4, 0] at every node of the right plane; 10 steps of 10 ms (generalized-α, modified Newton, no initial accelerations). The
 * result is the norm of the tip node's displacement. As in Exudyn, the matrices (528 coordinates) go to ObjectGenericODE2 sparse
 * (Exudyn: MatrixContainers of scipy CSR matrices; here the FEM interface's CSC matrices), the damping matrix as 5e-3·K entry by entry.
 */
export const linearFEMgenericODE2: TestModel = {
  name: 'linearFEMgenericODE2',
  needsExudynData: true,
  reference: 0.3876719712975609,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const fem = new FEMinterface();
    // Exudyn passes name = 'rotor-1' but its reader takes the first *Instance, 'block-1' (see abaqusImportTest)
    fem.importFromAbaqusInputFile(exudynData('abaqus/blockC3D8.inp'), { typeName: 'Instance', name: 'block-1' });
    fem.readMassMatrixFromAbaqus(exudynData('abaqus/blockC3D8_MASS1.mtx'));
    fem.readStiffnessMatrixFromAbaqus(exudynData('abaqus/blockC3D8_STIF1.mtx'));
    fem.scaleStiffnessMatrix(1e-3);
    const pLeft = [0, 0, 0];
    const pRight = [4, 0, 0];
    const nTip = fem.getNodeAtPoint(pRight);
    const nodesLeftPlane = fem.getNodesInPlane(pLeft, [-1, 0, 0]);
    const weightsLeftPlane = fem.getNodeWeightsFromSurfaceAreas(nodesLeftPlane);
    const nodesRightPlane = fem.getNodesInPlane(pRight, [-1, 0, 0]);
    const massMatrix = fem.getMassMatrix();
    const stiffnessMatrix = fem.getStiffnessMatrix();
    const dampingMatrix = { ...stiffnessMatrix, values: stiffnessMatrix.values.map((k) => 5e-3 * k) };
    const positions = fem.nodes;
    const nodeList: number[] = [];
    for (let i = 0; i < fem.numberOfNodes(); i++) nodeList.push(mbs.addNode(NodePoint({ referenceCoordinates: [positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]] })));
    const oGenericODE2 = mbs.addObject(ObjectGenericODE2({ nodeNumbers: nodeList, massMatrix, stiffnessMatrix, dampingMatrix }));
    const oGround = mbs.addObject(ObjectGround({}));
    const mGround = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: [0, 0.5, 0.5] }));
    const mBeam = mbs.addMarker(MarkerSuperElementRigid({ bodyNumber: oGenericODE2, meshNodeNumbers: nodesLeftPlane, weightingFactors: Array.from(weightsLeftPlane) }));
    mbs.addObject(GenericJoint({ markerNumbers: [mGround, mBeam], constrainedAxes: [1, 1, 1, 1, 1, 1] }));
    for (const node of nodesRightPlane) mbs.addLoad(Force({ markerNumber: mbs.addMarker(MarkerNodePosition({ nodeNumber: node })), loadVector: [0, -2e4, 0] }));
    const sTip = mbs.addSensor(SensorNode({ nodeNumber: nTip, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Displacement }));
    mbs.assemble();

    const settings = new SimulationSettings();
    const h = 1e-2;
    const tEnd = 0.1;
    settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / h);
    settings.timeIntegration.endTime = tEnd;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.solutionSettings.solutionWritePeriod = 0.04;
    settings.timeIntegration.newton.useModifiedNewton = true;
    settings.solutionSettings.sensorsWritePeriod = h;
    settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = false;
    settings.linearSolverType = LinearSolverType.EigenSparse;
    mbs.solveDynamic(settings);
    return Math.hypot(...mbs.getSensorValues(sTip));
  },
};
