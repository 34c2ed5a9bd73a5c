import {
  addGlobalBlock, addGlobalZeros, DenseLocalMatrix, type GlobalMatrixAccumulator, type LoadModel, type LocalMatrixAccumulator, type NodeModel, type ObjectModel,
} from '../registry/capabilities.ts';
import { formatItemLabel } from '../core/errors.ts';
import { zeroArray, zeroLeading } from '../linalg/arrays.ts';
import type { RowMajorMatrix } from '../linalg/rowMajorMatrix.ts';
import { NumericalDifferentiationSettings } from './NumericalDifferentiationSettings.ts';
import { hasTerm, type CompiledModel, type LocalMap, type WithTerm } from './compile.ts';
import type { SystemState } from './SystemState.ts';

/**
 * Receives matrix entries during assembly; dense and sparse storage implement it: the items' global accumulator (add and
 * the optional block entry, called through {@link addGlobalBlock}) and an optional list entry.
 */
export interface MatrixAccumulator extends GlobalMatrixAccumulator {
  /**
   * Optional list entry: adds factor·values[k] at (rowIndex[rows[k]], colIndex[cols[k]]) for k < count, in that order.
   * Called through {@link addGlobalEntries}.
   */
  addEntries?(rowIndex: Int32Array, colIndex: Int32Array, rows: Int32Array, cols: Int32Array, values: Float64Array, count: number, factor: number): void;
}

/** Adds factor·values[k] at (rowIndex[rows[k]], colIndex[cols[k]]) (k < count, in order) to target: through its addEntries when it has one, else entry by entry. */
export function addGlobalEntries(target: MatrixAccumulator, rowIndex: Int32Array, colIndex: Int32Array, rows: Int32Array, cols: Int32Array,
  values: Float64Array, count: number, factor: number): void {
  if (target.addEntries !== undefined) {
    target.addEntries(rowIndex, colIndex, rows, cols, values, count, factor);
    return;
  }
  for (let k = 0; k < count; k++) target.add(rowIndex[rows[k]], colIndex[cols[k]], factor * values[k]);
}

/**
 * A matrix accumulator that hands each entry to a function: the one class of the accumulators that read, record or
 * scatter entries once per call (the round-off magnitude, the dense matrices of the linearization and of the
 * degree-of-freedom count, the initial accelerations' constraint rows and mass diagonal). The shared entry sites
 * (addGlobalBlock, inlined into the items' matrix methods) then meet three accumulator classes (this one, LinearSystem,
 * SparseAssembler) instead of six: each further class there deoptimizes the optimized functions that inlined them
 * (in mainSystemExtensionsTests' fresh process ≈ 3.5 of ≈ 55 deoptimizations, each a recompile).
 */
export class EntryAccumulator implements MatrixAccumulator {
  /** Entries go to entry(row, col, value), one call per entry, in the order added. */
  constructor(private readonly entry: (row: number, col: number, value: number) => void) {}

  /** Passes value at (row, col) on. */
  add(row: number, col: number, value: number): void {
    this.entry(row, col, value);
  }
}

/** An {@link EntryAccumulator} that adds each entry into matrix ({@link RowMajorMatrix.add}). */
export function rowMajorEntries(matrix: RowMajorMatrix): EntryAccumulator {
  return new EntryAccumulator((row, col, value) => matrix.add(row, col, value));
}

/**
 * Assembles the system equations of a compiled model,
 * M(q) u̇ + C_qᵀ λ = f(q, u, t) with f = loads − Σ ode2Lhs, and g(q, u, t) = 0,
 * from the items' local contributions. No allocation per call.
 */
export class SystemAssembler {
  private settings = new NumericalDifferentiationSettings();

  /**
   * True if no two mass objects share a velocity coordinate and no object lists one twice: every entry of M then comes
   * from one object, so products formed from the objects' local matrices ({@link SystemAssembler.multiplyMassMatrix})
   * equal those of the assembled matrix — bit for bit for objects that add their matrix as one dense block, to round-off
   * for block-sparse objects, whose entries are multiplied as they come.
   */
  readonly massCoordinatesDisjoint: boolean;
  /** Per mass object (same order as model.massObjects): its local columns in increasing global index. */
  private readonly massColumnOrder: Int32Array[];
  /** Per mass object: true if its local columns ascend in global index (massMatrixProduct applies). */
  private readonly massColumnsAscend: boolean[];
  /** Work arrays for the nodes' own algebraic equations: values (largest n_AE) and Jacobian (largest n_AE × n_u). */
  private readonly nodeValues: Float64Array;
  private readonly nodeJacobian: Float64Array;
  /** Work arrays of the nodes' constraint-force Jacobian: matrix (largest n_u²) and two vectors (largest n_u). */
  private readonly nodeMatrix: Float64Array;
  private readonly nodePlus: Float64Array;
  private readonly nodeMinus: Float64Array;
  /** Saved position coordinates of the node being perturbed (largest n_q of all nodes). */
  private readonly savedNode: Float64Array;
  /** Maps objects' local matrices into the target matrix. */
  private readonly entries = new LocalToGlobal();
  /** Views of the identity table on the algebraic equations of objects with ae_lambda, by first equation index. */
  private readonly algebraicIndexViews = new Map<number, Int32Array>();
  /** Adds analytic Jacobian parts into a dense work matrix (objects with a numerical part). */
  private readonly dense = new DenseLocalMatrix();
  /** Forms M·a from the objects' local mass matrices (multiplyMassMatrix). */
  private readonly product = new MassProduct();
  /**
   * computeODE2Rhs evaluations left in which an object whose ode2LhsActive says false is evaluated all the same (it adds
   * zeros: ode2Lhs's contract). The ode2Lhs call site so meets every object class before V8 optimizes the residual: a
   * contact that first touched after that (rollingCoinPenaltyTest at step ≈ 450) threw the optimized computeODE2Rhs and
   * residual away, and their compile jobs (40–110 ms each on a busy core) ran again. In the first of them every item's
   * method is called through the lists (see {@link SystemAssembler.lhsDirect}).
   */
  private inactiveLhsWarmup = 32;
  /**
   * Dense work matrices by size n_local for the numerical Jacobians of objects whose map has none (analytic Jacobians,
   * differentiated numerically only with numericalDifferentiation.forODE2): allocated when that setting is assigned.
   */
  private readonly forcedWork = new Map<number, Float64Array>();
  /** The indices 0 … max(n_u + n_AE, largest local size) − 1: index map of the constraint blocks and of local or node-contiguous C_qᵀλ. */
  private readonly identity: Int32Array;
  /** Objects with first-order equations or with ODE2 forces that depend on ODE1 coordinates: their maps and work arrays. */
  private readonly ode1Maps: readonly ODE1Map[];
  /**
   * True if one object holds all ODE1 coordinates in their order (its local vector is laid out as the system's): it adds
   * its right-hand side into the zeroed system vector itself, the same sums as through its local vector (which starts
   * at +0 as the system vector does, and a sum from +0 is never −0, so adding it to +0 changes no bit).
   */
  private readonly ode1Direct: boolean;
  /**
   * Per entry of model.lhsObjects and model.loads: 1 if computeODE2Rhs calls the item's method as a method of the item
   * (its class is one of {@link lhsClasses} or {@link loadClasses}, and the warm-up is over), else 0: it calls the method
   * through Function.prototype.call from {@link SystemAssembler.lhsCalls} or {@link SystemAssembler.loadCalls}. In the
   * first evaluations (until inactiveLhsWarmup reaches {@link LIST_WARMUP_END}) every flag is 0, so that the calls
   * through the lists have V8 type feedback
   * before V8 optimizes computeODE2Rhs: the first item of a new class then does not throw the optimized code away
   * (insufficient type feedback) either. Read with the lists; after a replaceItem an entry may be stale until the next
   * list call reads them again, which the calls allow (a method call is always right, a list call reads first).
   */
  private lhsDirect: Uint8Array;
  private loadDirect: Uint8Array;
  /** The flags of lhsDirect and loadDirect after the warm-up. */
  private lhsFlags: Uint8Array;
  private loadFlags: Uint8Array;
  /** ode2Lhs of each entry of model.lhsObjects. */
  private lhsCalls: NonNullable<ObjectModel['ode2Lhs']>[] = [];
  /** ode2LhsActive of each entry of model.lhsObjects, or undefined. */
  private lhsActiveCalls: ObjectModel['ode2LhsActive'][] = [];
  /** addGeneralizedLoad of each load. */
  private loadCalls: LoadModel['addGeneralizedLoad'][] = [];
  /** The model's itemModelRevision at which the lists were read (they follow replaceItem). */
  private callsRevision = -1;

