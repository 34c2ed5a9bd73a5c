import type { BindContext, BodyModel, CoordinateAddresses, LoadModel, MarkerModel, NodeModel, ObjectModel, SensorModel } from '../registry/capabilities.ts';
import { FlexdynError, formatItemLabel, type ItemLabel } from '../core/errors.ts';
import { createItemModel, type ItemCategory, type ItemDefinition, type ItemDictionary, type ModelOf } from '../registry/definition.ts';
import type { OutputVariableType } from '../registry/enums.ts';
import { SystemData } from './SystemState.ts';
import type { UserFunctionSystem } from '../registry/userFunctionSystem.ts';
import { INVALID_INDEX } from '../registry/itemReferences.ts';

/** An item as the MainSystem stores it: its definition and its complete dictionary. */
export interface StoredItem {
  /** The item type's declaration. */
  readonly definition: ItemDefinition;
  /** Validated parameters with defaults. */
  readonly dictionary: ItemDictionary;
}

/** Local-to-global coordinate map and work buffers of one object or load. */
export interface LocalMap {
  /** Global velocity-coordinate index of each local coordinate. */
  readonly ltg: Int32Array;
  /** Local vector work array (work arrays are shared by maps of the same size, see WorkArrayPool). */
  readonly vector: Float64Array;
  /** Second local vector work array (numerical differentiation). */
  readonly vector2: Float64Array;
  /**
   * Dense local matrix work array (n × n row-major) for numerical Jacobians and constraint-force Jacobians: loads,
   * constraints and objects whose ode2Lhs lacks an analytic Jacobian; empty for the others (see needsDenseWork).
   */
  readonly matrix: Float64Array;
  /** Constraint Jacobian work array (n_AE × n row-major). */
  readonly constraintJacobian: Float64Array;
  /** Constraint values work array (n_AE). */
  readonly constraintValues: Float64Array;
}

/** The work arrays of a LocalMap; each role has its own arrays, so that no two arrays of one map alias. */
type WorkArrayRole = 'vector' | 'vector2' | 'matrix' | 'constraintJacobian' | 'constraintValues';

/**
 * Work arrays shared by the local maps of one size, and the maps' ltg tables cut from few blocks (issue 12, resources).
 * The assembler fills one map's work arrays and scatters them before it turns to the next item, so maps whose arrays
 * have the same length may share them; only the ltg table is per item. One array per role and length.
 */
class WorkArrayPool {
  private readonly arrays = new Map<string, Float64Array>();
  /** The block the ltg tables are cut from, and its first free entry. */
  private indexBlock = new Int32Array(0);
  private indexUsed = 0;

  /** A new (unshared) index table of this length, a view into a larger block: one buffer for many items. */
  indices(length: number): Int32Array {
    if (this.indexUsed + length > this.indexBlock.length) {
      this.indexBlock = new Int32Array(Math.max(length, 4096));
      this.indexUsed = 0;
    }
    const table = this.indexBlock.subarray(this.indexUsed, this.indexUsed + length);
    this.indexUsed += length;
    return table;
  }

  /** The shared array of this role and length. */
  get(role: WorkArrayRole, length: number): Float64Array {
    const key = `${role}:${length}`;
    let array = this.arrays.get(key);
    if (array === undefined) {
      array = new Float64Array(length);
      this.arrays.set(key, array);
    }
    return array;
  }
}

function makeLocalMap(pool: WorkArrayPool, nodes: readonly NodeModel[], nAE: number, denseWork: boolean): LocalMap {
  let n = 0;
  for (const node of nodes) n += node.nu;
  const ltg = pool.indices(n);
  let k = 0;
  for (const node of nodes) for (let i = 0; i < node.nu; i++) ltg[k++] = node.uIndex + i;
  return {
    ltg,
    vector: pool.get('vector', n),
    vector2: pool.get('vector2', n),
    matrix: pool.get('matrix', denseWork ? n * n : 0),
    constraintJacobian: pool.get('constraintJacobian', nAE * n),
    constraintValues: pool.get('constraintValues', nAE),
  };
}

