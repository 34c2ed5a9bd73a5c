import { describeValue, FlexdynError } from '../core/errors.ts';
import { MarkerBodyPosition } from '../items/markers/MarkerBodyPosition.ts';
import { MarkerBodyRigid } from '../items/markers/MarkerBodyRigid.ts';
import { bodyOrigin } from '../registry/capabilities.ts';
import { OutputVariableType } from '../registry/enums.ts';
import type { MarkerIndex, ObjectIndex, VectorValue } from '../registry/parameters.ts';
import { ComputeOrthonormalBasis, mat3Mul, mat3MulVecInto, mat3TransposeMul, mat3TransposeMulVecInto } from '../rotations/index.ts';
import { toMatrixArray, toNestedArray } from '../rotations/skew.ts';
import { checkBeforeAdding, type BuilderSink } from './builderSink.ts';
import { checkedBool, checkedVector3, identity3, isIndex, readReference } from './options.ts';

/*
 * Joint frame geometry shared by the joint and joint-like connector builders (Exudyn's JointPreCheckCalcBodyMarkers):
 * the sides' reference frames, the joint position and axes, the marker rotations and the joint markers.
 */

/**
 * One side of a joint created by createRevoluteJoint and friends: a body (its object index) or an existing
 * marker ({ markerNumber }); Exudyn tells them apart by the index type.
 */
export type BodyOrMarker = ObjectIndex | {
  /** An existing marker, used as it is; its reference position defines the joint position. */
  readonly markerNumber: MarkerIndex;
};

/** Options shared by the joint helpers (Exudyn's keyword arguments). */
export interface CreateJointOptions {
  /** Joint name; the created markers are named 'Marker0:name' and 'Marker1:name'. */
  name?: string;
  /** The two bodies (or markers) [body0, body1]. */
  bodyNumbers: readonly BodyOrMarker[];
  /** Joint position (global, or local to body0 if useGlobalFrame is false); must be omitted when a marker is given. */
  position?: VectorValue;
  /** Position and axes are global (true) or in the reference frame of body0 (false). */
  useGlobalFrame?: boolean;
  /** Draw the joint. */
  show?: boolean;
  /** RGBA color; [-1, -1, -1, -1] means the default color. */
  color?: readonly number[];
}

/** Reference frames of the two sides of a joint and the global joint position (Exudyn's JointPreCheckCalcBodyMarkers). */
export interface JointFrames {
  /** Bodies of the two sides (undefined where a marker was given). */
  readonly bodies: readonly (ObjectIndex | undefined)[];
  /** Given markers (undefined where a body was given). */
  readonly markers: readonly (MarkerIndex | undefined)[];
  /** Reference positions of body/marker 0 and 1. */
  readonly p: readonly Float64Array[];
  /** Reference rotation matrix of side 0 (row-major). */
  readonly a0: Float64Array;
  /** Reference rotation matrix of side 1 (row-major). */
  readonly a1: Float64Array;
  /** Global joint position. */
  readonly pJoint: Float64Array;
}

/**
 * Checks the joint sides and position and reads the sides' reference positions and rotations. A marker's reference
 * position defines the joint position; without markers the joint is at `position` (global, or local to body0 with
 * useGlobalFrame false). With requireRotation false (spherical
 * joints) sides without an orientation count as unrotated.
 */
export function jointFrames(sink: BuilderSink, where: string, options: CreateJointOptions, requireRotation = true): JointFrames {
  const o = options ?? ({} as CreateJointOptions);
  const useGlobalFrame = checkedBool(where, 'useGlobalFrame', o.useGlobalFrame ?? true);
  const sides = o.bodyNumbers;
  if (!Array.isArray(sides) || sides.length !== 2) {
    throw new FlexdynError(`${where}: bodyNumbers must be a list of 2 body indices or { markerNumber }, got ${describeValue(sides)}`);
  }
  const bodies: (ObjectIndex | undefined)[] = [];
  const markers: (MarkerIndex | undefined)[] = [];
  sides.forEach((side: unknown, i) => {
    const marker = typeof side === 'object' && side !== null ? (side as { markerNumber?: unknown }).markerNumber : undefined;
    if (isIndex(side)) {
      bodies.push(side);
      markers.push(undefined);
    } else if (isIndex(marker)) {
      bodies.push(undefined);
      markers.push(marker);
    } else {
      throw new FlexdynError(`${where}: bodyNumbers[${i}] must be an object index (body) or { markerNumber }, got ${describeValue(side)}`);
    }
  });
  const hasMarker = markers.some((m) => m !== undefined);
  let position: number[] | undefined;
  if (hasMarker) {
    if (o.position !== undefined && o.position.length !== 0) {
      throw new FlexdynError(`${where}: position must be omitted when a marker is given (the marker defines the joint position), got ${describeValue(o.position)}`);
    }
  } else {
    position = checkedVector3(where, 'position', o.position);
  }
  const p: Float64Array[] = [];
  const a: Float64Array[] = [];
  readReference(where, 'the joint frames', () => {
    const reference = sink.referenceOutputs();
    for (let i = 0; i < 2; i++) {
      const body = bodies[i];
      const read = (variable: OutputVariableType): number[] => body !== undefined
        ? reference.bodyOutput(body, variable, bodyOrigin) : reference.markerOutput(markers[i]!, variable);
      p.push(Float64Array.from(read(OutputVariableType.Position)));
      a.push(referenceRotation(sink, body, () => read(OutputVariableType.RotationMatrix), requireRotation));
    }
  });
  let pJoint: Float64Array;
  const firstMarker = markers.findIndex((m) => m !== undefined);
  if (firstMarker >= 0) {
    pJoint = p[firstMarker].slice();
  } else if (useGlobalFrame) {
    pJoint = Float64Array.from(position!);
  } else {
    pJoint = mat3MulVecInto(new Float64Array(3), a[0], position!);
    for (let k = 0; k < 3; k++) pJoint[k] += p[0][k];
  }
  return { bodies, markers, p, a0: a[0], a1: a[1], pJoint };
}

