import type { PositionMarkerModel, RigidMarkerModel } from '../../src/registry/capabilities.ts';
import { describe, it, expect } from 'vitest';
import ndarray from 'ndarray';
import {
  SystemContainer, SimulationSettings, OutputVariableType, FEMinterface, ObjectFFRFreducedOrderInterface, ObjectFFRFreducedOrder,
  NodeRigidBodyEP, NodeGenericODE2, ObjectGround, MarkerBodyRigid, MarkerSuperElementPosition, MarkerSuperElementRigid, SensorSuperElement,
  ObjectJointGeneric, AngularVelocity2EulerParameters_t, createBlockMesh, cscMultiply, type MainSystem,
} from '../../src/index.ts';

/** A free steel-like block 0.4 × 0.1 × 0.1 m (Hex8 4 × 1 × 1) with 6 free-free modes and soft material (E = 1e7) for visible deformation. */
function blockFEM(): FEMinterface {
  const fem = new FEMinterface();
  fem.importMesh(createBlockMesh({ size: [0.4, 0.1, 0.1], divisions: [4, 1, 1] }));
  fem.computeMassAndStiffness({ youngsModulus: 1e7, poissonsRatio: 0.3, density: 1000 });
  fem.computeEigenmodes(6, 6);
  return fem;
}

/** ObjectFFRFreducedOrder on cms with given initial modal coordinates/velocities and rigid-body motion; internal terms or the interface's user functions. */
function addBody(mbs: MainSystem, cms: ObjectFFRFreducedOrderInterface, zeta: number[], zetaT: number[], userFunctions: boolean) {
  const ep = [Math.cos(0.2), Math.sin(0.2) * 0.6, 0, Math.sin(0.2) * 0.8];
  const omega = [3, -2, 40];
  const nRigid = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [0.1, 0.2, 0.3, ...ep], initialVelocities: [1, 0.5, -0.2, ...AngularVelocity2EulerParameters_t(omega, ep)] }));
  const nModal = mbs.addNode(NodeGenericODE2({ numberOfODE2Coordinates: cms.nModes, referenceCoordinates: zeta.map(() => 0), initialCoordinates: zeta, initialCoordinates_t: zetaT }));
  // the interface's user functions read the reference Euler parameters of the last addObjectFFRFreducedOrder; set them through a dummy system
  cms.addObjectFFRFreducedOrder(new SystemContainer().addSystem(), { eulerParametersRef: ep });
  const common = {
    nodeNumbers: [nRigid, nModal], massMatrixReduced: cms.massMatrixReduced, stiffnessMatrixReduced: cms.stiffnessMatrixReduced,
    modeBasis: cms.modeBasis, referencePositions: cms.xRef,
  };
  const oBody = userFunctions
    ? mbs.addObject(ObjectFFRFreducedOrder({
      ...common, computeFFRFterms: false,
      massMatrixUserFunction: (_m: unknown, _t: number, _i: number, q: Float64Array) => cms.ufMassFFRFreducedOrder(q),
      forceUserFunction: (_m: unknown, _t: number, _i: number, q: Float64Array, qt: Float64Array) => cms.ufForceFFRFreducedOrder(q, qt),
    }))
    : mbs.addObject(ObjectFFRFreducedOrder({
      ...common, physicsMass: cms.totalMass, physicsInertia: cms.inertiaLocal, physicsCenterOfMass: cms.chiU,
      mPsiTildePsi: cms.mPsiTildePsi, mPsiTildePsiTilde: cms.mPsiTildePsiTilde, mPhitTPsi: cms.mPhitTPsi, mPhitTPsiTilde: cms.mPhitTPsiTilde,
      mXRefTildePsi: cms.mXRefTildePsi, mXRefTildePsiTilde: cms.mXRefTildePsiTilde,
    }));
  return { nRigid, nModal, oBody };
}

