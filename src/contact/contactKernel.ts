import type { GlobalMatrixAccumulator, ItemState } from '../registry/capabilities.ts';

/**
 * Exudyn's ContactTypeIndex: the kinds of contact items of a GeneralContact. Global contact indices number the items of
 * all kinds in this order (spheres first, then ANCF cables, then triangles, then the segments of Cosserat rods, Flexdyn's
 * own kind); an item's local index is its global index
 * minus the number of items of the kinds before it.
 */
export const ContactTypeIndex = { IndexSpheresMarkerBased: 0, IndexANCFCable2D: 1, IndexTrigsRigidBodyBased: 2, IndexRodSegments: 3, IndexEndOfEnumList: 4 } as const;

/** A value of {@link ContactTypeIndex}. */
export type ContactTypeIndex = (typeof ContactTypeIndex)[keyof typeof ContactTypeIndex];

/**
 * The items of one kind in a GeneralContact (spheres, triangles, …): their number, their place in the global contact
 * indices and their bounding boxes for the search grid.
 */
export interface ContactItemSet {
  /** The kind of items. */
  readonly typeIndex: ContactTypeIndex;
  /** Number of items. */
  readonly count: number;
  /** Global contact index of the first item (set by the GeneralContact at assembly). */
  offset: number;
  /** Updates the items' kinematics at s and writes their bounding boxes [min x, y, z, max x, y, z] to boxes at 6·(offset + local index). */
  update(s: ItemState, boxes: Float64Array): void;
}

/**
 * The contact between two kinds of items (sphere–sphere, sphere–triangle, …): evaluated after the GeneralContact has
 * updated all item sets and sorted their boxes into the search grid at the same state.
 */
export interface ContactKernel {
  /** Adds factor·(the contact forces on the left-hand side of the ODE2 equations) into the global vector out. */
  addODE2Lhs(s: ItemState, out: Float64Array, factor: number): void;
  /** Adds factorQ·∂/∂q + factorU·∂/∂u of those forces into target. */
  addODE2LhsJacobian(s: ItemState, target: GlobalMatrixAccumulator, factorQ: number, factorU: number): void;
  /** Adds each pair of items in contact (global contact indices) to active. */
  recordActiveContacts(active: ActiveContacts): void;
}

/** Stores the pair (a, b) as pair number `count` of a list of pairs; returns the list, grown (doubled) if it was full. */
export function withPair(pairs: Int32Array<ArrayBuffer>, count: number, a: number, b: number): Int32Array<ArrayBuffer> {
  let list = pairs;
  if (2 * count + 2 > list.length) {
    list = new Int32Array(Math.max(4, 2 * list.length));
    list.set(pairs);
  }
  list[2 * count] = a;
  list[2 * count + 1] = b;
  return list;
}

/** The pairs of items in contact at the last update, by global contact index, with the contacts of each item on demand. */
export class ActiveContacts {
  private pairs = new Int32Array(64);
  private count = 0;
  private offsets = new Int32Array(1);
  private partners = new Int32Array(0);
  private indexed = true;

  /** Forgets all pairs; total is the number of global contact indices. */
  clear(total: number): void {
    this.count = 0;
    this.indexed = false;
    if (this.offsets.length !== total + 1) this.offsets = new Int32Array(total + 1);
  }

  /** Records that items a and b (global contact indices) are in contact. */
  add(a: number, b: number): void {
    this.pairs = withPair(this.pairs, this.count++, a, b);
  }

  /** Number of pairs in contact. */
  get numberOfPairs(): number {
    return this.count;
  }

  /** The items in contact with item gi, in increasing order. */
  of(gi: number): number[] {
    if (!this.indexed) this.index();
    return Array.from(this.partners.subarray(this.offsets[gi], this.offsets[gi + 1])).sort((x, y) => x - y);
  }

  /** Builds the per-item lists (counting sort over both items of each pair). */
  private index(): void {
    const { offsets, pairs } = this;
    offsets.fill(0);
    for (let p = 0; p < 2 * this.count; p++) offsets[pairs[p] + 1]++;
    for (let i = 1; i < offsets.length; i++) offsets[i] += offsets[i - 1];
    if (this.partners.length < 2 * this.count) this.partners = new Int32Array(2 * this.count);
    const fill = offsets.slice(0, offsets.length - 1);
    for (let p = 0; p < this.count; p++) {
      const a = pairs[2 * p], b = pairs[2 * p + 1];
      this.partners[fill[a]++] = b;
      this.partners[fill[b]++] = a;
    }
    this.indexed = true;
  }
}
