import { describe, it, expect, vi } from 'vitest';
import {
  SystemContainer, NodeRigidBodyEP, ObjectRigidBody, NodePoint, MassPoint, LinearSolverType, RigidBodyInertia, ConfigurationType, type MainSystem,
  NodeRigidBody2D, ObjectRigidBody2D,
} from '../../src/index.ts';
import { SystemAssembler } from '../../src/model/assembly.ts';
import type { BodyModel } from '../../src/registry/capabilities.ts';
import { SparseAssembler } from '../../src/linalg/sparse.ts';
import { DenseLU } from '../../src/linalg/denseLU.ts';
import { SparseLU } from '../../src/linalg/sparseLU.ts';
import { LinearSystem } from '../../src/solvers/linearSystem.ts';
import { MassMatrixStore } from '../../src/solvers/massMatrix.ts';
import { buildPerf3DRigidBodies, perf3DRigidBodiesSettings } from '../../testModels/perf3DRigidBodies.ts';
import { emitLaplacian2D, mulberry32, textbookFactors } from '../linalg/matrices.ts';

/** Two rotated Euler-parameter bodies with a COM offset and a mass point: state-dependent, disjoint mass blocks. */
function rigidBodiesAndPoint(shareNode: boolean): MainSystem {
  const mbs = new SystemContainer().addSystem();
  const inertia = new RigidBodyInertia({ mass: 2, inertiaTensor: [[0.3, 0.01, 0], [0.01, 0.2, 0.02], [0, 0.02, 0.1]], com: [0.05, -0.1, 0.025] });
  for (let i = 0; i < 2; i++) {
    const ep = [Math.cos(0.3 + i), Math.sin(0.3 + i) * 0.6, Math.sin(0.3 + i) * 0.8, 0];
    const node = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [i, 0, 0, ...ep], initialCoordinates: [0.1, 0.2, 0.3, 0, 0, 0, 0] }));
    mbs.addObject(ObjectRigidBody({ physicsMass: 2, physicsInertia: inertia.getInertia6D(), physicsCenterOfMass: Array.from(inertia.com), nodeNumber: node }));
  }
  const point = mbs.addNode(NodePoint({ referenceCoordinates: [0, 1, 0] }));
  mbs.addObject(MassPoint({ physicsMass: 3, nodeNumber: point }));
  if (shareNode) mbs.addObject(MassPoint({ physicsMass: 0.5, nodeNumber: point }));
  mbs.assemble();
  // Euler parameters off unit length (an iterate's; a start there is rejected at assemble): M(q) for any q
  const q = [...[0.1, 0.2, 0.3, 0.01, -0.02, 0.03, 0.04], ...[0.1, 0.2, 0.3, 0.01, -0.02, 0.03, 0.04], 0, 0, 0];
  mbs.systemData.setODE2Coordinates(q, ConfigurationType.Initial);
  mbs.systemData.setODE2Coordinates(q, ConfigurationType.Current);
  return mbs;
}

/** Dense accumulator for comparisons. */
class DenseTarget {
  readonly values: Float64Array;
  constructor(readonly n: number) { this.values = new Float64Array(n * n); }
  add(row: number, col: number, value: number): void { this.values[row * this.n + col] += value; }
}