  constructor(readonly model: CompiledModel) {
    const owner = new Int32Array(model.nu).fill(-1);
    let disjoint = true;
    // most objects' coordinates strictly ascend and their order is the identity: one shared array per size (issue 12, build memory)
    const identityOrders = new Map<number, Int32Array>();
    this.massColumnOrder = model.massObjects.map(({ map }, m) => {
      const ltg = map.ltg;
      for (let k = 0; k < ltg.length; k++) {
        if (owner[ltg[k]] >= 0) disjoint = false;
        owner[ltg[k]] = m;
      }
      let ascending = true;
      for (let k = 1; k < ltg.length; k++) if (ltg[k] <= ltg[k - 1]) ascending = false;
      if (!ascending) return Int32Array.from(ltg.keys()).sort((a, b) => ltg[a] - ltg[b]);
      let order = identityOrders.get(ltg.length);
      if (order === undefined) {
        order = Int32Array.from(ltg.keys());
        identityOrders.set(ltg.length, order);
      }
      return order;
    });
    this.massColumnsAscend = this.massColumnOrder.map((order) => order === identityOrders.get(order.length));
    this.massCoordinatesDisjoint = disjoint;
    let values = 0;
    let jacobian = 0;
    for (const node of model.constraintNodes) {
      values = Math.max(values, node.nAE);
      jacobian = Math.max(jacobian, node.nAE * node.nu);
    }
    const largestLocal = model.objectMaps.reduce((m, map) => Math.max(m, map.ltg.length), 0);
    // a loop, not Int32Array.from with a mapping function (one call per entry, 30 000 for the particle box)
    const identity = new Int32Array(Math.max(model.nu + model.nAE, largestLocal));
    for (let i = 0; i < identity.length; i++) identity[i] = i;
    this.identity = identity;
    this.nodeValues = new Float64Array(values);
    this.nodeJacobian = new Float64Array(jacobian);
    const largestNu = model.nodes.reduce((m, node) => Math.max(m, node.nu), 0);
    this.nodeMatrix = new Float64Array(largestNu * largestNu);
    this.nodePlus = new Float64Array(largestNu);
    this.nodeMinus = new Float64Array(largestNu);
    this.savedNode = new Float64Array(model.nodes.reduce((m, node) => Math.max(m, node.nq), 0));
    this.ode1Maps = createODE1Maps(model);
    const only = this.ode1Maps.length === 1 ? this.ode1Maps[0].ode1 : undefined;
    this.ode1Direct = only !== undefined && only.length === model.nODE1 && only.every((index, k) => index === k);
    this.lhsDirect = this.loadDirect = this.lhsFlags = this.loadFlags = new Uint8Array(0);
    this.readCalls();
  }

  /** Reads {@link SystemAssembler.lhsDirect} and the lists next to it from the model's current item models. */
  private readCalls(): void {
    const { lhsObjects, loads } = this.model;
    this.lhsFlags = lhsClasses.flags(lhsObjects.map(({ object }) => object));
    this.loadFlags = loadClasses.flags(loads);
    if (this.inactiveLhsWarmup <= LIST_WARMUP_END) this.useDirectCalls();
    else {
      this.lhsDirect = new Uint8Array(lhsObjects.length);
      this.loadDirect = new Uint8Array(loads.length);
    }
    this.lhsCalls = lhsObjects.map(({ object }) => object.ode2Lhs);
    this.lhsActiveCalls = lhsObjects.map(({ object }) => object.ode2LhsActive);
    this.loadCalls = loads.map((load) => load.addGeneralizedLoad);
    this.callsRevision = this.model.itemModelRevision;
  }

  /**
   * Ends the warm-up of the list calls (called by them once inactiveLhsWarmup reaches LIST_WARMUP_END): items of the
   * direct classes are called as methods from the next evaluation on.
   */
  private useDirectCalls(): void {
    this.lhsDirect = this.lhsFlags;
    this.loadDirect = this.loadFlags;
  }

  /**
   * Adds ode2Lhs of model.lhsObjects[o] into vector through Function.prototype.call from {@link SystemAssembler.lhsCalls},
   * unless its ode2LhsActive says false and skipInactive (it would add zeros).
   */
  private lhsThroughList(o: number, s: SystemState, vector: Float64Array, skipInactive: boolean): void {
    if (this.callsRevision !== this.model.itemModelRevision) this.readCalls();
    if (this.inactiveLhsWarmup <= LIST_WARMUP_END && this.lhsDirect !== this.lhsFlags) this.useDirectCalls();
    const object = this.model.lhsObjects[o].object;
    const active = this.lhsActiveCalls[o];
    if (active !== undefined && !active.call(object, s) && skipInactive) return;
    this.lhsCalls[o].call(object, s, vector);
  }

  /** Adds the generalized force of load i into vector through Function.prototype.call from {@link SystemAssembler.loadCalls}. */
  private loadThroughList(i: number, s: SystemState, vector: Float64Array): void {
    if (this.callsRevision !== this.model.itemModelRevision) this.readCalls();
    if (this.inactiveLhsWarmup <= LIST_WARMUP_END && this.loadDirect !== this.loadFlags) this.useDirectCalls();
    this.loadCalls[i].call(this.model.loads[i], s, vector);
  }

  /**
   * The system index of ODE1 coordinate k (its equation and its column in the static and implicit solvers' systems):
   * n_u + n_AE + k, after the ODE2 and algebraic equations.
   */
  ode1SystemIndex(k: number): number {
    return this.model.nu + this.model.nAE + k;
  }

  /** Writes f = Σ ode1Rhs, the right-hand side of the first-order equations ẋ = F(x, q, u, t) (n_ODE1 entries). */
  computeODE1Rhs(s: SystemState, f: Float64Array): void {
    zeroArray(f);
    const maps = this.ode1Maps;
    const objects = this.model.objects;
    if (this.ode1Direct) {
      const object = objects[maps[0].index];
      if (object.ode1Rhs !== undefined) object.ode1Rhs(s, f);
      return;
    }
    for (let m = 0; m < maps.length; m++) {
      const map = maps[m];
      const object = objects[map.index];
      if (object.ode1Rhs === undefined) continue;
      const local = map.f0;
      zeroArray(local);
      object.ode1Rhs(s, local);
      const ode1 = map.ode1;
      for (let k = 0; k < ode1.length; k++) f[ode1[k]] += local[k];
    }
  }

