import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, NodePoint, NodePointGround, NodeGenericODE2, MassPoint,
  MarkerNodeCoordinate, CoordinateSpringDamper, LoadCoordinate, ObjectGenericODE2, SensorNode, SensorObject, FlexdynError,
  type MainSystem, type CscMatrix,
} from '../../src/index.ts';
import type { ObjectModel } from '../../src/registry/capabilities.ts';
import { dense } from '../helpers/denseMatrix.ts';

/** Settings for n steps to tEnd, no files. */
function settingsFor(tEnd: number, steps: number, spectralRadius = 0.9): SimulationSettings {
  const settings = new SimulationSettings();
  settings.timeIntegration.endTime = tEnd;
  settings.timeIntegration.numberOfSteps = steps;
  settings.timeIntegration.generalizedAlpha.spectralRadius = spectralRadius;
  settings.solutionSettings.writeSolutionToFile = false;
  return settings;
}

const diagonal = (values: number[]): number[][] => values.map((v, i) => values.map((_, j) => (i === j ? v : 0)));

/** x'' m + k x = 0 with x(0) = x0, one NodeGenericODE2 coordinate; returns x at tEnd. */
function oscillator(steps: number): number {
  const mbs = new SystemContainer().addSystem();
  const node = mbs.addNode(NodeGenericODE2({ numberOfODE2Coordinates: 1, referenceCoordinates: [0], initialCoordinates: [oscillatorData.x0] }));
  mbs.addObject(ObjectGenericODE2({ nodeNumbers: [node], massMatrix: [[oscillatorData.m]], stiffnessMatrix: [[oscillatorData.k]] }));
  mbs.assemble();
  mbs.solveDynamic(settingsFor(oscillatorData.tEnd, steps, 1));
  return mbs.getNodeOutput(node, OutputVariableType.Coordinates)[0];
}
const oscillatorData = { m: 2, k: 800, x0: 0.1, tEnd: 1 };

