import type { ItemState, NodeModel } from '../../registry/capabilities.ts';
import { OutputVariableType } from '../../registry/enums.ts';

/** Coordinate output variables every node with ODE2 coordinates answers. */
export const coordinateOutputVariables = [
  OutputVariableType.Coordinates, OutputVariableType.CoordinatesTotal,
  OutputVariableType.Coordinates_t, OutputVariableType.Coordinates_tt,
] as const;

/** The node's Coordinates, CoordinatesTotal, Coordinates_t or Coordinates_tt; undefined for other variables. */
export function coordinateOutput(node: NodeModel, variable: OutputVariableType, s: ItemState): Float64Array | undefined {
  switch (variable) {
    case OutputVariableType.Coordinates: return s.q.slice(node.qIndex, node.qIndex + node.nq);
    case OutputVariableType.CoordinatesTotal: {
      const total = node.referenceCoordinates.slice(0, node.nq);
      for (let i = 0; i < node.nq; i++) total[i] += s.q[node.qIndex + i];
      return total;
    }
    case OutputVariableType.Coordinates_t: return s.u.slice(node.uIndex, node.uIndex + node.nu);
    case OutputVariableType.Coordinates_tt: return s.a.slice(node.uIndex, node.uIndex + node.nu);
    default: return undefined;
  }
}