describe('ObjectFFRFreducedOrderInterface', () => {
  const fem = blockFEM();
  const cms = new ObjectFFRFreducedOrderInterface(fem);

  it('reduces the mass matrix to the identity (M-normalized modes) and gives the rigid-body mass data of the FE model', () => {
    // modes are M-orthonormal: Ψᵀ M Ψ = I to the eigen solver's accuracy (1e-10 covers its residual tolerance)
    cms.massMatrixReduced.forEach((row, i) => row.forEach((v, j) => expect(Math.abs(v - (i === j ? 1 : 0))).toBeLessThan(1e-10)));
    const inertia = fem.getRigidBodyInertia();
    // m = ρV = 1000·0.004 = 4 kg; χ = block centre; Θ = FEMinterface's own x̃ᵀMx̃ (independent loop over the CSC entries)
    expect(cms.totalMass).toBeCloseTo(4, 12);
    expect(cms.chiU[0]).toBeCloseTo(0.2, 12);
    expect(cms.chiU[1]).toBeCloseTo(0.05, 12);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) expect(cms.inertiaLocal[i][j]).toBeCloseTo(inertia.inertiaTensor[i][j], 12);
    // K_red = diag(ω²) of the modes
    const lambda = fem.eigenValues!;
    cms.stiffnessMatrixReduced.forEach((row, i) => expect(Math.abs(row[i] - lambda[i]) / lambda[i]).toBeLessThan(1e-8));
  });

  it('forms the invariants Ψ̃ᵀMΨ̃, Ψ̃ᵀMΨ, Φ_tᵀMΨ̃ bit for bit as sums over all rows (its sums leave out the zero entries)', () => {
    const basis = fem.modeBasis!;
    const [n, m] = basis.shape;
    const M = fem.getMassMatrix();
    // the stacked skew matrices of each mode, skew(v) = [[0, −v₂, v₁], [v₂, 0, −v₀], [−v₁, v₀, 0]] per node, and Φ_t = [I; I; …]
    const column = (f: (i: number) => number) => Float64Array.from({ length: n }, (_, i) => f(i));
    const skew = (v: (i: number) => number, b: number) => column((i) => {
      const a = i % 3, base = i - a;
      return a === b ? 0 : (b - a + 3) % 3 === 1 ? -v(base + 3 - a - b) : v(base + 3 - a - b);
    });
    const psi = Array.from({ length: m }, (_, j) => column((i) => basis.get(i, j)));
    const psiTilde = psi.flatMap((p) => [0, 1, 2].map((b) => skew((i) => p[i], b)));
    const phi = [0, 1, 2].map((b) => column((i) => (i % 3 === b ? 1 : 0)));
    const times = (a: Float64Array[], b: Float64Array[]) => a.map((ai) => b.map((bj) => {
      const mb = new Float64Array(n);
      cscMultiply(M, bj, mb);
      let sum = 0;
      for (let k = 0; k < n; k++) sum += ai[k] * mb[k];
      return sum;
    }));
    expect(cms.mPsiTildePsiTilde).toEqual(times(psiTilde, psiTilde));
    expect(cms.mPsiTildePsi).toEqual(times(psiTilde, psi));
    expect(cms.mPhitTPsiTilde).toEqual(times(phi, psiTilde));
  });

  it('takes a mode basis of any strides (a row-major copy, a transposed view) and reduces it exactly as the column-major one', () => {
    const basis = fem.modeBasis!;
    const [n, m] = basis.shape;
    const rowMajor = new Float64Array(n * m);
    for (let i = 0; i < n; i++) for (let j = 0; j < m; j++) rowMajor[i * m + j] = basis.get(i, j);
    const transposed = ndarray(rowMajor, [m, n], [1, m]).transpose(1, 0); // n × m view with strides [m, 1]
    for (const other of [ndarray(rowMajor, [n, m], [m, 1]), transposed]) {
      const reduced = new ObjectFFRFreducedOrderInterface(fem, other);
      expect(reduced.modeBasis).toEqual(cms.modeBasis);
      expect(reduced.massMatrixReduced).toEqual(cms.massMatrixReduced);
      expect(reduced.mPsiTildePsi).toEqual(cms.mPsiTildePsi);
    }
  });

  it('internal FFRF terms equal the independent dense user-function implementation (mass matrix and left-hand side)', () => {
    const zeta = [2e-3, -1e-3, 5e-4, 3e-3, -2e-3, 1e-3], zetaT = [0.1, -0.3, 0.2, 0.05, 0.4, -0.1];
    const values = [false, true].map((uf) => {
      const mbs = new SystemContainer().addSystem();
      const { oBody } = addBody(mbs, cms, zeta, zetaT, uf);
      mbs.assemble();
      return { energy: mbs.getObjectOutput(oBody, OutputVariableType.KineticEnergy)[0], force: mbs.getObjectOutput(oBody, OutputVariableType.Force) };
    });
    // the same formulas summed in another order: equal to round-off (1e-12 relative to the largest entry)
    expect(Math.abs(values[0].energy - values[1].energy) / values[0].energy).toBeLessThan(1e-12);
    const scale = Math.max(...values[0].force.map(Math.abs));
    expect(scale).toBeGreaterThan(1);
    values[0].force.forEach((f, i) => expect(Math.abs(f - values[1].force[i])).toBeLessThan(1e-12 * scale));
  });

  it('conserves energy of a free spinning, vibrating body (trapezoidal rule, no damping)', () => {
    const mbs = new SystemContainer().addSystem();
    const zetaT = [0.5, -0.3, 0.4, 0.2, -0.6, 0.3];
    const { oBody } = addBody(mbs, cms, [2e-3, 0, 0, 1e-3, 0, 0], zetaT, false);
    mbs.assemble();
    const energy = () => mbs.getObjectOutput(oBody, OutputVariableType.KineticEnergy)[0] + mbs.getObjectOutput(oBody, OutputVariableType.PotentialEnergy)[0];
    const e0 = energy();
    // energy of the vibration alone (M_red = I): the yardstick for errors in the coupling terms, far below the spin energy
    const flexible = mbs.getObjectOutput(oBody, OutputVariableType.PotentialEnergy)[0] + 0.5 * zetaT.reduce((sum, v) => sum + v * v, 0);
    const settings = new SimulationSettings();
    settings.timeIntegration.numberOfSteps = 400;
    settings.timeIntegration.endTime = 0.04;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.verboseMode = 0;
    mbs.solveDynamic(settings);
    // ρ∞ = 1 (trapezoidal) conserves energy up to O(h²) for this smooth motion: the drift stays below 1e-3 of the vibration
    // energy; a wrong sign of a work-doing coupling term (e.g. M_x̃Ψ̃ in the centrifugal term of f_v,f) gives 3e-2 (gyroscopic
    // terms do no work and are checked by the comparison with the user functions above)
    expect(Math.abs(energy() - e0) / flexible).toBeLessThan(1e-3);
    expect(mbs.getObjectOutput(oBody, OutputVariableType.PotentialEnergy)[0]).toBeGreaterThan(0);
  });
});

