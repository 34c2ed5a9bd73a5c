import type { CoordinateAddresses } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';

/** Address tables of no model: a node reads -1 until a model attaches it. */
const unattached: CoordinateAddresses = {
  nodeQ: Int32Array.of(-1), nodeU: Int32Array.of(-1), nodeAE: Int32Array.of(-1), nodeData: Int32Array.of(-1), objectAE: new Int32Array(0),
  nodeODE1: Int32Array.of(-1),
};

/**
 * The bookkeeping every node shares: its label, its reference and initial coordinates and its addresses, which it reads
 * from the address tables of the model that numbers it ({@link NodeBase.attach}). Node types add their sizes and
 * kinematics.
 */
export abstract class NodeBase {
  /** The tables of the attached model, and this node's row in them (its index; 0 until attached). */
  private addresses = unattached;
  private row = 0;
  /**
   * The first position and velocity coordinate, read from the tables at attach (a model numbers them before it attaches
   * the node and never renumbers it): fields, not getters, as every kinematic evaluation reads them.
   */
  qIndex = -1;
  uIndex = -1;

  constructor(
    readonly label: ItemLabel,
    readonly referenceCoordinates: Float64Array,
    readonly initialCoordinates: Float64Array,
    readonly initialVelocities: Float64Array,
  ) {}

  attach(addresses: CoordinateAddresses): void {
    this.addresses = addresses;
    this.row = this.label.index;
    this.qIndex = addresses.nodeQ[this.row];
    this.uIndex = addresses.nodeU[this.row];
  }

  get aeIndex(): number {
    return this.addresses.nodeAE[this.row];
  }

  get dataIndex(): number {
    return this.addresses.nodeData[this.row];
  }

  get ode1Index(): number {
    return this.addresses.nodeODE1[this.row];
  }
}
