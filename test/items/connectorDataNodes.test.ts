import { describe, expect, it } from 'vitest';
import {
  SystemContainer, ObjectGround, MarkerBodyRigid, NodeRigidBodyRxyz, RigidBody, NodeGenericData, TorsionalSpringDamper,
  RigidBodySpringDamper, SensorObject, OutputVariableType, NodePointGround, MarkerNodeCoordinate, Node1D, Mass1D, CoordinateSpringDamperExt,
  type MainSystem,
} from '../../src/index.ts';
import { dynamicSettings } from '../helpers/settings.ts';

/** A rigid body (inertia I_zz = 2) spinning about the global z axis with ω0, and a rigid marker on it and on ground. */
function spinningBody(omega0: number, translation = 0) {
  const SC = new SystemContainer();
  const mbs = SC.addSystem();
  const ground = mbs.addObject(ObjectGround({}));
  const node = mbs.addNode(NodeRigidBodyRxyz({ referenceCoordinates: [0, 0, 0, 0, 0, 0], initialVelocities: [translation, 0, 0, 0, 0, omega0] }));
  const body = mbs.addObject(RigidBody({ physicsMass: 0.5, physicsInertia: [1, 1.5, 2, 0, 0, 0], nodeNumber: node }));
  const markers = [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground })), mbs.addMarker(MarkerBodyRigid({ bodyNumber: body }))];
  return { mbs, markers };
}

const rows = (mbs: MainSystem, sensor: number) => mbs.getSensorStoredData(sensor) as number[][];

