/**
 * Scaling of the Cosserat rod with its number of elements: a straight cantilever (length 1, quadratic elements p = 2,
 * 10 … 160 elements, 6(2 n_el + 1) ODE2 coordinates plus the six multipliers of the clamp) under a tip force, solved
 * statically in one load step with the sparse LU. In these rows a step is one Newton iteration (the solve is run once
 * untimed to count them), so "per step" is the time per Newton iteration and "per step·coord." stays flat when the cost
 * grows linearly; the check reports the nonzeros of the static solver's sparse Jacobian, which must grow linearly too.
 * @module
 */

import {
  CosseratRod, Force, GenericJoint, LinearSolverType, MarkerBodyPosition, MarkerBodyRigid, NodeRigidBodyQuaternion,
  ObjectGround, OutputVariableType, SimulationSettings, SystemContainer, type MainSystem,
} from '../src/index.ts';
import { SparseAssembler } from '../src/linalg/sparse.ts';
import { SystemAssembler } from '../src/model/assembly.ts';
import type { Benchmark, PreparedBenchmark } from './harness.ts';

/** Element counts of the rows. */
const elementCounts = [10, 20, 40, 80, 160] as const;

/** The cantilever: rod nodes along x, clamp to ground at s = 0 (generic joint), tip force −10 N in z at s = 1. */
function buildCantilever(nElements: number): { mbs: MainSystem; tipNode: number } {
  const mbs = new SystemContainer().addSystem();
  const count = 2 * nElements + 1;
  const nodes = Array.from({ length: count }, (_, i) => mbs.addNode(NodeRigidBodyQuaternion({ referenceCoordinates: [i / (count - 1), 0, 0, 1, 0, 0, 0] })));
  const rod = mbs.addObject(CosseratRod({ interpolation: 'R12', formulation: 'displacement',
    nodeNumbers: nodes, polynomialDegree: 2,
    physicsAxialShearStiffness: [1e4, 4e3, 4e3], physicsBendingTorsionStiffness: [20, 30, 30],
  }));
  const ground = mbs.addObject(ObjectGround({}));
  const clampGround = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground }));
  const clampRod = mbs.addMarker(MarkerBodyRigid({ bodyNumber: rod, localPosition: [0, 0, 0] }));
  mbs.addObject(GenericJoint({ markerNumbers: [clampGround, clampRod] }));
  const tip = mbs.addMarker(MarkerBodyPosition({ bodyNumber: rod, localPosition: [1, 0, 0] }));
  mbs.addLoad(Force({ markerNumber: tip, loadVector: [0, 0, -10] }));
  mbs.assemble();
  return { mbs, tipNode: nodes[count - 1] };
}

function staticSettings(): SimulationSettings {
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.staticSolver.verboseMode = 0;
  settings.linearSolverType = LinearSolverType.EigenSparse;
  // the residual's round-off grows with n_el (EA·ε times |N'| ~ n_el): 1e-7 stays above it for 160 elements
  settings.staticSolver.newton.absoluteTolerance = 1e-7;
  return settings;
}

/** Nonzeros of the static solver's Jacobian at the current state: ODE2 part, load Jacobian and constraint blocks. */
function jacobianNonzeros(mbs: MainSystem): number {
  const model = mbs.compiled();
  const assembler = new SystemAssembler(model);
  const sparse = new SparseAssembler(model.nu + model.nAE);
  const s = model.data.current;
  sparse.begin();
  assembler.addODE2LhsJacobian(s, sparse, 1, 0);
  assembler.addLoadsJacobian(s, sparse, -1, 0);
  assembler.addConstraintJacobian(s, sparse, 1, 1, 1, 1, false);
  return sparse.end().colPtr[model.nu + model.nAE];
}

function prepareCantilever(nElements: number): PreparedBenchmark {
  const { mbs, tipNode } = buildCantilever(nElements);
  const settings = staticSettings();
  // untimed solve of the same model: its Newton iterations are the steps, its Jacobian pattern the nonzeros
  const iterations = mbs.solveStatic(settings).newtonIterations;
  const nonzeros = jacobianNonzeros(mbs);
  const coordinates = mbs.systemData.numberOfCoordinatesODE2() + mbs.systemData.numberOfCoordinatesAE();
  let solvedIterations = 0;
  return {
    coordinates,
    steps: iterations,
    solve: () => { solvedIterations = mbs.solveStatic(settings).newtonIterations; },
    check: () => `nnz(Jacobian) = ${nonzeros} (${(nonzeros / coordinates).toFixed(1)} per unknown), ${solvedIterations} Newton iterations, `
      + `tip z = ${mbs.getNodeOutput(tipNode, OutputVariableType.Position)[2].toPrecision(10)}`,
  };
}

/** One benchmark per element count (10, 20, 40, 80, 160): time per Newton iteration and Jacobian nonzeros of the rod cantilever. */
export function rodScalingBenchmarks(): Benchmark[] {
  return elementCounts.map((nElements) => ({
    name: `rodScaling p=2 nEl=${nElements}`,
    description: `straight Cosserat rod cantilever, ${nElements} quadratic elements, tip force, SolveStatic with the sparse LU; a step is one Newton iteration`,
    repetitions: 15,
    steps: 1,
    warmUpSteps: 1,
    warmUpRuns: 5,
    prepare: () => prepareCantilever(nElements),
  }));
}
