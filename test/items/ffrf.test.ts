import { describe, expect, it } from 'vitest';
import { Matrix } from 'ml-matrix';
import {
  SystemContainer, SimulationSettings, OutputVariableType, FlexdynError, FEMinterface, createBlockMesh, ObjectFFRFinterface,
  ObjectFFRF, NodeRigidBodyEP, NodePoint, NodeRigidBodyRxyz, EulerParameters2RotationMatrix, EulerParameters2GLocal,
  ObjectFFRFreducedOrderInterface, MarkerSuperElementPosition, MarkerSuperElementRigid, SensorSuperElement, Force, ObjectGround,
  MarkerBodyRigid, GenericJoint, type MainSystem,
} from '../../src/index.ts';
import { DenseLocalMatrix, type LocalMatrixAccumulator, type ObjectModel } from '../../src/registry/capabilities.ts';
import type { SystemState } from '../../src/model/SystemState.ts';
import { randomSequence } from '../helpers/random.ts';
import { maxAbs } from '../helpers/arrays.ts';

const steel = { youngsModulus: 2e9, poissonsRatio: 0.3, density: 7800 };

/** A 1 × 0.2 × 0.1 block (3 × 1 × 1 Hex8, consistent mass), COM at the origin, as FEMinterface. */
function blockFem(divisions: [number, number, number] = [3, 1, 1]): FEMinterface {
  const fem = new FEMinterface();
  fem.importMesh(createBlockMesh({ size: [1, 0.2, 0.1], divisions, origin: [-0.5, -0.1, -0.05] }));
  fem.computeMassAndStiffness(steel);
  return fem;
}

interface Body { mbs: MainSystem; object: ObjectModel; s: SystemState; nc: number; nodes: number[]; oFFRF: number }

function buildBody(options: Parameters<ObjectFFRFinterface['addObjectFFRF']>[1] = {}, fem = blockFem()): Body {
  const mbs = new SystemContainer().addSystem();
  const r = new ObjectFFRFinterface(fem).addObjectFFRF(mbs, { constrainRigidBodyMotion: false, ...options });
  mbs.assemble();
  const model = mbs.compiled();
  return { mbs, object: model.objects[r.oFFRF], s: model.data.current, nc: 7 + 3 * r.nodeList.length, nodes: [r.nRigidBody, ...r.nodeList], oFFRF: r.oFFRF };
}

/** A rotated frame (unit Euler parameters), deformed mesh and random velocities in s. */
function randomState(body: Body, seed: number): void {
  const random = randomSequence(seed);
  const model = body.mbs.compiled();
  const ref = model.nodes[body.nodes[0]];
  const ep = [1 + random(), random(), random(), random()];
  const norm = Math.hypot(...ep);
  for (let j = 0; j < 3; j++) body.s.q[ref.qIndex + j] = random();
  for (let j = 0; j < 4; j++) body.s.q[ref.qIndex + 3 + j] = ep[j] / norm - ref.referenceCoordinates[3 + j];
  for (let k = 0; k < 3; k++) body.s.u[ref.uIndex + k] = random();
  // ė ⟂ e keeps the rates on the unit sphere
  const w = [random(), random(), random()].map((x) => 5 * x);
  const e = ep.map((x) => x / norm);
  const g = EulerParameters2GLocal(e);
  for (let j = 0; j < 4; j++) body.s.u[ref.uIndex + 3 + j] = 0.25 * (g[0][j] * w[0] + g[1][j] * w[1] + g[2][j] * w[2]);
  for (const n of body.nodes.slice(1)) {
    const node = model.nodes[n];
    for (let j = 0; j < 3; j++) { body.s.q[node.qIndex + j] = 0.01 * random(); body.s.u[node.uIndex + j] = 0.3 * random(); }
  }
}

function dense(n: number, write: (acc: LocalMatrixAccumulator) => void): Float64Array {
  const m = new Float64Array(n * n);
  write(new DenseLocalMatrix(m, n));
  return m;
}

function localVector(body: Body, values: Float64Array): number[] {
  const model = body.mbs.compiled();
  const out: number[] = [];
  for (const n of body.nodes) { const node = model.nodes[n]; for (let j = 0; j < node.nu; j++) out.push(values[node.uIndex + j]); }
  return out;
}

