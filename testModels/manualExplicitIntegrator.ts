import { CholeskyDecomposition, EigenvalueDecomposition, Matrix, solve } from 'ml-matrix';
import {
  SystemContainer, SimulationSettings, OutputVariableType, ObjectGround, NodePointGround, NodePoint2DSlope1, ObjectANCFCable2D, MarkerNodeCoordinate,
  MarkerNodePosition, Force, MainSolverStatic, MainSolverImplicitSecondOrder, solveLinearSystem,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's manualExplicitIntegrator: a free 2 m ANCF cable (4 ObjectANCFCable2D elements, E = 2.07e6, ρ = 7800, 0.1 × 0.1
 * section, axial stiffness 0.1·EA, reduced integration) with a tip force [0, −1000, 0]. First a MainSolverStatic is
 * initialized and gives the mass matrix M and the stiffness K = −∂f/∂q at the reference configuration; the seventh
 * smallest |ω²| of K φ = ω² M φ (after the three rigid-body modes) gives the frequency f6 = √|ω²|/(2π). Then a
 * MainSolverImplicitSecondOrder whose user Newton function replaces each step by an explicit Euler step with the dense
 * mass matrix (q ← q + h v, v ← v + h M⁻¹f, from computeODE2RHS and computeMassMatrix) runs 5000 steps to 0.05 s; the
 * result is f6 plus the tip's y position.
 */
export const manualExplicitIntegrator: TestModel = {
  name: 'manualExplicitIntegrator',
  reference: 2.059698629692295,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    const L = 2;
    const E = 2.07e11 * 1e-5;
    const rho = 7800;
    const b = 0.1;
    const h = 0.1;
    const A = b * h;
    const I = (b * h ** 3) / 12;
    const nGround = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGround, coordinate: 0 }));
    const nc0 = mbs.addNode(NodePoint2DSlope1({ referenceCoordinates: [0, 0, 1, 0] }));
    const nElements = 4;
    const lElem = L / nElements;
    let nLast = nc0;
    for (let i = 0; i < nElements; i++) {
      nLast = mbs.addNode(NodePoint2DSlope1({ referenceCoordinates: [lElem * (i + 1), 0, 1, 0] }));
      mbs.addObject(ObjectANCFCable2D({
        physicsLength: lElem, physicsMassPerLength: rho * A, physicsBendingStiffness: E * I, physicsAxialStiffness: E * A * 0.1,
        nodeNumbers: [nc0 + i, nc0 + i + 1], useReducedOrderIntegration: 1,
      }));
    }
    for (const coordinate of [0, 1, 3]) mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nc0, coordinate }));
    const mANCFLast = mbs.addMarker(MarkerNodePosition({ nodeNumber: nLast }));
    mbs.addLoad(Force({ markerNumber: mANCFLast, loadVector: [0, -1000, 0] }));
    mbs.assemble();

    const settings = new SimulationSettings();
    settings.staticSolver.newton.relativeTolerance = 1e-6;
    settings.staticSolver.newton.maxIterations = 20;
    settings.staticSolver.numberOfLoadSteps = 10;
    settings.staticSolver.adaptiveStep = true;

    let testRefVal = 0;
    const staticSolver = new MainSolverStatic();
    staticSolver.initializeSolver(mbs, settings);
    staticSolver.computeMassMatrix(mbs);
    const m = new Matrix(staticSolver.getSystemMassMatrix());
    staticSolver.computeJacobianODE2RHS(mbs, -1, 0);
    staticSolver.computeJacobianAE(mbs);
    const nODE2 = staticSolver.getODE2size();
    const K2 = new Matrix(staticSolver.getSystemJacobian()).subMatrix(0, nODE2 - 1, 0, nODE2 - 1);
    // scipy's eigh(K2, m): K φ = λ M φ through the Cholesky factor M = L Lᵀ, λ of L⁻¹ K L⁻ᵀ (symmetric)
    const lower = new CholeskyDecomposition(m).lowerTriangularMatrix;
    const lowerInverse = solve(lower, Matrix.eye(nODE2));
    const reduced = lowerInverse.mmul(K2).mmul(lowerInverse.transpose());
    const symmetric = reduced.add(reduced.transpose()).mul(0.5);
    const ev = new EigenvalueDecomposition(symmetric, { assumeSymmetric: true }).realEigenvalues.map(Math.abs).sort((x, y) => x - y);
    if (ev.length >= 7) testRefVal += Math.sqrt(Math.abs(ev[6])) / (2 * Math.PI);
    staticSolver.finalizeSolver(mbs, settings);

    const dynamicSolver = new MainSolverImplicitSecondOrder();
    settings.timeIntegration.numberOfSteps = 5000;
    settings.timeIntegration.endTime = 0.05;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.5;
    settings.timeIntegration.verboseMode = 1;
    dynamicSolver.setUserFunctionNewton(mbs, (solver, system) => {
      const n = solver.getODE2size();
      solver.computeODE2RHS(system);
      const Fode2 = solver.getSystemResidual().slice(0, n);
      solver.computeMassMatrix(system);
      const a = solveLinearSystem(solver.getSystemMassMatrix(), Fode2);
      const stepSize = solver.it.currentStepSize;
      const u0 = system.systemData.getODE2Coordinates();
      const v0 = system.systemData.getODE2Coordinates_t();
      system.systemData.setODE2Coordinates(u0.map((u, i) => u + stepSize * v0[i]));
      system.systemData.setODE2Coordinates_t(v0.map((v, i) => v + stepSize * a[i]));
      return true;
    });
    dynamicSolver.solveSystem(mbs, settings);
    const uy = mbs.getNodeOutput(nLast, OutputVariableType.Position)[1];
    return testRefVal + uy;
  },
};
