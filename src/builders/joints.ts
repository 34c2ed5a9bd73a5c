import { ObjectJointGeneric } from '../items/objects/ObjectJointGeneric.ts';
import { ObjectJointPrismaticX } from '../items/objects/ObjectJointPrismaticX.ts';
import { ObjectJointRevoluteZ } from '../items/objects/ObjectJointRevoluteZ.ts';
import { ObjectJointSpherical } from '../items/objects/ObjectJointSpherical.ts';
import type { JointOffsetUserFunction } from '../items/objects/jointKernel.ts';
import type { ObjectIndex, VectorValue } from '../registry/parameters.ts';
import { ComputeOrthonormalBasis, mat3TransposeMul } from '../rotations/index.ts';
import { toMatrixArray, type Matrix3Like } from '../rotations/skew.ts';
import type { BuilderSink } from './builderSink.ts';
import { addJoint, jointAxis, jointFrames, markerRotations, revoluteJointAxes, type CreateJointOptions, type JointFrames } from './jointFrames.ts';
import { checkedBool, identity3 } from './options.ts';

/*
 * Joint builders (Exudyn's mbs.CreateRevoluteJoint, CreatePrismaticJoint, CreateSphericalJoint, CreateGenericJoint):
 * markers at the joint position and a joint whose frames come from the bodies' reference configuration.
 */

/** Options of createRevoluteJoint and createPrismaticJoint. */
export interface CreateAxisJointOptions extends CreateJointOptions {
  /** Rotation (revolute) or sliding (prismatic) axis, global or local to body0. */
  axis: VectorValue;
  /** Drawing radius of the axis (default −1: automatic, 1.5 % of the model size). */
  axisRadius?: number;
  /** Drawing length of the axis (default −1: automatic, 6 % of the model size). */
  axisLength?: number;
}

/** Options of createSphericalJoint. */
export interface CreateSphericalJointOptions extends CreateJointOptions {
  /** Which global translations are constrained (1) or free (0). */
  constrainedAxes?: readonly number[];
  /** Drawing radius of the joint (default −1: automatic, 1.5 % of the model size). */
  jointRadius?: number;
}

/** Options of createGenericJoint. */
export interface CreateGenericJointOptions extends CreateJointOptions {
  /** Joint axes (columns), global or relative to body0's reference frame. */
  rotationMatrixAxes?: Matrix3Like;
  /** Constrained (1) or free (0) translations x, y, z and rotations about x, y, z of the joint frame. */
  constrainedAxes?: readonly number[];
  /** Offset user function of ObjectJointGeneric (0: none). */
  offsetUserFunction?: JointOffsetUserFunction | 0;
  /** Time derivative of the offset user function (0: none). */
  offsetUserFunction_t?: JointOffsetUserFunction | 0;
  /** Drawing radius of the axes (default −1: automatic, 1.5 % of the model size). */
  axesRadius?: number;
  /** Drawing length of the axes (default −1: automatic, 6 % of the model size). */
  axesLength?: number;
}

/**
 * Adds a MarkerBodyRigid on each body at the joint position and an ObjectJointRevoluteZ whose z-axis is the
 * given axis, with frames computed from the bodies' reference configuration; returns the joint index.
 */
export function createRevoluteJoint(sink: BuilderSink, options: CreateAxisJointOptions): ObjectIndex {
  return addAxisJoint(sink, 'createRevoluteJoint', options, ObjectJointRevoluteZ, revoluteJointAxes);
}

/**
 * Adds a MarkerBodyRigid on each body at the joint position and an ObjectJointPrismaticX whose x-axis is the
 * given sliding axis, with frames from the bodies' reference configuration; returns the joint index.
 */
export function createPrismaticJoint(sink: BuilderSink, options: CreateAxisJointOptions): ObjectIndex {
  return addAxisJoint(sink, 'createPrismaticJoint', options, ObjectJointPrismaticX,
    (where, frame, axis, useGlobalFrame) => ComputeOrthonormalBasis(jointAxis(where, frame, axis, useGlobalFrame)));
}

/**
 * A joint about or along one axis (revolute, prismatic): the joint frame from `axes` (its columns, the axis among
 * them) expressed in both markers' reference frames, and the axis glyph sizes.
 */
function addAxisJoint(
  sink: BuilderSink, where: string, options: CreateAxisJointOptions, factory: (values: Record<string, unknown>) => Record<string, unknown>,
  axes: (where: string, frame: JointFrames, axis: unknown, useGlobalFrame: boolean) => number[][],
): ObjectIndex {
  const frame = jointFrames(sink, where, options);
  const axisJoint = axes(where, frame, options.axis, options.useGlobalFrame ?? true);
  return addJoint(sink, frame, 'BodyRigid', factory({
    name: options.name ?? '',
    rotationMarker0: mat3TransposeMul(frame.a0, axisJoint),
    rotationMarker1: mat3TransposeMul(frame.a1, axisJoint),
    visualization: { show: options.show ?? true, axisRadius: options.axisRadius ?? -1, axisLength: options.axisLength ?? -1, color: options.color ?? [-1, -1, -1, -1] },
  }));
}

/** Adds a MarkerBodyPosition on each body at the joint position and an ObjectJointSpherical; returns the joint index. */
export function createSphericalJoint(sink: BuilderSink, options: CreateSphericalJointOptions): ObjectIndex {
  const where = 'createSphericalJoint';
  const frame = jointFrames(sink, where, options, false);
  return addJoint(sink, frame, 'BodyPosition', ObjectJointSpherical({
    name: options.name ?? '',
    constrainedAxes: options.constrainedAxes ?? [1, 1, 1],
    visualization: { show: options.show ?? true, jointRadius: options.jointRadius ?? -1, color: options.color ?? [-1, -1, -1, -1] },
  }));
}

/**
 * Adds a MarkerBodyRigid on each body at the joint position and an ObjectJointGeneric with the joint axes
 * rotationMatrixAxes (global, or relative to body0's reference frame); returns the joint index.
 */
export function createGenericJoint(sink: BuilderSink, options: CreateGenericJointOptions): ObjectIndex {
  const where = 'createGenericJoint';
  const axes = toMatrixArray(where, 'rotationMatrixAxes', options.rotationMatrixAxes ?? identity3());
  const frame = jointFrames(sink, where, options);
  const [rotationMarker0, rotationMarker1] = markerRotations(frame.a0, frame.a1, axes, checkedBool(where, 'useGlobalFrame', options.useGlobalFrame ?? true));
  return addJoint(sink, frame, 'BodyRigid', ObjectJointGeneric({
    name: options.name ?? '',
    constrainedAxes: options.constrainedAxes ?? [1, 1, 1, 1, 1, 1],
    rotationMarker0,
    rotationMarker1,
    offsetUserFunction: options.offsetUserFunction ?? 0,
    offsetUserFunction_t: options.offsetUserFunction_t ?? 0,
    visualization: { show: options.show ?? true, axesRadius: options.axesRadius ?? -1, axesLength: options.axesLength ?? -1, color: options.color ?? [-1, -1, -1, -1] },
  }));
}

