/**
 * What a user function may call on the system it receives as first argument (`mbs`). Declared here, below the
 * items, so that items type their user functions without importing the MainSystem; MainSystem implements it, and
 * the public user-function types (src/index.ts) name MainSystem.
 * @module
 */
import type { ConfigurationType, OutputVariableType } from './enums.ts';
import type { LoadIndex, MarkerIndex, NodeIndex, ObjectIndex, SensorIndex } from './parameters.ts';

/** The coordinate vectors per configuration, read-only (Exudyn's `mbs.systemData` as a user function reads it). */
export interface UserFunctionSystemData {
  /** ODE2 position coordinates (displacements; the reference configuration answers the reference coordinates). */
  getODE2Coordinates(configuration?: ConfigurationType): number[];
  /** ODE2 velocity coordinates. */
  getODE2Coordinates_t(configuration?: ConfigurationType): number[];
  /** ODE2 accelerations. */
  getODE2Coordinates_tt(configuration?: ConfigurationType): number[];
  /** Algebraic coordinates (Lagrange multipliers). */
  getAECoordinates(configuration?: ConfigurationType): number[];
  /** ODE1 coordinates (displacements; the reference configuration answers the reference values). */
  getODE1Coordinates(configuration?: ConfigurationType): number[];
  /** Time derivatives of the ODE1 coordinates. */
  getODE1Coordinates_t(configuration?: ConfigurationType): number[];
  /** Data coordinates (of the data nodes, NodeGenericData). */
  getDataCoordinates(configuration?: ConfigurationType): number[];
  /** Time of a configuration. */
  getTime(configuration?: ConfigurationType): number;
  /** Number of ODE2 (velocity) coordinates. */
  numberOfCoordinatesODE2(): number;
  /** Number of algebraic coordinates. */
  numberOfCoordinatesAE(): number;
  /** Number of ODE1 coordinates. */
  numberOfCoordinatesODE1(): number;
}

/**
 * The system as a user function sees it: outputs of nodes, objects, markers, loads and sensors, stored sensor
 * rows, item parameters (Exudyn's GetObjectParameter and SetObjectParameter: a run-time change that the next
 * evaluation uses), item numbers by name, and the coordinate vectors (read-only). MainSystem implements it; a user
 * function annotated `(mbs: MainSystem, …)` sees the whole MainSystem.
 */
export interface UserFunctionSystem {
  /** Time of the current configuration. */
  getTime(): number;
  /** Output variable of a node. */
  getNodeOutput(index: number, variable: OutputVariableType, configuration?: ConfigurationType): number[];
  /** Output variable of an object. */
  getObjectOutput(index: number, variable: OutputVariableType, configuration?: ConfigurationType): number[];
  /** Output variable of a body at a body-fixed local position. */
  getObjectOutputBody(index: number, variable: OutputVariableType, localPosition?: ArrayLike<number>, configuration?: ConfigurationType): number[];
  /** Output variable of a marker. */
  getMarkerOutput(index: number, variable: OutputVariableType, configuration?: ConfigurationType): number[];
  /** Current values of a load. */
  getLoadValues(index: number): number[];
  /** Sensor values evaluated now, as an array. */
  getSensorValues(index: number, configuration?: ConfigurationType): number[];
  /** Rows [t, values…] that a sensor with storeInternal recorded in the last solve. */
  getSensorStoredData(index: number): number[][];
  /** Global index of a node's first ODE2 (velocity) coordinate. */
  getNodeODE2Index(index: number): number;
  /** A node's parameter dictionary. */
  getNode(index: number): Record<string, unknown>;
  /** An object's parameter dictionary. */
  getObject(index: number): Record<string, unknown>;
  /** A marker's parameter dictionary. */
  getMarker(index: number): Record<string, unknown>;
  /** A load's parameter dictionary. */
  getLoad(index: number): Record<string, unknown>;
  /** A sensor's parameter dictionary. */
  getSensor(index: number): Record<string, unknown>;
  /** A copy of one parameter of a node (Exudyn's GetNodeParameter). */
  getNodeParameter(index: number, name: string): unknown;
  /** A copy of one parameter of an object. */
  getObjectParameter(index: number, name: string): unknown;
  /** A copy of one parameter of a marker. */
  getMarkerParameter(index: number, name: string): unknown;
  /** A copy of one parameter of a load. */
  getLoadParameter(index: number, name: string): unknown;
  /** A copy of one parameter of a sensor. */
  getSensorParameter(index: number, name: string): unknown;
  /** Sets a non-structural parameter of a node; the next evaluation uses it (Exudyn's SetNodeParameter). */
  setNodeParameter(index: number, name: string, value: unknown): void;
  /** Sets a non-structural parameter of an object (stiffness, activeConnector, user functions, …). */
  setObjectParameter(index: number, name: string, value: unknown): void;
  /** Sets a non-structural parameter of a marker (local positions, …). */
  setMarkerParameter(index: number, name: string, value: unknown): void;
  /** Sets a non-structural parameter of a load (load vector, user function, …). */
  setLoadParameter(index: number, name: string, value: unknown): void;
  /** Sets a non-structural parameter of a sensor. */
  setSensorParameter(index: number, name: string, value: unknown): void;
  /** Index of the node with this name. */
  getNodeNumber(name: string): NodeIndex;
  /** Index of the object with this name. */
  getObjectNumber(name: string): ObjectIndex;
  /** Index of the marker with this name. */
  getMarkerNumber(name: string): MarkerIndex;
  /** Index of the load with this name. */
  getLoadNumber(name: string): LoadIndex;
  /** Index of the sensor with this name. */
  getSensorNumber(name: string): SensorIndex;
  /** Number of nodes. */
  readonly numberOfNodes: number;
  /** Number of objects. */
  readonly numberOfObjects: number;
  /** Number of markers. */
  readonly numberOfMarkers: number;
  /** Number of loads. */
  readonly numberOfLoads: number;
  /** Number of sensors. */
  readonly numberOfSensors: number;
  /** Coordinate vectors per configuration. */
  readonly systemData: UserFunctionSystemData;
}

/**
 * A user function with the system S as first argument and then the arguments A. Items declare their user-function
 * types with S = UserFunctionSystem; the public aliases instantiate S = MainSystem. The type is written as a method
 * so that its arguments are compared bivariantly: a function whose first parameter is annotated with a type that
 * implements UserFunctionSystem (`(mbs: MainSystem, t) => …`) is accepted where the item expects a
 * `SystemUserFunction<UserFunctionSystem, …>`, while an unrelated argument type is still rejected.
 */
export type SystemUserFunction<S, A extends readonly unknown[], R> = { call(mbs: S, ...args: A): R }['call'];