describe('mass matrix without assembly', () => {
  it('gives the assembled product M(q)·a and the assembled Jacobian term bit for bit when the mass blocks are disjoint', () => {
    const mbs = rigidBodiesAndPoint(false);
    const model = mbs.compiled();
    const assembler = new SystemAssembler(model);
    expect(assembler.massCoordinatesDisjoint).toBe(true);
    const s = model.data.initial;
    const rnd = mulberry32(7);
    const a = Float64Array.from({ length: model.nu }, () => rnd() - 0.5);
    const viaLocal = new Float64Array(model.nu);
    assembler.multiplyMassMatrix(s, a, viaLocal);
    const store = new MassMatrixStore(assembler, false);
    store.update(s);
    const viaAssembled = new Float64Array(model.nu);
    store.multiply(a, viaAssembled);
    // the same floating-point operations in the same order: exactly equal, not merely close
    expect(Array.from(viaLocal)).toEqual(Array.from(viaAssembled));
    expect(viaLocal.some((x) => x !== 0)).toBe(true);
    const direct = new DenseTarget(model.nu);
    store.addAt(s, direct, 1.25);
    const assembled = new DenseTarget(model.nu);
    store.addTo(assembled, 1.25);
    expect(Array.from(direct.values)).toEqual(Array.from(assembled.values));
  });

  it('gives the same product bit for bit through the rigid body massMatrixProduct, with and without COM, on EP and Rxyz nodes', () => {
    const mbs = new SystemContainer().addSystem();
    const inertia6 = [0.3, 0.2, 0.1, 0.02, 0, 0.01];
    const bodies: Array<[string, number[], number[]]> = [
      ['RigidBodyEP', [0, 0, 0, 0.6, 0.48, 0.64, 0], [0, 0, 0]], ['RigidBodyEP', [1, 0, 0, 0.8, 0, 0.6, 0], [0.05, -0.1, 0.02]],
      ['RigidBodyRxyz', [0, 1, 0, 0.3, -0.2, 0.5], [0, 0, 0]], ['RigidBodyRxyz', [1, 1, 0, -0.4, 0.1, 0.7], [0.1, 0, -0.05]],
    ];
    for (const [nodeType, reference, com] of bodies) {
      const node = mbs.addNode({ nodeType, referenceCoordinates: reference, initialCoordinates: reference.map((_, i) => (i < 3 || nodeType === 'RigidBodyRxyz' ? 0.01 * (i + 1) : 0)) });
      mbs.addObject(ObjectRigidBody({ physicsMass: 2, physicsInertia: inertia6, physicsCenterOfMass: com, nodeNumber: node }));
    }
    mbs.assemble();
    const model = mbs.compiled();
    expect(model.objects.every((o) => typeof o.massMatrixProduct === 'function')).toBe(true);
    const assembler = new SystemAssembler(model);
    const s = model.data.initial;
    // Euler parameters off unit length, as an iterate's (M(q) for any q)
    for (const node of model.nodes) if (node.nq === 7) for (let i = 3; i < 7; i++) s.q[node.qIndex + i] += 0.01 * i;
    const rnd = mulberry32(11);
    const a = Float64Array.from({ length: model.nu }, () => rnd() - 0.5);
    const viaProduct = new Float64Array(model.nu);
    assembler.multiplyMassMatrix(s, a, viaProduct);
    const store = new MassMatrixStore(assembler, false);
    store.update(s);
    const viaAssembled = new Float64Array(model.nu);
    store.multiply(a, viaAssembled);
    expect(Array.from(viaProduct)).toEqual(Array.from(viaAssembled));
    expect(viaProduct.every((x) => x !== 0)).toBe(true);
    // bodies that do not turn (rotational accelerations ±0): the same product, zeros with their signs
    for (const node of model.nodes) for (let k = 3; k < node.nu; k++) a[node.uIndex + k] = k % 2 === 0 ? 0 : -0;
    assembler.multiplyMassMatrix(s, a, viaProduct);
    store.multiply(a, viaAssembled);
    expect(Array.from(viaProduct).every((x, k) => Object.is(x, viaAssembled[k]))).toBe(true);
    expect(viaProduct.some((x) => x !== 0)).toBe(true);
  });

  it('adds the initial accelerations\' M without the store: the store\'s values bit for bit and its massless coordinates', () => {
    for (const shareNode of [false, true]) {
      const mbs = rigidBodiesAndPoint(shareNode);
      const massless = mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, 1] })); // no object: three massless coordinates
      mbs.assemble();
      const model = mbs.compiled();
      const assembler = new SystemAssembler(model);
      const s = model.data.initial;
      for (const node of model.nodes) if (node.nq === 7) for (let i = 3; i < 7; i++) s.q[node.qIndex + i] += 0.01 * i;
      const direct = new DenseTarget(model.nu);
      const found = new MassMatrixStore(assembler, true).addWithMassless(s, direct);
      const store = new MassMatrixStore(assembler, false);
      store.update(s);
      const assembled = new DenseTarget(model.nu);
      store.addTo(assembled, 1);
      expect(Array.from(direct.values)).toEqual(Array.from(assembled.values));
      const start = model.nodes[massless].uIndex;
      expect(found).toEqual([start, start + 1, start + 2]);
    }
  });

  it('is not used when two mass objects share a node (their entries would be summed in another order)', () => {
    const assembler = new SystemAssembler(rigidBodiesAndPoint(true).compiled());
    expect(assembler.massCoordinatesDisjoint).toBe(false);
  });
});

