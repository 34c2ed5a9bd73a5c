import type { NodeModel } from '../registry/capabilities.ts';
import { asFloat64Array } from '../linalg/arrays.ts';
import { createItemModel, labelOf, type ItemCategory, type ModelOf } from '../registry/definition.ts';
import { ConfigurationType, type OutputVariableType } from '../registry/enums.ts';
import { FlexdynError, formatItemLabel, type ItemLabel } from '../core/errors.ts';
import { existingItem, ItemBinder, type BoundCategory, type StoredItem } from './compile.ts';
import { SystemState } from './SystemState.ts';
import type { UserFunctionSystem } from '../registry/userFunctionSystem.ts';

/** Outputs of items in the reference configuration (all displacements and velocities zero). */
export interface ReferenceOutputs {
  /** Output variable of a node. */
  nodeOutput(index: number, variable: OutputVariableType): number[];
  /** Output variable of a body at a body-fixed local position. */
  bodyOutput(index: number, variable: OutputVariableType, localPosition: ArrayLike<number>): number[];
  /** Output variable of a marker. */
  markerOutput(index: number, variable: OutputVariableType): number[];
}

/**
 * Reference-configuration outputs without assembling the system: the run-time models of exactly the items an output
 * depends on (the node, body or marker and what it references) are created and bound on first use and kept, their
 * nodes numbered in the order of first use over a reference state that grows by doubling. Items are only appended
 * while it lives (the MainSystem drops it when an item is modified or the system is reset), so the models stay valid
 * and building a model with helpers that read reference frames (createRevoluteJoint …) costs O(1) per call instead
 * of an assemble of the whole system. The numbers are those of the assembled system: the same item code evaluates
 * the same reference coordinates.
 */
export class ReferenceModel implements ReferenceOutputs {
  private readonly models: { [C in ItemCategory]: (ModelOf[C] | undefined)[] } = { Node: [], Object: [], Marker: [], Load: [], Sensor: [] };
  /** Binds the models made here on first use (cycle checks and errors as at assemble). */
  private readonly binder = new ItemBinder({
    node: (index, asker, parameter) => this.node(index, asker, parameter),
    stored: (category, index, asker, parameter) => this.model(category, index, asker, parameter),
    outputVariables: (category, index) => existingItem(this.items[category], category, index, undefined, 'index').definition.outputVariables,
  });
  private nq = 0;
  private nu = 0;
  private nData = 0;
  private nODE1 = 0;
  private qRef = new Float64Array(64);
  private ode1Ref = new Float64Array(0);
  private state: SystemState;
  /** Address tables of the nodes used so far (by node index; grown by doubling as nodes are added to the system). */
  private readonly addresses = { nodeQ: new Int32Array(16), nodeU: new Int32Array(16), nodeAE: new Int32Array(16).fill(-1), nodeData: new Int32Array(16), objectAE: new Int32Array(0), nodeODE1: new Int32Array(16).fill(-1) };

  constructor(private readonly items: Readonly<Record<ItemCategory, readonly StoredItem[]>>, private readonly mbs: UserFunctionSystem) {
    this.state = new SystemState(this.qRef, { nu: this.qRef.length, nAE: 0, nData: this.qRef.length }, this.addresses, mbs, ConfigurationType.Reference);
  }

  nodeOutput(index: number, variable: OutputVariableType): number[] {
    const node = this.node(index, undefined, 'nodeNumber');
    return this.checked('Node', index, variable, node.output(variable, this.state));
  }

  bodyOutput(index: number, variable: OutputVariableType, localPosition: ArrayLike<number>): number[] {
    const object = this.item('Object', index, undefined, 'bodyNumber');
    if (object.body === undefined) throw new FlexdynError(`${formatItemLabel(object.label)} is not a body`);
    return this.checked('Object', index, variable, object.body.outputBody(variable, this.state, asFloat64Array(localPosition)));
  }

  markerOutput(index: number, variable: OutputVariableType): number[] {
    const marker = this.item('Marker', index, undefined, 'markerNumber');
    return this.checked('Marker', index, variable, marker.output(variable, this.state));
  }

