import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, NodePoint, NodePointGround, NodeGenericODE2, MassPoint,
  MarkerNodePosition, MarkerNodeCoordinate, CoordinateSpringDamper, ObjectGenericODE2, SensorNode, SensorObject,
  FlexdynError, type MainSystem,
} from '../src/index.ts';

/** Expects fn to throw a FlexdynError whose message matches pattern. */
function expectFlexdynError(fn: () => unknown, pattern: RegExp): FlexdynError {
  let caught: unknown;
  try { fn(); } catch (error) { caught = error; }
  expect(caught).toBeInstanceOf(FlexdynError);
  expect(() => { throw caught; }).toThrow(pattern);
  return caught as FlexdynError;
}

/** A system with one point mass (node 0, object 0). */
function pointMass(): MainSystem {
  const mbs = new SystemContainer().addSystem();
  const node = mbs.addNode(NodePoint({ referenceCoordinates: [1, 0, 0] }));
  mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
  return mbs;
}

describe('bad input is reported with item type, index, parameter, expected and got', () => {
  it('unknownItemType', () => {
    const mbs = pointMass();
    expectFlexdynError(() => mbs.addObject({ objectType: 'MassPiont', physicsMass: 1 }), /^Object #1: unknown objectType 'MassPiont'; known types: Ground, MassPoint, .*GenericODE2/);
  });

  it('a factory refuses its own type key given as an own enumerable value, not an undefined, inherited or hidden one', () => {
    expectFlexdynError(() => NodePoint({ referenceCoordinates: [1, 2, 3], nodeType: 'Point2D' } as never), /^NodePoint: the factory sets nodeType itself, got string "Point2D"$/);
    expect(() => NodePoint({ nodeType: undefined } as never)).not.toThrow();
    const inherited = Object.create({ nodeType: 'Point2D' }) as Record<string, unknown>;
    expect(NodePoint(inherited as never)).toEqual({ nodeType: 'Point' });
    const hidden = Object.defineProperty({}, 'nodeType', { value: 'Point2D', enumerable: false });
    expect(NodePoint(hidden as never)).toEqual({ nodeType: 'Point' });
  });

  it('misspelledParameterSuggestsTheClosestName', () => {
    const mbs = pointMass();
    expectFlexdynError(
      () => mbs.addObject(MassPoint({ physicsMas: 2, nodeNumber: 0 } as never)),
      /^ObjectMassPoint #1: physicsMas is not a parameter of ObjectMassPoint \(did you mean 'physicsMass'\?\); expected one of: physicsMass, nodeNumber, name, visualization$/,
    );
  });

  it('wrongValueType', () => {
    const mbs = pointMass();
    expectFlexdynError(() => mbs.addObject(MassPoint({ physicsMass: '2' as never, nodeNumber: 0 })), /^ObjectMassPoint #1: physicsMass must be a finite number, got string "2"$/);
  });

  it('wrongVectorSize', () => {
    const mbs = pointMass();
    expectFlexdynError(() => mbs.addNode(NodePoint({ referenceCoordinates: [1, 2] })), /^NodePoint #1: referenceCoordinates must have 3 entries, got 2$/);
  });

  it('negativeMass', () => {
    const mbs = pointMass();
    expectFlexdynError(() => mbs.addObject(MassPoint({ physicsMass: -1, nodeNumber: 0 })), /^ObjectMassPoint #1: physicsMass must be non-negative, got -1$/);
  });

  it('pointMassOnARigidBodyNodeFailsAtAssemble', () => {
    const mbs = new SystemContainer().addSystem();
    const node = mbs.addNode({ nodeType: 'RigidBodyEP', referenceCoordinates: [0, 0, 0, 1, 0, 0, 0] });
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
    expectFlexdynError(() => mbs.assemble(), /^ObjectMassPoint #0: nodeNumber must refer to a Point node with coordinates, got NodeRigidBodyEP #0$/);
  });

  it('markerOnAMissingNodeFailsAtAssemble', () => {
    const mbs = pointMass();
    mbs.addMarker(MarkerNodePosition({ nodeNumber: 5 }));
    expectFlexdynError(() => mbs.assemble(), /^MarkerNodePosition #0: nodeNumber must refer to an existing node \(0 \.\.\. 0\), got 5$/);
  });

  it('markerOfTheWrongKindForItsConnector', () => {
    const mbs = pointMass();
    const ground = mbs.addNode(NodePointGround({}));
    const m0 = mbs.addMarker(MarkerNodePosition({ nodeNumber: ground }));
    const m1 = mbs.addMarker(MarkerNodePosition({ nodeNumber: 0 }));
    mbs.addObject(CoordinateSpringDamper({ markerNumbers: [m0, m1], stiffness: 100 }));
    expectFlexdynError(() => mbs.assemble(), /^ObjectConnectorCoordinateSpringDamper #1: markerNumbers entry 0 must refer to a coordinate marker, got MarkerNodePosition #0$/);
  });

  it('sensorOnAMissingItem', () => {
    const mbs = pointMass();
    mbs.addSensor(SensorObject({ objectNumber: 3, outputVariableType: OutputVariableType.Position, writeToFile: false }));
    expectFlexdynError(() => mbs.assemble(), /^SensorObject #0: objectNumber must refer to an existing object \(0 \.\.\. 0\), got 3$/);
  });

  it('outputVariableNotAvailable', () => {
    const mbs = pointMass();
    mbs.addSensor(SensorNode({ nodeNumber: 0, outputVariableType: OutputVariableType.Force, writeToFile: false }));
    expectFlexdynError(() => mbs.assemble(), /^SensorNode #0: outputVariableType must be an output variable of NodePoint #0 \(Position, .*Coordinates_tt\), got Force$/);
    mbs.modifySensor(0, { outputVariableType: OutputVariableType.Position });
    mbs.assemble();
    expectFlexdynError(() => mbs.getNodeOutput(0, OutputVariableType.Force), /^NodePoint #0: output variable Force is not available; available: Position, .*Coordinates_tt$/);
  });

  it('getNodeOutputBeforeAssemble', () => {
    const mbs = pointMass();
    expectFlexdynError(() => mbs.getNodeOutput(0, OutputVariableType.Position), /^NodePoint #0: getNodeOutput\(Position\) needs an assembled system, got one that is not assembled .*call mbs\.assemble\(\)/);
    mbs.assemble();
    mbs.addNode(NodePoint({}));
    expectFlexdynError(() => mbs.getNodeOutput(0, OutputVariableType.Position), /^NodePoint #0: getNodeOutput\(Position\) needs an assembled system/);
  });
});

describe('a diverging solve', () => {
  /** One GenericODE2 oscillator whose user force becomes NaN after tFail, with a stored node sensor. */
  function failingModel(tFail: number) {
    const mbs = new SystemContainer().addSystem();
    const node = mbs.addNode(NodeGenericODE2({ numberOfODE2Coordinates: 1, referenceCoordinates: [0], initialCoordinates: [0.1] }));
    mbs.addObject(ObjectGenericODE2({ nodeNumbers: [node], massMatrix: [[1]], stiffnessMatrix: [[100]], forceUserFunction: (_m, t) => [t > tFail ? Number.NaN : 0] }));
    const sensor = mbs.addSensor(SensorNode({ nodeNumber: node, outputVariableType: OutputVariableType.Coordinates, storeInternal: true, writeToFile: false }));
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.timeIntegration.endTime = 0.1;
    settings.timeIntegration.numberOfSteps = 100;
    settings.solutionSettings.writeSolutionToFile = false;
    return { mbs, node, sensor, settings };
  }

  it('stopsWithTimeStepAndTheFunctionThatReturnedNaNAndKeepsTheLastConvergedStateAndSensorRows', () => {
    // Fixed steps (adaptiveStep = false): t_n = n·h, the step to t = 0.051 is the first with NaN forces and fails at once.
    const { mbs, node, sensor, settings } = failingModel(0.0505);
    settings.timeIntegration.adaptiveStep = false;
    const error = expectFlexdynError(() => mbs.solveDynamic(settings), /failed at t = 0\.051\d* \(step 51, step size 0\.001\): ObjectGenericODE2 #0: forceUserFunction must return finite numbers, got number NaN at entry 0; the state of t = 0\.05 is kept/);
    expect(error.parameter).toBe('forceUserFunction');
    expect(mbs.getTime()).toBe(0.05);
    // The kept state is the converged one at t = 0.05: finite and equal to the last stored sensor row (written at 0.05).
    const rows = mbs.getSensorStoredData(sensor);
    expect(rows.length).toBe(6);
    rows.forEach((row, k) => expect(Math.abs(row[0] - 0.01 * k)).toBeLessThan(1e-12));
    const q = mbs.getNodeOutput(node, OutputVariableType.Coordinates)[0];
    expect(Number.isFinite(q)).toBe(true);
    expect(rows[5][1]).toBe(q);
    // Trapezoidal-like accuracy: x(0.05) = 0.1 cos(10·0.05) within 1e-3 (ρ∞ = 0.9, h = 1e-3, ωh = 0.01).
    expect(Math.abs(q - 0.1 * Math.cos(0.5))).toBeLessThan(1e-3);
  });

  it('withAdaptiveStepsAUserFunctionReturningNaNStopsAtOnceWithoutReducingTheStep', () => {
    // A non-finite user-function result is an error of the function, not of the step size: no reduction, the kept
    // state is the last accepted one (t = 0.05) and all rows up to it (t = 0 … 0.05) stay stored.
    const { mbs, sensor, settings } = failingModel(0.0505);
    expectFlexdynError(() => mbs.solveDynamic(settings), /failed at t = 0\.051\d* \(step 51, step size 0\.001\): ObjectGenericODE2 #0: forceUserFunction must return finite numbers, got number NaN at entry 0; the state of t = 0\.05\d* is kept/);
    expect(Math.abs(mbs.getTime() - 0.05)).toBeLessThan(1e-12);
    expect(mbs.getSensorStoredData(sensor).length).toBe(6);
  });
});
