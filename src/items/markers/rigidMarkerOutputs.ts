import type { ItemState, PositionMarkerModel, RigidMarkerModel } from '../../registry/capabilities.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { rotationMatrix2RotXYZInto } from '../../rotations/rotationMatrices.ts';

/** Output variables of markers with position and orientation (as Exudyn's markers answer them). */
export const rigidMarkerOutputs = [
  OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity,
  OutputVariableType.AngularVelocity, OutputVariableType.AngularVelocityLocal, OutputVariableType.RotationMatrix, OutputVariableType.Rotation,
] as const;

/** Output variables of markers with a position (Exudyn's Marker::Position: Position, Displacement, Velocity). */
export const positionMarkerOutputs = [OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity] as const;

/** A position marker's output: Displacement = position − reference position (as Exudyn's CMarker::GetOutputVariable). */
export function positionMarkerOutput(marker: PositionMarkerModel, variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
  const out = new Float64Array(3);
  switch (variable) {
    case OutputVariableType.Position: marker.position(s, out); return out;
    case OutputVariableType.Displacement: {
      const p0 = new Float64Array(3);
      marker.position(referenceStateOf(s), p0);
      marker.position(s, out);
      for (let i = 0; i < 3; i++) out[i] -= p0[i];
      return out;
    }
    case OutputVariableType.Velocity: marker.velocity(s, out); return out;
    default: return undefined;
  }
}

/** The state s with all displacements, velocities and accelerations zero: the reference configuration. */
export function referenceStateOf(s: ItemState): ItemState {
  return { ...s, q: new Float64Array(s.q.length), u: new Float64Array(s.u.length), a: new Float64Array(s.a.length) };
}

/** A rigid marker's output: Displacement = position − reference position, Rotation = Tait–Bryan angles of A. */
export function rigidMarkerOutput(marker: RigidMarkerModel, variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
  const out = new Float64Array(3);
  switch (variable) {
    case OutputVariableType.Position: case OutputVariableType.Displacement: case OutputVariableType.Velocity:
      return positionMarkerOutput(marker, variable, s);
    case OutputVariableType.AngularVelocity: marker.angularVelocity(s, out); return out;
    case OutputVariableType.AngularVelocityLocal: marker.angularVelocityLocal(s, out); return out;
    case OutputVariableType.RotationMatrix: { const a = new Float64Array(9); marker.orientation(s, a); return a; }
    case OutputVariableType.Rotation: {
      const a = new Float64Array(9);
      marker.orientation(s, a);
      return rotationMatrix2RotXYZInto(out, a);
    }
    default: return undefined;
  }
}
