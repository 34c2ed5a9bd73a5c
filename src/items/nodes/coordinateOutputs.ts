import type { ItemState, NodeModel } from '../../registry/capabilities.ts';
import { OutputVariableType } from '../../registry/enums.ts';

/** Coordinate output variables every node with ODE2 coordinates answers. */
export const coordinateOutputVariables = [
  OutputVariableType.Coordinates, OutputVariableType.CoordinatesTotal,
  OutputVariableType.Coordinates_t, OutputVariableType.Coordinates_tt,
] as const;

/**
 * The node's Coordinates, CoordinatesTotal, Coordinates_t or Coordinates_tt; undefined for other variables. Written into
 * `into` and returned if its length is the value's (NodeModel.output), else a new array.
 */
export function coordinateOutput(node: NodeModel, variable: OutputVariableType, s: ItemState, into?: Float64Array): Float64Array | undefined {
  switch (variable) {
    case OutputVariableType.Coordinates: return entries(s.q, node.qIndex, node.nq, into);
    case OutputVariableType.CoordinatesTotal: {
      const total = into !== undefined && into.length === node.nq ? into : new Float64Array(node.nq);
      for (let i = 0; i < node.nq; i++) total[i] = node.referenceCoordinates[i] + s.q[node.qIndex + i];
      return total;
    }
    case OutputVariableType.Coordinates_t: return entries(s.u, node.uIndex, node.nu, into);
    case OutputVariableType.Coordinates_tt: return entries(s.a, node.uIndex, node.nu, into);
    default: return undefined;
  }
}

/** values[first … first + count − 1], in `into` if it has that length, else in a new array. */
function entries(values: Float64Array, first: number, count: number, into: Float64Array | undefined): Float64Array {
  if (into === undefined || into.length !== count) return values.slice(first, first + count);
  for (let i = 0; i < count; i++) into[i] = values[first + i];
  return into;
}