/**
 * True if the model needs the object's dense n_local × n_local work matrix whatever the solver settings: for the
 * constraint-force Jacobian of a constraint, or to differentiate an ode2Lhs without analytic Jacobians numerically.
 * Objects with analytic Jacobians write through accumulators and get no such matrix (a rod or a mesh would need
 * n_local²), unless numericalDifferentiation.forODE2 asks for it (see SystemAssembler.differentiation).
 */
function needsDenseWork(object: ObjectModel): boolean {
  if (object.nAE > 0) return true;
  if (object.ode2Lhs === undefined) return false;
  return object.ode2Lhs_q === undefined || (object.ode2LhsDependsOnVelocity === true && object.ode2Lhs_u === undefined);
}

/** T whose optional members K are present: an item model that has these terms. */
export type WithTerm<T, K extends keyof T> = T & Required<Pick<T, K>>;

/** An object of a term list: its index, its model typed with the term, and its local map. */
export interface ObjectTerm<K extends keyof ObjectModel> {
  /** Object index. */
  readonly index: number;
  /** The object, with the term present. */
  readonly object: WithTerm<ObjectModel, K>;
  /** Its local map (same as objectMaps[index]). */
  readonly map: LocalMap;
}

/** True if the item has the (optional) member key: narrows it to {@link WithTerm}. */
export function hasTerm<T, K extends keyof T>(item: T, key: K): item is WithTerm<T, K> {
  return item[key] !== undefined;
}

/**
 * The frozen model that assemble() compiles from the MainSystem's dictionaries: item models,
 * coordinate counts and address tables, per-capability item lists, preallocated local buffers.
 */
export class CompiledModel {
  /** Node models, by node index. */
  readonly nodes: NodeModel[];
  /** Object models, by object index. */
  readonly objects: ObjectModel[];
  /** Marker models, by marker index. */
  readonly markers: MarkerModel[];
  /** Load models, by load index. */
  readonly loads: LoadModel[];
  /** Sensor models, by sensor index. */
  readonly sensors: SensorModel[];
  /** Number of position coordinates. */
  readonly nq: number;
  /** Number of velocity coordinates = number of ODE2 equations. */
  readonly nu: number;
  /** Number of algebraic equations. */
  readonly nAE: number;
  /** Number of data coordinates (of the data nodes, NodeGenericData). */
  readonly nData: number;
  /** Number of ODE1 coordinates (first-order states of the nodes, {@link NodeModel.nODE1}). */
  readonly nODE1: number;
  /** Where each node's and object's coordinates start (item index → first index; filled here, never changed). */
  readonly addresses: CoordinateAddresses;
  /** Reference coordinates of all nodes. */
  readonly qRef: Float64Array;
  /** Reference values of the ODE1 coordinates of all nodes. */
  readonly ode1Ref: Float64Array;
  /** Local maps per object (same index as objects). */
  readonly objectMaps: LocalMap[];
  /** Local maps per load (same index as loads). */
  readonly loadMaps: LocalMap[];
  /** Objects with a mass matrix. */
  readonly massObjects: ObjectTerm<'massMatrix'>[];
  /** Objects with left-hand side forces. */
  readonly lhsObjects: ObjectTerm<'ode2Lhs'>[];
  /** Objects with algebraic equations (n_AE > 0). */
  readonly constraintObjects: ObjectTerm<'ae'>[];
  /** Objects with an item-level post-Newton step (the discontinuous iteration). */
  readonly postNewtonObjects: number[];
  /** Nodes with algebraic equations of their own. */
  readonly constraintNodes: WithTerm<NodeModel, 'ae'>[];
  /** Per load: the load when its coordinateDependence is 'analytic' (typed with addGeneralizedLoad_q), else undefined. */
  readonly analyticLoads: (WithTerm<LoadModel, 'addGeneralizedLoad_q'> | undefined)[];
  /** True if every mass matrix is constant. */
  readonly hasConstantMassMatrix: boolean;
  /** True if some node has a non-additive increment update or q̇ ≠ u. */
  readonly hasLieGroupNodes: boolean;
  /** The states of the system. */
  readonly data: SystemData;

