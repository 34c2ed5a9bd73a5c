import { describe, expect, it } from 'vitest';
import { KernelSlotPool } from '../../src/linalg/kernelSlots.ts';

/*
 * The slot pool: the items of one assembly never share a slot while the pool can grow; slots are handed out in turn
 * over all instances; the next assembly reuses them (the pool stays at the largest assembly's need).
 */

/** A pool of numbered instances with three slots each. */
function pool(): { pool: KernelSlotPool<{ id: number }>; created: () => number } {
  let count = 0;
  const slots = new KernelSlotPool(() => ({ id: count++ }), 3);
  return { pool: slots, created: () => count };
}

/** The slots handed out to `items` items of one assembly, as "instance:slot". */
function assemble(slots: KernelSlotPool<{ id: number }>, items: number): string[] {
  const assembly = {};
  return Array.from({ length: items }, () => {
    const { instance, slot } = slots.slot(assembly);
    return `${instance.id}:${slot}`;
  });
}

describe('KernelSlotPool', () => {
  it('creates no instance before the first slot and one for an assembly that fits', () => {
    const { pool: slots, created } = pool();
    expect(created()).toBe(0);
    expect(assemble(slots, 2)).toEqual(['0:0', '0:1']);
    expect(created()).toBe(1);
  });

  it('adds instances while one assembly holds all slots so far, so that its items keep a slot each', () => {
    const { pool: slots, created } = pool();
    const handed = assemble(slots, 7);
    expect(handed).toEqual(['0:0', '0:1', '0:2', '1:0', '1:1', '1:2', '2:0']);
    expect(new Set(handed).size).toBe(7);
    expect(created()).toBe(3);
  });

  it('hands out the slots in turn to the next assemblies without growing', () => {
    const { pool: slots, created } = pool();
    assemble(slots, 4); // two instances, next in turn: 1:1
    expect(assemble(slots, 3)).toEqual(['1:1', '1:2', '0:0']);
    expect(assemble(slots, 6)).toEqual(['0:1', '0:2', '1:0', '1:1', '1:2', '0:0']);
    for (let k = 0; k < 50; k++) assemble(slots, 5);
    expect(created()).toBe(2);
  });
});