describe('ObjectGenericODE2', () => {
  it('undampedOscillatorUnderTrapezoidalRuleMatchesTheAnalyticSolutionToSecondOrder', () => {
    // ρ∞ = 1 is the trapezoidal rule. For x'' = −ω²x, x(0) = x0, v(0) = 0 it gives x_n = x0 cos(nθ), tan(θ/2) = ωh/2,
    // exactly (the step map is cos θ·I + (sin θ/ω)·A for the system matrix A). The phase error per unit time is
    // ω − θ/h = ω(ωh)²/12 + O(h⁴), so |x_N − x0 cos ωT| ≤ x0·T·(ω − θ/h): an O(h²) bound, evaluated here exactly.
    const { m, k, x0, tEnd } = oscillatorData;
    const omega = Math.sqrt(k / m);
    const errors = [1000, 2000].map((steps) => {
      const h = tEnd / steps;
      const theta = 2 * Math.atan((omega * h) / 2);
      const x = oscillator(steps);
      // The discrete solution itself is reproduced up to round-off (linear problem, exact Jacobian: one Newton iteration).
      expect(Math.abs(x - x0 * Math.cos(steps * theta))).toBeLessThan(1e-13);
      const error = Math.abs(x - x0 * Math.cos(omega * tEnd));
      expect(error).toBeLessThanOrEqual(x0 * tEnd * (omega - theta / h) * (1 + 1e-9));
      return error;
    });
    // Halving h divides the error by 4 (second order): 3.99 … 4.01 with ωh = 0.02, where the O(h⁴) part is ~1e-4 relative.
    expect(errors[0] / errors[1]).toBeGreaterThan(3.99);
    expect(errors[0] / errors[1]).toBeLessThan(4.01);
    expect(errors[0]).toBeGreaterThan(1e-5);
  });

  /** A point mass on three coordinate springs/dampers to ground with coordinate loads, or the same as one GenericODE2. */
  function pointModel(useGeneric: boolean): { mbs: MainSystem; node: number; sensor: number } {
    const mass = 1.6;
    const stiffness = [4000, 2500, 900];
    const damping = [8, 0, 3];
    const force = [80, -20, 5];
    const mbs = new SystemContainer().addSystem();
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [0.5, 0, 0], initialCoordinates: [-0.08, 0.01, 0], initialVelocities: [1, 0, -0.5] }));
    if (useGeneric) {
      mbs.addObject(ObjectGenericODE2({ nodeNumbers: [node], massMatrix: diagonal([mass, mass, mass]), stiffnessMatrix: diagonal(stiffness), dampingMatrix: diagonal(damping), forceVector: force }));
    } else {
      const ground = mbs.addNode(NodePointGround({}));
      mbs.addObject(MassPoint({ physicsMass: mass, nodeNumber: node }));
      for (let i = 0; i < 3; i++) {
        const m0 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: i }));
        const m1 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: i }));
        mbs.addObject(CoordinateSpringDamper({ markerNumbers: [m0, m1], stiffness: stiffness[i], damping: damping[i] }));
        mbs.addLoad(LoadCoordinate({ markerNumber: m1, load: force[i] }));
      }
    }
    const sensor = mbs.addSensor(SensorNode({ nodeNumber: node, outputVariableType: OutputVariableType.Coordinates, storeInternal: true, writeToFile: false }));
    mbs.assemble();
    return { mbs, node, sensor };
  }

  it('diagonalMassStiffnessDampingReproducesMassPointWithCoordinateSpringDampers', () => {
    // Same linear equations, same analytic Jacobian, so the Newton iterates agree up to the round-off of a different
    // summation order (~1e-16 relative per step); over 500 steps the difference stays far below 1e-12 of the amplitude (0.1).
    const rows = [true, false].map((useGeneric) => {
      const { mbs, sensor } = pointModel(useGeneric);
      mbs.solveDynamic(settingsFor(0.5, 500));
      return mbs.getSensorStoredData(sensor);
    });
    expect(rows[0].length).toBe(51);
    expect(rows[1].length).toBe(51);
    let amplitude = 0;
    for (let r = 0; r < rows[0].length; r++) {
      for (let c = 0; c < 4; c++) expect(Math.abs(rows[0][r][c] - rows[1][r][c])).toBeLessThan(1e-12);
      amplitude = Math.max(amplitude, Math.abs(rows[0][r][1]));
    }
    expect(amplitude).toBeGreaterThan(0.05);
  });

  it('staticSolutionIsTheInverseStiffnessTimesForce', () => {
    // K q + D v0 = f with diagonal K, D: the static solver keeps the initial velocities v0 = [1, 0, −0.5] (as Exudyn's),
    // so q = (f − d v0)/k; a linear problem solved in one Newton iteration, so equal to round-off.
    const { mbs, node } = pointModel(true);
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    mbs.solveStatic(settings);
    const q = mbs.getNodeOutput(node, OutputVariableType.Coordinates);
    [(80 - 8) / 4000, -20 / 2500, (5 + 1.5) / 900].forEach((expected, i) => expect(Math.abs(q[i] - expected)).toBeLessThan(1e-15));
  });

  /** Two nodes (NodePoint, 3 coordinates, and NodeGenericODE2, 2 coordinates) coupled by K and D, or the same on one 5-coordinate node. */
  function coupledModel(split: boolean, extra: Record<string, unknown> = {}): { mbs: MainSystem; object: number; nodes: number[] } {
    const M = [[2, 0.1, 0, 0, 0], [0.1, 1, 0, 0, 0], [0, 0, 1.5, 0, 0], [0, 0, 0, 1, 0.2], [0, 0, 0, 0.2, 3]];
    const K = [[300, -100, 0, 0, 0], [-100, 200, -50, 0, 0], [0, -50, 150, -20, 0], [0, 0, -20, 100, -10], [0, 0, 0, -10, 80]];
    const D = K.map((row) => row.map((v) => 0.01 * v));
    const q0 = [0.01, 0, -0.02, 0.03, 0];
    const v0 = [0, 0.1, 0, 0, -0.2];
    const mbs = new SystemContainer().addSystem();
    const nodes = split
      ? [
        mbs.addNode(NodePoint({ referenceCoordinates: [1, 2, 3], initialCoordinates: q0.slice(0, 3), initialVelocities: v0.slice(0, 3) })),
        mbs.addNode(NodeGenericODE2({ numberOfODE2Coordinates: 2, referenceCoordinates: [4, 5], initialCoordinates: q0.slice(3), initialCoordinates_t: v0.slice(3) })),
      ]
      : [mbs.addNode(NodeGenericODE2({ numberOfODE2Coordinates: 5, referenceCoordinates: [1, 2, 3, 4, 5], initialCoordinates: q0, initialCoordinates_t: v0 }))];
    const object = mbs.addObject(ObjectGenericODE2({ nodeNumbers: nodes, massMatrix: M, stiffnessMatrix: K, dampingMatrix: D, forceVector: [0, 1, 0, 0, -1], ...extra }));
    mbs.addSensor(SensorObject({ objectNumber: object, outputVariableType: OutputVariableType.Coordinates, storeInternal: true, writeToFile: false }));
    mbs.assemble();
    return { mbs, object, nodes };
  }

  it('severalNodesOfDifferentTypesGiveTheSameResultAsOneNode', () => {
    // Same equations; only the coordinate addresses differ, so the results agree to round-off (1e-14 of amplitudes ~0.03).
    const results = [true, false].map((split) => {
      const { mbs, object } = coupledModel(split);
      mbs.solveDynamic(settingsFor(0.2, 200));
      return {
        q: mbs.getObjectOutput(object, OutputVariableType.Coordinates),
        total: mbs.getObjectOutput(object, OutputVariableType.CoordinatesTotal),
        v: mbs.getObjectOutput(object, OutputVariableType.Coordinates_t),
        a: mbs.getObjectOutput(object, OutputVariableType.Coordinates_tt),
        rows: mbs.getSensorStoredData(0),
      };
    });
    for (let i = 0; i < 5; i++) {
      expect(Math.abs(results[0].q[i] - results[1].q[i])).toBeLessThan(1e-14);
      expect(Math.abs(results[0].v[i] - results[1].v[i])).toBeLessThan(1e-13);
      expect(Math.abs(results[0].a[i] - results[1].a[i])).toBeLessThan(1e-11);
      expect(results[0].total[i]).toBeCloseTo(i + 1 + results[0].q[i], 14);
    }
    expect(results[0].rows.length).toBe(21);
    results[0].rows.forEach((row, r) => row.forEach((value, c) => expect(Math.abs(value - results[1].rows[r][c])).toBeLessThan(1e-14)));
    expect(Math.max(...results[0].q.map(Math.abs))).toBeGreaterThan(1e-3);
  });

  it('nodeOutputsAgreeWithTheObjectsCoordinateOutputs', () => {
    const { mbs, object, nodes } = coupledModel(true);
    mbs.solveDynamic(settingsFor(0.05, 50));
    const fromNodes = [...mbs.getNodeOutput(nodes[0], OutputVariableType.Coordinates), ...mbs.getNodeOutput(nodes[1], OutputVariableType.Coordinates)];
    expect(mbs.getObjectOutput(object, OutputVariableType.Coordinates)).toEqual(fromNodes);
  });

  it('massMatrixUserFunctionAndForceUserFunctionReproduceConstantMatricesAndForceVector', () => {
    // The user functions return the same M and f as the constant parameters, so the equations are identical; the
    // user-force Jacobian is zero (f_user constant), so numerical differences of it are exactly zero and results agree
    // to round-off of the changed summation order.
    const M = [[2, 0.1, 0, 0, 0], [0.1, 1, 0, 0, 0], [0, 0, 1.5, 0, 0], [0, 0, 0, 1, 0.2], [0, 0, 0, 0.2, 3]];
    const reference = coupledModel(true);
    const user = coupledModel(true, { massMatrix: [], forceVector: [], massMatrixUserFunction: () => M, forceUserFunction: () => [0, 1, 0, 0, -1] });
    expect((user.mbs.compiled().objects[user.object] as ObjectModel).hasConstantMassMatrix).toBe(false);
    for (const { mbs } of [reference, user]) mbs.solveDynamic(settingsFor(0.1, 100));
    const q0 = reference.mbs.getObjectOutput(reference.object, OutputVariableType.Coordinates);
    const q1 = user.mbs.getObjectOutput(user.object, OutputVariableType.Coordinates);
    for (let i = 0; i < 5; i++) expect(Math.abs(q0[i] - q1[i])).toBeLessThan(1e-14);
  });

  it('forceOutputIsTheLeftHandSide', () => {
    // Force = K q + D q̇ − f − f_user at the initial state (q0, v0 given), computed by hand.
    const { mbs, object } = coupledModel(true, { forceUserFunction: (_m: unknown, _t: number, _i: number, q: Float64Array) => [q[0] * q[0], 0, 0, 0, 0] });
    const K = [[300, -100, 0, 0, 0], [-100, 200, -50, 0, 0], [0, -50, 150, -20, 0], [0, 0, -20, 100, -10], [0, 0, 0, -10, 80]];
    const q = [0.01, 0, -0.02, 0.03, 0];
    const v = [0, 0.1, 0, 0, -0.2];
    const f = [0, 1, 0, 0, -1];
    const expected = K.map((row, i) => row.reduce((sum, kij, j) => sum + kij * q[j] + 0.01 * kij * v[j], 0) - f[i] - (i === 0 ? q[0] * q[0] : 0));
    const force = mbs.getObjectOutput(object, OutputVariableType.Force, 'Initial');
    for (let i = 0; i < 5; i++) expect(Math.abs(force[i] - expected[i])).toBeLessThan(1e-14);
  });

  it('jacobianWithNonlinearUserForceMatchesCentralDifferences', () => {
    // f_user = [−c q0³ − e q0 q̇1, …]: K − ∂f_user/∂q and D − ∂f_user/∂q̇ from the object (analytic K, D plus forward
    // differences of f_user with eps = 1e-9) against central differences of the whole left-hand side (h = 1e-6).
    // Error budget: forward difference eps/2·|f''| = 0.5e-9·6c·q0 = 3e-7 for c = 1e4, q0 = 0.01; central difference
    // h²/6·|f'''| = 1e-8; the other terms have f'' ≤ 0.004. So 5e-7; a missing user part would be off by 3c·q0² = 3.
    const c = 1e4;
    const e = 50;
    const forceUserFunction = (_m: unknown, _t: number, _i: number, q: Float64Array, qt: Float64Array) => [-c * q[0] ** 3 - e * q[0] * qt[1], -c * q[1] * q[3] ** 2, 0, Math.sin(q[2]) * qt[4], 0];
    const { mbs, object } = coupledModel(true, { forceUserFunction });
    const model = mbs.compiled();
    const o = model.objects[object];
    const s = model.data.current;
    s.q.set([0.01, 0, -0.02, 0.03, 0.05]);
    s.u.set([0.3, 0.1, -0.2, 0, -0.2]);
    const n = 5;
    for (const velocity of [false, true]) {
      const analytic = new Float64Array(n * n);
      if (velocity) o.ode2Lhs_u!(s, dense(analytic), 1); else o.ode2Lhs_q!(s, dense(analytic), 1);
      const values = velocity ? s.u : s.q;
      const h = 1e-6;
      for (let j = 0; j < n; j++) {
        const plus = new Float64Array(n);
        const minus = new Float64Array(n);
        const saved = values[j];
        values[j] = saved + h; o.ode2Lhs!(s, plus);
        values[j] = saved - h; o.ode2Lhs!(s, minus);
        values[j] = saved;
        for (let i = 0; i < n; i++) expect(Math.abs(analytic[i * n + j] - (plus[i] - minus[i]) / (2 * h))).toBeLessThan(5e-7);
      }
    }
    expect(o.ode2LhsDependsOnVelocity).toBe(true);
  });

  it('jacobianUserFunctionReplacesNumericalDifferencesOfTheUserForce', () => {
    // With the exact Jacobian of f_user = −c q0³ given, ode2Lhs_q is K + 3c q0² e0e0ᵀ exactly (no differencing error).
    const c = 1e5;
    const { mbs, object } = coupledModel(true, {
      forceUserFunction: (_m: unknown, _t: number, _i: number, q: Float64Array) => [-c * q[0] ** 3, 0, 0, 0, 0],
      jacobianUserFunction: (_m: unknown, _t: number, _i: number, q: Float64Array, _qt: Float64Array, fq: number) => diagonal([3 * c * q[0] ** 2 * fq, 0, 0, 0, 0]),
    });
    const model = mbs.compiled();
    const s = model.data.current;
    s.q[0] = 0.02;
    const k = new Float64Array(25);
    model.objects[object].ode2Lhs_q!(s, dense(k), 2);
    expect(k[0]).toBe(2 * 300 + 3 * c * 0.02 ** 2 * 2);
    expect(k[1]).toBe(2 * -100);
    const d = new Float64Array(25);
    model.objects[object].ode2Lhs_u!(s, dense(d), 1);
    expect(d[0]).toBe(0.01 * 300);
  });

  it('defaultsEqualExudynWithoutItsInternalFields', () => {
    // exudyn-1.11-defaults.txt lists also coordinateIndexPerNode and tempCoordinates*, which Exudyn fills itself; they are
    // not parameters here (see the item description). visualization is our dictionary of viewer settings.
    const defaults = new SystemContainer().addSystem().getObjectDefaults('GenericODE2');
    expect(defaults).toEqual({
      objectType: 'GenericODE2', nodeNumbers: [], massMatrix: [], stiffnessMatrix: [], dampingMatrix: [], forceVector: [],
      forceUserFunction: 0, massMatrixUserFunction: 0, jacobianUserFunction: 0, name: '', visualization: {},
    });
  });

  it('rejectsMatricesThatDoNotMatchTheNodeCoordinates', () => {
    const mbs = new SystemContainer().addSystem();
    const node = mbs.addNode(NodePoint({}));
    mbs.addObject(ObjectGenericODE2({ nodeNumbers: [node], massMatrix: diagonal([1, 1, 1]), stiffnessMatrix: diagonal([1, 1]) }));
    expect(() => mbs.assemble()).toThrow(FlexdynError);
    expect(() => mbs.assemble()).toThrow(/ObjectGenericODE2 #0: stiffnessMatrix must be 3 x 3 \(the total number of coordinates of nodeNumbers \[0\]\) or empty, got 2 x 2/);
    mbs.modifyObject(0, { stiffnessMatrix: [], forceVector: [1, 2] });
    expect(() => mbs.assemble()).toThrow(/ObjectGenericODE2 #0: forceVector must have 3 entries .*, got 2/);
    expect(() => mbs.addObject(ObjectGenericODE2({ nodeNumbers: [node], massMatrix: [[1, 0, 0], [0, 1, 0]] }))).toThrow(/ObjectGenericODE2 #1: massMatrix must be a square matrix \(n × n\) or empty, got 2 x 3/);
    const ground = mbs.addNode(NodePointGround({}));
    mbs.modifyObject(0, { nodeNumbers: [node, ground], forceVector: [] });
    expect(() => mbs.assemble()).toThrow(/ObjectGenericODE2 #0: nodeNumbers entry 1 must refer to a node with ODE2 coordinates .*, got NodePointGround #1/);
  });

  it('rejectsUserFunctionResultsOfTheWrongSize', () => {
    const { mbs } = coupledModel(true, { forceUserFunction: () => [1, 2] });
    expect(() => mbs.solveDynamic(settingsFor(0.01, 1))).toThrow(/ObjectGenericODE2 #0: forceUserFunction must return an array of 5 numbers, got array of length 2/);
    const other = coupledModel(true, { massMatrix: [], massMatrixUserFunction: () => [[1]] });
    expect(() => other.mbs.solveDynamic(settingsFor(0.01, 1))).toThrow(/ObjectGenericODE2 #0: massMatrixUserFunction must return a 5 x 5 matrix \(array of rows\), got array of length 1/);
  });
});

describe('ObjectGenericODE2 with sparse matrices (Exudyn\'s MatrixContainer)', () => {
  const n = 9;
  /** Banded 9 × 9 rows: diagonal d + i/10, off-diagonals at distance 1 and 3 (an asymmetric pair in K and D). */
  function banded(d: number, off: number, asymmetric: number): number[][] {
    return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => {
      if (i === j) return d + i / 10;
      if (Math.abs(i - j) === 1) return off * (1 + (i + j) / 7);
      if (Math.abs(i - j) === 3) return i < j ? 0.3 * off + asymmetric : 0.3 * off;
      return 0;
    }));
  }
  const M = banded(2, 0.1, 0), K = banded(900, -40, 7), D = banded(3, -0.2, 0.05);

  /** The CSC form of dense rows: column by column, its nonzeros with rows ascending, plus an explicit zero in column 0. */
  function csc(rows: number[][]): CscMatrix {
    const colPtr = [0], rowIndex: number[] = [], values: number[] = [];
    for (let c = 0; c < n; c++) {
      for (let r = 0; r < n; r++) if (rows[r][c] !== 0) { rowIndex.push(r); values.push(rows[r][c]); }
      if (c === 0) { rowIndex.push(n - 1); values.push(0); }
      colPtr.push(rowIndex.length);
    }
    return { n, colPtr: Int32Array.from(colPtr), rowIndex: Int32Array.from(rowIndex), values: Float64Array.from(values) };
  }

  /** Triplets of dense rows in reverse order, each nonzero split into two parts (v/4 and v − v/4: exact, summing to v). */
  function triplets(rows: number[][]): { numberOfRows: number; numberOfColumns: number; triplets: [number, number, number][] } {
    const list: [number, number, number][] = [];
    for (let r = n - 1; r >= 0; r--) for (let c = n - 1; c >= 0; c--) if (rows[r][c] !== 0) list.push([r, c, rows[r][c] / 4], [r, c, rows[r][c] - rows[r][c] / 4]);
    return { numberOfRows: n, numberOfColumns: n, triplets: list };
  }

  /** Three Point nodes (9 coordinates) with initial displacements and velocities, one GenericODE2 with the given matrices. */
  function model(matrices: Record<string, unknown>): { mbs: MainSystem; object: number; nodes: number[] } {
    const mbs = new SystemContainer().addSystem();
    const nodes = [0, 1, 2].map((k) => mbs.addNode(NodePoint({ referenceCoordinates: [k, 0, 0], initialCoordinates: [0.01 * k, -0.02, 0.003 * k], initialVelocities: [0.1, 0.2 * k, -0.3] })));
    const object = mbs.addObject(ObjectGenericODE2({ nodeNumbers: nodes, forceVector: Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 1 : -0.5)), ...matrices }));
    mbs.assemble();
    return { mbs, object, nodes };
  }

  /** The object's left-hand side, mass matrix and both Jacobians at the initial state, as bytes. */
  function terms(matrices: Record<string, unknown>): Buffer[] {
    const { mbs, object } = model(matrices);
    const compiled = mbs.compiled();
    const o: ObjectModel = compiled.objects[object];
    const s = compiled.data.current;
    const lhs = new Float64Array(n), mass = new Float64Array(n * n), kq = new Float64Array(n * n), du = new Float64Array(n * n);
    o.ode2Lhs!(s, lhs);
    o.massMatrix!(s, dense(mass));
    o.ode2Lhs_q!(s, dense(kq), 0.7);
    o.ode2Lhs_u!(s, dense(du), 1.3);
    return [lhs, mass, kq, du].map((a) => Buffer.from(a.buffer));
  }

  it('cscAndTripletsGiveTheSameObjectAsDenseRowsBitForBit', () => {
    const fromDense = terms({ massMatrix: M, stiffnessMatrix: K, dampingMatrix: D });
    expect(fromDense[0].readDoubleLE(0)).not.toBe(0);
    expect(terms({ massMatrix: csc(M), stiffnessMatrix: csc(K), dampingMatrix: csc(D) })).toEqual(fromDense);
    expect(terms({ massMatrix: triplets(M), stiffnessMatrix: triplets(K), dampingMatrix: triplets(D) })).toEqual(fromDense);
    // and a solve: the same coordinates bit for bit
    const solved = (matrices: Record<string, unknown>): number[] => {
      const { mbs, nodes } = model(matrices);
      mbs.solveDynamic(settingsFor(0.05, 20));
      return nodes.flatMap((node) => Array.from(mbs.getNodeOutput(node, OutputVariableType.Coordinates)));
    };
    const dense0 = solved({ massMatrix: M, stiffnessMatrix: K, dampingMatrix: D });
    expect(solved({ massMatrix: csc(M), stiffnessMatrix: csc(K), dampingMatrix: triplets(D) })).toEqual(dense0);
    expect(Math.abs(dense0[0] - 0)).toBeGreaterThan(1e-4);
  });

  it('keepsTheSparseValueAsGivenInItsParameter', () => {
    const { mbs, object } = model({ massMatrix: csc(M) });
    const stored = mbs.getObjectParameter(object, 'massMatrix') as { n: number; values: Float64Array };
    expect(stored.n).toBe(n);
    expect(stored.values).toEqual(csc(M).values);
    // a copy: changing it changes neither the stored matrix nor the object
    stored.values.fill(-1);
    expect((mbs.getObjectParameter(object, 'massMatrix') as { values: Float64Array }).values).toEqual(csc(M).values);
  });

  it('rejectsBadSparseMatricesWithAFlexdynErrorNamingTheParameter', () => {
    const mbs = new SystemContainer().addSystem();
    const node = mbs.addNode(NodePoint({}));
    const add = (matrices: Record<string, unknown>) => () => mbs.addObject(ObjectGenericODE2({ nodeNumbers: [node], ...matrices }));
    const two = { n: 2, colPtr: Int32Array.of(0, 1, 2), rowIndex: Int32Array.of(0, 1), values: Float64Array.of(1, 1) };
    // shapes: not square, or not the nodes' 3 coordinates (at assemble)
    expect(add({ massMatrix: { numberOfRows: 3, numberOfColumns: 2, triplets: [[0, 0, 1]] } })).toThrow(/ObjectGenericODE2 #\d+: massMatrix must be a square matrix \(n × n\) or empty, got 3 x 2/);
    const wrongSize = mbs.addObject(ObjectGenericODE2({ nodeNumbers: [node], stiffnessMatrix: two }));
    expect(() => mbs.assemble()).toThrow(/ObjectGenericODE2 #0: stiffnessMatrix must be 3 x 3 .* or empty, got 2 x 2/);
    mbs.deleteObject(wrongSize);
    // entries: non-finite, indices that are no integers or out of range
    expect(add({ dampingMatrix: { ...two, values: Float64Array.of(1, Number.NaN) } })).toThrow(FlexdynError);
    expect(add({ dampingMatrix: { ...two, values: Float64Array.of(1, Number.NaN) } })).toThrow(/dampingMatrix CSC values\[1\] must be finite, got NaN/);
    expect(add({ stiffnessMatrix: { ...two, rowIndex: [0, 1.5] as never } })).toThrow(/stiffnessMatrix CSC rowIndex\[1\] must be an integer, got number 1.5/);
    expect(add({ stiffnessMatrix: { ...two, rowIndex: Int32Array.of(0, 2) } })).toThrow(/stiffnessMatrix CSC rowIndex\[1\] must be in 0..1, got 2/);
    expect(add({ massMatrix: { numberOfRows: 3, numberOfColumns: 3, triplets: [[0, 0, Number.POSITIVE_INFINITY]] } })).toThrow(/massMatrix triplet 0 value must be a finite number, got (number )?Infinity/);
    // the mass matrix's physical check, with the messages of dense rows
    const asymmetric = { n: 3, colPtr: Int32Array.of(0, 1, 3, 4), rowIndex: Int32Array.of(0, 0, 1, 2), values: Float64Array.of(1, 0.5, 1, 1) };
    expect(add({ massMatrix: asymmetric })).toThrow(/massMatrix must be symmetric \(a mass matrix is\), got entry \[0\]\[1\] = 0.5 but \[1\]\[0\] = 0/);
    expect(add({ massMatrix: [[1, 0.5, 0], [0, 1, 0], [0, 0, 1]] })).toThrow(/massMatrix must be symmetric \(a mass matrix is\), got entry \[0\]\[1\] = 0.5 but \[1\]\[0\] = 0/);
    const indefinite = { numberOfRows: 3, numberOfColumns: 3, triplets: [[0, 0, 1], [1, 1, 1], [0, 1, 2], [1, 0, 2], [2, 2, 1]] };
    expect(add({ massMatrix: indefinite })).toThrow(/massMatrix must be positive semi-definite \(kinetic energy ≥ 0\), got a matrix with eigenvalue -1.00000/);
    expect(add({ massMatrix: [[1, 2, 0], [2, 1, 0], [0, 0, 1]] })).toThrow(/massMatrix must be positive semi-definite \(kinetic energy ≥ 0\), got a matrix with eigenvalue -1.00000/);
    expect(add({ massMatrix: { n: 3, colPtr: Int32Array.of(0, 1, 2, 3), rowIndex: Int32Array.of(0, 1, 2), values: Float64Array.of(1, -2, 1) } })).toThrow(/massMatrix must be positive semi-definite \(kinetic energy ≥ 0\), got diagonal entry \[1\]\[1\] = -2/);
    // a repeated position adds up: 1 + (−1) = 0 on the diagonal, then the matrix is semi-definite (a massless coordinate)
    expect(add({ massMatrix: { numberOfRows: 3, numberOfColumns: 3, triplets: [[0, 0, 1], [1, 1, 1], [1, 1, -1], [2, 2, 1]] } })()).toBeGreaterThanOrEqual(0);
  });
});
