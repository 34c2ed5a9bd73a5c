import { describe, expect, it } from 'vitest';
import {
  SystemContainer, NodeRigidBodyQuaternion, NodeRigidBodyEP, CosseratRod, RigidBody, ObjectGround, MarkerBodyRigid, GenericJoint,
  FEMinterface, createBlockMesh, ObjectFFRFinterface, LinearSolverType, NodeRigidBody2D, ObjectBeamGeometricallyExact2D, type MainSystem,
} from '../../src/index.ts';
import { SystemAssembler, type MatrixAccumulator } from '../../src/model/assembly.ts';
import { SparseAssembler, cscMultiply, type CscMatrix } from '../../src/linalg/sparse.ts';
import { LinearSystem } from '../../src/solvers/linearSystem.ts';
import { MassMatrixStore } from '../../src/solvers/massMatrix.ts';
import type { SystemState } from '../../src/model/SystemState.ts';
import { randomSequence } from '../helpers/random.ts';

/** Dense accumulator with add only: the assembler and the objects then go entry by entry (the fallback of the block entry points). */
class EntryByEntry implements MatrixAccumulator {
  readonly values: Float64Array;
  calls = 0;
  constructor(readonly n: number) { this.values = new Float64Array(n * n); }
  add(row: number, col: number, value: number): void { this.values[row * this.n + col] += value; this.calls++; }
}

function toDense(a: CscMatrix): Float64Array {
  const out = new Float64Array(a.n * a.n);
  for (let j = 0; j < a.n; j++) for (let k = a.colPtr[j]; k < a.colPtr[j + 1]; k++) out[a.rowIndex[k] * a.n + j] += a.values[k];
  return out;
}

/** Mass matrix, ODE2 Jacobian (q and u parts with factors as in generalized-α) and constraint blocks into target. */
function assembleAll(assembler: SystemAssembler, s: SystemState, target: MatrixAccumulator): void {
  assembler.addMassMatrix(s, target, 1);
  assembler.addODE2LhsJacobian(s, target, 0.75, 1.5e-2);
  assembler.addLoadsJacobian(s, target, -0.75, -1.5e-2);
  assembler.addConstraintJacobian(s, target, 1, 0.5, 1.25, 1, false);
}

/**
 * The same system matrix entry by entry (add only) and through the block entry points of the sparse assembler (first
 * assembly: pattern built; second: the stored pattern matched): equal bit for bit, since the block entry points add the
 * same values in the same order at each position.
 */
function expectBlocksEqualEntries(mbs: MainSystem, seed: number): { entries: number } {
  const model = mbs.compiled();
  const s = model.data.current;
  const random = randomSequence(seed);
  for (let i = 0; i < model.nu; i++) s.u[i] = random();
  for (let i = 0; i < model.nAE; i++) s.lambda[i] = random();
  const n = model.nu + model.nAE;
  const assembler = new SystemAssembler(model);
  const reference = new EntryByEntry(n);
  assembleAll(assembler, s, reference);
  const sparse = new SparseAssembler(n);
  for (let pass = 0; pass < 2; pass++) {
    sparse.begin();
    assembleAll(assembler, s, sparse);
    const matrix = sparse.end();
    expect(sparse.patternVersion).toBe(1);
    expect(Array.from(toDense(matrix))).toEqual(Array.from(reference.values));
  }
  // the dense linear system's own block path: the same matrix, hence the same LU and solution of J x = b (a unit
  // diagonal added to both keeps the factorization regular)
  const direct = new LinearSystem(n, LinearSolverType.EXUdense);
  const viaEntries = new LinearSystem(n, LinearSolverType.EXUdense);
  direct.begin();
  viaEntries.begin();
  assembleAll(assembler, s, direct);
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (reference.values[r * n + c] !== 0) viaEntries.add(r, c, reference.values[r * n + c]);
  for (let r = 0; r < n; r++) { direct.add(r, r, 1); viaEntries.add(r, r, 1); }
  expect(direct.factorize().ok).toBe(true);
  expect(viaEntries.factorize().ok).toBe(true);
  const b = Float64Array.from({ length: n }, () => random());
  const x1 = new Float64Array(n), x2 = new Float64Array(n);
  direct.solve(b, x1);
  viaEntries.solve(b, x2);
  expect(Array.from(x1)).toEqual(Array.from(x2));
  expect(reference.values.some((v) => v !== 0)).toBe(true);
  return { entries: reference.calls };
}

