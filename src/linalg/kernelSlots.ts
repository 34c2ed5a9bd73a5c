/**
 * Slots for items' constants in the memories of kernel instances (a joint's rotations, a body's inertia): handed out in
 * turn over a pool of instances, counted per assembly (the bind context's `assembly`), so that the items of one model keep
 * a slot each — an item whose slot holds another's constants copies its own in before every call. The pool gets another
 * instance when one assembly's items outnumber the slots of the instances so far; the next assembly reuses the slots,
 * so memory does not grow with models assembled one after another.
 * @module
 */

/** A kernel instance and a slot of its memory. */
export interface KernelSlot<Instance> {
  /** The instance whose memory holds the slot. */
  readonly instance: Instance;
  /** The slot's index in that memory (0 … slots per instance − 1). */
  readonly slot: number;
}

/** Hands out the slots of a pool of kernel instances, created on demand. */
export class KernelSlotPool<Instance> {
  private readonly instances: Instance[] = [];
  /** Slots handed out per assembly. */
  private readonly taken = new WeakMap<object, number>();
  /** The next slot in turn, counted over all instances. */
  private next = 0;

  /**
   * @param create A new instance (its own memory).
   * @param slotsPerInstance The slots in one instance's memory (at least 1).
   */
  constructor(private readonly create: () => Instance, private readonly slotsPerInstance: number) {}

  /** The next slot in turn for an item of the assembly; a new instance first if the assembly holds all slots so far. */
  slot(assembly: object): KernelSlot<Instance> {
    const count = this.taken.get(assembly) ?? 0;
    this.taken.set(assembly, count + 1);
    const capacity = this.instances.length * this.slotsPerInstance;
    if (count >= capacity) {
      this.instances.push(this.create());
      this.next = capacity;
    }
    const at = this.next;
    this.next = (at + 1) % (this.instances.length * this.slotsPerInstance);
    return { instance: this.instances[Math.floor(at / this.slotsPerInstance)], slot: at % this.slotsPerInstance };
  }
}
