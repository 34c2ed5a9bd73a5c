import {
  SystemContainer, SimulationSettings, OutputVariableType, LinearSolverType, ObjectGround, NodePointGround, NodePoint2DSlope1, ObjectANCFCable2D,
  MarkerBodyMass, Gravity, MarkerNodeCoordinate, CoordinateConstraint, type CableAxialForceUserFunction, type CableBendingMomentUserFunction,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's ANCFcable2DuserFunction: a 2 m ANCF cable (16 ObjectANCFCable2D elements, ρA = 78, EA = 1e5, EI = 2000,
 * bending damping 0.1·EI, axial damping 0.05·EA) under gravity, pinned at its first node (x, y and the slope's y
 * fixed), with user functions for a saturating bending law (κ → 0.1·atan(10κ)) and an axial stiffness that softens
 * over time (factor max(0.02, 2 − √t)). Generalized-α with modified Newton, 100 steps to 0.5 s; the result is the sum
 * of the tip's position components. The elements are generated as Exudyn's GenerateStraightLineANCFCable does:
 * nodes along the line with the unit slope, a gravity load per element, coordinate constraints of node 0 to a
 * ground node.
 */
export const ANCFcable2DuserFunction: TestModel = {
  name: 'ANCFcable2DuserFunction',
  reference: 0.6015588367721232,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    const rhoA = 78;
    const EA = 100000;
    const EI = 2000;
    const bendingMomentUserFunction: CableBendingMomentUserFunction = (_mbs, _t, _item, _x, curvature, curvature_t, curvatureRef, bendingStiffness, bendingDamping) =>
      bendingStiffness * (0.1 * Math.atan(10 * (curvature - curvatureRef))) + bendingDamping * curvature_t;
    const axialForceUserFunction: CableAxialForceUserFunction = (_mbs, t, _item, _x, axialStrain, axialStrain_t, axialStrainRef, axialStiffness, axialDamping) =>
      Math.max(0.02, 2 - t ** 0.5) * axialStiffness * (axialStrain - axialStrainRef) + axialDamping * axialStrain_t;

    const length = 2;
    const numberOfElements = 16;
    const elementLength = length / numberOfElements;
    const gravity = [0, -9.81, 0];
    const nodes = [mbs.addNode(NodePoint2DSlope1({ referenceCoordinates: [0, 0, 1, 0] }))];
    for (let i = 0; i < numberOfElements; i++) {
      nodes.push(mbs.addNode(NodePoint2DSlope1({ referenceCoordinates: [elementLength * (i + 1), 0, 1, 0] })));
      const element = mbs.addObject(ObjectANCFCable2D({
        nodeNumbers: [nodes[i], nodes[i + 1]], physicsLength: elementLength, physicsMassPerLength: rhoA, physicsBendingStiffness: EI,
        physicsBendingDamping: EI * 0.1, physicsAxialStiffness: EA, physicsAxialDamping: EA * 0.05, bendingMomentUserFunction, axialForceUserFunction,
      }));
      mbs.addLoad(Gravity({ markerNumber: mbs.addMarker(MarkerBodyMass({ bodyNumber: element })), loadVector: gravity }));
    }
    const fixedConstraintsNode0 = [1, 1, 0, 1];
    const groundMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] })), coordinate: 0 }));
    fixedConstraintsNode0.forEach((fixed, coordinate) => {
      if (fixed !== 0) mbs.addObject(CoordinateConstraint({ markerNumbers: [groundMarker, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nodes[0], coordinate }))] }));
    });
    mbs.assemble();

    const endTime = 0.5;
    const stepSize = 5e-3;
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.linearSolverType = LinearSolverType.EigenSparse;
    settings.timeIntegration.numberOfSteps = Math.trunc(endTime / stepSize);
    settings.timeIntegration.endTime = endTime;
    settings.timeIntegration.newton.useModifiedNewton = true;
    mbs.solveDynamic(settings);
    const p = mbs.getNodeOutput(nodes[numberOfElements], OutputVariableType.Position);
    return p[0] + p[1] + p[2];
  },
};