  private checked(category: ItemCategory, index: number, variable: OutputVariableType, values: ArrayLike<number> | undefined): number[] {
    if (values === undefined) {
      const stored = this.items[category][index];
      throw new FlexdynError(`${formatItemLabel(labelOf(category, stored.definition.typeName, index))}: output variable ${variable} is not available; available: ${stored.definition.outputVariables.join(', ') || 'none'}`);
    }
    return Array.from(values);
  }

  /** The node model, numbered after the nodes used so far. */
  private node(index: number, asker: ItemLabel | undefined, parameter: string): NodeModel {
    const existing = this.models.Node[index];
    if (existing !== undefined) return existing;
    const stored = existingItem(this.items.Node, 'Node', index, asker, parameter);
    const node = createItemModel('Node', stored.definition, stored.dictionary, index);
    const odes = node.nODE1 ?? 0;
    this.reserve(this.nq + node.nq, this.nu + node.nu, this.nData + (node.nData ?? 0), this.nODE1 + odes);
    this.reserveNode(index);
    this.addresses.nodeQ[index] = this.nq;
    this.addresses.nodeU[index] = this.nu;
    this.addresses.nodeData[index] = this.nData;
    if (odes > 0) this.addresses.nodeODE1[index] = this.nODE1;
    node.attach(this.addresses);
    this.qRef.set(node.referenceCoordinates.subarray(0, node.nq), node.qIndex);
    if (odes > 0) this.ode1Ref.set(node.referenceCoordinates.subarray(0, odes), node.ode1Index);
    this.nq += node.nq;
    this.nu += node.nu;
    this.nData += node.nData ?? 0;
    this.nODE1 += odes;
    this.models.Node[index] = node;
    return node;
  }

  /**
   * Grows the reference coordinates (doubling; ODE1 reference values to the exact size) and replaces the state; q, u, a,
   * the data and the ODE1 coordinates stay zero.
   */
  private reserve(nq: number, nu: number, nData: number, nODE1: number): void {
    const capacity = this.qRef.length;
    if (nq <= capacity && nu <= this.state.u.length && nData <= this.state.data.length && nODE1 <= this.ode1Ref.length) return;
    let size = capacity;
    while (size < Math.max(nq, nu, nData)) size *= 2;
    const qRef = new Float64Array(size);
    qRef.set(this.qRef.subarray(0, this.nq));
    this.qRef = qRef;
    if (nODE1 > this.ode1Ref.length) {
      const ode1Ref = new Float64Array(nODE1);
      ode1Ref.set(this.ode1Ref);
      this.ode1Ref = ode1Ref;
    }
    this.state = new SystemState(qRef, { nu: size, nAE: 0, nData: size }, this.addresses, this.mbs, ConfigurationType.Reference, this.ode1Ref);
  }

  /** Grows the node address tables (doubling) to hold node `index`; nodes read the tables through this.addresses. */
  private reserveNode(index: number): void {
    const tables = this.addresses;
    if (index < tables.nodeQ.length) return;
    let size = tables.nodeQ.length;
    while (size <= index) size *= 2;
    const grow = (table: Int32Array, fill: number): Int32Array<ArrayBuffer> => { const grown = new Int32Array(size).fill(fill); grown.set(table); return grown; };
    tables.nodeQ = grow(tables.nodeQ, 0);
    tables.nodeU = grow(tables.nodeU, 0);
    tables.nodeAE = grow(tables.nodeAE, -1);
    tables.nodeData = grow(tables.nodeData, 0);
    tables.nodeODE1 = grow(tables.nodeODE1, -1);
  }

  /** The bound model of an object, marker, load or sensor; binding resolves its references in turn. */
  private item<C extends BoundCategory>(category: C, index: number, asker: ItemLabel | undefined, parameter: string): ModelOf[C] {
    const stored = existingItem(this.items[category], category, index, asker, parameter);
    return this.binder.bound(category, index, asker ?? labelOf(category, stored.definition.typeName, index), parameter);
  }

  /** The model of an item of the system, made on first use (not yet bound: {@link ItemBinder} binds it). */
  private model<C extends BoundCategory>(category: C, index: number, asker: ItemLabel, parameter: string): ModelOf[C] {
    const list = this.models[category] as (ModelOf[C] | undefined)[];
    const existing = list[index];
    if (existing !== undefined) return existing;
    const stored = existingItem(this.items[category], category, index, asker, parameter);
    const model = createItemModel(category, stored.definition, stored.dictionary, index);
    list[index] = model;
    return model;
  }
}