  /**
   * Adds the Jacobian of the first-order right-hand side F into target: factorX·∂F/∂x in the ODE1 rows and columns
   * (analytic where the object gives ode1Rhs_x, else forward differences), factorQ·∂F/∂Δq + factorU·∂F/∂u in the ODE1
   * rows and ODE2 columns (forward differences, for objects with ode1RhsDependsOnODE2). Rows and columns of ODE1
   * coordinate k are at {@link SystemAssembler.ode1SystemIndex}.
   */
  addODE1RhsJacobian(s: SystemState, target: MatrixAccumulator, factorX: number, factorQ: number, factorU: number): void {
    const maps = this.ode1Maps;
    const { objects, objectMaps } = this.model;
    for (let m = 0; m < maps.length; m++) {
      const map = maps[m];
      const object = objects[map.index];
      if (!hasTerm(object, 'ode1Rhs')) continue;
      const n1 = map.ode1.length;
      const ode2 = objectMaps[map.index].ltg;
      const n2 = ode2.length;
      let baseEvaluated = false;
      if (factorX !== 0 && n1 > 0) {
        zeroArray(map.xx);
        if (object.ode1Rhs_x === undefined || !object.ode1Rhs_x(s, map.xx, factorX)) {
          this.ode1Base(object, map, s);
          baseEvaluated = true;
          this.forwardDifferenceODE1(object, map, s, factorX, 'rhs');
        }
        addGlobalBlock(target, map.columns, 0, map.columns, 0, n1, n1, map.xx, 0, n1, 1, 1);
      }
      if (object.ode1RhsDependsOnODE2 !== true || n2 === 0 || (factorQ === 0 && factorU === 0)) continue;
      zeroArray(map.xq);
      if (!baseEvaluated) this.ode1Base(object, map, s);
      if (factorQ !== 0) this.forwardDifferenceODE2(object, map, s, factorQ, false);
      if (factorU !== 0) this.forwardDifferenceODE2(object, map, s, factorU, true);
      addGlobalBlock(target, map.columns, 0, ode2, 0, n1, n2, map.xq, 0, n2, 1, 1);
    }
  }

  /**
   * Adds factor·∂(ode2Lhs)/∂x into target (ODE2 rows, ODE1 columns at {@link SystemAssembler.ode1SystemIndex}) for the
   * objects whose ODE2 forces depend on ODE1 coordinates (ode2LhsDependsOnODE1), by forward differences.
   */
  addODE2LhsODE1Jacobian(s: SystemState, target: MatrixAccumulator, factor: number): void {
    const maps = this.ode1Maps;
    const { objects, objectMaps } = this.model;
    for (let m = 0; m < maps.length; m++) {
      const map = maps[m];
      const object = objects[map.index];
      if (object.ode2LhsDependsOnODE1 !== true || object.ode2Lhs === undefined) continue;
      const n1 = map.ode1.length;
      const ode2 = objectMaps[map.index].ltg;
      const n2 = ode2.length;
      if (n1 === 0 || n2 === 0) continue;
      zeroArray(map.qx);
      zeroArray(map.lhs0);
      object.ode2Lhs(s, map.lhs0);
      this.forwardDifferenceODE1(object, map, s, factor, 'lhs');
      addGlobalBlock(target, ode2, 0, map.columns, 0, n2, n1, map.qx, 0, n1, 1, 1);
    }
  }

  /** map.f0 = the object's ode1Rhs at s. */
  private ode1Base(object: WithTerm<ObjectModel, 'ode1Rhs'>, map: ODE1Map, s: SystemState): void {
    zeroArray(map.f0);
    object.ode1Rhs(s, map.f0);
  }

  /**
   * Forward differences over the object's ODE1 coordinates, eps = relativeEpsilon·max(minimumCoordinateSize, |x_j|) as
   * Exudyn: of ode1Rhs into map.xx (base map.f0), or of ode2Lhs into map.qx (base map.lhs0), times factor.
   */
  private forwardDifferenceODE1(object: ObjectModel, map: ODE1Map, s: SystemState, factor: number, of: 'rhs' | 'lhs'): void {
    const { relativeEpsilon, minimumCoordinateSize } = this.differentiation;
    const ode1 = map.ode1;
    const n1 = ode1.length;
    const rhs = of === 'rhs';
    const base = rhs ? map.f0 : map.lhs0;
    const perturbed = rhs ? map.f1 : map.lhs1;
    const matrix = rhs ? map.xx : map.qx;
    const rows = base.length;
    const evaluate = rhs ? object.ode1Rhs : object.ode2Lhs;
    if (evaluate === undefined) return;
    for (let j = 0; j < n1; j++) {
      const index = ode1[j];
      const value = s.ode1[index];
      const eps = relativeEpsilon * Math.max(minimumCoordinateSize, Math.abs(value));
      s.ode1[index] = value + eps;
      zeroArray(perturbed);
      evaluate.call(object, s, perturbed);
      s.ode1[index] = value;
      addDifferenceColumn(matrix, n1, j, rows, factor / eps, perturbed, base);
    }
  }

  /**
   * Forward differences of ode1Rhs over the object's ODE2 coordinates (Δq, composed for Lie-group nodes) or velocities,
   * into map.xq (base map.f0), times factor; a node listed twice is perturbed once.
   */
  private forwardDifferenceODE2(object: WithTerm<ObjectModel, 'ode1Rhs'>, map: ODE1Map, s: SystemState, factor: number, velocity: boolean): void {
    const { relativeEpsilon, minimumCoordinateSize } = this.differentiation;
    const nodes = object.localNodes;
    const n1 = map.ode1.length;
    const n2 = this.model.objectMaps[map.index].ltg.length;
    let local = 0;
    for (let nodeIndex = 0; nodeIndex < nodes.length; nodeIndex++) {
      const node = nodes[nodeIndex];
      if (nodes.indexOf(node) < nodeIndex) { local += node.nu; continue; }
      for (let j = 0; j < node.nu; j++, local++) {
        const values = velocity ? s.u : s.q;
        const index = velocity ? node.uIndex + j : node.qIndex + j;
        const eps = relativeEpsilon * Math.max(minimumCoordinateSize, Math.abs(values[index]));
        const saved = saveNode(node, s, velocity);
        perturbNode(node, s, j, eps, velocity);
        zeroArray(map.f1);
        object.ode1Rhs(s, map.f1);
        restoreNode(node, s, velocity, saved);
        addDifferenceColumn(map.xq, n2, local, n1, factor / eps, map.f1, map.f0);
      }
    }
  }

  /**
   * Numerical differentiation settings, set by the solvers from their settings before they iterate. With forODE2 every
   * object's ode2Lhs is differentiated numerically: setting it allocates the dense work matrices that objects with
   * analytic Jacobians do not otherwise need (here, never inside a Newton iteration; n_local² each).
   */
  get differentiation(): NumericalDifferentiationSettings {
    return this.settings;
  }

  set differentiation(settings: NumericalDifferentiationSettings) {
    this.settings = settings;
    if (!settings.forODE2) return;
    for (const { map } of this.model.lhsObjects) if (map.matrix.length === 0) this.workMatrix(map);
  }

  /**
   * The dense work matrix of an object's numerical Jacobians: its map's, or one of {@link SystemAssembler.forcedWork}
   * (allocated here on first use of a size: when forODE2 is assigned, or after a run-time change replaced the object).
   */
  private workMatrix(map: LocalMap): Float64Array {
    if (map.matrix.length > 0) return map.matrix;
    const n = map.ltg.length;
    let matrix = this.forcedWork.get(n);
    if (matrix === undefined) {
      matrix = new Float64Array(n * n);
      this.forcedWork.set(n, matrix);
    }
    return matrix;
  }

