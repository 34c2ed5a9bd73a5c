import {
  SystemContainer, SimulationSettings, NodePointGround, NodePointSlope23, ObjectANCFBeam, BeamSection, MarkerNodeCoordinate,
  MarkerNodeRigid, CoordinateConstraint, Force, Torque, OutputVariableType, type BeamSectionValues, type MainSystem,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's ANCFBeamTest: a cantilever of 8 ObjectANCFBeam elements on PointSlope23 nodes, all nine coordinates of the
 * first node fixed, in five static cases: 'CantileverLinear2011' (tip force 5e5 h³ in y), 'Cantilever2011' (the same
 * ×1000, large deflection, Newton tolerance 5e-10), 'GeneralBending2013' (tip torques Mx = 0.5e6, My = 2e6,
 * cross-section penalty ×10), and the Princeton beam with tip forces 8.896 N and 13.345 N at 45° in the y-z plane.
 * Static solves with 5 load steps; the result is the sum of the norms of the tip displacements.
 */
/** One of the five cases shared by ANCFBeamTest and geometricallyExactBeamTest: length, section, cross-section penalty factor. */
export interface BeamTestCase {
  readonly L: number;
  readonly sectionData: BeamSectionValues;
  readonly csFact: number;
  /** Adds the case's tip loads (force and/or torque) on the tip marker. */
  addTipLoads(mbs: MainSystem, tipMarker: number): void;
}

/** The parameters of case 0–4 ('CantileverLinear2011', 'Cantilever2011', 'GeneralBending2013', 'PrincetonBeamF2', 'F3'). */
export function beamTestCase(testCase: number): BeamTestCase {
  let csFact = 1, fTip = 0, MxTip = 0, MyTip = 0, ks1 = 1, ks2 = 1, ks3 = 1;
  let L: number, w: number, h: number, Em: number, nu: number;
  const rho = 1e2;
  if (testCase === 0 || testCase === 1) {
    L = 2; w = 0.1; h = 0.5;
    fTip = 5e5 * h ** 3;
    if (testCase === 1) fTip *= 1000;
    Em = 2.07e11; nu = 0.3;
    ks2 = 10 * (1 + nu) / (12 + 11 * nu);
    ks3 = ks2;
  } else if (testCase === 2) {
    L = 2; h = 0.2; w = 0.4; Em = 2.07e11; nu = 0.3;
    ks1 = 0.5768; ks2 = 0.8331; ks3 = 0.7961;
    MxTip = 0.5e6; MyTip = 2e6; csFact = 10;
  } else {
    L = 0.508; h = 12.3777e-3; w = 3.2024e-3; Em = 71.7e9; ks1 = 0.198; nu = 0.31;
    fTip = testCase === 3 ? 8.896 : 13.345;
    csFact = 10;
  }
  const beta = 45 / 180 * Math.PI;
  const A = h * w;
  const Gm = Em / (2 * (1 + nu));
  const Iyy = h * w ** 3 / 12, Izz = w * h ** 3 / 12;
  const J = Iyy + Izz;
  const diagonal = (values: number[]) => values.map((v, i) => values.map((_, j) => (i === j ? v : 0)));
  const sectionData = BeamSection({
    stiffnessMatrix: diagonal([Em * A, Gm * A * ks2, Gm * A * ks3, Gm * J * ks1, Em * Iyy, Em * Izz]),
    inertia: diagonal([rho * J, rho * J, rho * J]),
    massPerLength: rho * A,
  });
  return {
    L, sectionData, csFact,
    addTipLoads(mbs, tipMarker) {
      if (fTip !== 0) mbs.addLoad(Force({ markerNumber: tipMarker, loadVector: testCase < 3 ? [0, fTip, 0] : [0, -fTip * Math.cos(beta), fTip * Math.sin(beta)] }));
      if (MxTip !== 0 || MyTip !== 0) mbs.addLoad(Torque({ markerNumber: tipMarker, loadVector: [MxTip, MyTip, 0] }));
    },
  };
}

/** The solver settings both test files set (static: 5 load steps; the dynamic ones are unused). */
export function beamTestSettings(): SimulationSettings {
  const settings = new SimulationSettings();
  const tEnd = 100, stepSize = 0.5 * 0.01 * 0.1;
  settings.solutionSettings.solutionWritePeriod = 2e-2;
  settings.solutionSettings.sensorsWritePeriod = 1e-1;
  settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / stepSize);
  settings.timeIntegration.endTime = tEnd;
  settings.timeIntegration.generalizedAlpha.spectralRadius = 0.5;
  settings.timeIntegration.verboseMode = 0;
  settings.staticSolver.verboseMode = 0;
  settings.timeIntegration.newton.useModifiedNewton = true;
  settings.timeIntegration.newton.relativeTolerance = 1e-6;
  settings.linearSolverType = 'EigenSparse';
  settings.staticSolver.numberOfLoadSteps = 5;
  return settings;
}

export const ANCFBeamTest: TestModel = {
  name: 'ANCFBeamTest',
  reference: 1.010486312300459,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const nElements = 8;
    let testErrorSum = 0;
    for (const testCase of [0, 1, 2, 3, 4]) {
      const mbs = new SystemContainer().addSystem();
      const { L, sectionData, csFact, addTipLoads } = beamTestCase(testCase);
      const nGround = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
      const mnGround = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGround, coordinate: 0 }));
      const lElem = L / nElements;
      const initialRotations = [0, 1, 0, 0, 0, 1];
      let n0 = mbs.addNode(NodePointSlope23({ referenceCoordinates: [0, 0, 0, ...initialRotations] }));
      const nInit = n0;
      let n1 = n0;
      for (let k = 0; k < nElements; k++) {
        n1 = mbs.addNode(NodePointSlope23({ referenceCoordinates: [lElem * (k + 1), 0, 0, ...initialRotations] }));
        mbs.addObject(ObjectANCFBeam({ nodeNumbers: [n0, n1], physicsLength: lElem, sectionData, crossSectionPenaltyFactor: [csFact, csFact, csFact] }));
        n0 = n1;
      }
      addTipLoads(mbs, mbs.addMarker(MarkerNodeRigid({ nodeNumber: n1 })));
      for (let i = 0; i < 9; i++) {
        mbs.addObject(CoordinateConstraint({ markerNumbers: [mnGround, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nInit, coordinate: i }))] }));
      }
      mbs.assemble();
      const settings = beamTestSettings();
      settings.timeIntegration.newton.numericalDifferentiation.relativeEpsilon = 1e-4;
      if (testCase === 1) settings.staticSolver.newton.relativeTolerance = 0.5e-9;
      mbs.solveStatic(settings);
      const uTip = mbs.getNodeOutput(n1, OutputVariableType.Displacement);
      testErrorSum += Math.hypot(uTip[0], uTip[1], uTip[2]);
    }
    return testErrorSum;
  },
};