describe('joint equations and Jacobian in one evaluation', () => {
  it('ae with its Jacobian c gives exactly the g of ae alone and the Jacobian of an index-3 call, for revolute, prismatic, generic and spherical joints (index 3 and 2)', () => {
    const mbs = new SystemContainer().addSystem();
    const inertia = new RigidBodyInertia({ mass: 1, inertiaTensor: [[0.1, 0, 0], [0, 0.2, 0], [0, 0, 0.3]] });
    const rotation = [[Math.cos(0.4), -Math.sin(0.4), 0], [Math.sin(0.4), Math.cos(0.4), 0], [0, 0, 1]];
    const b0 = mbs.createRigidBody({ inertia, referencePosition: [0.5, 0, 0], referenceRotationMatrix: rotation, initialVelocity: [0.1, 0.2, 0], initialAngularVelocity: [1, 2, 3] });
    const b1 = mbs.createRigidBody({ inertia, referencePosition: [1.5, 0.2, 0], initialVelocity: [0, -0.3, 0.1], initialAngularVelocity: [-2, 0.5, 1] });
    const ground = mbs.createGround();
    const joints = [
      mbs.createRevoluteJoint({ bodyNumbers: [ground, b0], position: [0, 0, 0], axis: [0, 0.6, 0.8] }),
      mbs.createPrismaticJoint({ bodyNumbers: [b0, b1], position: [1, 0.1, 0], axis: [1, 0, 0] }),
      mbs.createGenericJoint({ bodyNumbers: [b0, b1], position: [1, 0, 0], constrainedAxes: [0, 1, 1, 0, 0, 1] }),
      mbs.createSphericalJoint({ bodyNumbers: [b0, b1], position: [1, 0.1, 0.1] }),
    ];
    mbs.assemble();
    const model = mbs.compiled();
    const s = model.data.initial;
    const rnd = mulberry32(5);
    for (let i = 0; i < s.q.length; i++) s.q[i] = 0.05 * (rnd() - 0.5);
    for (const index of joints) {
      const joint = model.objects[index];
      const n = model.objectMaps[index].ltg.length;
      for (const useIndex2 of [false, true]) {
        const g = new Float64Array(joint.nAE), c = new Float64Array(joint.nAE * n);
        joint.ae!(s, g, useIndex2);
        joint.ae!(s, new Float64Array(joint.nAE), false, c);
        const gFused = new Float64Array(joint.nAE), cFused = new Float64Array(joint.nAE * n);
        joint.ae!(s, gFused, useIndex2, cFused);
        expect(Array.from(gFused)).toEqual(Array.from(g));
        expect(Array.from(cFused)).toEqual(Array.from(c));
        expect(c.some((x) => x !== 0)).toBe(true);
      }
    }
  });
});

describe('DenseLU on sparse saddle-point matrices', () => {
  it('skips the zeros of sparse pivot rows and still produces the factors of the full update bit for bit', () => {
    const rnd = mulberry32(99);
    const nq = 30, nc = 12, n = nq + nc;
    const a = new Float64Array(n * n);
    for (let i = 0; i < nq; i++) {
      a[i * n + i] = 1 + rnd();
      if (i + 1 < nq) { const v = 0.3 * (rnd() - 0.5); a[i * n + i + 1] = v; a[(i + 1) * n + i] = v; }
    }
    for (let c = 0; c < nc; c++) {
      for (let k = 0; k < 3; k++) {
        const j = (c * 5 + k * 7) % nq;
        const v = rnd() - 0.5;
        a[(nq + c) * n + j] = v;
        a[j * n + nq + c] = v;
      }
    }
    const lu = new DenseLU(n);
    lu.matrix.set(a);
    expect(lu.factorize()).toBe(true);
    const reference = a.slice();
    textbookFactors(reference, n);
    // subtracting l·0 changes nothing: the factors are exactly equal, not merely close
    expect(Array.from(lu.matrix)).toEqual(Array.from(reference));
  });
});