  /** Adds factor·M(q) into target, each object's local matrix through its local-to-global map. */
  addMassMatrix(s: SystemState, target: MatrixAccumulator, factor: number): void {
    const { massObjects } = this.model;
    for (let m = 0; m < massObjects.length; m++) {
      const { object, map } = massObjects[m];
      object.massMatrix(s, this.entries.to(map.ltg, target, factor));
    }
  }

  /**
   * Writes out = M(q)·a from the local mass matrices, without assembling M: for a dense block row by row the sum over
   * the columns in increasing global index, the operations of a product with the assembled matrix. Requires
   * {@link SystemAssembler.massCoordinatesDisjoint}; rows without mass get 0.
   */
  multiplyMassMatrix(s: SystemState, a: Float64Array, out: Float64Array): void {
    zeroArray(out);
    const { massObjects } = this.model;
    for (let m = 0; m < massObjects.length; m++) {
      const { object, map } = massObjects[m];
      if (object.massMatrixProduct !== undefined && this.massColumnsAscend[m]) object.massMatrixProduct(s, a, map.ltg, out);
      else object.massMatrix(s, this.product.to(map.ltg, this.massColumnOrder[m], a, out));
    }
  }

  /**
   * Writes f = loads − Σ ode2Lhs (n_u entries). The methods of items of the classes of {@link lhsClasses} and
   * {@link loadClasses} are called as methods (V8 inlines them into the optimized loop), the others through
   * Function.prototype.call (lhsThroughList, loadThroughList): the same calls with the same arguments.
   */
  computeODE2Rhs(s: SystemState, f: Float64Array): void {
    zeroArray(f);
    const { loads, loadMaps, lhsObjects } = this.model;
    const { lhsDirect, loadDirect } = this;
    const skipInactive = this.inactiveLhsWarmup === 0;
    if (!skipInactive) this.inactiveLhsWarmup--;
    for (let o = 0; o < lhsObjects.length; o++) {
      const { object, map } = lhsObjects[o];
      const vector = map.vector;
      zeroArray(vector);
      if (!lhsDirect[o]) this.lhsThroughList(o, s, vector, skipInactive);
      else {
        if (object.ode2LhsActive !== undefined && !object.ode2LhsActive(s) && skipInactive) continue; // it would add zeros
        object.ode2Lhs(s, vector);
      }
      const ltg = map.ltg, count = ltg.length;
      for (let k = 0; k < count; k++) f[ltg[k]] -= vector[k];
    }
    for (let i = 0; i < loads.length; i++) {
      const map = loadMaps[i];
      const vector = map.vector;
      zeroArray(vector);
      if (!loadDirect[i]) this.loadThroughList(i, s, vector);
      else loads[i].addGeneralizedLoad(s, vector);
      const ltg = map.ltg, count = ltg.length;
      for (let k = 0; k < count; k++) f[ltg[k]] += vector[k];
    }
    const components = this.model.systemComponents;
    for (let c = 0; c < components.length; c++) components[c].addODE2Lhs(s, f, -1);
  }

  /**
   * Adds factorQ·∂(Σ ode2Lhs)/∂q + factorU·∂(Σ ode2Lhs)/∂u into target (the negative Jacobian of f). Analytic
   * Jacobians go through the local-to-global map; an object with a numerical one (absent ode2Lhs_q / ode2Lhs_u, or
   * differentiation.forODE2) is assembled in its dense work matrix, analytic parts included, and scattered once.
   */
  addODE2LhsJacobian(s: SystemState, target: MatrixAccumulator, factorQ: number, factorU: number): void {
    const { lhsObjects } = this.model;
    const numeric = this.settings.forODE2;
    for (let o = 0; o < lhsObjects.length; o++) {
      const { object, map } = lhsObjects[o];
      const withQ = factorQ !== 0;
      const withU = factorU !== 0 && object.ode2LhsDependsOnVelocity === true;
      const numericQ = withQ && (numeric || object.ode2Lhs_q === undefined);
      const numericU = withU && (numeric || object.ode2Lhs_u === undefined);
      if (!numericQ && !numericU) {
        const entries = this.entries.to(map.ltg, target, 1);
        if (withQ && withU && object.ode2Lhs_qu !== undefined) {
          object.ode2Lhs_qu(s, entries, factorQ, factorU);
          continue;
        }
        // through Function.prototype.call: the optimizer does not speculate on (inline) the kernel here. A kernel that is a
        // closure per instance (CartesianSpringDamper's) was a new call target with every new system's spring-damper, which
        // threw the compiled loop away (scissorPrismaticRevolute2D's second case), and its inlined kernels made that job large
        if (withQ && object.ode2Lhs_q !== undefined) object.ode2Lhs_q.call(object, s, entries, factorQ);
        if (withU && object.ode2Lhs_u !== undefined) object.ode2Lhs_u.call(object, s, entries, factorU);
        continue;
      }
      const matrix = this.workMatrix(map);
      zeroArray(matrix);
      const dense = this.dense.to(matrix, map.ltg.length);
      // the unperturbed ode2Lhs in map.vector, once for both numerical passes
      let baseEvaluated = false;
      if (numericQ) { this.numericLhsJacobian(object, map, matrix, s, factorQ, false, false); baseEvaluated = true; }
      else if (withQ && object.ode2Lhs_q !== undefined) object.ode2Lhs_q(s, dense, factorQ);
      if (numericU) this.numericLhsJacobian(object, map, matrix, s, factorU, true, baseEvaluated);
      else if (withU && object.ode2Lhs_u !== undefined) object.ode2Lhs_u(s, dense, factorU);
      scatterMatrix(map, matrix, target, 1);
    }
    const components = this.model.systemComponents;
    for (let c = 0; c < components.length; c++) components[c].addODE2LhsJacobian(s, target, factorQ, factorU);
  }

  /**
   * Adds factorQ·∂(loads)/∂Δq + factorU·∂(loads)/∂u into target, the load part of ∂f (the solvers' Jacobians are
   * −∂f, so they pass negative factors): Exudyn's computeLoadsJacobian. Loads whose coordinateDependence is
   * 'constant' are skipped, 'analytic' ones add addGeneralizedLoad_q (unless differentiation.forODE2), all others
   * are differentiated numerically with respect to their marker's coordinates (velocities only if factorU ≠ 0).
   */
  addLoadsJacobian(s: SystemState, target: MatrixAccumulator, factorQ: number, factorU: number): void {
    const { loads, loadMaps, analyticLoads } = this.model;
    for (let i = 0; i < loads.length; i++) {
      const load = loads[i];
      const dependence = load.coordinateDependence ?? 'numerical';
      const map = loadMaps[i];
      if (dependence === 'constant' || map.ltg.length === 0) continue;
      zeroArray(map.matrix);
      if (factorQ !== 0) {
        const analytic = analyticLoads[i];
        if (analytic !== undefined && !this.settings.forODE2) analytic.addGeneralizedLoad_q(s, map.matrix, factorQ);
        else this.numericLoadJacobian(load, map, s, factorQ, false);
      }
      if (factorU !== 0 && dependence === 'numerical') this.numericLoadJacobian(load, map, s, factorU, true);
      scatterMatrix(map, map.matrix, target, 1);
    }
  }

