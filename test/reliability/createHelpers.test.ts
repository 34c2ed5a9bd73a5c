import { describe, expect, it } from 'vitest';
import { SystemContainer, InertiaCuboid, FlexdynError, type MainSystem } from '../../src/index.ts';

function flexdynError(fn: () => unknown): FlexdynError {
  try { fn(); } catch (error) {
    expect(error).toBeInstanceOf(FlexdynError);
    return error as FlexdynError;
  }
  throw new Error('expected a FlexdynError, got a normal return');
}

function counts(mbs: MainSystem): number[] {
  return [mbs.numberOfNodes, mbs.numberOfObjects, mbs.numberOfMarkers, mbs.numberOfLoads, mbs.numberOfSensors];
}

describe('create helpers: own known options only, all or nothing', () => {
  it('aFailingCreateMassPointLeavesNoNodeBehind', () => {
    const mbs = new SystemContainer().addSystem();
    mbs.createGround({});
    const before = counts(mbs);
    expect(flexdynError(() => mbs.createMassPoint({ physicsMass: -1, gravity: [0, -9.81, 0] })).message).toMatch(/physicsMass must be non-negative, got -1/);
    expect(counts(mbs)).toEqual(before);
    // the system is usable afterwards: indices continue where they were
    expect(mbs.createMassPoint({ physicsMass: 1 })).toBe(1);
    mbs.assemble();
  });

  it('aFailingJointHelperAddsNothing', () => {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.createGround({});
    const body = mbs.createRigidBody({ inertia: InertiaCuboid(1, [1, 1, 1]), referencePosition: [1, 0, 0] });
    mbs.referenceOutputs(); // a reference model built before the failure must not keep the removed items
    const before = counts(mbs);
    flexdynError(() => mbs.createRevoluteJoint({ bodyNumbers: [ground, body], position: [0, 0, 0], axis: [0, 0, 0] }));
    expect(counts(mbs)).toEqual(before);
    mbs.createRevoluteJoint({ bodyNumbers: [ground, body], position: [0, 0, 0], axis: [0, 0, 1] });
    mbs.assemble();
  });

  for (const key of ['constructor', 'toString', '__proto__', 'physicsMas']) {
    it(`rejectsTheOption_${key}`, () => {
      const mbs = new SystemContainer().addSystem();
      const options = JSON.parse(`{"physicsMass": 1, "${key}": 2}`) as Record<string, unknown>;
      const error = flexdynError(() => mbs.createMassPoint(options));
      expect(error.message).toMatch(new RegExp(`^createMassPoint: '${key}' is not an option of createMassPoint.*; expected one of: name, referencePosition, initialDisplacement, initialVelocity, physicsMass, gravity, graphicsDataList, drawSize, color, show, create2D, returnDict$`));
      expect(counts(mbs)).toEqual([0, 0, 0, 0, 0]);
    });
  }

  it('suggestsTheClosestOption', () => {
    const mbs = new SystemContainer().addSystem();
    expect(flexdynError(() => mbs.createMassPoint({ physicsMas: 1 } as never)).message).toMatch(/\(did you mean 'physicsMass'\?\)/);
  });

  it('inheritedOptionValuesAreNotRead', () => {
    const mbs = new SystemContainer().addSystem();
    const options = Object.create({ physicsMass: 5, gravity: [0, -10, 0] }) as Record<string, unknown>;
    options.referencePosition = [1, 2, 3];
    const body = mbs.createMassPoint(options);
    expect(mbs.getObject(body).physicsMass).toBe(0);
    expect(mbs.numberOfLoads).toBe(0);
  });
});