describe('sparse analysis choice', () => {
  it('keeps the factors of a rigid-body chain Jacobian sparse where the default analysis fills more than 3 × nnz(A)', () => {
    const mbs = new SystemContainer().addSystem();
    buildPerf3DRigidBodies(mbs, 100);
    mbs.assemble();
    // one step away from the reference configuration: there the default analysis' pivots leave its plan
    mbs.solveDynamic(perf3DRigidBodiesSettings(1));
    const model = mbs.compiled();
    const assembler = new SystemAssembler(model);
    const s = model.data.current;
    const n = model.nu + model.nAE;
    const system = new LinearSystem(n, LinearSolverType.EigenSparse);
    const pattern = new SparseAssembler(n);
    const h = 1e-3, beta = 0.3086, gamma = 0.6111;
    for (const target of [system, pattern]) {
      if (target === system) system.begin(); else pattern.begin();
      assembler.addMassMatrix(s, target, 1.2);
      assembler.addODE2LhsJacobian(s, target, beta * h * h, gamma * h);
      assembler.addConstraintJacobian(s, target, 1, 1, 1, 1 / (beta * h * h), false);
    }
    expect(system.factorize().ok).toBe(true);
    const nnz = pattern.end().colPtr[n];
    expect(system.factorNonzeros).toBeLessThan(2 * nnz);
    const defaultAnalysis = new SparseLU();
    expect(defaultAnalysis.analyze(pattern.matrix)).toBe(true);
    expect(defaultAnalysis.nnzL + defaultAnalysis.nnzU).toBeGreaterThan(3 * nnz);
    const rnd = mulberry32(3);
    const b = Float64Array.from({ length: n }, () => rnd() - 0.5);
    const x = new Float64Array(n);
    system.solve(b, x);
    const m = pattern.matrix;
    const r = Float64Array.from(b);
    for (let j = 0; j < n; j++) for (let k = m.colPtr[j]; k < m.colPtr[j + 1]; k++) r[m.rowIndex[k]] -= m.values[k] * x[j];
    // backward-stable LU: residual ~ n ε ‖A‖‖x‖; 1e-9 relative to ‖b‖ is far above round-off and far below any wrong factor
    const norm = (v: Float64Array) => Math.sqrt(v.reduce((sum, y) => sum + y * y, 0));
    expect(norm(r) / norm(b)).toBeLessThan(1e-9);
  });

  it('keeps the analysis with the least fill when none stays within 3 × nnz(A) (the analyses then run to the end)', () => {
    // the 2D grid Laplacian fills more than 3 × nnz(A) under every ordering
    const m = 30, n = m * m;
    const system = new LinearSystem(n, LinearSolverType.EigenSparse);
    system.begin();
    emitLaplacian2D(m, (row, col, value) => system.add(row, col, value));
    expect(system.factorize().ok).toBe(true);
    const pattern = new SparseAssembler(n);
    pattern.begin();
    emitLaplacian2D(m, (row, col, value) => pattern.add(row, col, value));
    const matrix = pattern.end();
    const fills = [{}, { ordering: 'rcm' as const }, { pivotThreshold: 0.01 }].map((options) => {
      const lu = new SparseLU(options);
      expect(lu.analyze(matrix)).toBe(true);
      return lu.nnzL + lu.nnzU;
    });
    expect(Math.min(...fills)).toBeGreaterThan(3 * matrix.colPtr[n]);
    expect(system.factorNonzeros).toBe(Math.min(...fills));
  });

  it('gives the memories of the analyses it does not keep back to the pool, those of a replaced pattern and, on release, the kept one', () => {
    const release = vi.spyOn(SparseLU.prototype, 'release');
    const m = 30, n = m * m;
    const system = new LinearSystem(n, LinearSolverType.EigenSparse);
    system.begin();
    emitLaplacian2D(m, (row, col, value) => system.add(row, col, value));
    expect(system.factorize().ok).toBe(true);
    // three analyses, none within 3 × nnz(A): the two not kept released
    expect(release).toHaveBeenCalledTimes(2);
    const first = (system as unknown as { sparseLU: SparseLU }).sparseLU;
    expect(release.mock.contexts).not.toContain(first);
    const rnd = mulberry32(4);
    const b = Float64Array.from({ length: n }, () => rnd() - 0.5);
    const x = new Float64Array(n);
    system.solve(b, x);
    // another pattern (a diagonal entry more in every row): the earlier factors released before its analyses
    system.begin();
    emitLaplacian2D(m, (row, col, value) => system.add(row, col, value));
    for (let i = 0; i < n; i += 2) system.add(i, (i + 1) % n, 0.5);
    expect(system.factorize().ok).toBe(true);
    expect(release.mock.contexts[2]).toBe(first);
    const calls = release.mock.calls.length;
    system.release();
    expect(release).toHaveBeenCalledTimes(calls + 1);
    expect(() => system.solve(b, x)).toThrow(/no valid factorization/);
    release.mockRestore();
  });
});