  /** Writes the algebraic equations g (n_AE entries, in the order of the algebraic coordinates). */
  computeAE(s: SystemState, g: Float64Array, useIndex2: boolean): void {
    const { nu, constraintObjects } = this.model;
    const objectAE = this.model.addresses.objectAE;
    for (let c = 0; c < constraintObjects.length; c++) {
      const { index, object, map } = constraintObjects[c];
      const values = map.constraintValues;
      object.ae(s, values, useIndex2);
      const offset = objectAE[index] - nu;
      for (let k = 0; k < values.length; k++) g[offset + k] = values[k];
    }
    const { constraintNodes } = this.model;
    for (let c = 0; c < constraintNodes.length; c++) {
      const node = constraintNodes[c];
      const values = this.nodeValues;
      node.ae(s, values, useIndex2);
      const offset = node.aeIndex - nu;
      for (let k = 0; k < node.nAE; k++) g[offset + k] = values[k];
    }
  }

  /**
   * Adds the constraint Jacobian blocks: rows n_u + k get rowFactor·C_q (∂g/∂Δq, or ∂ġ/∂u for
   * velocity-level equations, which get velocityRowFactor), and the ODE2 rows get columnFactor·C_qᵀ
   * in the columns of the multipliers. With useIndex2 every constraint counts as velocity level.
   * The multiplier rows of an object (g = λ) get multiplierFactor on the AE diagonal: the
   * derivative of λ with respect to the solver's unknown for it (1, or 1/(βh²) for scaled multipliers).
   * Nodes' own equations (Euler-parameter norm) act on the node's coordinates, position level unless useIndex2.
   */
  addConstraintJacobian(s: SystemState, target: MatrixAccumulator, rowFactor: number, velocityRowFactor: number, columnFactor: number, multiplierFactor: number, useIndex2: boolean): void {
    const { constraintObjects } = this.model;
    const objectAE = this.model.addresses.objectAE;
    const identity = this.identity;
    for (let ci = 0; ci < constraintObjects.length; ci++) {
      const { index, object, map } = constraintObjects[ci];
      const aeIndex = objectAE[index];
      const c = map.constraintJacobian;
      zeroArray(c);
      if (object.aeJacobian === undefined || !object.aeJacobian(s, c)) object.ae(s, map.constraintValues, false, c);
      const n = map.ltg.length;
      // read in every call: read only without index 2 (a solve's initial accelerations, its first call, which V8 keeps no
      // type feedback of), it threw the optimized code away in the next solve's first call (scissorPrismaticRevolute2D)
      const velocityLevel = object.velocityLevelConstraint === true;
      const factor = useIndex2 || velocityLevel ? velocityRowFactor : rowFactor;
      // rows C_q, then columns C_qᵀ: their positions never coincide (algebraic rows against ODE2 rows), and entries at one
      // position keep their order, so the sums equal those of the interleaved entry-by-entry loop
      const positionRows = useIndex2 ? object.positionLevelRows : undefined;
      if (positionRows === undefined || positionRows.length === 0) {
        if (factor !== 0) addGlobalBlock(target, identity, aeIndex, map.ltg, 0, object.nAE, n, c, 0, n, 1, factor);
      } else {
        // rows that stay on position level in index-2 mode get the position factor
        for (let r = 0; r < object.nAE; r++) {
          const rowFactorOfRow = positionRows.includes(r) ? rowFactor : factor;
          if (rowFactorOfRow !== 0) addGlobalBlock(target, identity, aeIndex + r, map.ltg, 0, 1, n, c, r * n, n, 1, rowFactorOfRow);
        }
      }
      if (columnFactor !== 0) addGlobalBlock(target, map.ltg, 0, identity, aeIndex, n, object.nAE, c, 0, 1, n, columnFactor);
      const multiplierRows = object.multiplierRows;
      if (multiplierRows !== undefined && multiplierFactor !== 0) {
        for (let r = 0; r < multiplierRows.length; r++) target.add(aeIndex + multiplierRows[r], aeIndex + multiplierRows[r], multiplierFactor);
      }
      if (object.ae_lambda !== undefined && multiplierFactor !== 0) object.ae_lambda(s, this.entries.to(this.algebraicIndices(aeIndex, object.nAE), target, 1), multiplierFactor);
    }
    const { constraintNodes } = this.model;
    const nodeFactor = useIndex2 ? velocityRowFactor : rowFactor;
    for (let ci = 0; ci < constraintNodes.length; ci++) {
      const node = constraintNodes[ci];
      const c = this.nodeJacobian;
      const n = node.nu;
      zeroLeading(c, node.nAE * n);
      node.ae(s, this.nodeValues, false, c);
      if (nodeFactor !== 0) addGlobalBlock(target, identity, node.aeIndex, identity, node.uIndex, node.nAE, n, c, 0, n, 1, nodeFactor);
      if (columnFactor !== 0) addGlobalBlock(target, identity, node.uIndex, identity, node.aeIndex, n, node.nAE, c, 0, 1, n, columnFactor);
    }
  }

  /** The global indices aeIndex … aeIndex + nAE − 1 of an object's algebraic equations (a view of the identity table, kept per object). */
  private algebraicIndices(aeIndex: number, nAE: number): Int32Array {
    let indices = this.algebraicIndexViews.get(aeIndex);
    if (indices === undefined || indices.length !== nAE) {
      indices = this.identity.subarray(aeIndex, aeIndex + nAE);
      this.algebraicIndexViews.set(aeIndex, indices);
    }
    return indices;
  }

  /**
   * Adds factor·∂(C_qᵀ λ)/∂Δq into target (n_u × n_u block), λ from s held fixed: the stiffness of the constraint forces
   * about a loaded state, for every constraint object and node equation with a nonzero multiplier. Objects with an
   * analytic {@link ObjectModel.constraintForce_q} use it (unless differentiation.forODE2); the others, and the nodes'
   * own equations, get central differences of C_qᵀ λ with respect to their coordinates (step
   * ∛ε·max(minimumCoordinateSize, |q_i|), Lie-group nodes perturbed through composeIncrement).
   */
  addConstraintForceJacobian(s: SystemState, target: MatrixAccumulator, factor: number): void {
    const { constraintObjects, nu, constraintNodes } = this.model;
    const objectAE = this.model.addresses.objectAE;
    for (let ci = 0; ci < constraintObjects.length; ci++) {
      const { index, object, map } = constraintObjects[ci];
      if (object.velocityLevelConstraint === true || !hasNonzero(s.lambda, objectAE[index] - nu, object.nAE)) continue;
      zeroArray(map.matrix);
      const analytic = object.constraintForce_q !== undefined && !this.settings.forODE2 && object.constraintForce_q(s, map.matrix, factor);
      if (!analytic) this.centralConstraintForceJacobian(object, objectAE[index], object.localNodes, map.constraintValues, map.constraintJacobian, s, factor, map.matrix, map.vector, map.vector2);
      scatterMatrix(map, map.matrix, target, 1);
    }
    for (let ci = 0; ci < constraintNodes.length; ci++) {
      const node = constraintNodes[ci];
      if (!hasNonzero(s.lambda, node.aeIndex - nu, node.nAE)) continue;
      const n = node.nu;
      const matrix = this.nodeMatrix.subarray(0, n * n);
      matrix.fill(0);
      this.centralConstraintForceJacobian(node, node.aeIndex, [node], this.nodeValues, this.nodeJacobian, s, factor, matrix, this.nodePlus.subarray(0, n), this.nodeMinus.subarray(0, n));
      addGlobalBlock(target, this.identity, node.uIndex, this.identity, node.uIndex, n, n, matrix, 0, n, 1, 1);
    }
  }