  constructor(items: Record<ItemCategory, StoredItem[]>, mbs: UserFunctionSystem) {
    const create = <C extends ItemCategory>(category: C): ModelOf[C][] =>
      items[category].map((item, index) => createItemModel(category, item.definition, item.dictionary, index));
    this.nodes = create('Node');
    this.objects = create('Object');
    this.markers = create('Marker');
    this.loads = create('Load');
    this.sensors = create('Sensor');

    const nodeCount = this.nodes.length, objectCount = this.objects.length;
    const addresses = {
      nodeQ: new Int32Array(nodeCount), nodeU: new Int32Array(nodeCount), nodeAE: new Int32Array(nodeCount).fill(-1),
      nodeData: new Int32Array(nodeCount), objectAE: new Int32Array(objectCount).fill(-1),
      nodeODE1: new Int32Array(nodeCount).fill(-1),
    };
    this.addresses = addresses;
    let nq = 0;
    let nu = 0;
    let nAE = 0;
    let nData = 0;
    let nODE1 = 0;
    this.nodes.forEach((node, i) => {
      if (node.composeIncrement === undefined && node.nq !== node.nu) {
        throw new FlexdynError(`${formatItemLabel(node.label)}: a node with n_q = ${node.nq} ≠ n_u = ${node.nu} must define composeIncrement`);
      }
      addresses.nodeQ[i] = nq;
      addresses.nodeU[i] = nu;
      addresses.nodeData[i] = nData;
      nq += node.nq;
      nu += node.nu;
      nData += node.nData ?? 0;
      const odes = node.nODE1 ?? 0;
      if (odes > 0) { addresses.nodeODE1[i] = nODE1; nODE1 += odes; }
      node.attach(addresses);
    });
    this.nq = nq;
    this.nu = nu;
    this.nData = nData;
    this.nODE1 = nODE1;
    this.qRef = new Float64Array(nq);
    this.ode1Ref = new Float64Array(nODE1);
    for (const node of this.nodes) {
      this.qRef.set(node.referenceCoordinates.subarray(0, node.nq), node.qIndex);
      if ((node.nODE1 ?? 0) > 0) this.ode1Ref.set(node.referenceCoordinates.subarray(0, node.nODE1), node.ode1Index);
    }

    this.bindAll(items);

    this.constraintNodes = [];
    this.nodes.forEach((node, i) => {
      if (node.nAE === 0) return;
      if (!hasTerm(node, 'ae')) throw new FlexdynError(`${formatItemLabel(node.label)}: a node with n_AE = ${node.nAE} must define ae`, { item: node.label });
      addresses.nodeAE[i] = nu + nAE;
      nAE += node.nAE;
      this.constraintNodes.push(node);
    });
    this.objects.forEach((object, i) => {
      if (object.nAE === 0) return;
      if (object.ae === undefined) throw new FlexdynError(`${formatItemLabel(object.label)}: an object with n_AE = ${object.nAE} must define ae`, { item: object.label });
      addresses.objectAE[i] = nu + nAE;
      nAE += object.nAE;
    });
    this.nAE = nAE;

    const pool = new WorkArrayPool();
    this.objectMaps = this.objects.map((object) => makeLocalMap(pool, object.localNodes, object.nAE, needsDenseWork(object)));
    this.loadMaps = this.loads.map((load) => makeLocalMap(pool, load.marker.nodes, 0, true));
    this.massObjects = this.termList('massMatrix');
    this.lhsObjects = this.termList('ode2Lhs');
    this.constraintObjects = this.termList('ae');
    this.postNewtonObjects = [];
    this.objects.forEach((object, i) => { if (object.postNewtonStep !== undefined) this.postNewtonObjects.push(i); });
    this.analyticLoads = this.loads.map((load) => {
      if (load.coordinateDependence !== 'analytic') return undefined;
      if (!hasTerm(load, 'addGeneralizedLoad_q')) throw new FlexdynError(`${formatItemLabel(load.label)}: a load with coordinateDependence 'analytic' must define addGeneralizedLoad_q`, { item: load.label });
      return load;
    });
    this.hasConstantMassMatrix = this.massObjects.every((term) => term.object.hasConstantMassMatrix === true);
    this.hasLieGroupNodes = this.nodes.some((node) => node.composeIncrement !== undefined || node.positionRates !== undefined);

    this.data = new SystemData(this.qRef, { nu, nAE, nData }, addresses, mbs, this.ode1Ref);
    for (const node of this.nodes) {
      this.data.initial.q.set(node.initialCoordinates.subarray(0, node.nq), node.qIndex);
      this.data.initial.u.set(node.initialVelocities.subarray(0, node.nu), node.uIndex);
      if (node.initialDataCoordinates !== undefined) this.data.initial.data.set(node.initialDataCoordinates, node.dataIndex);
      if ((node.nODE1 ?? 0) > 0) this.data.initial.ode1.set(node.initialCoordinates.subarray(0, node.nODE1), node.ode1Index);
    }
    for (const state of [this.data.current, this.data.startOfStep, this.data.visualization]) state.copyFrom(this.data.initial);
  }

