import { FlexdynError, describeValue } from '../core/errors.ts';
import { LoadForceVector, type LoadVectorUserFunction } from '../items/loads/LoadForceVector.ts';
import { LoadTorqueVector } from '../items/loads/LoadTorqueVector.ts';
import { MarkerBodyPosition } from '../items/markers/MarkerBodyPosition.ts';
import { MarkerBodyRigid } from '../items/markers/MarkerBodyRigid.ts';
import type { LoadIndex, ObjectIndex, VectorValue } from '../registry/parameters.ts';
import { checkBeforeAdding, type BuilderSink } from './builderSink.ts';
import { checkedBool, checkedVector3, isIndex } from './options.ts';

/*
 * Load builders (Exudyn's mbs.CreateForce and mbs.CreateTorque): a marker on the body and the load on it.
 */

/** Options of createForce and createTorque (Exudyn's keyword arguments). */
export interface CreateLoadOptions {
  /** Load name. */
  name?: string;
  /** The body the load acts on (required). */
  bodyNumber: ObjectIndex;
  /** Force or torque vector, global (body-fixed with bodyFixed); default [0, 0, 0]. */
  loadVector?: VectorValue;
  /** Point of the body where the load acts, in the body frame; default [0, 0, 0]. */
  localPosition?: VectorValue;
  /** If true, loadVector is given in the body frame and turns with it (a follower load); default false. */
  bodyFixed?: boolean;
  /** Replaces loadVector by its return value, (mbs, t, loadVector) => vector (0: none). */
  loadVectorUserFunction?: LoadVectorUserFunction | 0;
  /** Draw the load. */
  show?: boolean;
}

/** Checks the options shared by createForce and createTorque; returns the body and the local position. */
function loadOptions(where: string, options: CreateLoadOptions): { body: ObjectIndex; localPosition: number[] } {
  if (options === null || typeof options !== 'object') throw new FlexdynError(`${where}: expected an options dictionary, got ${describeValue(options)}`);
  if (!isIndex(options.bodyNumber)) throw new FlexdynError(`${where}: bodyNumber must be an object index (the body the load acts on), got ${describeValue(options.bodyNumber)}`);
  checkedBool(where, 'bodyFixed', options.bodyFixed ?? false);
  return { body: options.bodyNumber, localPosition: checkedVector3(where, 'localPosition', options.localPosition ?? [0, 0, 0]) };
}

/** The load dictionary without its marker (checked before the marker is added). */
function loadItem(options: CreateLoadOptions): Record<string, unknown> {
  return {
    name: options.name ?? '', loadVector: options.loadVector ?? [0, 0, 0], bodyFixed: options.bodyFixed ?? false,
    loadVectorUserFunction: options.loadVectorUserFunction ?? 0, visualization: { show: options.show ?? true },
  };
}

/**
 * Adds a marker on the body at localPosition (MarkerBodyPosition; MarkerBodyRigid with bodyFixed, whose frame turns the
 * force) and a LoadForceVector on it; returns the load index.
 */
export function createForce(sink: BuilderSink, options: CreateLoadOptions): LoadIndex {
  const where = 'createForce';
  const { body, localPosition } = loadOptions(where, options);
  const load = LoadForceVector(loadItem(options));
  checkBeforeAdding('Load', load, { markerNumber: 0 });
  const marker = options.bodyFixed === true
    ? sink.addMarker(MarkerBodyRigid({ bodyNumber: body, localPosition }))
    : sink.addMarker(MarkerBodyPosition({ bodyNumber: body, localPosition }));
  return sink.addLoad({ ...load, markerNumber: marker });
}

/** Adds a MarkerBodyRigid on the body at localPosition and a LoadTorqueVector on it; returns the load index. */
export function createTorque(sink: BuilderSink, options: CreateLoadOptions): LoadIndex {
  const where = 'createTorque';
  const { body, localPosition } = loadOptions(where, options);
  const load = LoadTorqueVector(loadItem(options));
  checkBeforeAdding('Load', load, { markerNumber: 0 });
  const marker = sink.addMarker(MarkerBodyRigid({ bodyNumber: body, localPosition }));
  return sink.addLoad({ ...load, markerNumber: marker });
}
