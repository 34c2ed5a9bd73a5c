import { describe, expect, it } from 'vitest';
import { SystemContainer, NodePoint, MassPoint, FlexdynError, type MainSystem } from '../../src/index.ts';
import { checkKnownKeys, closestName, ownValue } from '../../src/core/dictionary.ts';

/** The FlexdynError fn throws (fails the test when fn returns or throws something else). */
function flexdynError(fn: () => unknown): FlexdynError {
  try { fn(); } catch (error) {
    expect(error).toBeInstanceOf(FlexdynError);
    return error as FlexdynError;
  }
  throw new Error('expected a FlexdynError, got a normal return');
}

function systemWithNode(): MainSystem {
  const mbs = new SystemContainer().addSystem();
  mbs.addNode(NodePoint({ referenceCoordinates: [1, 0, 0] }));
  return mbs;
}

describe('item dictionaries: own enumerable keys only', () => {
  for (const key of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__']) {
    it(`rejectsPrototypeKey_${key}`, () => {
      const mbs = systemWithNode();
      // JSON.parse makes '__proto__' an own data property, as a dictionary read from a file would have it.
      const item = JSON.parse(`{"objectType":"MassPoint","physicsMass":1,"nodeNumber":0,"${key}":1}`) as Record<string, unknown>;
      const error = flexdynError(() => mbs.addObject(item));
      expect(error.message).toMatch(new RegExp(`^ObjectMassPoint #0: ${key} is not a parameter of ObjectMassPoint.*; expected one of: physicsMass, nodeNumber, name, visualization$`));
      expect(error.parameter).toBe(key);
      expect(() => mbs.getObject(0)).toThrow(FlexdynError);
    });
  }

  it('inheritedParameterValuesAreNotRead', () => {
    const mbs = systemWithNode();
    const item = Object.create({ physicsMass: 7 }) as Record<string, unknown>;
    Object.assign(item, { objectType: 'MassPoint', nodeNumber: 0 });
    mbs.addObject(item);
    expect(mbs.getObject(0).physicsMass).toBe(0);
  });

  it('inheritedTypeKeyIsNotRead', () => {
    const mbs = systemWithNode();
    const item = Object.create({ objectType: 'MassPoint' }) as Record<string, unknown>;
    Object.assign(item, { nodeNumber: 0, physicsMass: 1 });
    expect(flexdynError(() => mbs.addObject(item)).message).toMatch(/^Object #0: objectType must be a string naming the object type, got undefined$/);
  });

  it('prototypeKeyInModifyIsRejectedAndLeavesTheItem', () => {
    const mbs = systemWithNode();
    mbs.addObject(MassPoint({ physicsMass: 2, nodeNumber: 0 }));
    const changes = JSON.parse('{"__proto__": {"physicsMass": 5}}') as Record<string, unknown>;
    expect(flexdynError(() => mbs.modifyObject(0, changes)).message).toMatch(/^ObjectMassPoint #0: __proto__ is not a parameter of ObjectMassPoint/);
    expect(mbs.getObject(0).physicsMass).toBe(2);
  });

  it('prototypeKeyInsideADictParameterIsRejected', () => {
    const mbs = systemWithNode();
    const visualization = JSON.parse('{"show": true, "constructor": 1}') as Record<string, unknown>;
    const error = flexdynError(() => mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: 0, visualization })));
    expect(error.message).toMatch(/^ObjectMassPoint #0: visualization\.constructor is not a visualization setting; expected one of: show/);
  });
});

describe('checkKnownKeys', () => {
  const known = ['endTime', 'numberOfSteps', 'startTime'];

  it('namesTheKeyTheContextAndTheClosestName', () => {
    const error = flexdynError(() => checkKnownKeys('timeIntegration', { endtime: 5 }, known, 'a setting of timeIntegration'));
    expect(error.message).toBe("timeIntegration: 'endtime' is not a setting of timeIntegration (did you mean 'endTime'?); expected one of: endTime, numberOfSteps, startTime");
    expect(error.parameter).toBe('endtime');
  });

  it('prefixesTheParameterPath', () => {
    const error = flexdynError(() => checkKnownKeys('createMassPoint', { toString: 1 }, known, 'an option', 'options'));
    expect(error.message).toBe("createMassPoint: 'options.toString' is not an option; expected one of: endTime, numberOfSteps, startTime");
  });

  it('acceptsOwnKnownKeysAndAnObjectOfKnownKeys', () => {
    expect(() => checkKnownKeys('x', { endTime: 1 }, { endTime: 0, startTime: 0 }, 'a key')).not.toThrow();
    expect(() => checkKnownKeys('x', Object.create({ bogus: 1 }), known, 'a key')).not.toThrow();
  });

  it('rejectsNonDictionaries', () => {
    for (const value of [null, 3, 'abc', [1], new Float64Array(2)]) {
      expect(flexdynError(() => checkKnownKeys('plotSensor', value, known, 'an option', 'options')).message).toMatch(/^plotSensor: options must be a dictionary, got /);
    }
  });

  it('ownValueIgnoresInheritedProperties', () => {
    expect(ownValue({}, 'constructor')).toBeUndefined();
    expect(ownValue(Object.create({ a: 1 }), 'a')).toBeUndefined();
    expect(ownValue({ a: 2 }, 'a')).toBe(2);
  });

  it('closestNameWithinThreeEdits', () => {
    expect(closestName('physicsMas', ['physicsMass', 'nodeNumber'])).toBe('physicsMass');
    expect(closestName('constructor', ['physicsMass', 'nodeNumber'])).toBeUndefined();
  });
});
