import {
  HydraulicActuatorSimple, MarkerBodyPosition, MarkerNodePosition, MassPoint, NodeGenericODE1, NodePoint, ObjectGround,
  SystemContainer, type MainSystem,
} from '../../src/index.ts';

/** The parameters of {@link hydraulicActuatorOnMassPoint} that its tests vary. */
export interface ActuatorParameters {
  valveOpening0: number;
  valveOpening1: number;
  systemPressure: number;
}

/** The actuator's own values (all but its markers and its pressure node). */
type ActuatorValues = Omit<Parameters<typeof HydraulicActuatorSimple>[0], 'markerNumbers' | 'nodeNumbers'>;

/** A system built by {@link actuatorOnMassPoint}: objects ground #0, mass point #1, actuator #2. */
export interface ActuatorSystem { mbs: MainSystem; actuator: number; point: number; pressures: number }

/**
 * A HydraulicActuatorSimple from the ground origin to a mass point of `mass` at `position`, its two chamber pressures
 * starting at `initialPressures`; objects: ground #0, mass point #1, actuator #2. Not assembled.
 */
export function actuatorOnMassPoint(position: number[], mass: number, initialPressures: number[], values: ActuatorValues): ActuatorSystem {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
  const point = mbs.addNode(NodePoint({ referenceCoordinates: position }));
  mbs.addObject(MassPoint({ physicsMass: mass, nodeNumber: point }));
  const pressures = mbs.addNode(NodeGenericODE1({ numberOfODE1Coordinates: 2, referenceCoordinates: [0, 0], initialCoordinates: initialPressures }));
  const m0 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground, localPosition: [0, 0, 0] }));
  const m1 = mbs.addMarker(MarkerNodePosition({ nodeNumber: point }));
  const actuator = mbs.addObject(HydraulicActuatorSimple({ ...values, markerNumbers: [m0, m1], nodeNumbers: [pressures] }));
  return { mbs, actuator, point, pressures };
}

/**
 * A hydraulic actuator (as hydraulicActuatorSimpleTest's, 0.8 m offset length) from the ground origin to a 10 kg mass
 * point at (1, 0, 0), its two chamber pressures starting at 2·10⁵ Pa ({@link actuatorOnMassPoint}). Not assembled.
 */
export function hydraulicActuatorOnMassPoint({ valveOpening0, valveOpening1, systemPressure }: ActuatorParameters): ActuatorSystem {
  return actuatorOnMassPoint([1, 0, 0], 10, [2e5, 2e5], {
    offsetLength: 0.8, strokeLength: 0.5, chamberCrossSection0: 1e-3, chamberCrossSection1: 8e-4,
    hoseVolume0: 1e-4, hoseVolume1: 1.2e-4, valveOpening0, valveOpening1, actuatorDamping: 100, oilBulkModulus: 1.5e9,
    nominalFlow: 1e-6, systemPressure, tankPressure: 1e5, useChamberVolumeChange: true,
  });
}
