import {
  SystemContainer, SimulationSettings, OutputVariableType, DynamicSolverType, NodeGenericODE1, ObjectGenericODE1, SensorBody, SensorNode,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's taskmanagerTest: one system rebuilt (mbs.reset) for every combination of 0, 1, 2 or 4 pairs of planar mass
 * points in a chain (springs or distance constraints), a user-function force, static or dynamic solution, an extra
 * ObjectGenericODE1 (an oscillator plus a decaying first-order state, reference values [0, 0, 1]) and 1, 2 or 5 threads;
 * generalized-α by default, RK44 (velocity Verlet with the user force and no ODE1) for two pairs without constraints.
 * The result is 0.001 times the sum of the end values of the last mass's displacement sensor and of the ODE1 sensor over
 * all cases. Flexdyn has no thread count: the three thread cases of a combination are the same run, built and solved
 * three times as in the original (equal work in the side by side). As in the original, the spring user function is
 * cleared (`springForce = 0`) by the first case without a user function, before any case uses it, so no case uses it.
 */
export const taskmanagerTest: TestModel = {
  name: 'taskmanagerTest',
  reference: -0.23406814272950335,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const mbs = new SystemContainer().addSystem();
    let resultTotal = 0;
    const a = 1;
    const b = 0.5;
    const g = [0, -9.81, 0];
    const mass = 0.2;
    const stiffness = 1000;
    const damping = 2;
    const userLoadVector = (_mbs: unknown, t: number, loadVector: ArrayLike<number>) => Array.from(loadVector, (v) => Math.sin(4 * Math.PI * t) * v);
    for (const nMasses of [0, 1, 2, 4]) {
      for (const caseConstraints of [0, 1]) {
        for (const caseStatic of [0, 1]) {
          for (const caseUser of [0, 1]) {
            for (const caseODE1 of [0, 1]) {
              if (caseStatic && caseODE1) continue;
              if (nMasses === 0 && !caseODE1) continue;
              const useExplicitSolver = nMasses === 2 && caseConstraints === 0 && caseStatic === 0;
              // the three thread counts of the original (1, 2, 5): the same build and solve here, each done as there
              for (let thread = 0; thread < 3; thread++) {
                mbs.reset();
                const ground0 = mbs.createGround();
                const ground1 = mbs.createGround({ referencePosition: [0, b, 0] });
                let bLast0 = ground0;
                let bLast1 = ground1;
                for (let i = 0; i < nMasses; i++) {
                  const xOff = i * a;
                  const b0 = mbs.createMassPoint({ referencePosition: [xOff + a, 0, 0], physicsMass: mass, drawSize: 0.1 * a, color: [1, 0, 0, 1], create2D: true, gravity: g });
                  const b1 = mbs.createMassPoint({ referencePosition: [xOff + a, b, 0], physicsMass: mass, drawSize: 0.1 * a, color: [1, 0, 0, 1], create2D: true, gravity: g });
                  mbs.createSpringDamper({ bodyNumbers: [bLast1, b1], stiffness, damping, springForceUserFunction: 0 });
                  if (caseConstraints) {
                    mbs.createDistanceConstraint({ bodyNumbers: [bLast0, b0] });
                    mbs.createDistanceConstraint({ bodyNumbers: [bLast1, b0] });
                    mbs.createDistanceConstraint({ bodyNumbers: [b0, b1] });
                  } else {
                    mbs.createSpringDamper({ bodyNumbers: [bLast0, b0], stiffness, damping });
                    mbs.createSpringDamper({ bodyNumbers: [bLast1, b0], stiffness, damping });
                    mbs.createSpringDamper({ bodyNumbers: [b0, b1], stiffness, damping });
                  }
                  bLast0 = b0;
                  bLast1 = b1;
                }
                if (caseUser) mbs.createForce({ bodyNumber: bLast1, loadVector: [10, 20, 0], loadVectorUserFunction: userLoadVector });
                const sLast = mbs.addSensor(SensorBody({ bodyNumber: bLast0, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Displacement }));
                let sODE1: number | undefined;
                if (caseODE1) {
                  const nODE1 = mbs.addNode(NodeGenericODE1({ referenceCoordinates: [0, 0, 1], initialCoordinates: [1, 0, 0], numberOfODE1Coordinates: 3 }));
                  mbs.addObject(ObjectGenericODE1({ nodeNumbers: [nODE1], systemMatrix: [[0, 1, 0], [-100, 0, 0], [0, 0, -10]], rhsVector: [0, 1, 50] }));
                  sODE1 = mbs.addSensor(SensorNode({ nodeNumber: nODE1, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Coordinates }));
                }
                mbs.assemble();

                const tEnd = 0.1 * 20;
                const h = 0.01;
                const settings = new SimulationSettings();
                settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / h);
                settings.timeIntegration.endTime = tEnd;
                settings.timeIntegration.verboseMode = 0;
                settings.staticSolver.verboseMode = 0;
                if (caseStatic) {
                  mbs.solveStatic(settings);
                } else if (!useExplicitSolver) {
                  mbs.solveDynamic(settings);
                } else {
                  mbs.solveDynamic(settings, caseUser && !caseODE1 ? DynamicSolverType.VelocityVerlet : DynamicSolverType.RK44);
                }
                const sum = (values: number[]) => values.reduce((total, v) => total + v, 0);
                resultTotal += sum(mbs.getSensorValues(sLast));
                if (sODE1 !== undefined) resultTotal += sum(mbs.getSensorValues(sODE1));
              }
            }
          }
        }
      }
    }
    return resultTotal * 0.001;
  },
};
