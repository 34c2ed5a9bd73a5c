import { describeValue, FlexdynError } from '../core/errors.ts';
import { MarkerBodyRigid } from '../items/markers/MarkerBodyRigid.ts';
import { bodyOrigin } from '../registry/capabilities.ts';
import { OutputVariableType } from '../registry/enums.ts';
import type { MarkerIndex, ObjectIndex } from '../registry/parameters.ts';
import { mat3MulInto, mat3TransposeMulInto, mat3TransposeMulVecInto, toMatrixArray, toNestedArray, type Matrix3Like } from '../rotations/skew.ts';
import type { BuilderSink } from './builderSink.ts';
import { isIndex, readReference } from './options.ts';

/**
 * Options of getJointArgs (Exudyn's GetJointArgs): an existing marker on one side (markerNumber0 with bodyNumber1, or
 * markerNumber1 with bodyNumber0), optionally with its joint rotation, and the body on the other side.
 */
export interface GetJointArgsOptions {
  /** Existing rigid marker of side 0 (then bodyNumber1 is required and markerNumber1 must be omitted). */
  markerNumber0?: MarkerIndex;
  /** Existing rigid marker of side 1 (then bodyNumber0 is required). */
  markerNumber1?: MarkerIndex;
  /** Joint rotation of markerNumber0 (default: identity). */
  rotationMarker0?: Matrix3Like;
  /** Joint rotation of markerNumber1 (default: identity). */
  rotationMarker1?: Matrix3Like;
  /** Body that gets the new marker when markerNumber1 is given. */
  bodyNumber0?: ObjectIndex;
  /** Body that gets the new marker when markerNumber0 is given. */
  bodyNumber1?: ObjectIndex;
}

/** What getJointArgs returns: the arguments of a joint dictionary (e.g. `RevoluteJointZ({ ...args })`). */
export interface JointArgs {
  /** [marker 0, marker 1], one of them the new MarkerBodyRigid. */
  markerNumbers: [MarkerIndex, MarkerIndex];
  /** Joint rotation of marker 0 in its body frame. */
  rotationMarker0: number[][];
  /** Joint rotation of marker 1 in its body frame. */
  rotationMarker1: number[][];
}

/**
 * Exudyn's GetJointArgs: adds a MarkerBodyRigid on the other body at the reference position of the existing marker and
 * returns the joint arguments whose marker rotations make both joint frames coincide in the reference configuration
 * (the new side's rotation is A_bodyᵀ·A_marker·R of the existing side, all at the reference configuration).
 */
export function getJointArgs(sink: BuilderSink, options: GetJointArgsOptions): JointArgs {
  const where = 'getJointArgs';
  const side0 = options.markerNumber0 !== undefined;
  const existingMarker = side0 ? options.markerNumber0 : options.markerNumber1;
  const body = side0 ? options.bodyNumber1 : options.bodyNumber0;
  if (side0 && options.markerNumber1 !== undefined) throw new FlexdynError(`${where}: give markerNumber0 or markerNumber1, not both (got markerNumber0 ${options.markerNumber0}, markerNumber1 ${options.markerNumber1})`);
  if (!isIndex(existingMarker)) throw new FlexdynError(`${where}: markerNumber0 or markerNumber1 must be a marker index, got ${describeValue(existingMarker)}`);
  const bodyName = side0 ? 'bodyNumber1' : 'bodyNumber0';
  if (!isIndex(body)) throw new FlexdynError(`${where}: with ${side0 ? 'markerNumber0' : 'markerNumber1'}, ${bodyName} must be an object index, got ${describeValue(body)}`);
  const rotationName = side0 ? 'rotationMarker0' : 'rotationMarker1';
  const rotationGiven = side0 ? options.rotationMarker0 : options.rotationMarker1;
  const rotationThis = rotationGiven === undefined ? Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1) : toMatrixArray(where, rotationName, rotationGiven);

  const reference = sink.referenceOutputs();
  const bodyPosition = readReference(where, `the position of ${bodyName} ${body}`, () => reference.bodyOutput(body, OutputVariableType.Position, bodyOrigin));
  const bodyRotation = readReference(where, `the rotation of ${bodyName} ${body}`, () => reference.bodyOutput(body, OutputVariableType.RotationMatrix, bodyOrigin));
  const markerPosition = readReference(where, `the position of marker ${existingMarker}`, () => reference.markerOutput(existingMarker, OutputVariableType.Position));
  const markerRotation = readReference(where, `the rotation of marker ${existingMarker}`, () => reference.markerOutput(existingMarker, OutputVariableType.RotationMatrix));

  const offset = markerPosition.map((p, i) => p - bodyPosition[i]);
  const localPosition = Array.from(mat3TransposeMulVecInto(new Float64Array(3), bodyRotation, offset));
  const newMarker = sink.addMarker(MarkerBodyRigid({ bodyNumber: body, localPosition }));
  const relative = mat3TransposeMulInto(new Float64Array(9), bodyRotation, mat3MulInto(new Float64Array(9), markerRotation, rotationThis));
  const given = toNestedArray(rotationThis);
  const computed = toNestedArray(relative);
  return side0
    ? { markerNumbers: [existingMarker, newMarker], rotationMarker0: given, rotationMarker1: computed }
    : { markerNumbers: [newMarker, existingMarker], rotationMarker0: computed, rotationMarker1: given };
}
