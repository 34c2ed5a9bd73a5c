import { describe, expect, it, vi } from 'vitest';
import {
  SystemContainer, SimulationSettings, NodePoint, NodePointGround, ObjectMassPoint, MarkerNodeCoordinate, ObjectConnectorCoordinateSpringDamper,
  ObjectConnectorCoordinate, InertiaCuboid, FlexdynError, NodeGenericODE1, ObjectGenericODE1, type MainSystem,
} from '../../src/index.ts';

/** Two mass points on a line (x coordinates free, y and z fixed by coordinate constraints), chained to the ground by spring-dampers. */
function twoMassChain(m: readonly number[], k: readonly number[], d: readonly number[]): MainSystem {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
  const groundMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: 0 }));
  let previous = groundMarker;
  for (let i = 0; i < 2; i++) {
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [i + 1, 0, 0] }));
    mbs.addObject(ObjectMassPoint({ physicsMass: m[i], nodeNumber: node }));
    const [x, y, z] = [0, 1, 2].map((coordinate) => mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate })));
    mbs.addObject(ObjectConnectorCoordinateSpringDamper({ markerNumbers: [previous, x], stiffness: k[i], damping: d[i] }));
    mbs.addObject(ObjectConnectorCoordinate({ markerNumbers: [groundMarker, y] }));
    mbs.addObject(ObjectConnectorCoordinate({ markerNumbers: [groundMarker, z] }));
    previous = x;
  }
  mbs.assemble();
  return mbs;
}

/** A planar four-bar (ground A–D, crank AB, coupler BC, rocker CD) of rigid bodies in 3D; the last joint revolute or spherical. */
function fourBar(lastJoint: 'revolute' | 'spherical'): { mbs: MainSystem; lastJointIndex: number } {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.createGround({});
  const points = [[0, 0, 0], [0, 1, 0], [2, 1.5, 0], [2, 0, 0]];
  const bodies = [0, 1, 2].map((i) => mbs.createRigidBody({
    inertia: InertiaCuboid({ density: 1000, sideLengths: [0.1, 0.1, 0.1] }),
    referencePosition: points[i].map((x, c) => 0.5 * (x + points[i + 1][c])),
  }));
  const chain = [ground, ...bodies, ground];
  let lastJointIndex = -1;
  for (let j = 0; j < 4; j++) {
    const options = { bodyNumbers: [chain[j], chain[j + 1]], position: points[j], useGlobalFrame: true };
    lastJointIndex = j === 3 && lastJoint === 'spherical' ? mbs.createSphericalJoint(options) : mbs.createRevoluteJoint({ ...options, axis: [0, 0, 1] });
  }
  mbs.assemble();
  return { mbs, lastJointIndex };
}

