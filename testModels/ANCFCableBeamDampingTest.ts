import {
  SystemContainer, SimulationSettings, NodePointSlope23, ObjectANCFBeam, BeamSection, Cable2D, MarkerNodeRigid, MarkerNodePosition,
  LoadForceVector, SensorMarker, OutputVariableType, generateStraightLineANCFCable2D,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's ANCFCableBeamDampingTest: the same cantilever (l = 0.5 m, 2 kg/m, diameter 2 cm, E = 1e8) once as 4
 * ANCFCable2D elements (generateStraightLineANCFCable2D, first node fully fixed) and once as 8 ObjectANCFBeam elements
 * on PointSlope23 nodes clamped by a generic joint, both with a tip force: [0, −5, 0] for 0.1 s in 25 steps and
 * [−100, 0, 0] for 0.1 s in 200 steps (the test-suite settings; the damping factors are zero in Exudyn's file).
 * Generalized-α without initial accelerations, modified Newton. The result is the sum of the norms of both tip
 * displacements at the end of both load cases.
 */
export const ANCFCableBeamDampingTest: TestModel = {
  name: 'ANCFCableBeamDampingTest',
  reference: 0.18992335572078087,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const loadVectorList = [[0, -5, 0], [-100, 0, 0]];
    const l = 0.5, massPerLength = 2, cableDiameter = 0.02, E = 1e8;
    const nElementsANCF2D = 4, nElementsANCFBeam = 8;
    const beta = 0.02 * 0, betaAxial = 0.0005 * 0;
    const lElement = l / nElementsANCFBeam;
    const cableRadius = cableDiameter / 2;
    const cableArea = Math.PI * cableRadius ** 2;
    const secondMomentOfInertia = Math.PI * cableRadius ** 4 / 4;
    const rho = massPerLength / cableArea;
    const rhoA = rho * cableArea, rhoI = rho * secondMomentOfInertia;
    const EA = E * cableArea, EI = E * secondMomentOfInertia;
    const kPenalty = EA;
    const diagonal = (values: number[]) => values.map((v, i) => values.map((_, j) => (i === j ? v : 0)));
    const sectionData = BeamSection({
      stiffnessMatrix: diagonal([EA, kPenalty, kPenalty, kPenalty, EI, EI]),
      inertia: diagonal([0, rhoI, rhoI]),
      massPerLength: rhoA,
      dampingMatrix: diagonal([EA * betaAxial, 0, 0, 0, EI * beta, EI * beta]),
    });
    const settings = new SimulationSettings();
    settings.timeIntegration.newton.useModifiedNewton = true;
    settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = false;
    settings.timeIntegration.verboseMode = 0;
    settings.linearSolverType = 'EigenSparse';

    let solution = 0;
    loadVectorList.forEach((loadVector, loadCase) => {
      const SC = new SystemContainer();
      const mbs = SC.addSystem();
      const oGround = mbs.createGround({ referencePosition: [0, 0, 0] });
      const cableTemplate = Cable2D({
        physicsMassPerLength: rhoA, physicsBendingStiffness: EI, physicsAxialStiffness: EA, physicsBendingDamping: beta * EI,
        physicsAxialDamping: betaAxial * EA, useReducedOrderIntegration: 0, visualization: { drawHeight: cableDiameter },
      });
      const [nCable2D] = generateStraightLineANCFCable2D(mbs, {
        positionOfNode0: [0, 0, 0], positionOfNode1: [l, 0, 0], fixedConstraintsNode0: [1, 1, 1, 1], numberOfElements: nElementsANCF2D, cableTemplate,
      });
      const mCable2D = mbs.addMarker(MarkerNodePosition({ nodeNumber: nCable2D[nCable2D.length - 1] }));
      mbs.addLoad(LoadForceVector({ markerNumber: mCable2D, loadVector, bodyFixed: false }));
      const sCable2D = mbs.addSensor(SensorMarker({ markerNumber: mCable2D, outputVariableType: OutputVariableType.Displacement, storeInternal: true, writeToFile: false }));

      const referenceOffset = [0, 0, 1];
      const initialRotations = [0, 1, 0, 0, 0, 1];
      let n0 = mbs.addNode(NodePointSlope23({ referenceCoordinates: [...referenceOffset, ...initialRotations] }));
      const mCableList = [mbs.addMarker(MarkerNodeRigid({ nodeNumber: n0 }))];
      for (let k = 0; k < nElementsANCFBeam; k++) {
        const n1 = mbs.addNode(NodePointSlope23({ referenceCoordinates: [lElement * (k + 1) + referenceOffset[0], referenceOffset[1], referenceOffset[2], ...initialRotations] }));
        mCableList.push(mbs.addMarker(MarkerNodeRigid({ nodeNumber: n1 })));
        mbs.addObject(ObjectANCFBeam({ nodeNumbers: [n0, n1], physicsLength: lElement, sectionData, crossSectionPenaltyFactor: [1, 1, 1] }));
        n0 = n1;
      }
      mbs.createGenericJoint({ bodyNumbers: [oGround, { markerNumber: mCableList[0] }], show: true });
      mbs.addLoad(LoadForceVector({ markerNumber: mCableList[mCableList.length - 1], loadVector, bodyFixed: false }));
      const sBeam = mbs.addSensor(SensorMarker({ markerNumber: mCableList[mCableList.length - 1], outputVariableType: OutputVariableType.Displacement, storeInternal: true, writeToFile: false }));
      mbs.assemble();

      const stepSize = loadCase === 1 ? 0.5e-3 : 4e-3;
      const tEnd = 0.1;
      settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / stepSize);
      settings.timeIntegration.endTime = tEnd;
      settings.solutionSettings.writeSolutionToFile = false;
      settings.solutionSettings.sensorsWritePeriod = stepSize;
      mbs.solveDynamic(settings);
      const norm = (v: number[]) => Math.hypot(...v);
      solution += norm(mbs.getSensorValues(sCable2D)) + norm(mbs.getSensorValues(sBeam));
    });
    return solution;
  },
};