  /**
   * matrix += factor·∂(C_qᵀλ)/∂q of one constraint object or node by central differences over the coordinates of its
   * nodes (local column order; a node listed twice is perturbed once, as in numericLhsJacobian); g and c are its n_AE and
   * n_AE × n work arrays, plus and minus its n-vectors.
   */
  private centralConstraintForceJacobian(item: ConstraintItem, aeIndex: number, nodes: readonly NodeModel[], g: Float64Array, c: Float64Array, s: SystemState, factor: number, matrix: Float64Array, plus: Float64Array, minus: Float64Array): void {
    const n = plus.length;
    const { minimumCoordinateSize } = this.settings;
    const saved = this.savedNode;
    let local = 0;
    for (let nodeIndex = 0; nodeIndex < nodes.length; nodeIndex++) {
      const node = nodes[nodeIndex];
      if (nodes.indexOf(node) < nodeIndex) { local += node.nu; continue; }
      for (let k = 0; k < node.nq; k++) saved[k] = s.q[node.qIndex + k];
      for (let j = 0; j < node.nu; j++, local++) {
        const eps = centralStep * Math.max(minimumCoordinateSize, Math.abs(s.q[node.qIndex + j]));
        perturbNode(node, s, j, eps, false);
        this.constraintReaction(item, aeIndex, g, c, s, plus);
        restoreNode(node, s, false, saved);
        perturbNode(node, s, j, -eps, false);
        this.constraintReaction(item, aeIndex, g, c, s, minus);
        restoreNode(node, s, false, saved);
        const scale = factor / (2 * eps);
        for (let i = 0; i < n; i++) matrix[i * n + local] += scale * (plus[i] - minus[i]);
      }
    }
  }

  /** Writes out = C_qᵀλ of one constraint object or node (its local coordinates) at s; g and c are its work arrays. */
  private constraintReaction(item: ConstraintItem, aeIndex: number, g: Float64Array, c: Float64Array, s: SystemState, out: Float64Array): void {
    const n = out.length;
    zeroLeading(c, item.nAE * n);
    item.ae(s, g, false, c);
    zeroArray(out);
    addReaction(c, item.nAE, n, s.lambda, aeIndex - this.model.nu, out, this.identity, 0);
  }

  /**
   * Names the item that owns global equation index (ODE2 rows first, then algebraic rows), for error
   * messages, and the constraints involved: those acting on that coordinate, or those sharing
   * coordinates with the owning constraint (candidates for redundant or conflicting constraints).
   */
  describeEquation(index: number): string {
    const { nodes, objects, nu, constraintObjects, objectMaps } = this.model;
    const constraintsOn = (coordinates: ArrayLike<number>, except: number): string[] => constraintObjects
      .filter(({ index, map }) => index !== except && Array.prototype.some.call(coordinates, (k: number) => map.ltg.includes(k)))
      .map(({ object }) => formatItemLabel(object.label));
    const firstODE1 = nu + this.model.nAE;
    if (index >= firstODE1) {
      const k = index - firstODE1;
      const node = nodes.find((n) => (n.nODE1 ?? 0) > 0 && k >= n.ode1Index! && k < n.ode1Index! + n.nODE1!);
      return node === undefined ? `equation ${index}` : `ODE1 coordinate ${k - node.ode1Index!} of ${formatItemLabel(node.label)} (equation ${index})`;
    }
    if (index < nu) {
      const node = nodes.find((n) => index >= n.uIndex && index < n.uIndex + n.nu);
      if (node === undefined) return `equation ${index}`;
      const involved = constraintsOn([index], -1);
      return `coordinate ${index - node.uIndex} of ${formatItemLabel(node.label)} (equation ${index})${involved.length > 0 ? `, constrained by ${involved.join(', ')}` : ''}`;
    }
    const { nodeAE, objectAE } = this.model.addresses;
    const owners = [...nodes.map((item, i) => ({ item, first: nodeAE[i], objectIndex: -1 })), ...objects.map((item, i) => ({ item, first: objectAE[i], objectIndex: i }))];
    const found = owners.find(({ item, first }) => item.nAE > 0 && index >= first && index < first + item.nAE);
    if (found === undefined) return `equation ${index}`;
    const { item: owner, first, objectIndex } = found;
    const involved = objectIndex < 0 ? [] : constraintsOn(objectMaps[objectIndex].ltg, objectIndex);
    return `algebraic equation ${index - first} of ${formatItemLabel(owner.label)} (equation ${index})${involved.length > 0 ? `, which shares coordinates with ${involved.join(', ')}` : ''}`;
  }

  /**
   * computeAE and addConstraintReactions in one pass over the constraint objects and nodes: g (n_AE entries) and
   * r += C_qᵀ λ, with one evaluation of each item's equations and Jacobian. The same values, added in the same order
   * (objects with aeAndReaction add the entries without storing the Jacobian).
   */
  computeAEAndReactions(s: SystemState, g: Float64Array, r: Float64Array, useIndex2: boolean): void {
    const { nu, constraintObjects, constraintNodes } = this.model;
    const objectAE = this.model.addresses.objectAE;
    for (let ci = 0; ci < constraintObjects.length; ci++) {
      const { index, object, map } = constraintObjects[ci];
      const values = map.constraintValues;
      const first = objectAE[index] - nu;
      if (object.aeAndReaction !== undefined && object.aeAndReaction(s, values, useIndex2, s.lambda, first, r, map.ltg)) {
        for (let k = 0, count = values.length; k < count; k++) g[first + k] = values[k];
        continue;
      }
      const c = map.constraintJacobian;
      zeroArray(c);
      object.ae(s, values, useIndex2, c);
      for (let k = 0; k < values.length; k++) g[first + k] = values[k];
      addReaction(c, object.nAE, map.ltg.length, s.lambda, first, r, map.ltg, 0);
    }
    for (let ci = 0; ci < constraintNodes.length; ci++) {
      const node = constraintNodes[ci];
      const values = this.nodeValues;
      const first = node.aeIndex - nu;
      if (node.aeAndReaction !== undefined) {
        node.aeAndReaction(s, values, useIndex2, s.lambda, first, r);
        for (let k = 0, count = node.nAE; k < count; k++) g[first + k] = values[k];
        continue;
      }
      const c = this.nodeJacobian;
      const n = node.nu;
      zeroLeading(c, node.nAE * n);
      node.ae(s, values, useIndex2, c);
      for (let k = 0; k < node.nAE; k++) g[first + k] = values[k];
      addReaction(c, node.nAE, n, s.lambda, first, r, this.identity, node.uIndex);
    }
  }

  /** Adds C_qᵀ λ (λ from the state) to the ODE2 residual r. */
  addConstraintReactions(s: SystemState, r: Float64Array): void {
    const { constraintObjects, constraintNodes, nu } = this.model;
    const objectAE = this.model.addresses.objectAE;
    for (let ci = 0; ci < constraintObjects.length; ci++) {
      const { index, object, map } = constraintObjects[ci];
      if (object.aeAndReaction !== undefined && object.aeAndReaction(s, map.constraintValues, false, s.lambda, objectAE[index] - nu, r, map.ltg)) continue;
      const c = map.constraintJacobian;
      zeroArray(c);
      object.ae(s, map.constraintValues, false, c);
      addReaction(c, object.nAE, map.ltg.length, s.lambda, objectAE[index] - nu, r, map.ltg, 0);
    }
    for (let ci = 0; ci < constraintNodes.length; ci++) {
      const node = constraintNodes[ci];
      const c = this.nodeJacobian;
      const n = node.nu;
      zeroLeading(c, node.nAE * n);
      node.ae(s, this.nodeValues, false, c);
      addReaction(c, node.nAE, n, s.lambda, node.aeIndex - nu, r, this.identity, node.uIndex);
    }
  }

