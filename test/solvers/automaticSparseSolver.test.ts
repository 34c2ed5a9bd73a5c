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
import { LinearSystem, denseLinearSolverLimit, denseFillShare, denseSwitchLimit, linearSolverTypeFor } from '../../src/solvers/linearSystem.ts';

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

/** Assembles the n×n matrix a(i, j) (zero entries left out) into a new system of `type`, factorizes it and solves for b. */
function assembleAndSolve(system: LinearSystem, a: (i: number, j: number) => number, b: Float64Array): Float64Array {
  const n = system.n;
  system.begin();
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (a(i, j) !== 0) system.add(i, j, a(i, j));
  expect(system.factorize().ok).toBe(true);
  const x = new Float64Array(n);
  system.solve(b, x);
  return x;
}

describe('EigenSparse with dense factors switches to dense LU (denseSwitchLimit)', () => {
  const n = 12;
  const b = Float64Array.from({ length: n }, (_, i) => Math.cos(1 + i));
  /** A full, diagonally dominant matrix (every entry nonzero), and a second one of the same pattern. */
  const full = (shift: number) => (i: number, j: number) => (i === j ? 20 + i + shift : Math.sin(1 + 3 * i + 7 * j + shift));

  it('a full pattern is factorized and solved as EXUdense would, bit for bit, in the first and later factorizations', () => {
    const sparse = new LinearSystem(n, LinearSolverType.EigenSparse);
    const dense = new LinearSystem(n, LinearSolverType.EXUdense);
    expect(assembleAndSolve(sparse, full(0), b)).toEqual(assembleAndSolve(dense, full(0), b));
    expect(sparse.factorNonzeros).toBe(n * n);
    expect(sparse.type).toBe(LinearSolverType.EigenSparse);
    expect(assembleAndSolve(sparse, full(0.5), b)).toEqual(assembleAndSolve(dense, full(0.5), b));
  });

  it('sparse factors stay sparse; above the limit a full pattern stays sparse', () => {
    const tridiagonal = (i: number, j: number) => (i === j ? 4 : Math.abs(i - j) === 1 ? -1 : 0);
    const m = 60;
    const chainSystem = new LinearSystem(m, LinearSolverType.EigenSparse);
    const x = assembleAndSolve(chainSystem, tridiagonal, Float64Array.from({ length: m }, (_, i) => i));
    expect(chainSystem.factorNonzeros).toBeLessThan(denseFillShare * m * m);
    expect(x.every(Number.isFinite)).toBe(true);
    const large = denseSwitchLimit + 1;
    const big = new LinearSystem(large, LinearSolverType.EigenSparse);
    assembleAndSolve(big, (i, j) => (i === j ? 2 * large : 1 / (1 + i + j)), new Float64Array(large).fill(1));
    expect(big.factorNonzeros).toBeGreaterThan(denseFillShare * large * large);
    expect(big.factorNonzeros).not.toBe(large * large); // the sparse factors (a dense system reports n²)
  });
});
