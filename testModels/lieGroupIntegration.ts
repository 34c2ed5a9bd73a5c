import { ConfigurationType, TExpSO3Inv, CompositionRuleForRotationVectors, solveLinearSystem, type MainSolverImplicitSecondOrder, type MainSystem } from '../src/index.ts';

/*
 * Exudyn's Python module exudyn.lieGroupIntegration restated for the test models that use it (explicitLieGroupIntegratorPythonTest,
 * stiffFlyballGovernor): an explicit Lie-group RK4 written by the user as the user Newton function of a
 * MainSolverImplicitSecondOrder. The stages come from the solver object's computeODE2RHS and computeMassMatrix; the
 * rotation stages of NodeRigidBodyRotVecLG nodes are composed with CompositionRuleForRotationVectors and TExpSO3Inv;
 * coordinates fixed to ground by CoordinateConstraints are set to zero after each stage.
 */

/** What the Lie-group RK4 needs to know of the system (Exudyn stores it in mbs.sys). */
export interface LieGroupData {
  /** First ODE2 index of each NodeRigidBodyRotVecLG. */
  readonly lieGroupODE2indices: number[];
  /** Reference rotation vector of each of them. */
  readonly lieGroupReferenceRotations: number[][];
  /** ODE2 coordinates fixed to ground by a CoordinateConstraint. */
  readonly constrainedToGroundCoordinatesList: number[];
  /** Pairs of ODE2 coordinates constrained to each other. */
  readonly constrainedCoordinatesList: [number, number][];
}

/** Exudyn's LieGroupExplicitRKInitialize: the Lie-group nodes and the coordinate constraints, read from the item dictionaries. */
export function lieGroupExplicitRKInitialize(mbs: MainSystem): LieGroupData {
  const data: LieGroupData = { lieGroupODE2indices: [], lieGroupReferenceRotations: [], constrainedToGroundCoordinatesList: [], constrainedCoordinatesList: [] };
  for (let i = 0; i < mbs.numberOfNodes; i++) {
    const d = mbs.getNode(i);
    if (d.nodeType === 'RigidBodyRotVecLG') {
      data.lieGroupODE2indices.push(mbs.getNodeODE2Index(i));
      data.lieGroupReferenceRotations.push((d.referenceCoordinates as number[]).slice(3, 6));
    }
  }
  for (let i = 0; i < mbs.numberOfObjects; i++) {
    const d = mbs.getObject(i);
    if (d.objectType !== 'ConnectorCoordinate') continue;
    if (d.factorValue1 !== 1 || d.offset !== 0) throw new Error('ConnectorCoordinate needs factorValue1 = 1 and offset = 0 to be resolved');
    if (d.activeConnector !== true) continue;
    const coords: number[] = [];
    for (const j of d.markerNumbers as number[]) {
      const dm = mbs.getMarker(j);
      if (dm.markerType !== 'NodeCoordinate') continue;
      const node = dm.nodeNumber as number;
      if (mbs.getNode(node).nodeType !== 'PointGround') coords.push(mbs.getNodeODE2Index(node) + (dm.coordinate as number));
    }
    if (coords.length === 2) data.constrainedCoordinatesList.push([coords[0], coords[1]]);
    else data.constrainedToGroundCoordinatesList.push(coords[0]);
  }
  return data;
}

/** Exudyn's ExplicitRKComputeSystemAcceleration: M⁻¹ f at the current state, pairs of constrained coordinates merged. */
function computeSystemAcceleration(solver: MainSolverImplicitSecondOrder, mbs: MainSystem, nODE2: number, data: LieGroupData): number[] {
  solver.computeODE2RHS(mbs);
  const f = solver.getSystemResidual().slice(0, nODE2);
  solver.computeMassMatrix(mbs);
  const M = solver.getSystemMassMatrix();
  for (const [c0, c1] of data.constrainedCoordinatesList) {
    M[c0][c0] += M[c0][c1] + M[c1][c0] + M[c1][c1];
    f[c0] += f[c1];
  }
  return solveLinearSystem(M, f);
}

/** Exudyn's LieGroupComputeKstage: h (v0 + factK k) for all coordinates, h T_exp(factK K)⁻¹ (ω0 + factK k) for the rotations. */
function computeKstage(data: LieGroupData, v0: number[], h: number, Kprev: number[], kprev: number[], factK: number): number[] {
  const K = v0.map((v, i) => h * (v + factK * kprev[i]));
  for (const i of data.lieGroupODE2indices) {
    const T = TExpSO3Inv([0, 1, 2].map((j) => factK * Kprev[i + 3 + j]));
    const w = [0, 1, 2].map((j) => v0[i + 3 + j] + factK * kprev[i + 3 + j]);
    for (let r = 0; r < 3; r++) K[i + 3 + r] = h * (T[r][0] * w[0] + T[r][1] * w[1] + T[r][2] * w[2]);
  }
  return K;
}

