import type { ConfigurationType, OutputVariableType } from './enums.ts';

/**
 * What a user function may call on the system it gets as first argument (`(mbs, t, …) => …`): time, outputs of items and
 * sensor values of a configuration. Declared here, below the items, so that items name the system their user functions
 * receive without importing the MainSystem; MainSystem implements it. The public entry (src/index.ts) merges MainSystem
 * into this interface, so that user functions written against the package see `mbs` as a MainSystem with all its methods.
 */
export interface UserFunctionSystem {
  /** Simulation time of the current configuration. */
  getTime(): number;
  /** A node's output variable in a configuration (default: current). */
  getNodeOutput(index: number, variable: OutputVariableType, configuration?: ConfigurationType): number[];
  /** An object's output variable in a configuration (default: current). */
  getObjectOutput(index: number, variable: OutputVariableType, configuration?: ConfigurationType): number[];
  /** A body's output variable at a body-fixed local position (default: the body's reference point). */
  getObjectOutputBody(index: number, variable: OutputVariableType, localPosition?: ArrayLike<number>, configuration?: ConfigurationType): number[];
  /** A marker's output variable in a configuration (default: current). */
  getMarkerOutput(index: number, variable: OutputVariableType, configuration?: ConfigurationType): number[];
  /** The current values of a load. */
  getLoadValues(index: number): number[];
  /** A sensor's values in a configuration (default: current). */
  getSensorValues(index: number, configuration?: ConfigurationType): number[];
}