describe('ObjectFFRFreducedOrderInterface.addObjectFFRFreducedOrder', () => {
  const fem = blockFEM();
  const cms = new ObjectFFRFreducedOrderInterface(fem);
  const all = Array.from({ length: fem.numberOfNodes() }, (_, i) => i);

  it('places the body at positionRef with rotationMatrixRef and the global initial angular velocity', () => {
    const mbs = new SystemContainer().addSystem();
    const c = Math.cos(0.5), s = Math.sin(0.5);
    const body = cms.addObjectFFRFreducedOrder(mbs, { positionRef: [1, 2, 3], rotationMatrixRef: [[c, -s, 0], [s, c, 0], [0, 0, 1]], initialAngularVelocity: [0.5, -1, 2], initialVelocity: [0, 0, 4] });
    const sensor = mbs.addSensor(SensorSuperElement({ bodyNumber: body.oFFRFreducedOrder, meshNodeNumber: 7, outputVariableType: OutputVariableType.Position, writeToFile: false }));
    const vSensor = mbs.addSensor(SensorSuperElement({ bodyNumber: body.oFFRFreducedOrder, meshNodeNumber: 7, outputVariableType: OutputVariableType.Velocity, writeToFile: false }));
    mbs.assemble();
    const w = mbs.getNodeOutput(body.nRigidBody, OutputVariableType.AngularVelocity);
    [0.5, -1, 2].forEach((v, i) => expect(w[i]).toBeCloseTo(v, 14));
    const x = [fem.nodes[21], fem.nodes[22], fem.nodes[23]];
    const r = [c * x[0] - s * x[1], s * x[0] + c * x[1], x[2]];
    const p = mbs.getSensorValues(sensor) as number[];
    [1 + r[0], 2 + r[1], 3 + r[2]].forEach((v, i) => expect(p[i]).toBeCloseTo(v, 14));
    // rigid motion: v = v0 + ω × (A x̄)
    const v = mbs.getSensorValues(vSensor) as number[];
    const wr = [-1 * r[2] - 2 * r[1], 2 * r[0] - 0.5 * r[2], 0.5 * r[1] + 1 * r[0]];
    [wr[0], wr[1], 4 + wr[2]].forEach((value, i) => expect(v[i]).toBeCloseTo(value, 13));
  });

  it('gravity (MarkerBodyMass): the free body falls rigidly, its mass centre as g t²/2 (free-free modes are M-orthogonal to translations)', () => {
    const mbs = new SystemContainer().addSystem();
    const body = cms.addObjectFFRFreducedOrder(mbs, { gravity: [0, -9.81, 0], initialAngularVelocity: [0, 0, 0] });
    const mCom = mbs.addMarker(MarkerSuperElementPosition({ bodyNumber: body.oFFRFreducedOrder, meshNodeNumbers: all, weightingFactors: fem.getNodeMassWeights(all) }));
    mbs.assemble();
    const p0 = mbs.getMarkerOutput(mCom, OutputVariableType.Position);
    const settings = new SimulationSettings();
    settings.timeIntegration.numberOfSteps = 50;
    settings.timeIntegration.endTime = 0.1;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.verboseMode = 0;
    mbs.solveDynamic(settings);
    const p = mbs.getMarkerOutput(mCom, OutputVariableType.Position);
    // generalized-α integrates constant acceleration exactly; the modal coordinates stay at round-off level
    expect(p[1] - p0[1]).toBeCloseTo(-0.5 * 9.81 * 0.01, 10);
    expect(Math.abs(p[0] - p0[0]) + Math.abs(p[2] - p0[2])).toBeLessThan(1e-10);
    const zeta = mbs.getNodeOutput(body.nGenericODE2, OutputVariableType.Coordinates);
    zeta.forEach((z) => expect(Math.abs(z)).toBeLessThan(1e-9));
  });
});