describe('block and entry-list entry points of the assembly', () => {
  it('giveTheEntryByEntryMatrixOfARodWithAndWithoutDampingBitForBit', () => {
    for (const damped of [true, false]) {
      const mbs = new SystemContainer().addSystem();
      const nodes = Array.from({ length: 7 }, (_, i) => mbs.addNode(NodeRigidBodyQuaternion({ referenceCoordinates: [0.2 * i, 0, 0, 1, 0, 0, 0] })));
      const rod = mbs.addObject(CosseratRod({ interpolation: 'R12', formulation: 'displacement',
        nodeNumbers: nodes, polynomialDegree: 2,
        physicsAxialShearStiffness: [1e4, 4e3, 3e3], physicsBendingTorsionStiffness: [20, 30, 45],
        physicsMassPerLength: 2, physicsInertiaPerLength: [0.02, 0.01, 0.015],
        ...(damped ? { physicsAxialShearDamping: [5, 3, 2], physicsBendingTorsionDamping: [0.2, 0.3, 0.1] } : {}),
      }));
      const ground = mbs.addObject(ObjectGround({}));
      mbs.addObject(GenericJoint({ markerNumbers: [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground })), mbs.addMarker(MarkerBodyRigid({ bodyNumber: rod, localPosition: [0, 0, 0] }))] }));
      mbs.assemble();
      // without damping ∂lhs/∂u has only the gyroscopic (φ, φ) blocks: 3 × 3 sub-blocks of the element matrix
      expect(expectBlocksEqualEntries(mbs, damped ? 3 : 4).entries).toBeGreaterThan(3 * 18 * 18);
    }
  });

  it('giveTheEntryByEntryMatrixOfRigidBodiesOnJointsBitForBit', () => {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.addObject(ObjectGround({}));
    let previous = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground }));
    for (let i = 0; i < 3; i++) {
      const node = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [i + 0.5, 0, 0, 1, 0, 0, 0], initialCoordinates: [0.01, 0.02, -0.01, 0, 0, 0, 0] }));
      const body = mbs.addObject(RigidBody({ nodeNumber: node, physicsMass: 2, physicsInertia: [0.1, 0.2, 0.3, 0.01, 0, 0.02] }));
      mbs.addObject(GenericJoint({ markerNumbers: [previous, mbs.addMarker(MarkerBodyRigid({ bodyNumber: body, localPosition: [-0.5, 0, 0] }))], constrainedAxes: [1, 1, 1, 1, 1, 0] }));
      previous = mbs.addMarker(MarkerBodyRigid({ bodyNumber: body, localPosition: [0.5, 0, 0] }));
    }
    mbs.assemble();
    expectBlocksEqualEntries(mbs, 5);
  });

  it('giveTheEntryByEntryMatrixOfAFullFFRFBodyBitForBit', () => {
    const fem = new FEMinterface();
    fem.importMesh(createBlockMesh({ size: [1, 0.2, 0.1], divisions: [3, 1, 1], origin: [-0.5, -0.1, -0.05] }));
    fem.computeMassAndStiffness({ youngsModulus: 2e9, poissonsRatio: 0.3, density: 7800 });
    const mbs = new SystemContainer().addSystem();
    const body = new ObjectFFRFinterface(fem).addObjectFFRF(mbs, { constrainRigidBodyMotion: false, stiffnessProportionalDamping: 1e-3 });
    mbs.assemble();
    const model = mbs.compiled();
    const ref = model.nodes[body.nRigidBody];
    // a rotated frame: all reference-frame blocks are non-zero
    const ep = [0.9, 0.3, -0.2, 0.1], norm = Math.hypot(...ep);
    for (let j = 0; j < 4; j++) model.data.current.q[ref.qIndex + 3 + j] = ep[j] / norm - ref.referenceCoordinates[3 + j];
    // 16 nodes: n_c = 55; K, D and M of the flexible block, the 7-wide rigid rows and columns
    expect(expectBlocksEqualEntries(mbs, 6).entries).toBeGreaterThan(55 * 14);
  });

  it('matchesAChangedPatternInsideABlockAndRebuilds', () => {
    // 3 × 3 block at rows/cols through index maps, then a list; the second assembly differs in the middle of the block
    const n = 6;
    const rowMap = Int32Array.from([4, 1, 3]), colMap = Int32Array.from([0, 5, 2]);
    const block = Float64Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const listRows = Int32Array.from([0, 2, 0]), listCols = Int32Array.from([1, 1, 1]), listValues = Float64Array.from([0.5, -1.5, 0.25]);
    const viaBlocks = new SparseAssembler(n);
    const viaAdds = new SparseAssembler(n);
    const assemble = (changed: boolean) => {
      const cols = changed ? Int32Array.from([0, 4, 2]) : colMap;
      viaBlocks.begin();
      viaAdds.begin();
      // transposed access: element (i, j) = block[3 j + i]
      viaBlocks.addBlock(rowMap, 0, cols, 0, 3, 3, block, 0, 1, 3, -2);
      viaBlocks.addEntries(rowMap, colMap, listRows, listCols, listValues, 3, 3);
      for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) viaAdds.add(rowMap[i], cols[j], -2 * block[3 * j + i]);
      for (let e = 0; e < 3; e++) viaAdds.add(rowMap[listRows[e]], colMap[listCols[e]], 3 * listValues[e]);
      return [viaBlocks.end(), viaAdds.end()];
    };
    for (const changed of [false, false, true, true]) {
      const [a, b] = assemble(changed);
      expect(viaBlocks.patternChanged).toBe(viaAdds.patternChanged);
      expect(Array.from(a.colPtr)).toEqual(Array.from(b.colPtr));
      expect(Array.from(a.rowIndex)).toEqual(Array.from(b.rowIndex));
      expect(Array.from(a.values)).toEqual(Array.from(b.values));
    }
    // (4, 5) then (4, 4): -2·block[3] = -8 moved to the new column; the list adds 3·(0.5 + 0.25) at (4, 5)
    expect(toDense(viaBlocks.matrix)[4 * n + 4]).toBe(-8);
    expect(toDense(viaBlocks.matrix)[4 * n + 5]).toBe(2.25);
    expect(viaBlocks.patternVersion).toBe(2);
  });

  it('addsTheStoredMassMatrixInOneListWithTheColumnOfEachEntry', () => {
    const mbs = new SystemContainer().addSystem();
    const nodes = Array.from({ length: 5 }, (_, i) => mbs.addNode(NodeRigidBodyQuaternion({ referenceCoordinates: [0.25 * i, 0, 0, 1, 0, 0, 0] })));
    mbs.addObject(CosseratRod({ interpolation: 'R12', formulation: 'displacement',
      nodeNumbers: nodes, polynomialDegree: 2, physicsAxialShearStiffness: [1e4, 4e3, 3e3], physicsBendingTorsionStiffness: [20, 30, 45],
      physicsMassPerLength: 2, physicsInertiaPerLength: [0.02, 0.01, 0.015],
    }));
    mbs.assemble();
    const model = mbs.compiled();
    const assembler = new SystemAssembler(model);
    const store = new MassMatrixStore(assembler, true);
    store.update(model.data.current);
    const viaList = new SparseAssembler(model.nu);
    viaList.begin();
    store.addTo(viaList, 0.5);
    const entries = new EntryByEntry(model.nu);
    store.addTo(entries, 0.5);
    expect(Array.from(toDense(viaList.end()))).toEqual(Array.from(entries.values));
    // two quadratic elements: the stored entries of M, one add call each
    expect(entries.calls).toBe(viaList.matrix.colPtr[model.nu]);
    expect(entries.values[0]).toBeGreaterThan(0);
  });

  it('multipliesAKeptMassMatrixWithoutItsZerosToTheSameBits', () => {
    // planar beams: the consistent mass couples no position with an angle coordinate, so two thirds of the stored
    // entries are exact zeros; the product leaves them out and must give the sums of the full product, bit for bit
    const mbs = new SystemContainer().addSystem();
    const nodes = Array.from({ length: 6 }, (_, i) => mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [0.5 * i, 0.1 * i * i, 0.2 * i] })));
    for (let i = 0; i < 5; i++) {
      mbs.addObject(ObjectBeamGeometricallyExact2D({ nodeNumbers: [nodes[i], nodes[i + 1]], physicsLength: 0.5, physicsMassPerLength: 7.8 + i, physicsCrossSectionInertia: 0.013,
        physicsBendingStiffness: 1, physicsAxialStiffness: 1, physicsShearStiffness: 1 }));
    }
    mbs.assemble();
    const model = mbs.compiled();
    const store = new MassMatrixStore(new SystemAssembler(model), true);
    store.update(model.data.current);
    const full = new SparseAssembler(model.nu);
    full.begin();
    store.addTo(full, 1);
    const matrix = full.end();
    let zeros = 0;
    for (let k = 0; k < matrix.colPtr[model.nu]; k++) if (matrix.values[k] === 0) zeros++;
    expect(zeros).toBeGreaterThan(matrix.colPtr[model.nu] / 2);
    const random = randomSequence(5);
    const a = new Float64Array(model.nu), product = new Float64Array(model.nu), reference = new Float64Array(model.nu);
    for (let trial = 0; trial < 10; trial++) {
      for (let i = 0; i < model.nu; i++) a[i] = trial === 0 ? i % 2 : 10 * random();
      store.multiply(a, product);
      cscMultiply(matrix, a, reference);
      for (let i = 0; i < model.nu; i++) expect(Object.is(product[i], reference[i]), `trial ${trial}, entry ${i}`).toBe(true);
    }
  });
});