/** Dense global-frame mass matrix A_bd M A_bdᵀ and the velocity transformation L = [Φ_t, −A_bd p̃ G_l, A_bd] of seed 004. */
function denseOracle(body: Body, fem: FEMinterface): { L: Matrix; Mg: Matrix } {
  const model = body.mbs.compiled();
  const ref = model.nodes[body.nodes[0]];
  const ep = [0, 1, 2, 3].map((j) => ref.referenceCoordinates[3 + j] + body.s.q[ref.qIndex + 3 + j]);
  const A = new Matrix(EulerParameters2RotationMatrix(ep));
  const G = new Matrix(EulerParameters2GLocal(ep));
  const nn = body.nodes.length - 1, nf = 3 * nn, nc = 7 + nf;
  const M = fem.getMassMatrix();
  const Md = new Matrix(nf, nf);
  for (let c = 0; c < nf; c++) for (let k = M.colPtr[c]; k < M.colPtr[c + 1]; k++) Md.set(M.rowIndex[k], c, M.values[k]);
  const Abd = new Matrix(nf, nf);
  const L = new Matrix(nf, nc);
  for (let i = 0; i < nn; i++) {
    const node = model.nodes[body.nodes[i + 1]];
    const p = [0, 1, 2].map((j) => node.referenceCoordinates[j] + body.s.q[node.qIndex + j]);
    const pt = new Matrix([[0, -p[2], p[1]], [p[2], 0, -p[0]], [-p[1], p[0], 0]]);
    const rot = A.mmul(pt).mmul(G).mul(-1);
    for (let a = 0; a < 3; a++) {
      L.set(3 * i + a, a, 1);
      for (let k = 0; k < 4; k++) L.set(3 * i + a, 3 + k, rot.get(a, k));
      for (let b = 0; b < 3; b++) { Abd.set(3 * i + a, 3 * i + b, A.get(a, b)); L.set(3 * i + a, 7 + 3 * i + b, A.get(a, b)); }
    }
  }
  return { L, Mg: Abd.mmul(Md).mmul(Abd.transpose()) };
}

/** Solves mbs dynamically with h = endTime/steps and Newton tolerances 1e-12 relative, 1e-14 absolute, so that two
 * discretizations of the same equations differ by round-off only. */
function solveWithTightNewton(mbs: MainSystem, steps: number, endTime: number): void {
  const settings = new SimulationSettings();
  settings.timeIntegration.numberOfSteps = steps;
  settings.timeIntegration.endTime = endTime;
  settings.timeIntegration.newton.relativeTolerance = 1e-12;
  settings.timeIntegration.newton.absoluteTolerance = 1e-14;
  mbs.solveDynamic(settings);
}

