import { describe, expect, it } from 'vitest';
import { SystemContainer, NodeGenericODE2, ObjectGenericODE2, MarkerNodeCoordinate, LoadCoordinate } from '../../src/index.ts';
import { describeNonFiniteState, explainNonFinite, findFailingTerm, stateIsFinite } from '../../src/solvers/stepDiagnosis.ts';
import { SystemAssembler } from '../../src/model/assembly.ts';

/** Two GenericODE2 oscillators (k = 1e10) with a load on the second; the compiled model and its states. */
function twoOscillators(load: (t: number) => number) {
  const mbs = new SystemContainer().addSystem();
  const nodes = [0, 1].map(() => mbs.addNode(NodeGenericODE2({ numberOfODE2Coordinates: 1, referenceCoordinates: [0], initialCoordinates: [0] })));
  for (const node of nodes) mbs.addObject(ObjectGenericODE2({ nodeNumbers: [node], massMatrix: [[1]], stiffnessMatrix: [[1e10]] }));
  const marker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nodes[1], coordinate: 0 }));
  mbs.addLoad(LoadCoordinate({ markerNumber: marker, load: 1, loadUserFunction: (_m, t) => load(t) }));
  mbs.assemble();
  const model = mbs.compiled();
  return { model, assembler: new SystemAssembler(model), s: model.data.current };
}

describe('step diagnosis: the item behind a non-finite state or residual', () => {
  it('namesTheObjectWhoseForceTermOverflowsAndLeavesTheStateAsItWas', () => {
    const { model, s } = twoOscillators(() => 1);
    s.q[1] = 1e300; // k·q = 1e310 overflows to Infinity in the second oscillator's ode2Lhs
    s.t = 0.25;
    expect(findFailingTerm(model, s, 0.5)).toBe('ObjectGenericODE2 #1 gives a non-finite ode2Lhs force term (entry 0 = Infinity) at t = 0.5');
    expect(s.t).toBe(0.25);
    expect(s.q[1]).toBe(1e300);
  });

  it('namesATermThatThrowsWithTheThrownError', () => {
    const { model, s } = twoOscillators((t) => { if (t > 0.1) throw new RangeError('load table ended'); return 1; });
    expect(findFailingTerm(model, s, 0)).toBeUndefined();
    expect(findFailingTerm(model, s, 0.2)).toBe('LoadCoordinate #0 threw RangeError: load table ended (evaluating its generalized load) at t = 0.2');
  });

  it('describesTheFirstNonFiniteStateEntryByItsNode', () => {
    const { model, assembler, s } = twoOscillators(() => 1);
    expect(stateIsFinite(s)).toBe(true);
    expect(describeNonFiniteState(model, assembler, s)).toBeUndefined();
    s.u[1] = Number.NaN;
    expect(stateIsFinite(s)).toBe(false);
    expect(describeNonFiniteState(model, assembler, s)).toBe('velocity at coordinate 0 of NodeGenericODE2 #1 (equation 1) = NaN');
    s.q[0] = Number.NEGATIVE_INFINITY;
    expect(describeNonFiniteState(model, assembler, s)).toBe('position coordinate 0 of NodeGenericODE2 #0 = -Infinity');
  });

  it('blamesTheStepWhenEveryTermIsFiniteAtTheLastGoodState', () => {
    const { model, assembler } = twoOscillators(() => 1);
    const { current, startOfStep } = model.data;
    current.a[0] = Number.POSITIVE_INFINITY;
    expect(explainNonFinite(model, assembler, current, startOfStep, 0.1)).toMatch(/^the solution became non-finite within the step \(acceleration at coordinate 0 of NodeGenericODE2 #0 \(equation 0\) = Infinity\) although every term is finite at the start of the step/);
  });
});
