import {
  SystemContainer, OutputVariableType, FEMinterface, ObjectFFRFreducedOrderInterface,
  ObjectGround, MarkerBodyRigid, MarkerNodeRigid, MarkerSuperElementRigid, GenericJoint, SensorSuperElement,
} from '../src/index.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestModel } from './testModel.ts';
import { rotorSimulationSettings } from './ffrfRotor.ts';
import { exudynData } from './exudynData.ts';

/** Element types of Exudyn's abaqusImportTest, in its order (meshes blockC3D4 … blockC3D20R in ../shared/data/exudyn-testData/abaqus). */
export const abaqusImportTestElements = ['C3D4', 'C3D10', 'C3D8', 'C3D20', 'C3D20R'] as const;

/**
 * Tip displacements (DisplacementLocal at t = 5e-3) that Exudyn 1.10.0 prints for each element type in its own test-suite logs
 * (main/pythonDev/TestSuiteLogs/testSuiteLog_V1.10.0_*.txt, the run whose five-element sum is the reference 0.0005885208722206333),
 * 9 significant digits, and the node counts it prints. The trailing comments of abaqusImportTest.py list older values (C3D4
 * [-1.39753280e-05, …]); their five-element sum is 0.000588912…, not the reference, so they predate Exudyn's current FEM code.
 */
export const abaqusImportTestTipReference: Readonly<Record<(typeof abaqusImportTestElements)[number], readonly [number, number, number]>> = {
  C3D4: [-1.39347559e-05, -8.82980001e-05, 9.93821996e-07],
  C3D10: [-1.71922325e-05, -1.04097141e-04, 6.59659428e-08],
  C3D8: [-1.70918395e-05, -1.03190186e-04, -3.91019711e-09],
  C3D20: [-1.72036326e-05, -1.04325934e-04, 1.00487432e-08],
  C3D20R: [-1.72590204e-05, -1.04848917e-04, 5.46592210e-09],
};

/** Mesh node counts Exudyn 1.10.0 prints for each element type. */
export const abaqusImportTestNodeCount: Readonly<Record<(typeof abaqusImportTestElements)[number], number>> = { C3D4: 214, C3D10: 257, C3D8: 176, C3D20: 171, C3D20R: 171 };

/** Result of {@link runAbaqusImportBlock}. */
export interface AbaqusImportBlockResult {
  /** Local displacement of the tip node [4, 0, 0] at the end time. */
  tip: [number, number, number];
  /** Number of mesh nodes. */
  nNodes: number;
}

/**
 * One element type of Exudyn's abaqusImportTest: the 4 × 1 × 1 block (Abaqus mesh, mass and stiffness files) as ObjectFFRFreducedOrder
 * with 5 Hurty–Craig–Bampton modes (RBE2, left plane x = 0 as the only interface, so its rigid motion is the floating frame), clamped by
 * a GenericJoint between ground at [0, 0.5, 0.5] and a MarkerSuperElementRigid on the left plane (surface-area weights), gravity
 * [0, −9.81, 0], 50 steps of h = 1e-4 (generalized-α, ρ∞ = 0.5, modified Newton). Returns the tip node's DisplacementLocal at t = 5e-3.
 * As the original, the FEMinterface is saved and reloaded after reading the matrices, and the ObjectFFRFreducedOrderInterface after
 * its construction (files in a temporary directory, removed afterwards).
 */
export function runAbaqusImportBlock(element: string): AbaqusImportBlockResult {
  const directory = mkdtempSync(join(tmpdir(), 'flexdyn-abaqusImportTest-'));
  try {
    return runBlock(element, directory);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

function runBlock(element: string, directory: string): AbaqusImportBlockResult {
  const SC = new SystemContainer();
  const mbs = SC.addSystem();
  let fem = new FEMinterface();
  const base = `abaqus/block${element}`;
  // Exudyn passes name = 'rotor-1' but its reader ignores the name and takes the first *Instance, which is 'block-1'
  fem.importFromAbaqusInputFile(exudynData(`${base}.inp`), { typeName: 'Instance', name: 'block-1' });
  fem.readMassMatrixFromAbaqus(exudynData(`${base}_MASS1.mtx`));
  fem.readStiffnessMatrixFromAbaqus(exudynData(`${base}_STIF1.mtx`));
  const femFile = join(directory, 'testFEM.json');
  fem.saveToFile(femFile);
  fem = new FEMinterface();
  fem.loadFromFile(femFile);
  const nModes = 5;
  const pLeft = [0, 0, 0], pLeftMid = [0, 0.5, 0.5], pRight = [4, 0, 0];
  const nTip = fem.getNodeAtPoint(pRight);
  const nodesLeftPlane = fem.getNodesInPlane(pLeft, [-1, 0, 0]);
  const weightsLeftPlane = fem.getNodeWeightsFromSurfaceAreas(nodesLeftPlane);
  fem.computeHurtyCraigBamptonModes([nodesLeftPlane], nModes, { computationMode: 'RBE2' });
  const cmsFile = join(directory, 'testCMS.json');
  new ObjectFFRFreducedOrderInterface(fem).saveToFile(cmsFile);
  const cms = ObjectFFRFreducedOrderInterface.loadFromFile(cmsFile);
  const objFFRF = cms.addObjectFFRFreducedOrder(mbs, {
    positionRef: [0, 0, 0], initialVelocity: [0, 0, 0], initialAngularVelocity: [0, 0, 0], gravity: [0, -9.81, 0],
  });
  mbs.addMarker(MarkerNodeRigid({ nodeNumber: objFFRF.nRigidBody }));
  const oGround = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
  const mGroundPosLeft = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: pLeftMid }));
  const mLeft = mbs.addMarker(MarkerSuperElementRigid({
    bodyNumber: objFFRF.oFFRFreducedOrder, meshNodeNumbers: nodesLeftPlane, weightingFactors: weightsLeftPlane,
  }));
  mbs.addObject(GenericJoint({ markerNumbers: [mGroundPosLeft, mLeft], constrainedAxes: [1, 1, 1, 1, 1, 1] }));
  const sDisp = mbs.addSensor(SensorSuperElement({
    bodyNumber: objFFRF.oFFRFreducedOrder, meshNodeNumber: nTip, storeInternal: true, writeToFile: false,
    outputVariableType: OutputVariableType.DisplacementLocal,
  }));
  mbs.assemble();
  mbs.solveDynamic(rotorSimulationSettings(5e-3));
  const data = mbs.getSensorStoredData(sDisp);
  const last = data[data.length - 1];
  return { tip: [last[1], last[2], last[3]], nNodes: fem.numberOfNodes() };
}

/**
 * Exudyn's abaqusImportTest: Σ|u_tip| over the five element types (C3D4, C3D10, C3D8, C3D20, C3D20R), each block clamped, under
 * gravity, as {@link runAbaqusImportBlock}; Exudyn's reference and suite tolerance.
 */
export const abaqusImportTest: TestModel = {
  name: 'abaqusImportTest',
  needsExudynData: true,
  reference: 0.0005885208722206333,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    let result = 0;
    for (const element of abaqusImportTestElements) for (const v of runAbaqusImportBlock(element).tip) result += Math.abs(v);
    return result;
  },
};