describe('ObjectFFRF', () => {
  it('massMatrixIsSymmetricAndEqualsLtMLOfSeed004', () => {
    const fem = blockFem();
    const body = buildBody({}, fem);
    randomState(body, 7);
    const m = dense(body.nc, (acc) => body.object.massMatrix!(body.s, acc));
    const { L, Mg } = denseOracle(body, fem);
    const oracle = L.transpose().mmul(Mg).mmul(L);
    const scale = maxAbs(m);
    let asym = 0, diff = 0;
    for (let i = 0; i < body.nc; i++) {
      for (let j = 0; j < body.nc; j++) {
        asym = Math.max(asym, Math.abs(m[i * body.nc + j] - m[j * body.nc + i]));
        diff = Math.max(diff, Math.abs(m[i * body.nc + j] - oracle.get(i, j)));
      }
    }
    // same products in another order: round-off of sums over 32 nodes, ~1e-15 relative
    expect(asym / scale).toBeLessThan(1e-13);
    expect(diff / scale).toBeLessThan(1e-12);
    // the mass of the block and the computed mass agree: M_tt = m I
    expect(m[0]).toBeCloseTo(7800 * 1 * 0.2 * 0.1, 9);
  });

  it('kineticEnergyEqualsSumOfNodalKineticEnergies', () => {
    const fem = blockFem();
    const body = buildBody({}, fem);
    randomState(body, 11);
    const T = body.mbs.getObjectOutput(body.oFFRF, OutputVariableType.KineticEnergy)[0];
    // ½ Σ_ij v_iᵀ (A M_ij Aᵀ) v_j with the global mesh-node velocities of the super element
    const nn = body.nodes.length - 1;
    const v = new Float64Array(3 * nn);
    const out = new Float64Array(3);
    for (let i = 0; i < nn; i++) {
      body.object.superElement!.meshNodeOutput(OutputVariableType.Velocity, body.s, i, out);
      v.set(out, 3 * i);
    }
    const { Mg } = denseOracle(body, fem);
    const vm = Matrix.columnVector(Array.from(v));
    const T2 = 0.5 * vm.transpose().mmul(Mg).mmul(vm).get(0, 0);
    // and ½ u̇ᵀ M u̇ from the local mass matrix
    const m = dense(body.nc, (acc) => body.object.massMatrix!(body.s, acc));
    const u = localVector(body, body.s.u);
    let T3 = 0;
    for (let i = 0; i < body.nc; i++) for (let j = 0; j < body.nc; j++) T3 += 0.5 * u[i] * m[i * body.nc + j] * u[j];
    expect(T).toBeGreaterThan(1);
    expect(Math.abs(T - T2) / T).toBeLessThan(1e-12);
    expect(Math.abs(T - T3) / T).toBeLessThan(1e-13);
  });

  it('analyticJacobiansMatchCentralDifferences', () => {
    const body = buildBody({ massProportionalDamping: 2, stiffnessProportionalDamping: 1e-4, gravity: [0, -9.81, 0] });
    randomState(body, 3);
    const nc = body.nc;
    const local = localVector(body, body.s.u).map((_, k) => k);
    const model = body.mbs.compiled();
    const qIndex: number[] = [], uIndex: number[] = [];
    for (const n of body.nodes) { const node = model.nodes[n]; for (let j = 0; j < node.nu; j++) { qIndex.push(node.qIndex + j); uIndex.push(node.uIndex + j); } }
    for (const velocity of [false, true]) {
      const analytic = dense(nc, (acc) => (velocity ? body.object.ode2Lhs_u!(body.s, acc, 1) : body.object.ode2Lhs_q!(body.s, acc, 1)));
      const x = velocity ? body.s.u : body.s.q, idx = velocity ? uIndex : qIndex;
      let error = 0;
      for (const j of local) {
        const saved = x[idx[j]];
        const h = 1e-6 * Math.max(1, Math.abs(saved));
        const f = (sign: number) => { x[idx[j]] = saved + sign * h; const r = new Float64Array(nc); body.object.ode2Lhs!(body.s, r); x[idx[j]] = saved; return r; };
        const fp = f(1), fm = f(-1);
        for (let i = 0; i < nc; i++) error = Math.max(error, Math.abs((fp[i] - fm[i]) / (2 * h) - analytic[i * nc + j]));
      }
      // central differences with h = 1e-6 of a polynomial LHS: O(h²) truncation and 1e-10 relative cancellation
      expect(error / maxAbs(analytic)).toBeLessThan(1e-7);
    }
  }, 30000);

  it('freeFloatingBodyConservesMomentumAndEnergy', () => {
    const fem = blockFem([4, 1, 1]);
    // the Tisserand constraints remove the redundancy of frame and mesh motion; they are internal, so momentum is conserved
    const body = buildBody({ initialVelocity: [0.3, -0.1, 0.2], initialAngularVelocity: [1, 2, 12], constrainRigidBodyMotion: true }, fem);
    const momentum = (): number[] => {
      const model = body.mbs.compiled();
      const nn = body.nodes.length - 1;
      const v = new Float64Array(3 * nn), x = new Float64Array(3 * nn), out = new Float64Array(3);
      for (let i = 0; i < nn; i++) {
        body.object.superElement!.meshNodeOutput(OutputVariableType.Velocity, model.data.current, i, out); v.set(out, 3 * i);
        body.object.superElement!.meshNodeOutput(OutputVariableType.Position, model.data.current, i, out); x.set(out, 3 * i);
      }
      const { Mg } = denseOracle({ ...body, s: model.data.current }, fem);
      const mv = Mg.mmul(Matrix.columnVector(Array.from(v))).getColumn(0);
      const P = [0, 0, 0], H = [0, 0, 0];
      for (let i = 0; i < nn; i++) {
        const a = [mv[3 * i], mv[3 * i + 1], mv[3 * i + 2]], r = [x[3 * i], x[3 * i + 1], x[3 * i + 2]];
        for (let k = 0; k < 3; k++) P[k] += a[k];
        H[0] += r[1] * a[2] - r[2] * a[1]; H[1] += r[2] * a[0] - r[0] * a[2]; H[2] += r[0] * a[1] - r[1] * a[0];
      }
      return [...P, ...H];
    };
    const energy = () => body.mbs.getObjectOutput(body.oFFRF, OutputVariableType.KineticEnergy)[0] + body.mbs.getObjectOutput(body.oFFRF, OutputVariableType.PotentialEnergy)[0];
    const e0 = energy(), h0 = momentum();
    const settings = new SimulationSettings();
    settings.timeIntegration.numberOfSteps = 200;
    settings.timeIntegration.endTime = 0.2;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    settings.timeIntegration.newton.relativeTolerance = 1e-12;
    settings.timeIntegration.newton.absoluteTolerance = 1e-12;
    body.mbs.solveDynamic(settings);
    const e1 = energy(), h1 = momentum();
    // the body deforms: elastic energy is exchanged with kinetic energy (centrifugal stretching)
    expect(body.mbs.getObjectOutput(body.oFFRF, OutputVariableType.PotentialEnergy)[0]).toBeGreaterThan(1e-6 * e0);
    // trapezoidal generalized-α (ρ∞ = 1), tight Newton tolerances: energy and angular momentum errors are O(h²),
    // measured 5e-8 (energy) and 3.3e-6 (|ΔH|/|H|) at h = 1e-3; linear momentum is conserved to round-off
    expect(Math.abs(e1 - e0) / e0).toBeLessThan(1e-6);
    const scaleP = Math.hypot(h0[0], h0[1], h0[2]), scaleH = Math.hypot(h0[3], h0[4], h0[5]);
    for (let k = 0; k < 3; k++) expect(Math.abs(h1[k] - h0[k]) / scaleP).toBeLessThan(1e-9);
    for (let k = 3; k < 6; k++) expect(Math.abs(h1[k] - h0[k]) / scaleH).toBeLessThan(1e-5);
  }, 30000);

  it('tisserandConstraintsKeepTheFrameAtTheMeanMotion', () => {
    const body = buildBody({ constrainRigidBodyMotion: true, initialAngularVelocity: [0, 0, 20] });
    const settings = new SimulationSettings();
    settings.timeIntegration.numberOfSteps = 50;
    settings.timeIntegration.endTime = 0.05;
    body.mbs.solveDynamic(settings);
    const g = new Float64Array(6);
    body.object.ae!(body.mbs.compiled().data.current, g, false);
    const q = localVector(body, body.mbs.compiled().data.current.q);
    expect(maxAbs(q.slice(7))).toBeGreaterThan(1e-7);
    // 6 constraints hold to the Newton tolerance (mass · displacement ≈ 16 kg · 1e-7 m scale)
    expect(maxAbs(g)).toBeLessThan(1e-10);
  }, 30000);
});

