import type { BindContext, BodyModel, CoordinateAddresses, LoadModel, MarkerModel, NodeModel, ObjectModel, SensorModel, SystemComponentModel } from '../registry/capabilities.ts';
import { FlexdynError, formatItemLabel, type ItemLabel } from '../core/errors.ts';
import { createItemModel, type ItemCategory, type ItemDefinition, type ItemDictionary, type ModelOf } from '../registry/definition.ts';
import { isReferenceParameter, type ParameterKind, type ParameterSchema } from '../registry/parameters.ts';
import type { OutputVariableType } from '../registry/enums.ts';
import { SystemData } from './SystemState.ts';
import type { UserFunctionSystem } from '../registry/userFunctionSystem.ts';
import { INVALID_INDEX } from '../registry/itemReferences.ts';
import { copyLeadingAt } from '../linalg/arrays.ts';

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
  /** Per role, the arrays by length (number keys: a string key per call cost a fresh process ≈ 1 µs, 5 calls per item). */
  private readonly arrays: Record<WorkArrayRole, Map<number, Float64Array>> = {
    vector: new Map(), vector2: new Map(), matrix: new Map(), constraintJacobian: new Map(), constraintValues: new Map(),
  };
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
    const byLength = this.arrays[role];
    let array = byLength.get(length);
    if (array === undefined) {
      array = new Float64Array(length);
      byLength.set(length, array);
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

/** True if an object belongs in the term list of key (ae: only with algebraic equations). */
function hasObjectTerm<K extends 'massMatrix' | 'ode2Lhs' | 'ae'>(object: ObjectModel, key: K): object is WithTerm<ObjectModel, K> {
  return hasTerm(object, key) && (key !== 'ae' || object.nAE > 0);
}

/**
 * The frozen model that assemble() compiles from the MainSystem's dictionaries: item models,
 * coordinate counts and address tables, per-capability item lists, preallocated local buffers.
 */
export class CompiledModel {
  /**
   * Exudyn's solverSignalJacobianUpdate: set (by mbs.solverSignalJacobianUpdate) to make the next step of an implicit or
   * static solve update a Jacobian that modified Newton keeps; the solver clears it when it takes the request.
   */
  signalJacobianUpdate = false;
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
  /** Objects with a mass matrix (a run-time change must not add or remove one; entries follow replaceItem). */
  readonly massObjects: ObjectTerm<'massMatrix'>[];
  /** Objects with left-hand side forces (updated in place by {@link CompiledModel.replaceItem}). */
  readonly lhsObjects: ObjectTerm<'ode2Lhs'>[];
  /** Objects with algebraic equations (n_AE > 0; entries follow replaceItem). */
  readonly constraintObjects: ObjectTerm<'ae'>[];
  /** Objects with an item-level post-Newton step (the discontinuous iteration; updated in place by {@link CompiledModel.replaceItem}). */
  readonly postNewtonObjects: number[];
  /** Nodes with algebraic equations of their own (entries follow replaceItem). */
  readonly constraintNodes: WithTerm<NodeModel, 'ae'>[];
  /** Per load: the load when its coordinateDependence is 'analytic' (typed with addGeneralizedLoad_q), else undefined (follows replaceItem). */
  readonly analyticLoads: (WithTerm<LoadModel, 'addGeneralizedLoad_q'> | undefined)[];
  /** System components (GeneralContact) that add global ODE2 forces and a post-Newton step; MainSystem.assemble() adds them. */
  readonly systemComponents: SystemComponentModel[] = [];
  /** True if every mass matrix is constant (updated by {@link CompiledModel.replaceItem}). */
  hasConstantMassMatrix: boolean;
  /**
   * Counts the run-time changes applied with {@link CompiledModel.replaceItem}: solver caches built from item
   * parameters (a factorized constant mass matrix, a kept Newton Jacobian, node lists) compare it with the value
   * they were built at. Never changes while no parameter changes, so those caches cost one comparison.
   */
  revision = 0;
  /**
   * Counts the run-time changes of nodes and objects (replaced, or changed in place with a mass matrix or algebraic
   * equations: {@link CompiledModel.updateInPlace}): the part of
   * {@link CompiledModel.revision} that solver caches are built from (a kept constant mass matrix and its factorization,
   * the steppers' node lists and eliminated coordinates). A change of a load, marker or sensor enters none of them, so a
   * load value set in every Newton iteration keeps the mass matrix.
   */
  nodeObjectRevision = 0;
  /**
   * Counts the item models put in place by {@link CompiledModel.replaceItem} (any category): the assembler reads the
   * methods of the items it calls from per-item lists, which it reads again when this changes. An in-place change
   * keeps the item's model and its methods.
   */
  itemModelRevision = 0;
  /** The items' dictionaries the model was compiled from (the MainSystem's lists, which replaceItem keeps current). */
  private readonly items: Record<ItemCategory, StoredItem[]>;
  /** Per item ("category:index"), the items whose parameters refer to it; built on the first run-time change. */
  private referrers?: Map<string, ItemKey[]>;
  /** The items that depend on an item (see dependentsOf), by `category:index`. */
  private readonly dependents = new Map<string, readonly ItemKey[]>();
  /** The work arrays of the local maps (kept for run-time changes that need a dense work matrix). */
  private readonly pool = new WorkArrayPool();
  /** True if some node has a non-additive increment update or q̇ ≠ u. */
  readonly hasLieGroupNodes: boolean;
  /** The states of the system. */
  readonly data: SystemData;

  constructor(items: Record<ItemCategory, StoredItem[]>, mbs: UserFunctionSystem) {
    this.items = items;
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
      copyLeadingAt(this.qRef, node.referenceCoordinates, node.nq, node.qIndex);
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

    const pool = this.pool;
    this.objectMaps = this.objects.map((object) => makeLocalMap(pool, object.localNodes, object.nAE, needsDenseWork(object)));
    this.loadMaps = this.loads.map((load) => makeLocalMap(pool, load.marker.nodes, 0, true));
    this.massObjects = this.termList('massMatrix');
    this.lhsObjects = this.termList('ode2Lhs');
    this.constraintObjects = this.termList('ae');
    this.postNewtonObjects = this.indicesWith(hasPostNewtonStep);
    this.analyticLoads = this.loads.map(analyticLoad);
    this.hasConstantMassMatrix = this.massObjects.every((term) => term.object.hasConstantMassMatrix === true);
    this.hasLieGroupNodes = this.nodes.some((node) => node.composeIncrement !== undefined || node.positionRates !== undefined);

    this.data = new SystemData(this.qRef, { nu, nAE, nData }, addresses, mbs, this.ode1Ref);
    for (const node of this.nodes) {
      copyLeadingAt(this.data.initial.q, node.initialCoordinates, node.nq, node.qIndex);
      copyLeadingAt(this.data.initial.u, node.initialVelocities, node.nu, node.uIndex);
      if (node.initialDataCoordinates !== undefined) this.data.initial.data.set(node.initialDataCoordinates, node.dataIndex);
      if ((node.nODE1 ?? 0) > 0) this.data.initial.ode1.set(node.initialCoordinates.subarray(0, node.nODE1), node.ode1Index);
    }
    for (const state of [this.data.current, this.data.startOfStep, this.data.visualization]) state.copyFrom(this.data.initial);
  }

  private indicesWith(predicate: (object: ObjectModel) => boolean): number[] {
    const indices: number[] = [];
    for (let i = 0; i < this.objects.length; i++) if (predicate(this.objects[i])) indices.push(i);
    return indices;
  }

  /** The objects with term K (and, for 'ae', n_AE > 0), in index order, with their maps. */
  private termList<K extends 'massMatrix' | 'ode2Lhs' | 'ae'>(key: K): ObjectTerm<K>[] {
    const list: ObjectTerm<K>[] = [];
    this.objects.forEach((object, index) => {
      if (hasObjectTerm(object, key)) list.push({ index, object, map: this.objectMaps[index] });
    });
    return list;
  }

  /**
   * Puts the replaced object of a run-time change into a term list: in its entry when it has the term as the old one
   * had (a run-time change of a parameter, every step of a pre-step function), else the list is made again.
   */
  private replaceTerm<K extends 'massMatrix' | 'ode2Lhs' | 'ae'>(list: ObjectTerm<K>[], key: K, index: number, object: ObjectModel): void {
    const at = list.findIndex((term) => term.index === index);
    const has = hasObjectTerm(object, key);
    if (has && at >= 0) list[at] = { index, object, map: this.objectMaps[index] };
    else if (has || at >= 0) replaceContents(list, this.termList(key));
  }

  /** Resolves all references between items; markers and sensors are bound on first use so that order does not matter. */
  private bindAll(items: Record<ItemCategory, StoredItem[]>): void {
    const binder = this.binder(items, false);
    this.objects.forEach((object) => binder.bound('Object', object.label.index, object.label, 'object'));
    this.markers.forEach((marker) => binder.bound('Marker', marker.label.index, marker.label, 'marker'));
    this.loads.forEach((load) => binder.bound('Load', load.label.index, load.label, 'load'));
    this.sensors.forEach((sensor) => binder.bound('Sensor', sensor.label.index, sensor.label, 'sensor'));
  }

  /** A binder over this model's lists; with allBound, every item counts as bound already (run-time changes). */
  private binder(items: Record<ItemCategory, StoredItem[]>, allBound: boolean): ItemBinder {
    const lists = this.boundLists();
    return new ItemBinder({
      node: (index, asker, parameter) => existingItem(this.nodes, 'Node', index, asker, parameter),
      stored: <C extends BoundCategory>(category: C, index: number, asker: ItemLabel, parameter: string) => existingItem(lists[category], category, index, asker, parameter) as ModelOf[C],
      outputVariables: (category, index) => items[category][index].definition.outputVariables,
    }, allBound);
  }

  private boundLists(): { [C in BoundCategory]: ModelOf[C][] } {
    return { Object: this.objects, Marker: this.markers, Load: this.loads, Sensor: this.sensors };
  }

  private list<C extends ItemCategory>(category: C): ModelOf[C][] {
    const lists: { [K in ItemCategory]: ModelOf[K][] } = { Node: this.nodes, ...this.boundLists() };
    return lists[category];
  }

  /**
   * Applies a run-time parameter change (set…Parameter, modify… of non-structural parameters): creates the item's
   * run-time model from its changed dictionary, binds it to the same items and addresses, puts it in place of the old
   * one and binds again every item that refers to it, directly or through others, so that none keeps the old model.
   * No state, address, local map or sparsity pattern changes; {@link CompiledModel.revision} counts the change.
   * If the new model would change the structure (its coordinates, data coordinates or algebraic equations, the nodes
   * it couples, whether it has a mass matrix or first-order equations), or creating or
   * binding it fails, the old model is put back and bound again and the FlexdynError says why: the running model is
   * unchanged. On success `item` is stored in the item lists the model was compiled from.
   */
  replaceItem(category: ItemCategory, index: number, item: StoredItem, change: string): void {
    const list = this.list(category) as unknown[];
    const old = list[index] as ModelOf[ItemCategory];
    const model = createItemModel(category, item.definition, item.dictionary, index);
    if (category === 'Node') (model as NodeModel).attach(this.addresses);
    const dependents = this.dependentsOf(category, index);
    const stored = this.items[category][index];
    const binder = this.binder(this.items, true);
    const bindAll = (): void => {
      if (category !== 'Node') binder.rebind(category as BoundCategory, index, model.label);
      for (const dependent of dependents) binder.rebind(dependent.category, dependent.index, this.list(dependent.category)[dependent.index].label);
    };
    const before = dependents.map((d) => structureOf(d.category, this.list(d.category)[d.index]));
    const structureBefore = structureOf(category, old);
    const remedy = `; the structure cannot change while the system is assembled: change it with modify${category} and call mbs.assemble() between solves; the system is left unchanged`;
    list[index] = model;
    this.items[category][index] = item;
    try {
      bindAll();
      const structure = structureOf(category, model);
      if (structure !== structureBefore) {
        throw new FlexdynError(`${formatItemLabel(model.label)}: ${change} changes the structure of the assembled system (${structureBefore} → ${structure})${remedy}`, { item: model.label });
      }
      dependents.forEach((d, k) => {
        const after = structureOf(d.category, this.list(d.category)[d.index]);
        if (after !== before[k]) throw new FlexdynError(`${formatItemLabel(model.label)}: ${change} changes the structure of ${formatItemLabel(this.list(d.category)[d.index].label)}, which refers to it (${before[k]} → ${after})${remedy}`, { item: model.label });
      });
    } catch (error) {
      list[index] = old;
      this.items[category][index] = stored;
      bindAll();
      throw error;
    }
    if (category === 'Node') {
      const node = model as NodeModel;
      this.qRef.set(node.referenceCoordinates.subarray(0, node.nq), node.qIndex);
      if ((node.nODE1 ?? 0) > 0) this.ode1Ref.set(node.referenceCoordinates.subarray(0, node.nODE1), node.ode1Index);
    }
    if (category === 'Object') {
      const object = model as ObjectModel;
      const map = this.objectMaps[index];
      // a replacement that loses an analytic Jacobian is differentiated numerically: give its map the dense work matrix
      if (needsDenseWork(object) && map.matrix.length === 0) this.objectMaps[index] = makeLocalMap(this.pool, object.localNodes, object.nAE, true);
      this.replaceTerm(this.massObjects, 'massMatrix', index, object);
      this.replaceTerm(this.lhsObjects, 'ode2Lhs', index, object);
      this.replaceTerm(this.constraintObjects, 'ae', index, object);
      replaceContents(this.postNewtonObjects, this.indicesWith(hasPostNewtonStep));
      this.hasConstantMassMatrix = this.massObjects.every((term) => term.object.hasConstantMassMatrix === true);
    }
    if (category === 'Node') replaceContents(this.constraintNodes, this.nodes.filter((node): node is WithTerm<NodeModel, 'ae'> => node.nAE > 0 && hasTerm(node, 'ae')));
    if (category === 'Load') this.analyticLoads[index] = analyticLoad(this.loads[index]);
    this.revision++;
    this.itemModelRevision++;
    if (category === 'Node' || category === 'Object') this.nodeObjectRevision++;
  }

  /**
   * A run-time change of one object or load parameter that the item's model applies in place (its
   * {@link ObjectModel.updateParameter} or {@link LoadModel.updateParameter} accepts it): stores `item` and counts the
   * change in {@link CompiledModel.revision}, as {@link CompiledModel.replaceItem} does, without creating and binding a
   * model. The object keeps its model, so the node lists stay; the change counts in
   * {@link CompiledModel.nodeObjectRevision} only if the object has a mass matrix or algebraic equations (what the
   * caches of that revision are built from): a valve opening set in every step keeps the constant mass matrix
   * (hydraulicActuatorSimpleTest assembled it again in every step). Returns false, having changed nothing, when the
   * model does not take the change in place.
   */
  updateInPlace(category: ItemCategory, index: number, item: StoredItem, key: string): boolean {
    if (!this.updateValueInPlace(category, index, key, item.dictionary[key])) return false;
    this.items[category][index] = item;
    return true;
  }

  /**
   * {@link CompiledModel.updateInPlace} without storing a dictionary: the caller stores the value once this returns
   * true (MainSystem's set…Parameter, which then changes its stored dictionary's entry instead of copying it).
   */
  updateValueInPlace(category: ItemCategory, index: number, key: string, value: unknown): boolean {
    if (category !== 'Object' && category !== 'Load') return false;
    const model = category === 'Object' ? this.objects[index] : this.loads[index];
    if (model.updateParameter === undefined || !model.updateParameter(key, value)) return false;
    this.revision++;
    if (category === 'Object') {
      const object = model as ObjectModel;
      if (hasObjectTerm(object, 'massMatrix') || object.nAE > 0) this.nodeObjectRevision++;
    }
    return true;
  }

  /** Writes a node's initial coordinates or velocities (from its model) into the initial state. */
  setNodeInitialValues(index: number, which: 'coordinates' | 'velocities'): void {
    const node = this.nodes[index];
    if (which === 'velocities') {
      this.data.initial.u.set(node.initialVelocities.subarray(0, node.nu), node.uIndex);
      return;
    }
    this.data.initial.q.set(node.initialCoordinates.subarray(0, node.nq), node.qIndex);
    if ((node.nODE1 ?? 0) > 0) this.data.initial.ode1.set(node.initialCoordinates.subarray(0, node.nODE1), node.ode1Index);
    if (node.initialDataCoordinates !== undefined) this.data.initial.data.set(node.initialDataCoordinates, node.dataIndex);
  }

  /**
   * The items that refer to an item through their parameters, directly or through other items (a connector on a
   * marker on a body), each once, nearest first: they hold its model and must be bound again when it is replaced.
   */
  private dependentsOf(category: ItemCategory, index: number): readonly ItemKey[] {
    // references cannot change while the model is compiled (they are structural): each item's list is made once
    const cached = this.dependents.get(`${category}:${index}`);
    if (cached !== undefined) return cached;
    const referrers = this.referrers ??= referrerMap(this.items);
    const seen = new Set<string>([`${category}:${index}`]);
    const result: ItemKey[] = [];
    for (let k = -1; k < result.length; k++) {
      const key = k < 0 ? `${category}:${index}` : `${result[k].category}:${result[k].index}`;
      for (const referrer of referrers.get(key) ?? []) {
        const id = `${referrer.category}:${referrer.index}`;
        if (seen.has(id)) continue;
        seen.add(id);
        result.push(referrer);
      }
    }
    this.dependents.set(`${category}:${index}`, result);
    return result;
  }
}

/** An item that binds to others, by category and index. */
interface ItemKey {
  readonly category: BoundCategory;
  readonly index: number;
}

/** The category a reference parameter refers to. */
const referredCategory: Partial<Record<ParameterKind, ItemCategory>> = {
  NodeIndex: 'Node', ArrayNodeIndex: 'Node', ObjectIndex: 'Object', MarkerIndex: 'Marker', ArrayMarkerIndex: 'Marker',
  LoadIndex: 'Load', SensorIndex: 'Sensor', ArraySensorIndex: 'Sensor',
};

/** Per item ("category:index"), the items whose reference parameters name it. */
function referrerMap(items: Record<ItemCategory, StoredItem[]>): Map<string, ItemKey[]> {
  const map = new Map<string, ItemKey[]>();
  for (const category of ['Object', 'Marker', 'Load', 'Sensor'] as const) {
    items[category].forEach(({ definition, dictionary }, index) => {
      for (const [name, parameter] of Object.entries(definition.parameters as ParameterSchema)) {
        if (!isReferenceParameter(parameter)) continue;
        const value = dictionary[name];
        for (const referred of Array.isArray(value) ? value : [value]) {
          if (typeof referred !== 'number' || referred < 0) continue;
          const key = `${referredCategory[parameter.kind]}:${referred}`;
          let list = map.get(key);
          if (list === undefined) map.set(key, list = []);
          list.push({ category, index });
        }
      }
    });
  }
  return map;
}

/** True if the object has left-hand side forces. */
/** Empties list and fills it with items (lists that solvers and the assembler hold stay the same arrays). */
function replaceContents<T>(list: T[], items: readonly T[]): void {
  list.length = 0;
  list.push(...items);
}

/** The load typed with addGeneralizedLoad_q when its coordinateDependence is 'analytic' (a FlexdynError without it), else undefined. */
function analyticLoad(load: LoadModel): WithTerm<LoadModel, 'addGeneralizedLoad_q'> | undefined {
  if (load.coordinateDependence !== 'analytic') return undefined;
  if (!hasTerm(load, 'addGeneralizedLoad_q')) throw new FlexdynError(`${formatItemLabel(load.label)}: a load with coordinateDependence 'analytic' must define addGeneralizedLoad_q`, { item: load.label });
  return load;
}

/** True if the object takes part in the discontinuous iteration. */
function hasPostNewtonStep(object: ObjectModel): boolean {
  return object.postNewtonStep !== undefined;
}

/**
 * What of an item the compiled model's tables and the solvers' fixed structures depend on, as text (compared before
 * and after a run-time change, and shown when they differ).
 */
function structureOf(category: ItemCategory, model: ModelOf[ItemCategory]): string {
  const nodes = (list: readonly NodeModel[]) => `nodes [${list.map((n) => n.label.index).join(', ')}]`;
  switch (category) {
    case 'Node': {
      const node = model as NodeModel;
      return `n_q = ${node.nq}, n_u = ${node.nu}, n_AE = ${node.nAE}, n_ODE1 = ${node.nODE1 ?? 0}, n_data = ${node.nData ?? 0}${node.composeIncrement !== undefined ? ', Lie-group update' : ''}${node.positionRates !== undefined ? ', q̇ ≠ u' : ''}`;
    }
    case 'Object': {
      const object = model as ObjectModel;
      const mass = object.massMatrix !== undefined;
      const ode1 = (object.ode1Rhs !== undefined ? ', first-order equations' : '') + (object.ode2LhsDependsOnODE1 === true ? ', forces depending on ODE1 coordinates' : '')
        + (object.localODE1Nodes !== undefined ? ` on ${nodes(object.localODE1Nodes)}` : '');
      return `${nodes(object.localNodes)}, n_AE = ${object.nAE}${mass ? ', mass matrix' : ''}${ode1}`;
    }
    case 'Load':
      return nodes((model as LoadModel).marker.nodes);
    default:
      return '';
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

  /** With allBound, every item not (re)bound through this binder counts as bound (a compiled model's run-time change). */
  constructor(private readonly source: ItemSource, private readonly allBound = false) {}

  /** The model of an object, marker, load or sensor, bound (binding it now if it is not yet). */
  bound<C extends BoundCategory>(category: C, index: number, asker: ItemLabel, parameter: string): ModelOf[C] {
    const model = this.source.stored(category, index, asker, parameter);
    const states = this.states[category];
    const state = states[index] ?? (this.allBound ? BOUND : 0);
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

  /** Binds an item's model again (after an item it refers to got a new model), whether or not it counts as bound. */
  rebind(category: BoundCategory, index: number, label: ItemLabel): void {
    this.states[category][index] = 0;
    this.bound(category, index, label, category.toLowerCase());
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