  /**
   * Forward-difference Jacobian of one object's ode2Lhs with respect to its local q (or u) coordinates; baseEvaluated
   * means map.vector already holds ode2Lhs at s. An additive coordinate is perturbed and restored alone, a node with
   * composeIncrement as a whole.
   */
  private numericLhsJacobian(object: ObjectModel, map: LocalMap, matrix: Float64Array, s: SystemState, factor: number, velocity: boolean, baseEvaluated: boolean): void {
    if (!baseEvaluated) {
      zeroArray(map.vector);
      evaluateLocal(object, s, map.vector);
    }
    this.forwardDifference(object, object.localNodes, map, matrix, s, factor, velocity);
  }

  /** Forward-difference Jacobian of one load's generalized force with respect to its marker's q (or u) coordinates, times factor. */
  private numericLoadJacobian(load: LoadModel, map: LocalMap, s: SystemState, factor: number, velocity: boolean): void {
    zeroArray(map.vector);
    evaluateLocal(load, s, map.vector);
    this.forwardDifference(load, load.marker.nodes, map, map.matrix, s, factor, velocity);
  }

  /**
   * matrix += factor·(f(q + ε e_k) − f(q))/ε column by column (or of u), f the local vector of an object's ode2Lhs or a
   * load's generalized force ({@link evaluateLocal}) over the coordinates of nodes, f(q) in map.vector. An additive
   * coordinate is perturbed and restored alone, a node with composeIncrement as a whole; a node listed twice (both
   * markers on it) is perturbed once, its second columns stay zero and the scatter adds them up.
   */
  private forwardDifference(source: ObjectModel | LoadModel, nodes: readonly NodeModel[], map: LocalMap, matrix: Float64Array, s: SystemState, factor: number, velocity: boolean): void {
    const n = map.ltg.length;
    const base = map.vector;
    const perturbed = map.vector2;
    const { relativeEpsilon, minimumCoordinateSize } = this.settings;
    let local = 0;
    for (let nodeIndex = 0; nodeIndex < nodes.length; nodeIndex++) {
      const node = nodes[nodeIndex];
      if (nodes.indexOf(node) < nodeIndex) { local += node.nu; continue; }
      for (let j = 0; j < node.nu; j++, local++) {
        const values = velocity ? s.u : s.q;
        const index = velocity ? node.uIndex + j : node.qIndex + j;
        const eps = relativeEpsilon * Math.max(minimumCoordinateSize, Math.abs(values[index]));
        zeroArray(perturbed);
        if (velocity || node.composeIncrement === undefined) {
          const value = values[index];
          values[index] = value + eps;
          evaluateLocal(source, s, perturbed);
          values[index] = value;
        } else {
          const saved = saveNode(node, s, velocity);
          perturbNode(node, s, j, eps, velocity);
          evaluateLocal(source, s, perturbed);
          restoreNode(node, s, velocity, saved);
        }
        addDifferenceColumn(matrix, n, local, n, factor / eps, perturbed, base);
      }
    }
  }
}

/**
 * matrix[i·columns + column] += scale·(perturbed[i] − base[i]) for the rows i < rows: one forward-difference column of a
 * row-major Jacobian. A function of its own, so that the loop over the rows does not count in its callers' tier-up
 * budget: a short run's few Jacobians then leave the forward differences themselves uncompiled.
 */
function addDifferenceColumn(matrix: Float64Array, columns: number, column: number, rows: number, scale: number,
  perturbed: Float64Array, base: Float64Array): void {
  for (let i = 0; i < rows; i++) matrix[i * columns + column] += scale * (perturbed[i] - base[i]);
}

/**
 * The item classes whose methods one dispatch loop of SystemAssembler calls as methods of the items: those of the first
 * system in the process that has items there. V8's optimized code of the loop, shared by all systems of the process,
 * inlines the methods of the classes it has met and checks each item's class: in a process that solves systems one
 * after another (mainSystemExtensionsTests) each new class threw that code away and had it compiled again. The methods
 * of items of other classes are called through Function.prototype.call, where V8 does not speculate on the target; a
 * process with one system keeps its items' methods inlined.
 */
class DirectClasses {
  /** The classes (prototypes), fixed by the first call of flags with items. */
  private classes: Set<object> | undefined;

  /** Per item, 1 if its class is held, else 0 (the first call with items fixes the classes: theirs). */
  flags(items: readonly object[]): Uint8Array {
    if (this.classes === undefined && items.length > 0) this.classes = new Set(items.map((item) => Object.getPrototypeOf(item) as object));
    const classes = this.classes;
    const flags = new Uint8Array(items.length);
    for (let k = 0; k < items.length; k++) flags[k] = classes !== undefined && classes.has(Object.getPrototypeOf(items[k]) as object) ? 1 : 0;
    return flags;
  }
}

/** The warm-up of the list calls (see SystemAssembler.lhsDirect) ends when inactiveLhsWarmup (32 at first) reaches this. */
const LIST_WARMUP_END = 24;

/** The classes whose ode2Lhs computeODE2Rhs calls as methods (see {@link DirectClasses}). */
const lhsClasses = new DirectClasses();
/** The classes whose addGeneralizedLoad computeODE2Rhs calls as methods (see {@link DirectClasses}). */
const loadClasses = new DirectClasses();

/** A constraint object or node: an item whose ae exists. */
type ConstraintItem = WithTerm<ObjectModel, 'ae'> | WithTerm<NodeModel, 'ae'>;

/**
 * An object with ODE1 coordinates (first-order equations, or ODE2 forces depending on them): index maps and work arrays.
 * The object itself and its ODE2 local-to-global map are read from the model by index at each call, so that a run-time
 * change that replaces the object's model is followed.
 */
interface ODE1Map {
  /** The object's index. */
  readonly index: number;
  /** Local ODE1 coordinate → index into the states' ode1 arrays. */
  readonly ode1: Int32Array;
  /** Local ODE1 coordinate → system index n_u + n_AE + k (row of its equation, column of its coordinate). */
  readonly columns: Int32Array;
  /** ode1Rhs at the state and perturbed (n_ODE1,local). */
  readonly f0: Float64Array;
  readonly f1: Float64Array;
  /** ode2Lhs at the state and perturbed (n_ODE2,local). */
  readonly lhs0: Float64Array;
  readonly lhs1: Float64Array;
  /** ∂F/∂x (n1 × n1), ∂F/∂(q, u) (n1 × n2), ∂(ode2Lhs)/∂x (n2 × n1), row-major; n2 the object's local ODE2 coordinates. */
  readonly xx: Float64Array;
  readonly xq: Float64Array;
  readonly qx: Float64Array;
}

/** The ODE1 maps of a compiled model's objects that have ode1Rhs or ode2LhsDependsOnODE1. */
function createODE1Maps(model: CompiledModel): ODE1Map[] {
  const maps: ODE1Map[] = [];
  const first = model.nu + model.nAE;
  model.objects.forEach((object, i) => {
    if (object.ode1Rhs === undefined && object.ode2LhsDependsOnODE1 !== true) return;
    const ode1: number[] = [];
    for (const node of object.localODE1Nodes ?? []) for (let k = 0; k < (node.nODE1 ?? 0); k++) ode1.push(node.ode1Index! + k);
    const n1 = ode1.length;
    const n2 = model.objectMaps[i].ltg.length;
    maps.push({
      index: i, ode1: Int32Array.from(ode1), columns: Int32Array.from(ode1, (k) => first + k),
      f0: new Float64Array(n1), f1: new Float64Array(n1), lhs0: new Float64Array(n2), lhs1: new Float64Array(n2),
      xx: new Float64Array(n1 * n1), xq: new Float64Array(n1 * n2), qx: new Float64Array(n2 * n1),
    });
  });
  return maps;
}

