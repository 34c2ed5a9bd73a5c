/**
 * The automatic choice of the sparse linear solver for large models (issue 12, resources): a requested EXUdense above
 * denseLinearSolverLimit unknowns is solved with EigenSparse and logged once; at or below the limit the dense solver
 * stays (Exudyn's test models). The crossover measurement behind the limit is in docs/decisions.md.
 * @module
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SystemContainer, SimulationSettings, NodePoint, NodePointGround, MassPoint, MarkerNodePosition, SpringDamper, LinearSolverType,
  ConfigurationType, type MainSystem,
} from '../../src/index.ts';
import { LinearSystem, denseLinearSolverLimit, linearSolverTypeFor } from '../../src/solvers/linearSystem.ts';

/** A pretensioned chain of `masses` mass points (3 unknowns each) between two ground points, sagging under gravity. */
function chain(masses: number): MainSystem {
  const mbs = new SystemContainer().addSystem();
  let previous = mbs.addMarker(MarkerNodePosition({ nodeNumber: mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] })) }));
  for (let i = 1; i <= masses; i++) {
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [i, 0, 0] }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
    const marker = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
    mbs.addObject(SpringDamper({ markerNumbers: [previous, marker], referenceLength: 0.9, stiffness: 1e3 }));
    previous = marker;
  }
  const right = mbs.addMarker(MarkerNodePosition({ nodeNumber: mbs.addNode(NodePointGround({ referenceCoordinates: [masses + 1, 0, 0] })) }));
  mbs.addObject(SpringDamper({ markerNumbers: [previous, right], referenceLength: 0.9, stiffness: 1e3 }));
  mbs.assemble();
  return mbs;
}

/** Ten implicit steps with the default settings (linearSolverType = EXUdense); returns the final ODE2 coordinates. */
function solve(mbs: MainSystem, type: LinearSolverType = LinearSolverType.EXUdense): number[] {
  const settings = new SimulationSettings();
  settings.timeIntegration.numberOfSteps = 10;
  settings.timeIntegration.endTime = 0.1;
  settings.solutionSettings.writeSolutionToFile = false;
  settings.linearSolverType = type;
  mbs.systemData.setODE2Coordinates(Array.from({ length: mbs.compiled().nu }, (_, i) => (i % 3 === 1 ? 1e-3 * Math.sin(i) : 0)), ConfigurationType.Initial);
  mbs.solveDynamic(settings);
  return [...mbs.systemData.getODE2Coordinates()];
}

afterEach(() => { vi.restoreAllMocks(); });

describe('automatic sparse linear solver above denseLinearSolverLimit unknowns', () => {
  it('a large model is solved with EigenSparse (logged once per process), a small one with EXUdense (no log)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const small = chain(20);
    expect(new LinearSystem(small.compiled().nu, LinearSolverType.EXUdense).type).toBe(LinearSolverType.EXUdense);
    solve(small);
    expect(warn).not.toHaveBeenCalled();
    const masses = Math.floor(denseLinearSolverLimit / 3) + 1;
    const large = chain(masses);
    expect(large.compiled().nu).toBeGreaterThan(denseLinearSolverLimit);
    const automatic = solve(large);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(new RegExp(`^solveDynamic: ${3 * masses} unknowns exceed ${denseLinearSolverLimit}: using the sparse linear solver \\(EigenSparse\\) instead of linearSolverType = EXUdense`));
    // the automatic run is the explicit EigenSparse run bit for bit (same solver, same pattern, same ordering)
    expect(automatic).toEqual(solve(chain(masses), LinearSolverType.EigenSparse));
    solve(chain(masses));
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('the limit itself stays dense, one unknown more is sparse, and a sparse request is never changed', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(linearSolverTypeFor(LinearSolverType.EXUdense, denseLinearSolverLimit, 'test')).toBe(LinearSolverType.EXUdense);
    expect(linearSolverTypeFor(LinearSolverType.EXUdense, denseLinearSolverLimit + 1, 'test')).toBe(LinearSolverType.EigenSparse);
    expect(linearSolverTypeFor(LinearSolverType.EigenSparse, 3, 'test')).toBe(LinearSolverType.EigenSparse);
  });
});
