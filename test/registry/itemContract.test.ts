import { describe, expect, it } from 'vitest';
import type { ItemState, NodeModel, ObjectModel, Only } from '../../src/registry/capabilities.ts';
import { checkItemModel, createItemModel, labelOf, type ItemDefinition } from '../../src/registry/definition.ts';
import { CompiledModel } from '../../src/model/compile.ts';
import { FlexdynError } from '../../src/core/errors.ts';
import { MainSystem } from '../../src/MainSystem.ts';

/** An object model whose author typed `ode2LHS` for the capability `ode2Lhs`: the assembler would never call it. */
class MisspelledLhsModel implements Only<ObjectModel, MisspelledLhsModel> {
  readonly localNodes: readonly NodeModel[] = [];
  readonly nAE = 0;
  constructor(readonly label: ReturnType<typeof labelOf>) {}
  bind(): void {}
  // @ts-expect-error ode2LHS is not a member of ObjectModel (the capability is ode2Lhs): the misspelling must not compile
  ode2LHS(_s: ItemState, f: Float64Array): void { f.fill(1); }
  output(): undefined { return undefined; }
}

/** The same object written correctly, for the counter-check. */
class CorrectLhsModel implements Only<ObjectModel, CorrectLhsModel> {
  readonly localNodes: readonly NodeModel[] = [];
  readonly nAE = 0;
  constructor(readonly label: ReturnType<typeof labelOf>) {}
  bind(): void {}
  ode2Lhs(_s: ItemState, f: Float64Array): void { f.fill(1); }
  output(): undefined { return undefined; }
}

function definitionOf(typeName: string, create: ItemDefinition<'Object'>['create']): ItemDefinition<'Object'> {
  return { category: 'Object', typeName, description: 'test object', parameters: {}, outputVariables: [], create, example: () => 0 };
}

const noItems = { Node: [], Object: [], Marker: [], Load: [], Sensor: [] };

describe('item contract', () => {
  it('registryRejectsAnItemModelWithAMisspelledCapability', () => {
    const definition = definitionOf('Misspelled', (_v, label) => new MisspelledLhsModel(label) as unknown as ObjectModel);
    expect(() => createItemModel('Object', definition, {}, 3)).toThrow(FlexdynError);
    expect(() => createItemModel('Object', definition, {}, 3)).toThrow(
      "ObjectMisspelled #3: the item model defines 'ode2LHS', which is not a capability of Object models (did you mean 'ode2Lhs'?); a misspelled capability would never be called");
    // at assemble, through the compiled model
    expect(() => new CompiledModel({ ...noItems, Object: [{ definition, dictionary: {} }] }, new MainSystem())).toThrow(/'ode2LHS'.*did you mean 'ode2Lhs'/);
  });

  it('registryRejectsRetiredCapabilitiesNamingTheMethodThatNowWritesTheTerm', () => {
    const label = labelOf('Object', 'Test', 0);
    for (const [name, now] of [['ae_q', 'ae'], ['aeAndJacobian', 'ae'], ['massMatrixEntries', 'massMatrix'], ['ode2Lhs_qEntries', 'ode2Lhs_q'], ['ode2Lhs_uEntries', 'ode2Lhs_u']]) {
      const model = { label, localNodes: [], nAE: 0, bind() {}, output() { return undefined; }, [name]: () => {} };
      expect(() => checkItemModel('Object', model, label), name).toThrow(new RegExp(`'${name}', a capability of an earlier item contract that is never called; its term is written by ${now} `));
    }
  });

  it('registryRejectsNearMissesUpToCaseUnderscoresAndOneCharacter', () => {
    const label = labelOf('Object', 'Test', 0);
    for (const name of ['ode2lhs', 'ode2_Lhs', 'massMatrx', 'massMotrix', 'massMatrrix', 'massmatrix', 'constraintForceQ', 'AE']) {
      const model = { label, localNodes: [], nAE: 0, bind() {}, output() { return undefined; }, [name]: () => {} };
      expect(() => checkItemModel('Object', model, label), name).toThrow(/is not a capability of Object models/);
    }
    // exact capability names and helpers that resemble none pass
    const model = { label, localNodes: [], nAE: 0, bind() {}, output() { return undefined; }, ode2Lhs() {}, massMatrix() {}, evaluateKinematics() {} };
    expect(() => checkItemModel('Object', model, label)).not.toThrow();
  });

  it('registryAcceptsTheCorrectlySpelledModel', () => {
    const definition = definitionOf('Correct', (_v, label) => new CorrectLhsModel(label));
    const model = createItemModel('Object', definition, {}, 0);
    const f = new Float64Array(2);
    model.ode2Lhs?.({} as ItemState, f);
    expect(Array.from(f)).toEqual([1, 1]);
  });
});

