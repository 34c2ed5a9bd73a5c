import { describe, expect, it } from 'vitest';
import {
  SystemContainer, NodeRigidBodyQuaternion, NodeRigidBodyEP, CosseratRod, RigidBody, ObjectGround, MarkerBodyPosition,
  MarkerBodyRigid, MarkerBodyMass, CartesianSpringDamper, GenericJoint, Force, Torque, Gravity, type MainSystem,
} from '../../src/index.ts';
import { SystemAssembler, type MatrixAccumulator } from '../../src/model/assembly.ts';
import { SparseAssembler } from '../../src/linalg/sparse.ts';
import type { NodeModel } from '../../src/registry/capabilities.ts';
import type { SystemState } from '../../src/model/SystemState.ts';
import { maxAbs } from '../helpers/arrays.ts';

const rodParameters = {
  physicsAxialShearStiffness: [1e4, 4e3, 3e3], physicsBendingTorsionStiffness: [20, 30, 45],
  physicsMassPerLength: 2, physicsInertiaPerLength: [0.02, 0.01, 0.015],
  physicsAxialShearDamping: [5, 3, 2], physicsBendingTorsionDamping: [0.2, 0.3, 0.1],
};

/** A straight rod of length 1.2 along x on p·nEl + 1 quaternion nodes (quaternions scaled to non-unit length). */
function addStraightRod(mbs: MainSystem, p: number, nEl: number, options: Record<string, unknown> = rodParameters): { rod: number; nodes: number[] } {
  const count = p * nEl + 1;
  const nodes = Array.from({ length: count }, (_, i) => mbs.addNode(NodeRigidBodyQuaternion({ referenceCoordinates: [1.2 * i / (count - 1), 0, 0, 1.3, 0, 0, 0] })));
  return { rod: mbs.addObject(CosseratRod({ interpolation: 'R12', formulation: 'displacement', nodeNumbers: nodes, polynomialDegree: p, ...options })), nodes };
}

/** Dense n × n row-major accumulator. */
function denseAccumulator(n: number): MatrixAccumulator & { values: Float64Array } {
  const values = new Float64Array(n * n);
  return { values, add: (row, col, value) => { values[row * n + col] += value; } };
}

/** Bends, twists and moves all quaternion nodes (composed increments) and gives them velocities; deterministic. */
function perturbState(s: SystemState, nodes: readonly NodeModel[]): void {
  const delta = new Float64Array(6);
  nodes.forEach((node, g) => {
    if (node.composeIncrement === undefined) return;
    for (let j = 0; j < 6; j++) delta[j] = (j < 3 ? 0.04 : 0.3) * Math.sin(1.7 * g + 0.9 * j + 0.4);
    node.composeIncrement(s.q, delta, 0, 1);
    for (let j = 0; j < 6; j++) s.u[node.uIndex + j] = Math.cos(1.3 * g + 0.7 * j);
  });
}

/** Central differences of values(s) (length rows) along every velocity coordinate: composed increments (velocity = false) or u. */
function centralDifferences(s: SystemState, nodes: readonly NodeModel[], rows: number, cols: number, velocity: boolean, h: number, values: (out: Float64Array) => void): Float64Array {
  const jacobian = new Float64Array(rows * cols);
  const savedQ = Float64Array.from(s.q), savedU = Float64Array.from(s.u);
  const unit = new Float64Array(6), plus = new Float64Array(rows), minus = new Float64Array(rows);
  for (const node of nodes) {
    for (let j = 0; j < node.nu; j++) {
      const evaluate = (sign: number, out: Float64Array) => {
        if (velocity) s.u[node.uIndex + j] += sign * h;
        else if (node.composeIncrement !== undefined) { unit.fill(0); unit[j] = 1; node.composeIncrement(s.q, unit, 0, sign * h); }
        else s.q[node.qIndex + j] += sign * h;
        values(out);
        s.q.set(savedQ);
        s.u.set(savedU);
      };
      evaluate(1, plus);
      evaluate(-1, minus);
      for (let i = 0; i < rows; i++) jacobian[i * cols + node.uIndex + j] = (plus[i] - minus[i]) / (2 * h);
    }
  }
  return jacobian;
}

