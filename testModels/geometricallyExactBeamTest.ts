import {
  SystemContainer, SimulationSettings, NodePointGround, NodeRigidBodyEP, ObjectBeamGeometricallyExact, BeamSection, MarkerNodeRigid,
  GenericJoint, Force, Torque, OutputVariableType,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's geometricallyExactBeamTest: the five static cases of ANCFBeamTest (cantilever linear and large deflection,
 * general bending by tip torques, Princeton beam F2 and F3 at 45°) with 8 ObjectBeamGeometricallyExact elements on
 * RigidBodyEP nodes, the first node fixed to the ground by a generic joint. Static solves with 5 load steps (adaptive);
 * case 0 with one load step and Newton tolerances 1e-4 relative / 1e-5 absolute, case 1 with 5e-10. The result is the
 * sum of the norms of the tip displacements.
 *
 * Tolerance 1e-6 instead of 1e-8: Flexdyn's 1.0128212321864 is converged (tightening every Newton tolerance to 1e-12
 * changes the cases by < 1e-8), while Exudyn's Newton uses an approximate Jacobian (material stiffness only) and stops
 * at the test's tolerances before convergence: its printed case 0 (relative tolerance 1e-4) is 1.1e-7 and its cases 3,
 * 4 up to 2.4e-6 from the converged values, giving 2.9e-7 in the sum; cases 1 and 2 agree to 3e-10
 * (test/items/beamGeometricallyExact.test.ts compares every printed case).
 */
export const geometricallyExactBeamTest: TestModel = {
  name: 'geometricallyExactBeamTest',
  reference: 1.0128209428598958,
  comparison: 'relative',
  tolerance: 1e-6,
  run() {
    return geometricallyExactBeamTipDisplacements().reduce((sum, u) => sum + Math.hypot(u[0], u[1], u[2]), 0);
  },
};

/**
 * The tip displacements of the five cases; `newtonTolerance` replaces every case's relative Newton tolerance (and the
 * absolute one by a thousandth of it), for the convergence check.
 */
export function geometricallyExactBeamTipDisplacements(newtonTolerance?: number): number[][] {
    const nElements = 8;
    const result: number[][] = [];
    for (const testCase of [0, 1, 2, 3, 4]) {
      const SC = new SystemContainer();
      const mbs = SC.addSystem();
      let fTip = 0, MxTip = 0, MyTip = 0, ks1 = 1, ks2 = 1, ks3 = 1;
      let L: number, w: number, h: number, Em: number, rho: number, nu: number;
      if (testCase === 0 || testCase === 1) {
        L = 2; w = 0.1; h = 0.5;
        fTip = 5e5 * h ** 3;
        if (testCase === 1) fTip *= 1000;
        Em = 2.07e11; rho = 1e2; nu = 0.3;
        ks2 = 10 * (1 + nu) / (12 + 11 * nu);
        ks3 = ks2;
      } else if (testCase === 2) {
        L = 2; h = 0.2; w = 0.4; Em = 2.07e11; rho = 1e2; nu = 0.3;
        ks1 = 0.5768; ks2 = 0.8331; ks3 = 0.7961;
        MxTip = 0.5e6; MyTip = 2e6;
      } else {
        L = 0.508; h = 12.3777e-3; w = 3.2024e-3; Em = 71.7e9; ks1 = 0.198; nu = 0.31; rho = 1e2;
        fTip = testCase === 3 ? 8.896 : 13.345;
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
      const nGround = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
      const lElem = L / nElements;
      const ep0 = [1, 0, 0, 0];
      let n0 = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [0, 0, 0, ...ep0] }));
      const nInit = n0;
      let n1 = n0;
      for (let k = 0; k < nElements; k++) {
        n1 = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [lElem * (k + 1), 0, 0, ...ep0] }));
        mbs.addObject(ObjectBeamGeometricallyExact({ nodeNumbers: [n0, n1], physicsLength: lElem, sectionData }));
        n0 = n1;
      }
      const mTip = mbs.addMarker(MarkerNodeRigid({ nodeNumber: n1 }));
      if (fTip !== 0) {
        mbs.addLoad(Force({ markerNumber: mTip, loadVector: testCase < 3 ? [0, fTip, 0] : [0, -fTip * Math.cos(beta), fTip * Math.sin(beta)] }));
      }
      if (MxTip !== 0 || MyTip !== 0) mbs.addLoad(Torque({ markerNumber: mTip, loadVector: [MxTip, MyTip, 0] }));
      const nm0 = mbs.addMarker(MarkerNodeRigid({ nodeNumber: nInit }));
      const nmGround = mbs.addMarker(MarkerNodeRigid({ nodeNumber: nGround }));
      mbs.addObject(GenericJoint({ markerNumbers: [nmGround, nm0] }));
      mbs.assemble();

      const settings = new SimulationSettings();
      const tEnd = 100, stepSize = 0.5 * 0.01 * 0.1;
      settings.solutionSettings.writeSolutionToFile = false;
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
      settings.staticSolver.adaptiveStep = true;
      if (testCase === 0) {
        settings.staticSolver.newton.relativeTolerance = 1e-4;
        settings.staticSolver.newton.absoluteTolerance = 1e-5;
        settings.staticSolver.numberOfLoadSteps = 1;
      }
      if (testCase === 1) settings.staticSolver.newton.relativeTolerance = 0.5e-9;
      if (newtonTolerance !== undefined) {
        settings.staticSolver.newton.relativeTolerance = newtonTolerance;
        settings.staticSolver.newton.absoluteTolerance = 1e-3 * newtonTolerance;
      }
      mbs.solveStatic(settings);
      result.push(mbs.getNodeOutput(n1, OutputVariableType.Displacement));
    }
    return result;
}