  /** The objects with term K (and, for 'ae', n_AE > 0), in index order, with their maps. */
  private termList<K extends 'massMatrix' | 'ode2Lhs' | 'ae'>(key: K): ObjectTerm<K>[] {
    const list: ObjectTerm<K>[] = [];
    this.objects.forEach((object, index) => {
      if (hasTerm(object, key) && (key !== 'ae' || object.nAE > 0)) list.push({ index, object, map: this.objectMaps[index] });
    });
    return list;
  }

  /** Resolves all references between items; markers and sensors are bound on first use so that order does not matter. */
  private bindAll(items: Record<ItemCategory, StoredItem[]>): void {
    const lists: { [C in BoundCategory]: ModelOf[C][] } = { Object: this.objects, Marker: this.markers, Load: this.loads, Sensor: this.sensors };
    const binder = new ItemBinder({
      node: (index, asker, parameter) => existingItem(this.nodes, 'Node', index, asker, parameter),
      stored: <C extends BoundCategory>(category: C, index: number, asker: ItemLabel, parameter: string) => existingItem(lists[category], category, index, asker, parameter) as ModelOf[C],
      outputVariables: (category, index) => items[category][index].definition.outputVariables,
    });
    this.objects.forEach((object) => binder.bound('Object', object.label.index, object.label, 'object'));
    this.markers.forEach((marker) => binder.bound('Marker', marker.label.index, marker.label, 'marker'));
    this.loads.forEach((load) => binder.bound('Load', load.label.index, load.label, 'load'));
    this.sensors.forEach((sensor) => binder.bound('Sensor', sensor.label.index, sensor.label, 'sensor'));
  }
}

/** The item categories that bind to other items. */
export type BoundCategory = 'Object' | 'Marker' | 'Load' | 'Sensor';

/** Where an {@link ItemBinder} finds item models: the compiled model's lists, or the reference model's models made on use. */
export interface ItemSource {
  /** The node model of index (numbered), or an error naming asker and parameter. */
  node(index: number, asker: ItemLabel, parameter: string): NodeModel;
  /** The (not yet bound) model of an object, marker, load or sensor, or an error naming asker and parameter. */
  stored<C extends BoundCategory>(category: C, index: number, asker: ItemLabel, parameter: string): ModelOf[C];
  /** The output variables the item type of a node, object or marker declares. */
  outputVariables(category: 'Node' | 'Object' | 'Marker', index: number): readonly OutputVariableType[];
}