describe('block-sparse objects and markers on rods', () => {
  it('rodJacobianPatternHasOnlyTheElementBlocksAndStaysFixed', () => {
    for (const p of [1, 2, 3]) {
      for (const nEl of [3, 6, 12]) {
        const mbs = new SystemContainer().addSystem();
        const { rod, nodes } = addStraightRod(mbs, p, nEl);
        mbs.assemble();
        const model = mbs.compiled();
        const map = model.objectMaps[rod];
        expect(map.ltg).toHaveLength(6 * nodes.length);
        // no dense local matrix is allocated (analytic Jacobians, no constraint)
        expect(map.matrix).toHaveLength(0);
        const assembler = new SystemAssembler(model);
        const sparse = new SparseAssembler(model.nu);
        const s = model.data.current;
        sparse.begin();
        assembler.addODE2LhsJacobian(s, sparse, 1, 1);
        assembler.addMassMatrix(s, sparse, 1);
        const first = sparse.end();
        // node pairs within elements: n_el (p + 1)² minus the n_el − 1 shared nodes counted twice, each a full 6 × 6 block
        const blocks = nEl * (p + 1) ** 2 - (nEl - 1);
        expect(first.colPtr[model.nu], `p = ${p}, n_el = ${nEl}`).toBe(36 * blocks);
        expect(sparse.patternVersion).toBe(1);
        // another state: the same sequence of entries, so the pattern is reused
        perturbState(s, model.nodes);
        sparse.begin();
        assembler.addODE2LhsJacobian(s, sparse, 1, 1);
        assembler.addMassMatrix(s, sparse, 1);
        sparse.end();
        expect(sparse.patternChanged).toBe(false);
        expect(sparse.patternVersion).toBe(1);
        expect(maxAbs(sparse.matrix.values)).toBeGreaterThan(1e3);
        // numericalDifferentiation.forODE2 differentiates the rod numerically too (in a dense work matrix allocated
        // when the setting is made): forward differences with ε = 1e-7·max(1e-2, |q|) agree with the analytic matrix
        // to O(ε·|f''|) + O(eps·|f|/ε), below 1e-5 of its largest entry here; 1e-4 leaves a margin and still fails for
        // any missing term (O(1) relative)
        const n = model.nu;
        const toDense = (forODE2: boolean): Float64Array => {
          const matrix = new Float64Array(n * n);
          assembler.differentiation = { ...assembler.differentiation, forODE2 };
          assembler.addODE2LhsJacobian(s, { add: (row, col, value) => { matrix[row * n + col] += value; } }, 1, 1);
          return matrix;
        };
        const analytic = toDense(false), numeric = toDense(true);
        let difference = 0;
        for (let i = 0; i < n * n; i++) difference = Math.max(difference, Math.abs(numeric[i] - analytic[i]));
        expect(difference / maxAbs(analytic)).toBeLessThan(1e-4);
        expect(numeric).not.toEqual(analytic);
        assembler.differentiation = { ...assembler.differentiation, forODE2: false };
      }
    }
  });

  it('markersOnARodCoupleOnlyToTheNodesOfTheirElement', () => {
    const mbs = new SystemContainer().addSystem();
    const { rod, nodes } = addStraightRod(mbs, 2, 4);
    const ground = mbs.addObject(ObjectGround({}));
    const groundMarker = mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground, localPosition: [0.1, 0.2, 0.3] }));
    // elements of length 0.3: s = 0.5 lies in element 1 (nodes 2, 3, 4), s = 1.2 in element 3 (nodes 6, 7, 8)
    const point = mbs.addMarker(MarkerBodyPosition({ bodyNumber: rod, localPosition: [0.5, 0, 0] }));
    const frame = mbs.addMarker(MarkerBodyRigid({ bodyNumber: rod, localPosition: [1.2, 0, 0] }));
    const mass = mbs.addMarker(MarkerBodyMass({ bodyNumber: rod }));
    const spring = mbs.addObject(CartesianSpringDamper({ markerNumbers: [groundMarker, point], stiffness: [100, 200, 300] }));
    const torque = mbs.addLoad(Torque({ markerNumber: frame, loadVector: [0, 0, 1] }));
    const gravity = mbs.addLoad(Gravity({ markerNumber: mass, loadVector: [0, 0, -9.81] }));
    const epNode = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [0, 1, 0, 1, 0, 0, 0] }));
    const body = mbs.addObject(RigidBody({ nodeNumber: epNode, physicsMass: 1, physicsInertia: [1, 1, 1, 0, 0, 0] }));
    const bodyMarker = mbs.addMarker(MarkerBodyRigid({ bodyNumber: body, localPosition: [0.1, 0, 0] }));
    mbs.assemble();
    const model = mbs.compiled();
    const rodNodes = nodes.map((n) => model.nodes[n]);
    expect(model.markers[point].nodes).toEqual(rodNodes.slice(2, 5));
    expect(model.markers[point].nLocalU).toBe(18);
    expect(model.markers[frame].nodes).toEqual(rodNodes.slice(6, 9));
    // the mass marker (line loads, gravity) keeps all nodes of the rod, a rigid body's marker its node
    expect(model.markers[mass].nodes).toEqual(rodNodes);
    expect(model.markers[mass].nLocalU).toBe(54);
    expect(model.markers[bodyMarker].nodes).toEqual([model.nodes[epNode]]);
    // a connector and a load on rod markers: 18 local coordinates instead of 54
    const rodIndices = (from: number, to: number) => rodNodes.slice(from, to).flatMap((node) => [0, 1, 2, 3, 4, 5].map((j) => node.uIndex + j));
    expect(Array.from(model.objectMaps[spring].ltg)).toEqual(rodIndices(2, 5));
    expect(Array.from(model.loadMaps[torque].ltg)).toEqual(rodIndices(6, 9));
    expect(model.loadMaps[gravity].ltg).toHaveLength(54);
  });

  it('entryWiseAssemblyMatchesCentralDifferencesOfTheSystemEquations', () => {
    const mbs = new SystemContainer().addSystem();
    const { rod } = addStraightRod(mbs, 2, 3);
    const ground = mbs.addObject(ObjectGround({}));
    const g0 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground, localPosition: [0.1, 0.2, 0.3] }));
    const g1 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground }));
    const clamp = mbs.addMarker(MarkerBodyRigid({ bodyNumber: rod, localPosition: [0, 0, 0] }));
    const middle = mbs.addMarker(MarkerBodyPosition({ bodyNumber: rod, localPosition: [0.55, 0, 0] }));
    const frame = mbs.addMarker(MarkerBodyRigid({ bodyNumber: rod, localPosition: [0.95, 0, 0] }));
    mbs.addObject(CartesianSpringDamper({ markerNumbers: [g0, middle], stiffness: [100, 200, 300], damping: [1, 2, 3] }));
    mbs.addObject(GenericJoint({ markerNumbers: [g1, clamp] }));
    mbs.addLoad(Torque({ markerNumber: frame, loadVector: [0.3, -1.1, 0.7] }));
    mbs.addLoad(Force({ markerNumber: middle, loadVector: [0, 0, -2] }));
    mbs.assemble();
    const model = mbs.compiled();
    const { nu, nAE, nodes } = model;
    const s = model.data.current;
    perturbState(s, nodes);
    for (let i = 0; i < nAE; i++) s.lambda[i] = Math.sin(i + 1);
    const assembler = new SystemAssembler(model);
    const minusF = (out: Float64Array) => { assembler.computeODE2Rhs(s, out); for (let i = 0; i < nu; i++) out[i] = -out[i]; };
    for (const velocity of [false, true]) {
      const [factorQ, factorU] = velocity ? [0, 1] : [1, 0];
      const analytic = denseAccumulator(nu);
      assembler.addODE2LhsJacobian(s, analytic, factorQ, factorU);
      assembler.addLoadsJacobian(s, analytic, -factorQ, -factorU);
      // h = 1e-6 on composed increments: truncation h²|f'''| and round-off ε|f|/h both ~1e-10 of entries up to ~1e5;
      // the lhs is at most quadratic in u, so h = 1e-3 leaves round-off only (observed 7e-11 and 2e-11 relative)
      const numeric = centralDifferences(s, nodes, nu, nu, velocity, velocity ? 1e-3 : 1e-6, minusF);
      const scale = maxAbs(analytic.values);
      let error = 0;
      for (let k = 0; k < nu * nu; k++) error = Math.max(error, Math.abs(analytic.values[k] - numeric[k]));
      expect(error / scale, velocity ? '∂/∂u' : '∂/∂Δq').toBeLessThan(1e-9);
      expect(scale).toBeGreaterThan(velocity ? 10 : 1e4);
    }
    // the joint's rows C_q on the rod's first element (marker kinematics relative to the element's nodes)
    const size = nu + nAE;
    const full = denseAccumulator(size);
    assembler.addConstraintJacobian(s, full, 1, 1, 0, 0, false);
    const numericC = centralDifferences(s, nodes, nAE, nu, false, 1e-6, (out) => {
      const g = new Float64Array(nAE);
      assembler.computeAE(s, g, false);
      out.set(g);
    });
    let constraintError = 0;
    for (let r = 0; r < nAE; r++) for (let c = 0; c < nu; c++) constraintError = Math.max(constraintError, Math.abs(full.values[(nu + r) * size + c] - numericC[r * nu + c]));
    // entries ~1 (rotation matrices, unit shape functions): central-difference error ~1e-11 (observed 3e-11)
    expect(constraintError).toBeLessThan(1e-9);
  });

  it('massMatrixOfBlockSparseObjectsIsAssembledFromEntries', () => {
    const mbs = new SystemContainer().addSystem();
    const { rod } = addStraightRod(mbs, 1, 2, { ...rodParameters, physicsInertiaPerLength: [0.03, 0.01, 0.02] });
    mbs.assemble();
    const model = mbs.compiled();
    const assembler = new SystemAssembler(model);
    const m = denseAccumulator(model.nu);
    assembler.addMassMatrix(model.data.current, m, 2);
    // one mass object: the product M·a is formed from its entries as they come (shared nodes repeat positions, so the
    // sums differ from the assembled product by round-off only: relative 1e-14 for these O(1) sums of a few terms)
    expect(assembler.massCoordinatesDisjoint).toBe(true);
    const a = Float64Array.from({ length: model.nu }, (_, i) => Math.sin(i + 1));
    const product = new Float64Array(model.nu);
    assembler.multiplyMassMatrix(model.data.current, a, product);
    for (let i = 0; i < model.nu; i++) {
      let sum = 0;
      for (let j = 0; j < model.nu; j++) sum += 0.5 * m.values[i * model.nu + j] * a[j];
      expect(Math.abs(product[i] - sum)).toBeLessThan(1e-14 * Math.max(1, Math.abs(sum)));
    }
    // p = 1, two elements of length 0.6: 2·A_ρ0 L_e [1/3, 1/6] per element, the middle node gets 2/3 L_e
    const n = model.nu;
    const ltg = model.objectMaps[rod].ltg;
    expect(m.values[ltg[0] * n + ltg[0]]).toBeCloseTo(2 * 2 * 0.6 / 3, 14);
    expect(m.values[ltg[0] * n + ltg[6]]).toBeCloseTo(2 * 2 * 0.6 / 6, 14);
    expect(m.values[ltg[6] * n + ltg[6]]).toBeCloseTo(2 * 2 * 0.6 * 2 / 3, 14);
    expect(m.values[ltg[9] * n + ltg[9]]).toBeCloseTo(2 * 0.03 * 0.6 * 2 / 3, 14);
    expect(m.values[ltg[0] * n + ltg[12]]).toBe(0);
  });
});