describe('ObjectFFRF bad input', () => {
  function base(mbs: MainSystem, nMesh = 2): number[] {
    const nodes = [mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [0, 0, 0, 1, 0, 0, 0] }))];
    for (let i = 0; i < nMesh; i++) nodes.push(mbs.addNode(NodePoint({ referenceCoordinates: [i, 0, 0] })));
    return nodes;
  }
  const eye = (n: number, s = 1) => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? s : 0)));

  it('rejectsNonSymmetricMassAndStiffness', () => {
    const mbs = new SystemContainer().addSystem();
    const nodes = base(mbs);
    const m = eye(6);
    m[0][1] = 0.5;
    mbs.addObject(ObjectFFRF({ nodeNumbers: nodes, massMatrixFF: m }));
    expect(() => mbs.assemble()).toThrow(/ObjectFFRF #0: massMatrixFF must be symmetric, got entry \(0, 1\) = 0.5 but \(1, 0\) = 0/);
    const mbs2 = new SystemContainer().addSystem();
    mbs2.addObject(ObjectFFRF({ nodeNumbers: base(mbs2), massMatrixFF: eye(6), stiffnessMatrixFF: { numberOfRows: 6, numberOfColumns: 6, triplets: [[2, 4, 1]] } }));
    expect(() => mbs2.assemble()).toThrow(/stiffnessMatrixFF must be symmetric, got entry \(2, 4\) = 1 but \(4, 2\) = 0/);
  });

  it('rejectsMatricesOfWrongSizeAndNodeCountMismatch', () => {
    const mbs = new SystemContainer().addSystem();
    const nodes = base(mbs);
    expect(() => mbs.addObject(ObjectFFRF({ nodeNumbers: nodes, massMatrixFF: { numberOfRows: 6, numberOfColumns: 5, triplets: [] } })))
      .toThrow(/ObjectFFRF #0: massMatrixFF must be square \(n_f × n_f\) or empty, got 6 x 5/);
    expect(() => mbs.addObject(ObjectFFRF({ nodeNumbers: nodes, massMatrixFF: { numberOfRows: 6, numberOfColumns: 6, triplets: [[6, 0, 1]] } })))
      .toThrow(/triplet 0 must have row in 0..5/);
    mbs.addObject(ObjectFFRF({ nodeNumbers: nodes, massMatrixFF: eye(9), stiffnessMatrixFF: eye(9) }));
    expect(() => mbs.assemble()).toThrow(FlexdynError);
    expect(() => mbs.assemble()).toThrow(/massMatrixFF must be 6 x 6 \(3 coordinates for each of the 2 mesh nodes\) or empty, got 9 x 9/);
  });

  it('rejectsWrongNodeTypesAndForceVectorSize', () => {
    const mbs = new SystemContainer().addSystem();
    const nodes = base(mbs);
    const rxyz = mbs.addNode(NodeRigidBodyRxyz({}));
    mbs.addObject(ObjectFFRF({ nodeNumbers: [rxyz, nodes[1], nodes[2]], massMatrixFF: eye(6) }));
    expect(() => mbs.assemble()).toThrow(/nodeNumbers entry 0 must be a RigidBodyEP node \(the reference frame\), got NodeRigidBodyRxyz #3/);
    const mbs2 = new SystemContainer().addSystem();
    const nodes2 = base(mbs2);
    mbs2.addObject(ObjectFFRF({ nodeNumbers: [nodes2[0], nodes2[1], nodes2[0]], massMatrixFF: eye(6) }));
    expect(() => mbs2.assemble()).toThrow(/nodeNumbers entry 2 must be a Point node \(3D mesh node\), got NodeRigidBodyEP #0/);
    const mbs3 = new SystemContainer().addSystem();
    mbs3.addObject(ObjectFFRF({ nodeNumbers: base(mbs3), massMatrixFF: eye(6), forceVector: [1, 2, 3] }));
    expect(() => mbs3.assemble()).toThrow(/forceVector must have 13 entries \(7 reference-frame \+ 6 flexible coordinates\) or be empty, got 3/);
  });
});

describe('ObjectFFRF and ObjectFFRFreducedOrder', () => {
  it('reducedModelWithAllFreeModesReproducesTheFullFFRFWithTisserandFrame', () => {
    // the 3n − 6 free-free modes span exactly the flexible coordinates with Φ_tᵀ M q_f = 0 and x̄̃ᵀ M q_f = 0
    const fem = blockFem([1, 1, 1]);
    const nModes = fem.nodes.length - 6;
    fem.computeEigenmodes(nModes, 6);
    const tip = fem.getNodeAtPoint([0.5, 0.1, 0.05]);
    const initial = { initialVelocity: [0.2, 0, -0.1], initialAngularVelocity: [0.5, -1, 30] };
    const run = (reduced: boolean): number[] => {
      const mbs = new SystemContainer().addSystem();
      const body = reduced
        ? new ObjectFFRFreducedOrderInterface(fem).addObjectFFRFreducedOrder(mbs, initial).oFFRFreducedOrder
        : new ObjectFFRFinterface(fem).addObjectFFRF(mbs, { ...initial, constrainRigidBodyMotion: true }).oFFRF;
      const marker = mbs.addMarker(MarkerSuperElementPosition({ bodyNumber: body, meshNodeNumbers: [tip], weightingFactors: [1] }));
      mbs.addLoad(Force({ markerNumber: marker, loadVector: [0, 2e4, 5e3] }));
      const sensor = mbs.addSensor(SensorSuperElement({ bodyNumber: body, meshNodeNumber: tip, storeInternal: true, outputVariableType: OutputVariableType.DisplacementLocal }));
      mbs.assemble();
      solveWithTightNewton(mbs, 60, 0.006);
      const rows = mbs.getSensorStoredData(sensor);
      return [...rows[Math.floor(rows.length / 2)].slice(1), ...rows[rows.length - 1].slice(1)];
    };
    const full = run(false), reduced = run(true);
    const scale = Math.max(...full.map(Math.abs));
    // the tip deflects under the load while the body spins at 30 rad/s
    expect(scale).toBeGreaterThan(1e-5);
    // both discretize the same equations; they differ by the Newton tolerance (1e-12) and round-off
    for (let k = 0; k < full.length; k++) expect(Math.abs(full[k] - reduced[k]) / scale).toBeLessThan(1e-7);
  }, 60000);
});

describe('ObjectFFRF with super-element markers', () => {
  it('clampedBlockWithRigidMarkerMatchesTheReducedModelWithAllModes', () => {
    // MarkerSuperElementRigid clamps the face x = −0.5 to a ground frame that the joint keeps fixed; a tip force bends
    // the block. Full FFRF (Tisserand frame) and reduced order with all free-free modes must agree.
    const fem = blockFem([2, 1, 1]);
    fem.computeEigenmodes(fem.nodes.length - 6, 6);
    const face = fem.getNodesInPlane([-0.5, 0, 0], [1, 0, 0]);
    const weights = fem.getNodeWeightsFromSurfaceAreas(face);
    const tip = fem.getNodeAtPoint([0.5, 0.1, 0.05]);
    const run = (reduced: boolean): number[] => {
      const mbs = new SystemContainer().addSystem();
      const body = reduced
        ? new ObjectFFRFreducedOrderInterface(fem).addObjectFFRFreducedOrder(mbs, {}).oFFRFreducedOrder
        : new ObjectFFRFinterface(fem).addObjectFFRF(mbs, { constrainRigidBodyMotion: true }).oFFRF;
      const ground = mbs.addObject(ObjectGround({}));
      const mGround = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [-0.5, 0, 0] }));
      const mClamp = mbs.addMarker(MarkerSuperElementRigid({ bodyNumber: body, meshNodeNumbers: Array.from(face), weightingFactors: Array.from(weights) }));
      mbs.addObject(GenericJoint({ markerNumbers: [mGround, mClamp], constrainedAxes: [1, 1, 1, 1, 1, 1] }));
      const mTip = mbs.addMarker(MarkerSuperElementPosition({ bodyNumber: body, meshNodeNumbers: [tip], weightingFactors: [1] }));
      mbs.addLoad(Force({ markerNumber: mTip, loadVector: [0, -4e4, 1e4] }));
      const sensor = mbs.addSensor(SensorSuperElement({ bodyNumber: body, meshNodeNumber: tip, storeInternal: true, outputVariableType: OutputVariableType.Position }));
      mbs.assemble();
      solveWithTightNewton(mbs, 40, 0.004);
      const rows = mbs.getSensorStoredData(sensor);
      return rows[rows.length - 1].slice(1).map((x, k) => x - [0.5, 0.1, 0.05][k]);
    };
    const full = run(false), reduced = run(true);
    const scale = Math.max(...full.map(Math.abs));
    // the tip moves by about 12 mm (bending) in 4 ms
    expect(scale).toBeGreaterThan(1e-2);
    // same equations in other coordinates: measured agreement 1e-13, bounded by the Newton tolerance (1e-12)
    for (let k = 0; k < 3; k++) expect(Math.abs(full[k] - reduced[k]) / scale).toBeLessThan(1e-9);
  }, 60000);
});