describe('ConnectorTorsionalSpringDamper with a data node (unlimited rotations)', () => {
  it('countsFullTurns: the angle of a freely spinning body grows past π with the data node and wraps without', () => {
    // no stiffness or damping: the body spins at ω0 = 10, so the relative angle is ω0 t = 13 at t = 1.3 (2.07 turns)
    const angleAt = (withDataNode: boolean) => {
      const { mbs, markers } = spinningBody(10);
      const turns = withDataNode ? mbs.addNode(NodeGenericData({ numberOfDataCoordinates: 1, initialCoordinates: [0] })) : -1;
      const spring = mbs.addObject(TorsionalSpringDamper({ markerNumbers: markers, nodeNumber: turns }));
      const sensor = mbs.addSensor(SensorObject({ objectNumber: spring, storeInternal: true, outputVariableType: OutputVariableType.Rotation }));
      mbs.assemble();
      mbs.solveDynamic(dynamicSettings(1.3, 500));
      return { angle: rows(mbs, sensor).at(-1)![1], data: withDataNode ? mbs.systemData.getDataCoordinates()[0] : Number.NaN };
    };
    const unlimited = angleAt(true);
    // a free rigid rotation is integrated exactly up to Newton's tolerance (constant ω about a principal axis)
    expect(unlimited.angle).toBeCloseTo(13, 9);
    expect(unlimited.data).toBe(unlimited.angle);
    expect(angleAt(false).angle).toBeCloseTo(13 - 4 * Math.PI, 9);
  });

  it('springsBackFromBeyondHalfATurn: the maximum angle of a torsional oscillator is ω0 √(I/k) > π', () => {
    // energy: ½ I ω0² = ½ k θ_max² with I = 2, k = 8 and ω0 chosen for θ_max = 1.5π; the spring torque is continuous
    // through ±π only with the data node. Trapezoidal rule (ρ∞ = 1), 2000 steps per period: 1e-4 relative.
    const inertia = 2, k = 8, thetaMax = 1.5 * Math.PI;
    const omega0 = thetaMax * Math.sqrt(k / inertia);
    const { mbs, markers } = spinningBody(omega0);
    const turns = mbs.addNode(NodeGenericData({ numberOfDataCoordinates: 1 }));
    const spring = mbs.addObject(TorsionalSpringDamper({ markerNumbers: markers, nodeNumber: turns, stiffness: k }));
    const sensor = mbs.addSensor(SensorObject({ objectNumber: spring, storeInternal: true, outputVariableType: OutputVariableType.Rotation }));
    mbs.assemble();
    const period = 2 * Math.PI * Math.sqrt(inertia / k);
    const settings = dynamicSettings(period, 2000);
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    mbs.solveDynamic(settings);
    const angles = rows(mbs, sensor).map((row) => row[1]);
    expect(Math.abs(Math.max(...angles) / thetaMax - 1)).toBeLessThan(1e-4);
    expect(Math.abs(Math.min(...angles) / thetaMax + 1)).toBeLessThan(1e-4);
    expect(Math.abs(angles.at(-1)!)).toBeLessThan(1e-3 * thetaMax);
  });

  it('takesParameterChangesInPlace: damping set while running gives the same motion as a new model with that damping', () => {
    // the same oscillator twice: damping 0 → 3 at t = 0.25 by setObjectParameter (one parameter: changed in the model in
    // place), and by modifyObject with two parameters (a new model from the changed dictionary, bound again)
    const run = (inPlace: boolean) => {
      const { mbs, markers } = spinningBody(4);
      const spring = mbs.addObject(TorsionalSpringDamper({ markerNumbers: markers, stiffness: 8, offset: 0.1 }));
      mbs.setPreStepUserFunction((system, t) => {
        if (Math.abs(t - 0.25) < 1e-9) {
          if (inPlace) system.setObjectParameter(spring, 'damping', 3);
          else (system as MainSystem).modifyObject(spring, { damping: 3, torque: 0 });
        }
        return true;
      });
      mbs.assemble();
      mbs.solveDynamic(dynamicSettings(0.5, 200));
      return { q: Array.from(mbs.systemData.getODE2Coordinates()), damping: mbs.getObjectParameter(spring, 'damping') };
    };
    const inPlace = run(true), replaced = run(false);
    expect(inPlace.damping).toBe(3);
    expect(replaced.damping).toBe(3);
    expect(inPlace.q).toEqual(replaced.q);
    // the damping acts: without it the angle differs
    const { mbs, markers } = spinningBody(4);
    mbs.addObject(TorsionalSpringDamper({ markerNumbers: markers, stiffness: 8, offset: 0.1 }));
    mbs.assemble();
    mbs.solveDynamic(dynamicSettings(0.5, 200));
    expect(Math.abs(mbs.systemData.getODE2Coordinates()[5] - inPlace.q[5])).toBeGreaterThan(1e-3);
  });

  it('rejectsADataNodeOfAnotherSize', () => {
    const { mbs, markers } = spinningBody(1);
    const data = mbs.addNode(NodeGenericData({ numberOfDataCoordinates: 2 }));
    mbs.addObject(TorsionalSpringDamper({ markerNumbers: markers, nodeNumber: data }));
    expect(() => mbs.assemble()).toThrow(/ObjectConnectorTorsionalSpringDamper #2: nodeNumber must refer to a NodeGenericData with 1 data coordinate, got NodeGenericData #1 with 2 data coordinates/);
  });
});

describe('ConnectorRigidBodySpringDamper.postNewtonStepUserFunction', () => {
  it('implementsALimitStopInUserCode that bounces exactly as ConnectorCoordinateSpringDamperExt\'s', () => {
    // body moving along x at 10 m/s between stops at ±0.95 (k = 1e4, d = 10): the data coordinate is the contact state,
    // switched by the post-Newton user function with CoordinateSpringDamperExt's rules and read by the force user function.
    // Both systems take the same switching decisions; tolerance: Newton's relative tolerance on the x motion.
    const k = 1e4, d = 10, upper = 0.95, lower = -0.95, m = 0.5;
    const { mbs, markers } = spinningBody(0, 10);
    const contactNode = mbs.addNode(NodeGenericData({ numberOfDataCoordinates: 1 }));
    let calls = 0;
    mbs.addObject(RigidBodySpringDamper({
      markerNumbers: markers, nodeNumber: contactNode,
      springForceTorqueUserFunction: (m0, _t, _i, u, _r, v) => {
        const state = m0.systemData.getDataCoordinates()[0];
        const limit = state > 0 ? upper : state < 0 ? lower : Number.NaN;
        return [Number.isNaN(limit) ? 0 : k * (u[0] - limit) + d * v[0], 0, 0, 0, 0, 0];
      },
      postNewtonStepUserFunction: (_m, _t, _i, data, u) => {
        calls++;
        const [previous] = data, q = u[0];
        if (previous > 0) return q < upper ? [Math.abs(previous * k), -1, 0] : [0, -1, q - upper];
        if (previous < 0) return q > lower ? [Math.abs(previous * k), -1, 0] : [0, -1, q - lower];
        if (q > upper) return [Math.abs((q - upper) * k), -1, q - upper];
        if (q < lower) return [Math.abs((q - lower) * k), -1, q - lower];
        return [0, -1, 0];
      },
    }));
    mbs.assemble();
    const steps = 300;
    const statistics = mbs.solveDynamic(dynamicSettings(0.6, steps));
    expect(calls).toBe(statistics.discontinuousIterations);
    expect(calls).toBeGreaterThan(steps);

    const SC = new SystemContainer();
    const reference = SC.addSystem();
    const ground = reference.addNode(NodePointGround({}));
    const node = reference.addNode(Node1D({ referenceCoordinates: [0], initialVelocities: [10] }));
    reference.addObject(Mass1D({ physicsMass: m, nodeNumber: node }));
    const data = reference.addNode(NodeGenericData({ numberOfDataCoordinates: 3 }));
    reference.addObject(CoordinateSpringDamperExt({
      markerNumbers: [reference.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: 0 })), reference.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }))],
      nodeNumber: data, limitStopsUpper: upper, limitStopsLower: lower, limitStopsStiffness: k, limitStopsDamping: d, useLimitStops: true,
    }));
    reference.assemble();
    const referenceStatistics = reference.solveDynamic(dynamicSettings(0.6, steps));
    expect(statistics.discontinuousIterations).toBe(referenceStatistics.discontinuousIterations);
    expect(Math.abs(mbs.systemData.getODE2Coordinates()[0] - reference.systemData.getODE2Coordinates()[0])).toBeLessThan(1e-9);
    expect(mbs.systemData.getDataCoordinates()[0]).toBeCloseTo(reference.systemData.getDataCoordinates()[2], 9);
  });

  it('needsADataNodeAndChecksWhatTheFunctionReturns', () => {
    const noNode = spinningBody(1);
    noNode.mbs.addObject(RigidBodySpringDamper({ markerNumbers: noNode.markers, postNewtonStepUserFunction: () => [0, -1] }));
    expect(() => noNode.mbs.assemble()).toThrow(/nodeNumber must refer to a NodeGenericData for postNewtonStepUserFunction, got -1 \(none\)/);
    const wrong = spinningBody(1);
    const data = wrong.mbs.addNode(NodeGenericData({ numberOfDataCoordinates: 2 }));
    wrong.mbs.addObject(RigidBodySpringDamper({ markerNumbers: wrong.markers, nodeNumber: data, postNewtonStepUserFunction: () => [0, -1, 1] }));
    wrong.mbs.assemble();
    expect(() => wrong.mbs.solveDynamic(dynamicSettings(0.1, 10))).toThrow(/postNewtonStepUserFunction must return \[error, recommendedStepSize, \.\.\.2 data coordinates\] \(4 numbers\), got array of length 3/);
  });
});