/**
 * Binds item models once each, on first use, so that the order of items does not matter: the context an item binds with
 * hands out nodes and bound objects, markers, loads and sensors, checks that a body is a body, and reports a reference
 * cycle naming the asking item and parameter. Shared by the compiled model and the reference model.
 */
export class ItemBinder {
  /** Binding state per category and item index: {@link BINDING}, {@link BOUND}, or 0/missing when not yet bound (no string keys: issue 12, build cost). */
  private readonly states: Record<BoundCategory, number[]> = { Object: [], Marker: [], Load: [], Sensor: [] };

  constructor(private readonly source: ItemSource) {}

  /** The model of an object, marker, load or sensor, bound (binding it now if it is not yet). */
  bound<C extends BoundCategory>(category: C, index: number, asker: ItemLabel, parameter: string): ModelOf[C] {
    const model = this.source.stored(category, index, asker, parameter);
    const states = this.states[category];
    const state = states[index];
    if (state === BOUND) return model;
    if (state === BINDING) {
      throw new FlexdynError(`${formatItemLabel(asker)}: ${parameter} = ${index} forms a reference cycle through ${formatItemLabel(model.label)}`, { item: asker, parameter });
    }
    states[index] = BINDING;
    try {
      model.bind(new BinderContext(this, this.source, model.label));
    } catch (error) {
      states[index] = 0;
      throw error;
    }
    states[index] = BOUND;
    return model;
  }
}

/** {@link ItemBinder} state: the item is being bound (a request for it now is a reference cycle). */
const BINDING = 1;
/** {@link ItemBinder} state: the item is bound. */
const BOUND = 2;

/** The context one item binds with: hands out items on behalf of the asking item (methods, not closures: issue 12, build cost). */
class BinderContext implements BindContext {
  constructor(private readonly binder: ItemBinder, private readonly source: ItemSource, private readonly asker: ItemLabel) {}

  node(index: number, parameter: string): NodeModel {
    return this.source.node(index, this.asker, parameter);
  }

  object(index: number, parameter: string): ObjectModel {
    return this.binder.bound('Object', index, this.asker, parameter);
  }

  body(index: number, parameter: string): BodyModel {
    const object = this.binder.bound('Object', index, this.asker, parameter);
    if (object.body === undefined) {
      throw new FlexdynError(`${formatItemLabel(this.asker)}: ${parameter} must refer to a body, got ${formatItemLabel(object.label)}, which is not a body`, { item: this.asker, parameter });
    }
    return object.body;
  }

  marker(index: number, parameter: string): MarkerModel {
    return this.binder.bound('Marker', index, this.asker, parameter);
  }

  load(index: number, parameter: string): LoadModel {
    return this.binder.bound('Load', index, this.asker, parameter);
  }

  sensor(index: number, parameter: string): SensorModel {
    return this.binder.bound('Sensor', index, this.asker, parameter);
  }

  outputVariables(category: 'Node' | 'Object' | 'Marker', index: number): readonly OutputVariableType[] {
    return this.source.outputVariables(category, index);
  }
}

/** list[index], or a FlexdynError naming the asking item and parameter when there is no such item. */
export function existingItem<T>(list: readonly T[], category: ItemCategory, index: number, asker: ItemLabel | undefined, parameter: string): T {
  if (!Number.isInteger(index) || index < 0 || index >= list.length) {
    const none = index === INVALID_INDEX ? ` (no ${category.toLowerCase()}: not set, or the one it referred to was deleted)` : '';
    const what = `${parameter} must refer to an existing ${category.toLowerCase()} (0 ... ${list.length - 1}), got ${index}${none}`;
    throw new FlexdynError(asker === undefined ? what : `${formatItemLabel(asker)}: ${what}`, asker === undefined ? undefined : { item: asker, parameter });
  }
  return list[index];
}