describe('computeLinearizedSystem', () => {
  const m = [2, 3], k = [100, 40], d = [0.5, 0.2];

  it('chainOfMassSpringDampersHasTheTextbookMatrices', () => {
    const mbs = twoMassChain(m, k, d);
    const { massMatrix, stiffnessMatrix, dampingMatrix } = mbs.computeLinearizedSystem();
    const nu = mbs.systemData.numberOfCoordinatesODE2();
    expect(massMatrix.length).toBe(nu);
    // x coordinates are 0 and 3; linear items: the entries are exact up to the summation's round-off
    const expectOnX = (matrix: number[][], a: number, b: number): void => {
      const expected = [[a + b, -b], [-b, b]];
      for (let i = 0; i < nu; i++) {
        for (let j = 0; j < nu; j++) {
          const onX = i % 3 === 0 && j % 3 === 0 ? expected[i / 3][j / 3] : 0;
          expect(matrix[i][j]).toBeCloseTo(onX, 12);
        }
      }
    };
    expectOnX(stiffnessMatrix, k[0], k[1]);
    expectOnX(dampingMatrix, d[0], d[1]);
    for (let i = 0; i < nu; i++) for (let j = 0; j < nu; j++) expect(massMatrix[i][j]).toBe(i === j ? m[Math.floor(i / 3)] : 0);
  });

  it('projectionIntoTheConstraintNullspaceLeavesTheChain', () => {
    const mbs = twoMassChain(m, k, d);
    const result = mbs.computeLinearizedSystem(new SimulationSettings(), { projectIntoConstraintNullspace: true, returnConstraintJacobian: true, returnConstraintNullspace: true });
    const nullspace = result.constraintNullspace!;
    // four coordinate constraints on six coordinates: a 2-dimensional null space spanned by the x coordinates
    expect(nullspace.length).toBe(2);
    for (const row of nullspace) {
      expect(Math.hypot(...row)).toBeCloseTo(1, 14);
      for (const i of [1, 2, 4, 5]) expect(Math.abs(row[i])).toBeLessThan(1e-14);
    }
    // C_qᵀ: one column per constraint, ±1 on the constrained coordinate
    const transposed = result.constraintJacobianTransposed!;
    expect(transposed.length).toBe(6);
    expect(transposed[0].length).toBe(4);
    expect(transposed.map((row) => row.map(Math.abs))).toEqual([[0, 0, 0, 0], [1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]);
    // invariants of the projected 2×2 matrices (N is orthonormal, any basis of the x plane): traces and determinants
    const trace = (a: number[][]): number => a[0][0] + a[1][1];
    const det = (a: number[][]): number => a[0][0] * a[1][1] - a[0][1] * a[1][0];
    expect(trace(result.massMatrix)).toBeCloseTo(m[0] + m[1], 12);
    expect(det(result.massMatrix)).toBeCloseTo(m[0] * m[1], 12);
    expect(trace(result.stiffnessMatrix)).toBeCloseTo(k[0] + 2 * k[1], 11);
    expect(det(result.stiffnessMatrix)).toBeCloseTo(k[0] * k[1], 9);
    expect(trace(result.dampingMatrix)).toBeCloseTo(d[0] + 2 * d[1], 12);
  });

  it('withoutConstraintsTheNullspaceIsTheIdentity', () => {
    const mbs = new SystemContainer().addSystem();
    mbs.createMassPoint({ referencePosition: [0, 0, 0], physicsMass: 1 });
    mbs.assemble();
    const result = mbs.computeLinearizedSystem(new SimulationSettings(), { projectIntoConstraintNullspace: true, returnConstraintJacobian: true, returnConstraintNullspace: true });
    expect(result.constraintNullspace).toEqual([[1, 0, 0], [0, 1, 0], [0, 0, 1]]);
    expect(result.constraintJacobianTransposed).toEqual([[], [], []]);
    expect(result.massMatrix).toEqual([[1, 0, 0], [0, 1, 0], [0, 0, 1]]);
  });

  it('rejectsUnknownAndMistypedOptions', () => {
    const mbs = twoMassChain(m, k, d);
    expect(() => mbs.computeLinearizedSystem(new SimulationSettings(), { projectIntoConstraintNullSpace: true } as never)).toThrow(/'options.projectIntoConstraintNullSpace' is not an option of computeLinearizedSystem \(did you mean 'projectIntoConstraintNullspace'/);
    expect(() => mbs.computeLinearizedSystem(new SimulationSettings(), { returnConstraintJacobian: 1 } as never)).toThrow(/computeLinearizedSystem: options.returnConstraintJacobian must be a boolean, got number 1/);
    expect(() => mbs.computeLinearizedSystem(new SimulationSettings(), { singularValuesTolerance: -1 })).toThrow(/computeLinearizedSystem: options.singularValuesTolerance must be a finite number ≥ 0, got number -1/);
    expect(() => new SystemContainer().addSystem().computeLinearizedSystem()).toThrow(FlexdynError);
  });
});

describe('computeODE2Eigenvalues with computeComplexEigenvalues', () => {
  it('dampedOscillatorHasMinusZetaOmegaPlusMinusIOmegaSqrtOneMinusZetaSquared', () => {
    const mass = 1.6, k = 4000;
    for (const zeta of [0.05, 0.7]) {
      const d = 2 * zeta * Math.sqrt(k * mass);
      const mbs = twoMassChain([mass, 1], [k, 0], [d, 0]);
      const { values, vectors } = mbs.computeODE2Eigenvalues(new SimulationSettings(), { computeComplexEigenvalues: true, useAbsoluteValues: false });
      // the second mass is free (no spring): a double eigenvalue 0; the first −ζω ± iω√(1 − ζ²)
      expect(values.length).toBe(4);
      const omega = Math.sqrt(k / mass);
      const oscillating = values.filter((v) => v.im !== 0);
      expect(oscillating.map((v) => v.im)).toHaveLength(2);
      // sorted by real, then imaginary part: the negative imaginary part first; a 4×4 Hessenberg QR: round-off of ‖A‖ = ω²
      expect(oscillating[0].im).toBeLessThan(0);
      for (const v of oscillating) {
        expect(Math.abs(v.re / (-zeta * omega) - 1)).toBeLessThan(1e-12);
        expect(Math.abs(Math.abs(v.im) / (omega * Math.sqrt(1 - zeta ** 2)) - 1)).toBeLessThan(1e-12);
      }
      const still = values.filter((v) => v.im === 0);
      for (const v of still) expect(Math.abs(v.re)).toBeLessThan(1e-12 * omega);
      // the mode of the oscillating pair is the first mass's x coordinate (unit norm, real positive)
      const mode = vectors[values.indexOf(oscillating[0])];
      expect(mode.re[0]).toBeCloseTo(1, 12);
      for (let i = 1; i < 6; i++) expect(Math.hypot(mode.re[i], mode.im[i])).toBeLessThan(1e-12);
    }
  });

  it('overdampedOscillatorHasTwoRealEigenvalues', () => {
    const mass = 2, k = 50, zeta = 3;
    const mbs = twoMassChain([mass, 1], [k, 0], [2 * zeta * Math.sqrt(k * mass), 0]);
    const { values } = mbs.computeODE2Eigenvalues(new SimulationSettings(), { computeComplexEigenvalues: true });
    const omega = Math.sqrt(k / mass);
    const expected = [-zeta * omega + omega * Math.sqrt(zeta ** 2 - 1), -zeta * omega - omega * Math.sqrt(zeta ** 2 - 1)];
    // with useAbsoluteValues (default) sorted by |λ|; the two real ones appear beside the free mass's double 0
    for (const lambda of expected) {
      const found = values.find((v) => v.im === 0 && Math.abs(v.re / lambda - 1) < 1e-10);
      expect(found, `eigenvalue ${lambda}`).toBeDefined();
    }
    const moduli = values.map((v) => Math.hypot(v.re, v.im));
    expect(moduli).toEqual([...moduli].sort((a, b) => a - b));
  });

  it('modesSolveTheQuadraticEigenproblemOfAProportionallyDampedChain', () => {
    const m = [2, 3], k = [100, 40];
    const beta = 0.002;
    // stiffness-proportional damping D = βK: each undamped mode keeps its shape with ζᵢ = βωᵢ/2
    const mbs = twoMassChain(m, k, [beta * k[0], beta * k[1]]);
    const undamped = twoMassChain(m, k, [0, 0]).computeODE2Eigenvalues();
    const { values, vectors } = mbs.computeODE2Eigenvalues(new SimulationSettings(), { computeComplexEigenvalues: true, useAbsoluteValues: false });
    const { massMatrix: M, stiffnessMatrix: K, dampingMatrix: D } = mbs.computeLinearizedSystem();
    values.forEach((lambda, r) => {
      // residual (λ²M + λD + K)φ relative to ‖K‖|φ|: round-off of a 4×4 decomposition
      const phi = vectors[r];
      for (let i = 0; i < 6; i++) {
        let re = 0, im = 0;
        for (let j = 0; j < 6; j++) {
          const a = (lambda.re ** 2 - lambda.im ** 2) * M[i][j] + lambda.re * D[i][j] + K[i][j];
          const b = 2 * lambda.re * lambda.im * M[i][j] + lambda.im * D[i][j];
          re += a * phi.re[j] - b * phi.im[j];
          im += a * phi.im[j] + b * phi.re[j];
        }
        expect(Math.hypot(re, im)).toBeLessThan(1e-11 * (k[0] + k[1]));
      }
    });
    for (const omegaSquared of undamped.values) {
      const omega = Math.sqrt(omegaSquared);
      const zeta = beta * omega / 2;
      expect(values.some((v) => Math.abs(v.re / (-zeta * omega) - 1) < 1e-9 && Math.abs(v.im / (omega * Math.sqrt(1 - zeta ** 2)) - 1) < 1e-12)).toBe(true);
    }
  });

  it('fullyConstrainedSystemHasNoEigenvalues', () => {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [1, 0, 0] }));
    mbs.addObject(ObjectMassPoint({ physicsMass: 1, nodeNumber: node }));
    const groundMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: 0 }));
    for (const coordinate of [0, 1, 2]) mbs.addObject(ObjectConnectorCoordinate({ markerNumbers: [groundMarker, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate }))] }));
    mbs.assemble();
    expect(mbs.computeODE2Eigenvalues()).toEqual({ values: [], vectors: [] });
    expect(mbs.computeODE2Eigenvalues(new SimulationSettings(), { computeComplexEigenvalues: true })).toEqual({ values: [], vectors: [] });
    expect(mbs.computeLinearizedSystem(new SimulationSettings(), { projectIntoConstraintNullspace: true }).massMatrix).toEqual([]);
    expect(mbs.computeSystemDegreeOfFreedom()).toMatchObject({ degreeOfFreedom: 0, redundantConstraints: 0 });
  });

  it('rejectsOptionsThatDoNotApplyToComplexEigenvalues', () => {
    const mbs = twoMassChain([1, 1], [1, 1], [0.1, 0.1]);
    expect(() => mbs.computeODE2Eigenvalues(new SimulationSettings(), { computeComplexEigenvalues: true, convert2Frequencies: true })).toThrow(/computeODE2Eigenvalues: with computeComplexEigenvalues, convert2Frequencies must be false/);
    expect(() => mbs.computeODE2Eigenvalues(new SimulationSettings(), { computeComplexEigenvalues: true, shiftInvert: 0 })).toThrow(/shiftInvert belongs to the symmetric undamped solve/);
    expect(() => mbs.computeODE2Eigenvalues(new SimulationSettings(), { computeComplexEigenvalues: 'yes' } as never)).toThrow(/options.computeComplexEigenvalues must be a boolean, got string "yes"/);
    // Exudyn's rule: constrainedCoordinates with algebraic equations only together with ignoreAlgebraicEquations
    expect(() => mbs.computeODE2Eigenvalues(new SimulationSettings(), { constrainedCoordinates: [1, 2, 4, 5] })).toThrow(/computeODE2Eigenvalues: the system has 4 algebraic equations; with constrainedCoordinates they would be ignored silently: set ignoreAlgebraicEquations: true/);
    const removed = mbs.computeODE2Eigenvalues(new SimulationSettings(), { constrainedCoordinates: [1, 2, 4, 5], ignoreAlgebraicEquations: true }).values;
    const projected = mbs.computeODE2Eigenvalues().values;
    removed.forEach((value, i) => expect(value).toBeCloseTo(projected[i], 12));
  });
});