/** Exudyn's ExplicitRKApplyCoordinateConstraints: fixed coordinates to zero, paired ones copied. */
function applyCoordinateConstraints(mbs: MainSystem, data: LieGroupData): void {
  const u = mbs.systemData.getODE2Coordinates();
  const v = mbs.systemData.getODE2Coordinates_t();
  for (const i of data.constrainedToGroundCoordinatesList) { u[i] = 0; v[i] = 0; }
  for (const [c0, c1] of data.constrainedCoordinatesList) { u[c1] = u[c0]; v[c1] = v[c0]; }
  mbs.systemData.setODE2Coordinates(u);
  mbs.systemData.setODE2Coordinates_t(v);
}

/** The rotation of each Lie-group node composed: u[rot] = (ref + u0[rot]) ∘ increment[rot] − ref. */
function composeRotations(data: LieGroupData, u: number[], u0: number[], increment: number[], factor: number): void {
  data.lieGroupODE2indices.forEach((i, n) => {
    const reference = data.lieGroupReferenceRotations[n];
    const vec0 = reference.map((r, j) => r + u0[i + 3 + j]);
    const composed = CompositionRuleForRotationVectors(vec0, [0, 1, 2].map((j) => factor * increment[i + 3 + j]));
    for (let j = 0; j < 3; j++) u[i + 3 + j] = composed[j] - reference[j];
  });
}

/** Exudyn's LieGroupUpdateStageSystemCoordinates: the stage state u0 ⊕ factK K, v0 + factK k, constraints applied. */
function updateStageCoordinates(mbs: MainSystem, data: LieGroupData, u0: number[], v0: number[], Kprev: number[], kprev: number[], factK: number): void {
  const u = u0.map((x, i) => x + factK * Kprev[i]);
  const v = v0.map((x, i) => x + factK * kprev[i]);
  composeRotations(data, u, u0, Kprev, factK);
  mbs.systemData.setODE2Coordinates(u);
  mbs.systemData.setODE2Coordinates_t(v);
  applyCoordinateConstraints(mbs, data);
}

/** Exudyn's UserFunctionNewtonLieGroupRK4: one RK4 step in the Lie algebra of the rotation-vector nodes. */
export function userFunctionNewtonLieGroupRK4(solver: MainSolverImplicitSecondOrder, mbs: MainSystem, data: LieGroupData): boolean {
  const h = solver.it.currentStepSize;
  const tEnd = mbs.systemData.getTime();
  const t0 = mbs.systemData.getTime(ConfigurationType.StartOfStep);
  const nODE2 = solver.getODE2size();
  const u0 = mbs.systemData.getODE2Coordinates();
  const v0 = mbs.systemData.getODE2Coordinates_t();
  const scaled = (x: number[]) => x.map((value) => h * value);

  mbs.systemData.setTime(t0);
  const k1 = scaled(computeSystemAcceleration(solver, mbs, nODE2, data));
  const K1 = scaled(v0);

  mbs.systemData.setTime(t0 + 0.5 * h);
  updateStageCoordinates(mbs, data, u0, v0, K1, k1, 0.5);
  const k2 = scaled(computeSystemAcceleration(solver, mbs, nODE2, data));
  const K2 = computeKstage(data, v0, h, K1, k1, 0.5);

  mbs.systemData.setTime(t0 + 0.5 * h);
  updateStageCoordinates(mbs, data, u0, v0, K2, k2, 0.5);
  const k3 = scaled(computeSystemAcceleration(solver, mbs, nODE2, data));
  const K3 = computeKstage(data, v0, h, K2, k2, 0.5);

  mbs.systemData.setTime(t0 + h);
  updateStageCoordinates(mbs, data, u0, v0, K3, k3, 1);
  const k4 = scaled(computeSystemAcceleration(solver, mbs, nODE2, data));
  const K4 = computeKstage(data, v0, h, K3, k3, 1);

  mbs.systemData.setTime(tEnd);
  const vStep = v0.map((v, i) => v + (1 / 6) * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]));
  const deltaU = K1.map((_, i) => (1 / 6) * (K1[i] + 2 * K2[i] + 2 * K3[i] + K4[i]));
  const uStep = u0.map((u, i) => u + deltaU[i]);
  composeRotations(data, uStep, u0, deltaU, 1);
  mbs.systemData.setODE2Coordinates(uStep);
  mbs.systemData.setODE2Coordinates_t(vStep);
  applyCoordinateConstraints(mbs, data);
  return true;
}