describe('super-element markers and sensor', () => {
  /** Two-node-layer block whose single "mode" is the rigid rotation about z through the origin: ū_i = ζ ẑ × x̄_i. */
  function rotationModeBody(zeta: number, zetaT: number) {
    const mesh = createBlockMesh({ size: [1, 0.5, 0.2], divisions: [2, 1, 1], origin: [-0.5, -0.25, -0.1] });
    const x = mesh.nodes, n = x.length / 3;
    const psi: number[][] = [];
    for (let i = 0; i < n; i++) psi.push([-x[3 * i + 1]], [x[3 * i]], [0]);
    const mbs = new SystemContainer().addSystem();
    const nRigid = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [0, 0, 0, 1, 0, 0, 0] }));
    const nModal = mbs.addNode(NodeGenericODE2({ numberOfODE2Coordinates: 1, referenceCoordinates: [0], initialCoordinates: [zeta], initialCoordinates_t: [zetaT] }));
    const oBody = mbs.addObject(ObjectFFRFreducedOrder({
      nodeNumbers: [nRigid, nModal], massMatrixReduced: [[1]], modeBasis: psi, referencePositions: Array.from(x), computeFFRFterms: false,
    }));
    return { mbs, oBody, n, x };
  }

  it('MarkerSuperElementRigid turns by ζ about z for the rigid rotation mode (θ = W⁻¹W ζ ẑ exactly), any weights', () => {
    const zeta = 0.3, zetaT = 2;
    const { mbs, oBody, n } = rotationModeBody(zeta, zetaT);
    const nodes = Array.from({ length: n }, (_, i) => i).filter((i) => i % 3 !== 1);
    const weights = nodes.map((_, k) => (k + 1) / ((nodes.length * (nodes.length + 1)) / 2));
    for (const useAlternativeApproach of [true, false]) {
      const m = mbs.addMarker(MarkerSuperElementRigid({ bodyNumber: oBody, meshNodeNumbers: nodes, weightingFactors: weights, useAlternativeApproach }));
      mbs.assemble();
      const a = mbs.getMarkerOutput(m, OutputVariableType.RotationMatrix);
      const expected = [Math.cos(zeta), -Math.sin(zeta), 0, Math.sin(zeta), Math.cos(zeta), 0, 0, 0, 1];
      const w = mbs.getMarkerOutput(m, OutputVariableType.AngularVelocityLocal);
      if (useAlternativeApproach) {
        // exact for the alternative approach (W⁻¹ W = I): round-off only
        a.forEach((v, i) => expect(v).toBeCloseTo(expected[i], 13));
        expect(w[2]).toBeCloseTo(zetaT, 12);
      } else {
        // standard approach: θ = Σw p̃(ẑ×p)/Σw|p|² has z component ζ Σw(px²+py²)/Σw|p|² < ζ and x, y parts from pz: only check it turns the right way
        expect(a[3]).toBeGreaterThan(0);
        expect(a[3]).toBeLessThan(Math.sin(zeta));
      }
    }
  });

  it('MarkerSuperElementPosition and SensorSuperElement give the weighted mesh-node positions', () => {
    const zeta = 0.1;
    const { mbs, oBody, x } = rotationModeBody(zeta, 0);
    const m = mbs.addMarker(MarkerSuperElementPosition({ bodyNumber: oBody, meshNodeNumbers: [0, 5], weightingFactors: [0.25, 0.75] }));
    const s = mbs.addSensor(SensorSuperElement({ bodyNumber: oBody, meshNodeNumber: 5, outputVariableType: OutputVariableType.DisplacementLocal, writeToFile: false }));
    mbs.assemble();
    const p = mbs.getMarkerOutput(m, OutputVariableType.Position);
    // linearized rotation mode: ū = ζ (−y, x, 0)
    const node = (i: number) => [x[3 * i] - zeta * x[3 * i + 1], x[3 * i + 1] + zeta * x[3 * i], x[3 * i + 2]];
    const expected = node(0).map((v, i) => 0.25 * v + 0.75 * node(5)[i]);
    p.forEach((v, i) => expect(v).toBeCloseTo(expected[i], 14));
    const u = mbs.getSensorValues(s) as number[];
    expect(u[0]).toBeCloseTo(-zeta * x[16], 14);
    expect(u[1]).toBeCloseTo(zeta * x[15], 14);
  });

  it('a flexible cantilever block hangs from a GenericJoint on MarkerSuperElementRigid (Jacobians consistent: Newton converges, joint holds)', () => {
    const fem = new FEMinterface();
    fem.importMesh(createBlockMesh({ size: [1, 0.1, 0.1], divisions: [8, 1, 1] }));
    fem.computeMassAndStiffness({ youngsModulus: 1e8, poissonsRatio: 0.3, density: 1000 });
    const left = fem.getNodesInPlane([0, 0, 0], [1, 0, 0]);
    fem.computeEigenmodes(6, 6);
    const cms = new ObjectFFRFreducedOrderInterface(fem);
    const mbs = new SystemContainer().addSystem();
    const body = cms.addObjectFFRFreducedOrder(mbs, { gravity: [0, -9.81, 0] });
    const oGround = mbs.addObject(ObjectGround({}));
    const mGround = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: [0, 0.05, 0.05] }));
    const mLeft = mbs.addMarker(MarkerSuperElementRigid({ bodyNumber: body.oFFRFreducedOrder, meshNodeNumbers: left, weightingFactors: fem.getNodeWeightsFromSurfaceAreas(left) }));
    mbs.addObject(ObjectJointGeneric({ markerNumbers: [mGround, mLeft], constrainedAxes: [1, 1, 1, 1, 1, 1] }));
    const tip = fem.getNodeAtPoint([1, 0, 0]);
    const s = mbs.addSensor(SensorSuperElement({ bodyNumber: body.oFFRFreducedOrder, meshNodeNumber: tip, outputVariableType: OutputVariableType.Displacement, writeToFile: false }));
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.timeIntegration.numberOfSteps = 100;
    settings.timeIntegration.endTime = 0.05;
    settings.timeIntegration.newton.useModifiedNewton = true;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.verboseMode = 0;
    mbs.solveDynamic(settings);
    // index-3 joint: the marker stays at the ground point to Newton tolerance and the frame keeps its orientation
    const p = mbs.getMarkerOutput(mLeft, OutputVariableType.Position);
    [0, 0.05, 0.05].forEach((v, i) => expect(Math.abs(p[i] - v)).toBeLessThan(1e-8));
    const a = mbs.getMarkerOutput(mLeft, OutputVariableType.RotationMatrix);
    [1, 0, 0, 0, 1, 0, 0, 0, 1].forEach((v, i) => expect(Math.abs(a[i] - v)).toBeLessThan(1e-8));
    // the tip sags under gravity (free fall would give −g t²/2 = −1.2e-2 m; the clamped tip moves much less, but down)
    const u = mbs.getSensorValues(s) as number[];
    expect(u[1]).toBeLessThan(-1e-5);
    expect(u[1]).toBeGreaterThan(-1.2e-2);
  });
});

