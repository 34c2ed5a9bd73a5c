import {
  SystemContainer, SimulationSettings, OutputVariableType, ConfigurationType, Node1D, Mass1D, NodePointGround, MarkerNodeCoordinate,
  CoordinateSpringDamper, LoadCoordinate, SensorBody, type MainSystem,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's mainSystemUserFunctionsTest: a mass point (8 kg, displaced 0.5 in y, 50 m/s in x) on a Cartesian
 * spring-damper (12000 N/m, 20 Ns/m) and a Mass1D (4 kg, initial 0.2) on a coordinate spring-damper, 2000 steps to 2 s,
 * in four cases that add their items to the same system one after the other (as the original's loop does, so that the
 * user functions of earlier cases stay set and their bodies are simulated again): 'SpringDamper' (plain),
 * 'BreakSpring' (a pre-step function sets the Cartesian spring's stiffness and damping to zero at t > 1),
 * 'StopMass' (a post-step function resets the mass point's position to the start of the step from t > 0.5) and
 * 'ReplicateSpringDamper' (the Mass1D's spring-damper as a LoadCoordinate set by a pre-Newton-residual function, with a
 * system Jacobian function giving its stiffness and damping terms). The result is the sum over the cases of the mass
 * point's x and y displacement and the Mass1D's displacement at the end.
 */
export const mainSystemUserFunctionsTest: TestModel = {
  name: 'mainSystemUserFunctionsTest',
  reference: 4.069301305919624,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const cases = ['SpringDamper', 'BreakSpring', 'StopMass', 'ReplicateSpringDamper'] as const;
    let result = 0;
    // the original's globals, rebound in each case
    let oCSD = -1, mass0 = -1, nMass1 = -1, load = -1, indNode1 = -1;
    let indMass0: number[] = [];
    let springActive = true;
    const L = 1.2, mass = 8, spring = 12000, damper = 20;
    for (const testCase of cases) {
      const ground = mbs.createGround();
      mass0 = mbs.createMassPoint({ referencePosition: [L, 0, 0], initialDisplacement: [0, 0.5, 0], initialVelocity: [50, 0, 0], physicsMass: mass });
      oCSD = mbs.createCartesianSpringDamper({
        bodyNumbers: [ground, mass0], localPosition0: [L, 0, 0], localPosition1: [0, 0, 0], stiffness: [spring, spring, spring], damping: [damper, damper, damper],
      });
      nMass1 = mbs.addNode(Node1D({ referenceCoordinates: [0], initialCoordinates: [0.2] }));
      const mass1 = mbs.addObject(Mass1D({ nodeNumber: nMass1, physicsMass: mass * 0.5, referencePosition: [0, L, 0] }));
      const nGround = mbs.addNode(NodePointGround({}));
      const mncGround = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGround, coordinate: 0 }));
      const mncMass1 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nMass1, coordinate: 0 }));
      if (testCase !== 'ReplicateSpringDamper') {
        mbs.addObject(CoordinateSpringDamper({ markerNumbers: [mncGround, mncMass1], stiffness: spring, damping: damper, visualization: { show: false } }));
      }
      if (testCase === 'BreakSpring') {
        springActive = true;
        mbs.setPreStepUserFunction((system: MainSystem, t: number) => {
          if (t > 1 && springActive) {
            springActive = false;
            system.setObjectParameter(oCSD, 'stiffness', [0, 0, 0]);
            system.setObjectParameter(oCSD, 'damping', [0, 0, 0]);
            system.setObjectParameter(oCSD, 'Vshow', false);
          }
          return true;
        });
      } else if (testCase === 'StopMass') {
        mbs.assemble();
        indMass0 = mbs.systemData.getObjectLTGODE2(mass0);
        mbs.setPostStepUserFunction((system: MainSystem, t: number) => {
          if (t > 0.5) {
            const qSys = system.systemData.getODE2Coordinates(ConfigurationType.Current);
            const qSysStart = system.systemData.getODE2Coordinates(ConfigurationType.StartOfStep);
            for (const i of indMass0) qSys[i] = qSysStart[i];
            system.systemData.setODE2Coordinates(qSys, ConfigurationType.Current);
          }
          return true;
        });
      } else if (testCase === 'ReplicateSpringDamper') {
        load = mbs.addLoad(LoadCoordinate({ markerNumber: mncMass1, load: 0 }));
        mbs.assemble();
        mbs.setPreNewtonResidualUserFunction((system: MainSystem) => {
          const u = system.getNodeOutput(nMass1, OutputVariableType.Coordinates)[0];
          const v = system.getNodeOutput(nMass1, OutputVariableType.Coordinates_t)[0];
          system.setLoadParameter(load, 'load', -spring * u - damper * v);
        });
        indNode1 = mbs.getNodeODE2Index(nMass1);
        mbs.setSystemJacobianUserFunction((_system: MainSystem, _t: number, factorODE2: number, factorODE2_t: number) => [[indNode1, indNode1, -factorODE2 * spring - factorODE2_t * damper]]);
      }
      const sPos0 = mbs.addSensor(SensorBody({ bodyNumber: mass0, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Displacement }));
      const sPos1 = mbs.addSensor(SensorBody({ bodyNumber: mass1, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Displacement }));
      mbs.assemble();

      const tEnd = 2;
      const stepSize = 0.001;
      const settings = new SimulationSettings();
      settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / stepSize);
      settings.timeIntegration.endTime = tEnd;
      settings.solutionSettings.solutionInformation = `CASE: ${testCase}`;
      settings.displayStatistics = true;
      settings.timeIntegration.verboseMode = 1;
      settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = false;
      mbs.solveDynamic(settings);
      const u0 = mbs.getSensorValues(sPos0);
      const u1 = mbs.getSensorValues(sPos1);
      result += u0[0] + u0[1] + u1[0];
    }
    return result;
  },
};