describe('ObjectFFRF user functions', () => {
  it('computeFFRFtermsFalseWithSeedMassMatrixAndQuadraticVelocityUserFunctionsGivesTheSameMotion', () => {
    // an independent dense implementation of seed 004: M_user = Lᵀ M L, f_user = f_v (seed form, Ġ_l θ̇ = 0 for EP)
    const fem = blockFem([1, 1, 1]);
    const nn = fem.nodes.length / 3, nf = 3 * nn;
    const Mcsc = fem.getMassMatrix();
    const M = new Matrix(nf, nf);
    for (let c = 0; c < nf; c++) for (let k = Mcsc.colPtr[c]; k < Mcsc.colPtr[c + 1]; k++) M.set(Mcsc.rowIndex[k], c, Mcsc.values[k]);
    const kinematics = (q: Float64Array) => {
      const ep = [1 + q[3], q[4], q[5], q[6]];
      const A = new Matrix(EulerParameters2RotationMatrix(ep)), G = new Matrix(EulerParameters2GLocal(ep));
      const p = Array.from({ length: nf }, (_, c) => fem.nodes[c] + q[7 + c]);
      const pt = new Matrix(nf, 3), phi = new Matrix(nf, 3);
      for (let i = 0; i < nn; i++) {
        const [x, y, z] = [p[3 * i], p[3 * i + 1], p[3 * i + 2]];
        pt.setSubMatrix([[0, -z, y], [z, 0, -x], [-y, x, 0]], 3 * i, 0);
        phi.setSubMatrix([[1, 0, 0], [0, 1, 0], [0, 0, 1]], 3 * i, 0);
      }
      return { A, G, p, pt, phi };
    };
    const massUser = (_mbs: unknown, _t: number, _i: number, q: Float64Array): number[][] => {
      const { A, G, pt, phi } = kinematics(q);
      const phiTM = phi.transpose().mmul(M);
      const out = Matrix.zeros(7 + nf, 7 + nf);
      const mtr = A.mmul(phiTM).mmul(pt).mmul(G).mul(-1), mtf = A.mmul(phiTM), mrf = G.transpose().mmul(pt.transpose()).mmul(M).mul(-1);
      out.setSubMatrix(phiTM.mmul(phi), 0, 0);
      out.setSubMatrix(mtr, 0, 3); out.setSubMatrix(mtr.transpose(), 3, 0);
      out.setSubMatrix(mtf, 0, 7); out.setSubMatrix(mtf.transpose(), 7, 0);
      out.setSubMatrix(mrf.mmul(pt).mmul(G).mul(-1), 3, 3);
      out.setSubMatrix(mrf, 3, 7); out.setSubMatrix(mrf.transpose(), 7, 3);
      out.setSubMatrix(M, 7, 7);
      return out.to2DArray();
    };
    const forceUser = (_mbs: unknown, _t: number, _i: number, q: Float64Array, qt: Float64Array): number[] => {
      const { A, G, p, pt, phi } = kinematics(q);
      const w = G.mmul(Matrix.columnVector(Array.from(qt.slice(3, 7)))).getColumn(0);
      const wt = new Matrix([[0, -w[2], w[1]], [w[2], 0, -w[0]], [-w[1], w[0], 0]]);
      const v = new Matrix(nf, 1);
      for (let i = 0; i < nn; i++) {
        const pi = Matrix.columnVector(p.slice(3 * i, 3 * i + 3)), ci = Matrix.columnVector(Array.from(qt.slice(7 + 3 * i, 10 + 3 * i)));
        v.setSubMatrix(wt.mmul(wt).mmul(pi).add(wt.mmul(ci).mul(2)), 3 * i, 0);
      }
      const mv = M.mmul(v);
      const ft = A.mmul(phi.transpose()).mmul(mv).mul(-1), fr = G.transpose().mmul(pt.transpose()).mmul(mv);
      return [...ft.getColumn(0), ...fr.getColumn(0), ...mv.mul(-1).getColumn(0)];
    };
    const run = (user: boolean): number[] => {
      const mbs = new SystemContainer().addSystem();
      const r = new ObjectFFRFinterface(fem).addObjectFFRF(mbs, { initialVelocity: [0.1, 0, 0], initialAngularVelocity: [2, -1, 25], constrainRigidBodyMotion: true });
      if (user) mbs.modifyObject(r.oFFRF, { computeFFRFterms: false, massMatrixUserFunction: massUser, forceUserFunction: forceUser });
      const tip = fem.getNodeAtPoint([0.5, 0.1, 0.05]);
      const marker = mbs.addMarker(MarkerSuperElementPosition({ bodyNumber: r.oFFRF, meshNodeNumbers: [tip], weightingFactors: [1] }));
      mbs.addLoad(Force({ markerNumber: marker, loadVector: [0, 3e4, -1e4] }));
      mbs.assemble();
      solveWithTightNewton(mbs, 30, 0.003);
      return mbs.getObjectOutput(r.oFFRF, OutputVariableType.Coordinates);
    };
    const internal = run(false), user = run(true);
    const flexible = internal.slice(7), scale = Math.max(...flexible.map(Math.abs));
    expect(scale).toBeGreaterThan(1e-6);
    // Exudyn's form of f_v equals the seed's for M = m ⊗ I₃ (consistent Hex8 mass): same motion to the Newton tolerance
    for (let k = 0; k < internal.length; k++) expect(Math.abs(internal[k] - user[k])).toBeLessThan(1e-9 * Math.max(scale, Math.abs(internal[k])));
  }, 60000);
});