describe('bad input of ObjectFFRFreducedOrder and the super-element items', () => {
  /** A one-mode body on 4 mesh nodes, with parameters overridden. */
  function build(overrides: Record<string, unknown> = {}) {
    const mbs = new SystemContainer().addSystem();
    const nRigid = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [0, 0, 0, 1, 0, 0, 0] }));
    const nModal = mbs.addNode(NodeGenericODE2({ numberOfODE2Coordinates: 1, referenceCoordinates: [0], initialCoordinates: [0], initialCoordinates_t: [0] }));
    const x = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1];
    const oBody = mbs.addObject(ObjectFFRFreducedOrder({
      nodeNumbers: [nRigid, nModal], massMatrixReduced: [[1]], stiffnessMatrixReduced: [[10]], computeFFRFterms: false,
      modeBasis: x.map((v) => [v]), referencePositions: x, ...overrides,
    }));
    return { mbs, oBody };
  }

  it('rejects reduced matrices of the wrong size, naming the parameter, expected and got', () => {
    expect(() => build({ stiffnessMatrixReduced: [[1, 0], [0, 1]] }).mbs.assemble()).toThrow(/stiffnessMatrixReduced.*must be 1 x 1 .*got 2 x 2/);
    expect(() => build({ massMatrixReduced: [] }).mbs.assemble()).toThrow(/massMatrixReduced.*must be 1 x 1.*got 0 x 0/);
    expect(() => build({ referencePositions: [0, 0, 0] }).mbs.assemble()).toThrow(/referencePositions.*must have 12 entries.*got 3/);
    expect(() => build({ computeFFRFterms: true }).mbs.assemble()).toThrow(/mPsiTildePsi.*must be 3 x 1.*got 0 x 0/);
  });

  it('answers StressLocal from stress modes (row i, column 6j + k) and requires their output variable type', () => {
    // 1 mode, 4 mesh nodes: node i has stress component k = 10 i + k per unit ζ
    const psiOV = [0, 1, 2, 3].map((i) => [0, 1, 2, 3, 4, 5].map((k) => 10 * i + k));
    const { mbs, oBody } = build({ outputVariableModeBasis: psiOV, outputVariableTypeModeBasis: OutputVariableType.StressLocal });
    const sensor = mbs.addSensor(SensorSuperElement({ bodyNumber: oBody, meshNodeNumber: 2, outputVariableType: OutputVariableType.StressLocal, writeToFile: false }));
    mbs.assemble();
    mbs.systemData.setODE2Coordinates([0, 0, 0, 0, 0, 0, 0, 0.5]);
    expect(mbs.getSensorValues(sensor)).toEqual([10, 10.5, 11, 11.5, 12, 12.5]);
    expect(() => build({ outputVariableModeBasis: psiOV }).mbs.assemble()).toThrow(/outputVariableTypeModeBasis.*must be StressLocal or StrainLocal.*got _None/);
    expect(() => build({ outputVariableModeBasis: psiOV.slice(1), outputVariableTypeModeBasis: OutputVariableType.StressLocal }).mbs.assemble())
      .toThrow(/outputVariableModeBasis.*must be 4 x 6.*got 3 x 6/);
  });

  it('rejects non-symmetric reduced matrices', () => {
    const mbs = new SystemContainer().addSystem();
    const nRigid = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [0, 0, 0, 1, 0, 0, 0] }));
    const nModal = mbs.addNode(NodeGenericODE2({ numberOfODE2Coordinates: 2, referenceCoordinates: [0, 0], initialCoordinates: [0, 0], initialCoordinates_t: [0, 0] }));
    mbs.addObject(ObjectFFRFreducedOrder({
      nodeNumbers: [nRigid, nModal], massMatrixReduced: [[1, 0], [0, 1]], stiffnessMatrixReduced: [[10, 1], [2, 10]], computeFFRFterms: false,
      modeBasis: [[1, 0], [0, 1], [0, 0]], referencePositions: [0, 0, 0],
    }));
    expect(() => mbs.assemble()).toThrow(/stiffnessMatrixReduced.*must be symmetric.*A\[0\]\[1\] = 1, A\[1\]\[0\] = 2/);
  });

  it('rejects markers and sensors with mesh node numbers out of range or weights that do not fit', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ meshNodeNumbers: [0, 4], weightingFactors: [0.5, 0.5] }, /MarkerSuperElementPosition.*meshNodeNumbers.*entry 1 must be a mesh node number of body #0 \(0 … 3\), got 4/],
      [{ meshNodeNumbers: [0, -1], weightingFactors: [0.5, 0.5] }, /meshNodeNumbers.*entry 1 .*got -1/],
      [{ meshNodeNumbers: [0, 1, 2], weightingFactors: [0.5, 0.5] }, /weightingFactors.*must have one weight per mesh node \(3 entries.*got 2/],
      [{ meshNodeNumbers: [0, 1], weightingFactors: [0.5, 0.4] }, /weightingFactors.*must sum to 1.*got sum 0\.9/],
    ];
    for (const [values, message] of cases) {
      const { mbs, oBody } = build();
      mbs.addMarker(MarkerSuperElementPosition({ bodyNumber: oBody, ...values }));
      expect(() => mbs.assemble()).toThrow(message);
    }
    const rigid = build();
    rigid.mbs.addMarker(MarkerSuperElementRigid({ bodyNumber: rigid.oBody, meshNodeNumbers: [0, 1], weightingFactors: [0.5, 0.5] }));
    expect(() => rigid.mbs.assemble()).toThrow(/MarkerSuperElementRigid.*meshNodeNumbers.*must not lie on one line/);
    const sensor = build();
    sensor.mbs.addSensor(SensorSuperElement({ bodyNumber: sensor.oBody, meshNodeNumber: 7, outputVariableType: OutputVariableType.Position, writeToFile: false }));
    expect(() => sensor.mbs.assemble()).toThrow(/SensorSuperElement.*meshNodeNumber.*\(0 … 3\), got 7/);
    const unset = build();
    unset.mbs.addSensor(SensorSuperElement({ bodyNumber: unset.oBody, outputVariableType: OutputVariableType.Position, writeToFile: false }));
    expect(() => unset.mbs.assemble()).toThrow(/SensorSuperElement.*meshNodeNumber.*\(0 … 3\), got -1/);
    const stress = build();
    stress.mbs.addSensor(SensorSuperElement({ bodyNumber: stress.oBody, meshNodeNumber: 0, outputVariableType: OutputVariableType.StressLocal, writeToFile: false }));
    expect(() => stress.mbs.assemble()).toThrow(/outputVariableType.*must be an output variable of the mesh nodes.*got StressLocal/);
    const notSuper = build();
    const ground = notSuper.mbs.addObject(ObjectGround({}));
    notSuper.mbs.addMarker(MarkerSuperElementPosition({ bodyNumber: ground, meshNodeNumbers: [0], weightingFactors: [1] }));
    expect(() => notSuper.mbs.assemble()).toThrow(/bodyNumber.*must refer to a super element.*got ObjectGround #1/);
  });
});