describe('rigid body COM coupling kept per rotation coordinates', () => {
  it('gives the mass product and the mass-proportional load of a fresh coupling bit for bit over changing, repeated and signed-zero states (EP and Rxyz)', () => {
    const mbs = new SystemContainer().addSystem();
    const inertia6 = [0.3, 0.2, 0.1, 0.02, 0, 0.01];
    const bodies: Array<[string, number[], number[]]> = [
      ['RigidBodyEP', [1, 0, 0, 0.8, 0, 0.6, 0], [0.05, -0.1, 0.02]], ['RigidBodyRxyz', [1, 1, 0, -0.4, 0.1, 0.7], [0.1, 0, -0.05]],
    ];
    for (const [nodeType, reference, com] of bodies) {
      const node = mbs.addNode({ nodeType, referenceCoordinates: reference });
      mbs.addObject(ObjectRigidBody({ physicsMass: 2, physicsInertia: inertia6, physicsCenterOfMass: com, nodeNumber: node }));
    }
    mbs.assemble();
    const model = mbs.compiled();
    const assembler = new SystemAssembler(model);
    const store = new MassMatrixStore(assembler, false);
    const s = model.data.current;
    const rnd = mulberry32(5);
    const b = [0.3, -9.81, 0.7];
    const rotationStates: number[][][] = [];
    for (let k = 0; k < 12; k++) rotationStates.push(model.nodes.map((node) => Array.from({ length: node.nq - 3 }, () => 0.1 * (rnd() - 0.5))));
    // the same state again, one coordinate changed, and zeros of both signs
    rotationStates.push(rotationStates[11], rotationStates[11].map((r) => [r[0], 0.05, ...r.slice(2)]));
    rotationStates.push(model.nodes.map((node) => new Array(node.nq - 3).fill(0)), model.nodes.map((node) => new Array(node.nq - 3).fill(-0)));
    for (const rotations of rotationStates) {
      model.nodes.forEach((node, i) => rotations[i].forEach((value, j) => { s.q[node.qIndex + 3 + j] = value; }));
      const a = Float64Array.from({ length: model.nu }, () => rnd() - 0.5);
      // the load first (as in a residual after the product, or alone), then the product, then the load again
      for (const [o, object] of model.objects.entries()) {
        const n = model.nodes[o].nu, first = model.nodes[o].uIndex;
        store.update(s);
        const m = new DenseTarget(model.nu);
        store.addTo(m, 1);
        const expected = new Float64Array(n);
        for (let r = 0; r < 3; r++) expected[r] += 2 * b[r];
        for (let j = 3; j < n; j++) {
          const at = (r: number): number => m.values[(first + r) * model.nu + first + j];
          expected[j] += at(0) * b[0] + at(1) * b[1] + at(2) * b[2];
        }
        for (let repeat = 0; repeat < 2; repeat++) {
          const f = new Float64Array(n);
          (object as unknown as BodyModel).massProportionalForce!(s, b, f);
          expect(Array.from(f)).toEqual(Array.from(expected));
          const viaProduct = new Float64Array(model.nu);
          assembler.multiplyMassMatrix(s, a, viaProduct);
          const viaAssembled = new Float64Array(model.nu);
          store.multiply(a, viaAssembled);
          expect(Array.from(viaProduct)).toEqual(Array.from(viaAssembled));
        }
      }
    }
  });
});

describe('RigidBody2D mass product without the local matrix', () => {
  it('gives the assembled product bit for bit, with and without COM, at random angles and accelerations', () => {
    const mbs = new SystemContainer().addSystem();
    for (const com of [[0, 0], [0.5, -0.2], [0, 0.3]]) {
      const node = mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [com[0], 1, 0.2] }));
      mbs.addObject(ObjectRigidBody2D({ physicsMass: 12, physicsInertia: 4, physicsCenterOfMass: com, nodeNumber: node }));
    }
    mbs.assemble();
    const model = mbs.compiled();
    expect(model.objects.every((o) => typeof o.massMatrixProduct === 'function')).toBe(true);
    const assembler = new SystemAssembler(model);
    const store = new MassMatrixStore(assembler, false);
    const s = model.data.current;
    const rnd = mulberry32(13);
    for (let trial = 0; trial < 20; trial++) {
      for (const node of model.nodes) s.q[node.qIndex + 2] = 4 * (rnd() - 0.5);
      const a = Float64Array.from({ length: model.nu }, () => rnd() - 0.5);
      const viaProduct = new Float64Array(model.nu);
      assembler.multiplyMassMatrix(s, a, viaProduct);
      store.update(s);
      const viaAssembled = new Float64Array(model.nu);
      store.multiply(a, viaAssembled);
      expect(Array.from(viaProduct)).toEqual(Array.from(viaAssembled));
      expect(viaProduct.every((x) => x !== 0)).toBe(true);
    }
  });
});
