import { describe, expect, it } from 'vitest';
import {
  ConfigurationType, DynamicSolverType, MainSystem, OutputVariableType, SensorNode, SensorUserFunction, SimulationSettings,
  type SpringForceUserFunction, type UserFunctionSystem,
} from '../../src/index.ts';

/*
 * The system argument of user functions is typed (registry/userFunctionSystem.ts): items declare their user functions
 * with the interface UserFunctionSystem, MainSystem implements it, and the public user-function types name MainSystem.
 * tsc (part of `npm test`) checks the annotations and the @ts-expect-error lines below; vitest runs the models.
 */

function settings(): SimulationSettings {
  const s = new SimulationSettings();
  s.timeIntegration.endTime = 0.5;
  s.timeIntegration.numberOfSteps = 500;
  s.solutionSettings.sensorsWritePeriod = 0.01;
  s.solutionSettings.writeSolutionToFile = false;
  return s;
}

/**
 * A mass on a spring-damper to ground, swinging in x and y (so the spring turns), with a stored position sensor and a
 * user-function sensor reading the same node through `mbs`; with `viaSystem`, the spring's force law is a user
 * function that reads the connector's parameters back from the MainSystem and evaluates the built-in law with them.
 */
function springModel(viaSystem: boolean) {
  const mbs = new MainSystem();
  const ground = mbs.createGround();
  const mass = mbs.createMassPoint({ referencePosition: [1, 0, 0], initialVelocity: [0.3, 0.8, 0], physicsMass: 2 });
  // Written as a model script writes it: the first argument annotated MainSystem, a MainSystem method called, no cast.
  const linearLaw = (system: MainSystem, _t: number, itemNumber: number, deltaL: number, deltaL_t: number): number => {
    const spring = system.getObject(itemNumber);
    return (spring.stiffness as number) * deltaL + ((spring.damping as number) * deltaL_t + (spring.force as number));
  };
  const spring = mbs.createSpringDamper({
    bodyNumbers: [ground, mass], stiffness: 40, damping: 0.7, force: 0.2, springForceUserFunction: viaSystem ? linearLaw : 0,
  });
  const node = mbs.getObject(mass).nodeNumber as number;
  const position = mbs.addSensor(SensorNode({ nodeNumber: node, outputVariableType: OutputVariableType.Position, storeInternal: true, writeToFile: false }));
  const viaUserFunction = mbs.addSensor(SensorUserFunction({
    storeInternal: true, writeToFile: false,
    sensorUserFunction: (system: MainSystem, _t, _sensors, _factors, configuration) => system.getNodeOutput(node, OutputVariableType.Position, configuration),
  }));
  mbs.assemble();
  return { mbs, spring, position, viaUserFunction };
}

describe('typed system argument of user functions', () => {
  it('userFunctionsAnnotatedWithMainSystemRunInAModelAndAgreeWithTheBuiltInLaw', () => {
    // RK44 uses no Jacobian, and the user function evaluates the built-in law with the same operands in the same order,
    // so both runs are bit-identical; the sensor user function returns the node's position, equal to the SensorNode.
    const builtIn = springModel(false);
    const user = springModel(true);
    builtIn.mbs.solveDynamic(settings(), DynamicSolverType.RK44);
    user.mbs.solveDynamic(settings(), DynamicSolverType.RK44);
    const reference = builtIn.mbs.getSensorStoredData(builtIn.position);
    expect(reference.length).toBe(51);
    expect(Math.abs(reference[50][2])).toBeGreaterThan(0.01); // the spring turned: the law is exercised off its axis
    expect(user.mbs.getSensorStoredData(user.position)).toEqual(reference);
    expect(user.mbs.getSensorStoredData(user.viaUserFunction)).toEqual(reference);
  });

  it('theSystemArgumentIsTheMainSystemAndTheInterfaceCatchesWrongUses', () => {
    const { mbs, spring } = springModel(true);
    let seen: unknown;
    // Written inline, mbs is the UserFunctionSystem the item declares: the getters a user function calls.
    mbs.modifyObject(spring, { springForceUserFunction: ((system, t) => { seen = system; return system.getTime() - t + 1.5; }) satisfies SpringForceUserFunction });
    mbs.assemble();
    // the connector's force vector is the law's value (1.5, as getTime() equals t) along the unit spring axis
    const force = mbs.getObjectOutput(spring, OutputVariableType.Force, ConfigurationType.Initial);
    expect(Math.hypot(...force)).toBeCloseTo(1.5, 14);
    expect(seen).toBe(mbs);
    // The public alias names MainSystem, which implements the interface.
    const publicType: SpringForceUserFunction = (system) => system.numberOfObjects;
    const asInterface: UserFunctionSystem = mbs;
    expect(publicType(mbs, 0, spring, 0, 0, 0, 0, 0)).toBe(asInterface.numberOfObjects);
    const wrongUses = () => {
      // @ts-expect-error a misspelled method of the system is caught
      const misspelled: SpringForceUserFunction = (system) => system.getObjectOutputs(0, OutputVariableType.Force)[0];
      // @ts-expect-error a first argument that is not the system is caught where an item takes the user function
      mbs.createSpringDamper({ bodyNumbers: [0, 1], springForceUserFunction: (gain: string, t: number) => gain.length * t });
      return misspelled;
    };
    expect(typeof wrongUses).toBe('function');
  });
});