describe('computeSystemDegreeOfFreedom', () => {
  it('freeRigidBodyHasSixDegreesOfFreedom', () => {
    const mbs = new SystemContainer().addSystem();
    mbs.createRigidBody({ inertia: InertiaCuboid({ density: 1000, sideLengths: [1, 0.2, 0.1] }), referencePosition: [1, 2, 3] });
    mbs.assemble();
    // Euler parameters: 7 coordinates and their norm constraint
    expect(mbs.computeSystemDegreeOfFreedom()).toEqual({ degreeOfFreedom: 6, redundantConstraints: 0, nODE2: 7, nODE1: 0, nAE: 1, nPureAE: 0, redundantConstraintEquations: [] });
  });

  it('planarFourBarWithRevoluteJointsIn3DHasOneDegreeOfFreedomAndThreeRedundantConstraints', () => {
    const { mbs, lastJointIndex } = fourBar('revolute');
    const result = mbs.computeSystemDegreeOfFreedom();
    // Grübler: 6·3 − 5·4 = −2; the out-of-plane equations of the four joints (12 for 9 out-of-plane motions) hold 3 dependent ones
    expect(result.nODE2).toBe(21);
    expect(result.nAE).toBe(23);
    expect(result.redundantConstraints).toBe(3);
    expect(result.degreeOfFreedom).toBe(1);
    // in equation order the last joint closes the loop: its dependent equations are the named ones
    expect(result.redundantConstraintEquations).toHaveLength(3);
    for (const equation of result.redundantConstraintEquations) expect(equation).toMatch(new RegExp(`of ObjectJointRevoluteZ #${lastJointIndex} `));
    // the SVD count with an absolute threshold agrees
    expect(mbs.computeSystemDegreeOfFreedom(new SimulationSettings(), { useSVD: true, threshold: 1e-10 }).redundantConstraints).toBe(3);
  });

  it('fourBarClosedByASphericalJointHasOneRedundantConstraint', () => {
    const { mbs, lastJointIndex } = fourBar('spherical');
    const result = mbs.computeSystemDegreeOfFreedom();
    // 3 revolute (15) + spherical (3) + 3 Euler-parameter norms on 21 coordinates: Grübler 0, mobility 1
    expect([result.degreeOfFreedom, result.redundantConstraints, result.nAE]).toEqual([1, 1, 21]);
    expect(result.redundantConstraintEquations).toHaveLength(1);
    expect(result.redundantConstraintEquations[0]).toMatch(new RegExp(`of ObjectJointSpherical #${lastJointIndex} `));
  });

  it('inactiveConstraintIsAPureAlgebraicEquation', () => {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [1, 0, 0] }));
    mbs.addObject(ObjectMassPoint({ physicsMass: 1, nodeNumber: node }));
    const groundMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: 0 }));
    const x = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
    mbs.addObject(ObjectConnectorCoordinate({ markerNumbers: [groundMarker, x] }));
    mbs.addObject(ObjectConnectorCoordinate({ markerNumbers: [groundMarker, x], activeConnector: false }));
    mbs.assemble();
    // λ₁ = 0 constrains no coordinate: 3 − (2 − 1) = 2
    expect(mbs.computeSystemDegreeOfFreedom()).toMatchObject({ degreeOfFreedom: 2, redundantConstraints: 0, nAE: 2, nPureAE: 1 });
  });

  it('odeOneCoordinatesAreCountedButAreNoDegreesOfFreedom', () => {
    const mbs = new SystemContainer().addSystem();
    mbs.createMassPoint({ referencePosition: [0, 0, 0], physicsMass: 1 });
    const node = mbs.addNode(NodeGenericODE1({ numberOfODE1Coordinates: 2, referenceCoordinates: [0, 0], initialCoordinates: [1, 0] }));
    mbs.addObject(ObjectGenericODE1({ nodeNumbers: [node], systemMatrix: [[0, 1], [-4, 0]] }));
    mbs.assemble();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(mbs.computeSystemDegreeOfFreedom()).toMatchObject({ degreeOfFreedom: 3, nODE2: 3, nODE1: 2, nAE: 0 });
      expect(String(warn.mock.calls[0][0])).toMatch(/computeSystemDegreeOfFreedom: the 2 ODE1 coordinates do not count as degrees of freedom/);
      // the linearization covers the ODE2 equations (the mass point) and says so
      expect(mbs.computeLinearizedSystem().massMatrix).toEqual([[1, 0, 0], [0, 1, 0], [0, 0, 1]]);
      expect(String(warn.mock.calls[1][0])).toMatch(/computeLinearizedSystem: the linearization covers the ODE2 equations only; the 2 ODE1 coordinates stay at their initial values/);
    } finally {
      warn.mockRestore();
    }
  });

  it('rejectsBadOptions', () => {
    const { mbs } = fourBar('spherical');
    expect(() => mbs.computeSystemDegreeOfFreedom(new SimulationSettings(), { treshold: 1e-10 } as never)).toThrow(/'options.treshold' is not an option of computeSystemDegreeOfFreedom \(did you mean 'threshold'/);
    expect(() => mbs.computeSystemDegreeOfFreedom(new SimulationSettings(), { threshold: Number.NaN })).toThrow(/options.threshold must be a finite number ≥ 0, got number NaN/);
    expect(() => mbs.computeSystemDegreeOfFreedom(new SimulationSettings(), { useSVD: 1 } as never)).toThrow(/options.useSVD must be a boolean, got number 1/);
  });
});
