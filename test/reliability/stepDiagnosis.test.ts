import { describe, expect, it } from 'vitest';
import {
  SystemContainer, NodeGenericODE2, ObjectGenericODE2, MarkerNodeCoordinate, LoadCoordinate, NodePoint, MassPoint, SimulationSettings, DynamicSolverType,
} from '../../src/index.ts';
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

  // The explicit Runge–Kutta steps and generalized-α check the values they write instead of a pass over the state
  // (StepAttempt.stateFinite): a position that overflows where no term sees it (a free mass, no force, so the residual
  // and the accelerations stay 0) must still fail its step and keep the last good state.
  for (const solver of [DynamicSolverType.ExplicitEuler, DynamicSolverType.RK44, DynamicSolverType.GeneralizedAlpha]) {
    it(`failsAStepWhosePositionOverflowsUnseenByEveryTerm ${solver}`, () => {
      const mbs = new SystemContainer().addSystem();
      // q = 1.5e308 + h·1e308 overflows to Infinity in the first step (h = 1); the velocity, the acceleration and every term stay finite
      const node = mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, 0], initialCoordinates: [1.5e308, 0, 0], initialVelocities: [1e308, 0, 0] }));
      mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
      mbs.assemble();
      const settings = new SimulationSettings();
      settings.solutionSettings.writeSolutionToFile = false;
      settings.timeIntegration.endTime = 2;
      settings.timeIntegration.numberOfSteps = 2;
      settings.timeIntegration.adaptiveStep = false;
      // the explicit steps check their values only when a is the last stage's (no end-of-step accelerations)
      settings.timeIntegration.explicitIntegration.computeEndOfStepAccelerations = false;
      expect(() => mbs.solveDynamic(settings, solver)).toThrow(/failed at t = 1 \(step 1, step size 1\): the solution became non-finite within the step \(position coordinate 0 of NodePoint #0 = Infinity\).*; the state of t = 0 is kept/);
      const { current } = mbs.compiled().data;
      expect(current.q[0]).toBe(1.5e308);
      expect(current.u[0]).toBe(1e308);
    });
  }
});