describe('super-element marker Jacobians', () => {
  it('position Jacobians equal central differences; velocity = J_pos u and angular velocity = J_rot u exactly', () => {
    const fem = blockFEM();
    const cms = new ObjectFFRFreducedOrderInterface(fem);
    const mbs = new SystemContainer().addSystem();
    const zeta = [2e-2, -1e-2, 5e-3, 3e-2, -2e-2, 1e-2], zetaT = [0.1, -0.3, 0.2, 0.05, 0.4, -0.1];
    const { oBody } = addBody(mbs, cms, zeta, zetaT, false);
    const face = fem.getNodesInPlane([0.4, 0, 0], [1, 0, 0]);
    const weights = fem.getNodeWeightsFromSurfaceAreas(face);
    const mPos = mbs.addMarker(MarkerSuperElementPosition({ bodyNumber: oBody, meshNodeNumbers: face, weightingFactors: weights }));
    const mRigid = mbs.addMarker(MarkerSuperElementRigid({ bodyNumber: oBody, meshNodeNumbers: face, weightingFactors: weights, offset: [0.01, 0.002, -0.003] }));
    mbs.assemble();
    const model = mbs.compiled();
    const s = model.data.current;
    for (const index of [mPos, mRigid]) {
      const marker = model.markers[index] as PositionMarkerModel;
      const n = marker.nLocalU;
      expect(n).toBe(7 + 6);
      const jac = new Float64Array(3 * n), p1 = new Float64Array(3), p2 = new Float64Array(3), v = new Float64Array(3);
      marker.positionJacobian(s, jac);
      const columns = marker.nodes.flatMap((node) => Array.from({ length: node.nu }, (_, k) => ({ q: node.qIndex + k, u: node.uIndex + k })));
      const eps = 1e-6;
      let scale = 0;
      for (const value of jac) scale = Math.max(scale, Math.abs(value));
      // directional derivatives along directions whose Euler-parameter part is tangent to |p| = 1 (ω = G ṗ, and with it the
      // G-based Jacobian, holds on the constraint manifold only; the normal direction is the constraint's)
      const p = [0, 1, 2, 3].map((k) => s.qRef[columns[3 + k].q] + s.q[columns[3 + k].q]);
      for (let trial = 0; trial < 4; trial++) {
        const d = columns.map((_, c) => Math.sin(1.7 * c + 2.3 * trial + 0.4));
        const dp = p.reduce((sum, pk, k) => sum + pk * d[3 + k], 0);
        for (let k = 0; k < 4; k++) d[3 + k] -= dp * p[k];
        const saved = columns.map(({ q }) => s.q[q]);
        columns.forEach(({ q }, c) => { s.q[q] = saved[c] + eps * d[c]; });
        marker.position(s, p1);
        columns.forEach(({ q }, c) => { s.q[q] = saved[c] - eps * d[c]; });
        marker.position(s, p2);
        columns.forEach(({ q }, c) => { s.q[q] = saved[c]; });
        // central differences: error O(eps²·|p'''|) ≈ 1e-12, plus round-off 1e-16/eps ≈ 1e-10 relative to the entries
        for (let i = 0; i < 3; i++) {
          let jd = 0;
          for (let c = 0; c < n; c++) jd += jac[i * n + c] * d[c];
          expect(Math.abs((p1[i] - p2[i]) / (2 * eps) - jd)).toBeLessThan(1e-8 * scale);
        }
      }
      marker.velocity(s, v);
      for (let i = 0; i < 3; i++) {
        let ju = 0;
        columns.forEach(({ u }, c) => { ju += jac[i * n + c] * s.u[u]; });
        expect(Math.abs(v[i] - ju)).toBeLessThan(1e-13 * Math.max(1, Math.abs(v[i])));
      }
    }
    const rigid = model.markers[mRigid] as RigidMarkerModel;
    const n = rigid.nLocalU, jr = new Float64Array(3 * n), w = new Float64Array(3);
    rigid.rotationJacobian(s, jr);
    rigid.angularVelocity(s, w);
    const columns = rigid.nodes.flatMap((node) => Array.from({ length: node.nu }, (_, k) => node.uIndex + k));
    for (let i = 0; i < 3; i++) {
      let ju = 0;
      columns.forEach((u, c) => { ju += jr[i * n + c] * s.u[u]; });
      expect(Math.abs(w[i] - ju)).toBeLessThan(1e-12 * Math.max(1, Math.abs(w[i])));
    }
  });
});