/**
 * Reference rotation matrix of a joint side: ObjectGround's referenceRotation (its outputs have no RotationMatrix),
 * else the RotationMatrix output; without requireRotation, sides that have no orientation count as unrotated.
 */
export function referenceRotation(sink: BuilderSink, body: ObjectIndex | undefined, read: () => number[], requireRotation: boolean): Float64Array {
  if (body !== undefined) {
    const item = sink.getObject(body);
    if (item.objectType === 'Ground') return toMatrixArray('ObjectGround', 'referenceRotation', item.referenceRotation);
  }
  try {
    return Float64Array.from(read());
  } catch (error) {
    if (requireRotation || !(error instanceof FlexdynError)) throw error;
    return Float64Array.from(identity3().flat());
  }
}

/** The joint axis in global coordinates: axis itself, or A0·axis for useGlobalFrame false. */
export function jointAxis(where: string, frame: JointFrames, axis: unknown, useGlobalFrame: boolean): number[] {
  const v = checkedVector3(where, 'axis', axis);
  if (v.every((x) => x === 0)) throw new FlexdynError(`${where}: axis must be a nonzero vector, got [0, 0, 0]`);
  return useGlobalFrame ? v : Array.from(mat3MulVecInto(new Float64Array(3), frame.a0, v));
}

/** Revolute joint frame AJ = [−n2, n1, v̂] (columns) from the orthonormal basis [v̂, n1, n2] of the axis: AJ's z-axis is the axis. */
export function revoluteJointAxes(where: string, frame: JointFrames, axis: unknown, useGlobalFrame: boolean): number[][] {
  const b = ComputeOrthonormalBasis(jointAxis(where, frame, axis, useGlobalFrame));
  return b.map((row) => [-row[2], row[1], row[0]]);
}

/** Rotation markers of a joint frame R: global [A0ᵀR, A1ᵀR], or relative to body0 [R, A1ᵀA0R]. */
export function markerRotations(a0: Float64Array, a1: Float64Array, r: Float64Array, useGlobalFrame: boolean): [number[][], number[][]] {
  if (useGlobalFrame) return [mat3TransposeMul(a0, r), mat3TransposeMul(a1, r)];
  return [toNestedArray(r), mat3Mul(mat3TransposeMul(a1, a0), r)];
}

/**
 * Adds a joint (or joint-like connector) given as its dictionary without markerNumbers: checks the dictionary with the
 * registry's rules first, then adds a marker on each body at the joint position (local positions A_iᵀ(p_joint − p_i);
 * given markers are used as they are), named 'Marker0:name' and 'Marker1:name', and the joint on them; returns its index.
 */
export function addJoint(sink: BuilderSink, frame: JointFrames, markerType: 'BodyRigid' | 'BodyPosition', joint: Record<string, unknown>): ObjectIndex {
  checkBeforeAdding('Object', joint, { markerNumbers: [0, 0] });
  const name = joint.name ?? '';
  const add = (i: number): MarkerIndex => {
    const given = frame.markers[i];
    if (given !== undefined) return given;
    const d = new Float64Array(3);
    for (let k = 0; k < 3; k++) d[k] = frame.pJoint[k] - frame.p[i][k];
    const localPosition = Array.from(mat3TransposeMulVecInto(new Float64Array(3), i === 0 ? frame.a0 : frame.a1, d));
    const marker = { name: name === '' ? '' : `Marker${i}:${name}`, bodyNumber: frame.bodies[i]!, localPosition };
    return sink.addMarker(markerType === 'BodyRigid' ? MarkerBodyRigid(marker) : MarkerBodyPosition(marker));
  };
  const m0 = add(0);
  return sink.addObject({ ...joint, markerNumbers: [m0, add(1)] });
}