/** Adds the local vector that numerical Jacobians differentiate: a load's generalized force, or an object's ode2Lhs. */
function evaluateLocal(source: ObjectModel | LoadModel, s: SystemState, out: Float64Array): void {
  if ('addGeneralizedLoad' in source) source.addGeneralizedLoad(s, out);
  else source.ode2Lhs?.(s, out);
}

/**
 * out[index[offset + k]] += Σ_row c[row·n + k]·λ[first + row] (k < n, rows < nAE with λ ≠ 0, row by row): the
 * reaction C_qᵀλ of one constraint object or node with its n_AE × n Jacobian c, scattered through an index map (an
 * object's local-to-global map, or the identity from the node's first coordinate).
 */
function addReaction(c: Float64Array, nAE: number, n: number, lambda: Float64Array, first: number, out: Float64Array, index: Int32Array, offset: number): void {
  for (let row = 0; row < nAE; row++) {
    const l = lambda[first + row];
    if (l === 0) continue;
    const cOffset = row * n;
    for (let k = 0; k < n; k++) out[index[offset + k]] += c[cOffset + k] * l;
  }
}

/** True if one of values[first … first + count − 1] is nonzero. */
function hasNonzero(values: Float64Array, first: number, count: number): boolean {
  for (let k = 0; k < count; k++) if (values[first + k] !== 0) return true;
  return false;
}

const savedCoordinates = new Float64Array(64);

/** Relative step of central differences, ∛ε (balances the O(h²) truncation and O(ε/h) round-off errors). */
const centralStep = Math.cbrt(Number.EPSILON);

function saveNode(node: NodeModel, s: SystemState, velocity: boolean): Float64Array {
  const values = velocity ? s.u : s.q;
  const start = velocity ? node.uIndex : node.qIndex;
  const count = velocity ? node.nu : node.nq;
  const buffer = count <= savedCoordinates.length ? savedCoordinates : new Float64Array(count);
  for (let i = 0; i < count; i++) buffer[i] = values[start + i];
  return buffer;
}

function restoreNode(node: NodeModel, s: SystemState, velocity: boolean, saved: Float64Array): void {
  const values = velocity ? s.u : s.q;
  const start = velocity ? node.uIndex : node.qIndex;
  const count = velocity ? node.nu : node.nq;
  for (let i = 0; i < count; i++) values[start + i] = saved[i];
}

const unitIncrement = new Float64Array(64);

function perturbNode(node: NodeModel, s: SystemState, local: number, eps: number, velocity: boolean): void {
  if (velocity) { s.u[node.uIndex + local] += eps; return; }
  if (node.composeIncrement === undefined) { s.q[node.qIndex + local] += eps; return; }
  unitIncrement.fill(0, 0, node.nu);
  unitIncrement[local] = 1;
  node.composeIncrement(s.q, unitIncrement, 0, eps);
}

/**
 * The accumulator objects write their local matrices into: local (row, col) → target (ltg[row], ltg[col]), times factor.
 * Blocks and entry lists go to the target in one call each; an entry then gets factor·(blockFactor·value), the value of
 * the equivalent add calls (one of the two factors is 1 in the solvers; when neither is, the entries go one by one).
 */
class LocalToGlobal implements LocalMatrixAccumulator {
  private ltg: Int32Array = new Int32Array(0);
  private target: MatrixAccumulator = { add: () => {} };
  /** Set by every {@link LocalToGlobal.to}; NaN (a double) before, so that V8 never changes the field's layout later. */
  private factor = Number.NaN;

  /** Directs the following entries to target through ltg, scaled by factor; returns this. */
  to(ltg: Int32Array, target: MatrixAccumulator, factor: number): this {
    this.ltg = ltg;
    this.target = target;
    this.factor = factor;
    return this;
  }

  add(row: number, col: number, value: number): void {
    this.target.add(this.ltg[row], this.ltg[col], this.factor * value);
  }

  addBlock(rowOffset: number, colOffset: number, rows: number, cols: number, block: Float64Array, blockOffset: number, stride: number, factor: number): void {
    if (this.factor === 1 || factor === 1) {
      addGlobalBlock(this.target, this.ltg, rowOffset, this.ltg, colOffset, rows, cols, block, blockOffset, stride, 1, this.factor * factor);
      return;
    }
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++) this.add(rowOffset + i, colOffset + j, factor * block[blockOffset + i * stride + j]);
    }
  }

  addEntries(rows: Int32Array, cols: Int32Array, values: Float64Array, count: number, factor: number): void {
    if (this.factor === 1 || factor === 1) {
      addGlobalEntries(this.target, this.ltg, this.ltg, rows, cols, values, count, this.factor * factor);
      return;
    }
    for (let k = 0; k < count; k++) this.add(rows[k], cols[k], factor * values[k]);
  }

  addZeros(rowOffset: number, colOffset: number, rows: number, cols: number): void {
    addGlobalZeros(this.target, this.ltg, rowOffset, this.ltg, colOffset, rows, cols);
  }
}

/**
 * The accumulator of {@link SystemAssembler.multiplyMassMatrix}: out[ltg[r]] += M_rc·a[ltg[c]] for the entries an object
 * adds. A whole dense block (one addBlock of n_local × n_local, factor 1) is multiplied row by row, summing over the
 * columns in increasing global index (order), the operations of the product with the assembled matrix; other blocks
 * and entries are multiplied as they come.
 */
class MassProduct implements LocalMatrixAccumulator {
  private ltg: Int32Array = new Int32Array(0);
  private order: Int32Array = new Int32Array(0);
  private a: Float64Array = new Float64Array(0);
  private out: Float64Array = new Float64Array(0);

  /** Directs the following entries to out = M·a through ltg, with the local columns in increasing global index order; returns this. */
  to(ltg: Int32Array, order: Int32Array, a: Float64Array, out: Float64Array): this {
    this.ltg = ltg;
    this.order = order;
    this.a = a;
    this.out = out;
    return this;
  }

  add(row: number, col: number, value: number): void {
    this.out[this.ltg[row]] += value * this.a[this.ltg[col]];
  }

  addBlock(rowOffset: number, colOffset: number, rows: number, cols: number, block: Float64Array, blockOffset: number, stride: number, factor: number): void {
    const { ltg, order, a, out } = this;
    const n = ltg.length;
    if (rowOffset === 0 && colOffset === 0 && rows === n && cols === n && factor === 1) {
      for (let r = 0; r < n; r++) {
        let sum = 0;
        const offset = blockOffset + r * stride;
        for (let k = 0; k < n; k++) {
          const c = order[k];
          sum += block[offset + c] * a[ltg[c]];
        }
        out[ltg[r]] += sum;
      }
      return;
    }
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++) this.add(rowOffset + i, colOffset + j, factor * block[blockOffset + i * stride + j]);
    }
  }

  addEntries(rows: Int32Array, cols: Int32Array, values: Float64Array, count: number, factor: number): void {
    for (let k = 0; k < count; k++) this.add(rows[k], cols[k], factor * values[k]);
  }

  addZeros(): void {}
}

function scatterMatrix(map: LocalMap, local: Float64Array, target: MatrixAccumulator, factor: number): void {
  const ltg = map.ltg;
  const n = ltg.length;
  addGlobalBlock(target, ltg, 0, ltg, 0, n, n, local, 0, n, 1, factor);
}
