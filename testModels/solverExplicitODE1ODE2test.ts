import {
  SystemContainer, SimulationSettings, OutputVariableType, DynamicSolverType, NodeGenericODE1, ObjectGenericODE1,
  NodeGenericODE2, ObjectGenericODE2, SensorNode,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's solverExplicitODE1ODE2test: the same two uncoupled oscillators (m = 2, k = 200 and k = 100 with a constant
 * force 1 on the second) as four ODE1 coordinates (ObjectGenericODE1, ẋ = A x + b) and as two ODE2 coordinates
 * (ObjectGenericODE2), integrated to t = 2 by DOPRI5 with automatic step size (four absolute tolerances) and by RK67,
 * RK44, RK33 and the explicit midpoint rule at fixed steps. The result is the sum over all runs of the errors of the first
 * coordinate of both systems against Exudyn's RK67 value at h = 5e-4: it checks that ODE1 and ODE2 coordinates take the
 * same stages and step-size control (the ODE1 error of a run equals its ODE2 error).
 */
export const solverExplicitODE1ODE2test: TestModel = {
  name: 'solverExplicitODE1ODE2test',
  reference: 3.3767933275918964,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const mbs = new SystemContainer().addSystem();
    const m = 2;
    const nODE1 = mbs.addNode(NodeGenericODE1({ referenceCoordinates: [0, 0, 0, 0], initialCoordinates: [1, 0, 0, 0], numberOfODE1Coordinates: 4 }));
    const A = [[0, 0, 1, 0], [0, 0, 0, 1], [-200 / m, 0, 0, 0], [0, -100 / m, 0, 0]];
    const b = [0, 0, 0, 1 / m];
    mbs.addObject(ObjectGenericODE1({ nodeNumbers: [nODE1], systemMatrix: A, rhsVector: b }));
    const sCoords1 = mbs.addSensor(SensorNode({ nodeNumber: nODE1, writeToFile: false, outputVariableType: OutputVariableType.Coordinates }));
    const nODE2 = mbs.addNode(NodeGenericODE2({ referenceCoordinates: [0, 0], initialCoordinates: [1, 0], initialCoordinates_t: [0, 0], numberOfODE2Coordinates: 2 }));
    mbs.addObject(ObjectGenericODE2({ nodeNumbers: [nODE2], massMatrix: [[m, 0], [0, m]], stiffnessMatrix: [[200, 0], [0, 100]], forceVector: [0, 1] }));
    const sCoords2 = mbs.addSensor(SensorNode({ nodeNumber: nODE2, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Coordinates }));
    mbs.addSensor(SensorNode({ nodeNumber: nODE2, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Coordinates_t }));
    mbs.assemble();

    const sims = new SimulationSettings();
    let tEnd = 2;
    sims.timeIntegration.endTime = tEnd;
    sims.solutionSettings.writeSolutionToFile = false;
    sims.solutionSettings.sensorsWritePeriod = 10;
    sims.timeIntegration.verboseMode = 0;
    const ref = 0.40808206181339224;
    let err = 0;
    const runError = () => Math.abs(mbs.getSensorValues(sCoords1)[0] - ref) + Math.abs(mbs.getSensorValues(sCoords2)[0] - ref);
    const solve = (h: number, solverType: DynamicSolverType) => {
      // Python's int(tEnd/h): the same floating-point quotient, truncated
      sims.timeIntegration.numberOfSteps = Math.trunc(tEnd / h);
      mbs.solveDynamic(sims, solverType);
    };
    for (let i = 0; i < 4; i++) {
      tEnd = 2;
      sims.timeIntegration.endTime = tEnd;
      sims.timeIntegration.absoluteTolerance = 10 ** (-2 * i);
      sims.timeIntegration.relativeTolerance = 1e-4;
      solve(1, DynamicSolverType.DOPRI5);
      err += runError();
    }
    for (let i = 0; i < 2; i++) {
      solve(1e-1 * 10 ** -i, DynamicSolverType.RK67);
      err += runError();
    }
    solve(5e-4, DynamicSolverType.RK67);
    for (let i = 0; i < 3; i++) {
      solve(1e-1 * 10 ** -i, DynamicSolverType.RK44);
      err += runError();
    }
    for (let i = 0; i < 3; i++) {
      solve(1e-1 * 10 ** -i, DynamicSolverType.RK33);
      err += runError();
    }
    for (let i = 0; i < 2; i++) {
      solve(1e-2 * 10 ** -i, DynamicSolverType.ExplicitMidpoint);
      err += runError();
    }
    return err;
  },
};
