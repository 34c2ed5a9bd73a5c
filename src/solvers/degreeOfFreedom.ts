import { optionNames, ownOptions } from '../core/dictionary.ts';
import { FlexdynError } from '../core/errors.ts';
import { rowMajorEntries, type SystemAssembler } from '../model/assembly.ts';
import type { CompiledModel } from '../model/compile.ts';
import type { SimulationSettings } from './SimulationSettings.ts';
import { optionalBoolean, optionalTolerance } from './linearization.ts';
import { RowMajorMatrix } from '../linalg/rowMajorMatrix.ts';
import { singularValues as computeSingularValues } from '../linalg/singularValues.ts';
import { validateSimulationSettings } from './settingsValidation.ts';

/** Options of computeSystemDegreeOfFreedom (Exudyn's keyword arguments). */
export interface DegreeOfFreedomOptions {
  /**
   * With useSVD: singular values up to this (absolute) count as zero (default 1e-12). Without useSVD the rank
   * tolerance is numpy's matrix_rank default σ_max·max(rows, columns)·ε, as in Exudyn.
   */
  threshold?: number;
  /** Print the counts (and with useSVD the singular values) on the console (default false). */
  verbose?: boolean;
  /** Count zero singular values against threshold instead of the relative rank tolerance (default false). */
  useSVD?: boolean;
}

const degreeOfFreedomOptionNames = optionNames<DegreeOfFreedomOptions>({ threshold: true, verbose: true, useSVD: true });

/** Exudyn's result dictionary of ComputeSystemDegreeOfFreedom (same keys, same order), plus the named redundant equations. */
export interface SystemDegreeOfFreedom {
  /** n_ODE2 − (n_AE − n_pureAE) + redundantConstraints: the Grübler–Kutzbach count corrected by the rank. */
  degreeOfFreedom: number;
  /** n_AE − rank [C_qᵀ; C_λ]: constraint equations that are linear combinations of others at the initial state. */
  redundantConstraints: number;
  /** Number of ODE2 (velocity) coordinates. */
  nODE2: number;
  /** Number of ODE1 coordinates (not counted as degrees of freedom; a console warning says so when there are any). */
  nODE1: number;
  /** Number of algebraic equations (constraint equations, Euler-parameter norms included). */
  nAE: number;
  /** rank C_λ: equations on the multipliers alone (e.g. λ = 0 of an inactive constraint), which constrain no coordinate. */
  nPureAE: number;
  /**
   * The redundant equations, each named by its item and equation (Flexdyn): taken in equation order, an equation is
   * redundant when it is a linear combination of the ones before it, so the later of two dependent equations is named.
   */
  redundantConstraintEquations: string[];
}

/**
 * Exudyn's ComputeSystemDegreeOfFreedom: the constraint Jacobian at the initial state, with one column per algebraic
 * equation, C = [C_qᵀ; C_λ] ((n_u + n_AE) × n_AE: ∂g/∂Δq, or ∂ġ/∂u of velocity-level equations, and ∂g/∂λ), and
 * its rank from its singular values (one-sided Jacobi, {@link computeSingularValues}); redundantConstraints =
 * n_AE − rank C, nPureAE = rank C_λ, degreeOfFreedom = n_ODE2 − (n_AE − nPureAE) + redundantConstraints. The redundant
 * equations are named by Gram–Schmidt in equation order with the same tolerance.
 */
export function computeSystemDegreeOfFreedom(model: CompiledModel, assembler: SystemAssembler, settings: SimulationSettings, options: DegreeOfFreedomOptions): SystemDegreeOfFreedom {
  const where = 'computeSystemDegreeOfFreedom';
  options = ownOptions(where, options, degreeOfFreedomOptionNames);
  const threshold = optionalTolerance(where, 'threshold', options.threshold) ?? 1e-12;
  const verbose = optionalBoolean(where, 'verbose', options.verbose) ?? false;
  const useSVD = optionalBoolean(where, 'useSVD', options.useSVD) ?? false;
  validateSimulationSettings(settings);
  const { nu, nAE } = model;
  if (model.nODE1 > 0) console.warn(`${where}: the ${model.nODE1} ODE1 coordinates do not count as degrees of freedom (as in Exudyn)`);
  const s = model.data.current;
  s.copyFrom(model.data.initial);
  s.t = settings.staticSolver.loadStepStart;
  assembler.differentiation = settings.staticSolver.newton.numericalDifferentiation;
  const jacobian = new RowMajorMatrix(nu + nAE, nu + nAE);
  // velocity-level equations count with ∂ġ/∂u: they remove a velocity degree of freedom
  assembler.addConstraintJacobian(s, rowMajorEntries(jacobian), 0, 0, 1, 1, false);
  let redundantConstraints = 0, nPureAE = 0;
  const redundantConstraintEquations: string[] = [];
  if (nAE > 0) {
    const constraints = jacobian.block(0, nu + nAE, nu, nAE);
    const multipliers = jacobian.block(nu, nAE, nu, nAE);
    for (const matrix of [constraints, multipliers]) {
      for (let i = 0; i < matrix.rows; i++) {
        for (let j = 0; j < matrix.columns; j++) {
          if (!Number.isFinite(matrix.get(i, j))) throw new FlexdynError(`${where}: the constraint Jacobian entry at ${assembler.describeEquation(nu + j)} must be finite, got ${matrix.get(i, j)}`);
        }
      }
    }
    const singularValues = computeSingularValues(constraints);
    const pureSingularValues = computeSingularValues(multipliers);
    const tolerance = useSVD ? threshold : rankTolerance(singularValues, constraints);
    const pureTolerance = useSVD ? threshold : rankTolerance(pureSingularValues, multipliers);
    if (verbose && useSVD) {
      console.log(`${where}: singular values ODE2+AE = [${singularValues.join(', ')}]`);
      console.log(`${where}: singular values pure AE = [${pureSingularValues.join(', ')}]`);
    }
    redundantConstraints = singularValues.filter((value) => Math.abs(value) <= tolerance).length;
    nPureAE = pureSingularValues.filter((value) => Math.abs(value) > pureTolerance).length;
    for (const equation of dependentColumns(constraints, tolerance)) redundantConstraintEquations.push(assembler.describeEquation(nu + equation));
  }
  const degreeOfFreedom = nu - (nAE - nPureAE) + redundantConstraints;
  if (verbose) {
    console.log(`${where}: ODE2 coordinates = ${nu}, total constraints = ${nAE}, redundant constraints = ${redundantConstraints}, pure algebraic constraints = ${nPureAE}, degree of freedom = ${degreeOfFreedom}`);
    for (const equation of redundantConstraintEquations) console.log(`${where}: redundant: ${equation}`);
  }
  return { degreeOfFreedom, redundantConstraints, nODE2: nu, nODE1: model.nODE1, nAE, nPureAE, redundantConstraintEquations };
}

/** numpy's matrix_rank tolerance: σ_max·max(rows, columns)·ε. */
function rankTolerance(singularValues: readonly number[], matrix: RowMajorMatrix): number {
  return Math.max(0, ...singularValues) * Math.max(matrix.rows, matrix.columns) * Number.EPSILON;
}

/**
 * The columns that are linear combinations of the columns before them: modified Gram–Schmidt in column order, twice
 * (re-orthogonalization keeps the residual of a dependent column at round-off), a column whose residual norm is at most
 * `tolerance` (the singular-value tolerance of the rank) is dependent.
 */
function dependentColumns(matrix: RowMajorMatrix, tolerance: number): number[] {
  const basis: Float64Array[] = [];
  const dependent: number[] = [];
  const rows = matrix.rows;
  for (let j = 0; j < matrix.columns; j++) {
    const v = new Float64Array(rows);
    for (let i = 0; i < rows; i++) v[i] = matrix.get(i, j);
    for (let pass = 0; pass < 2; pass++) {
      for (const b of basis) {
        let dot = 0;
        for (let i = 0; i < rows; i++) dot += b[i] * v[i];
        for (let i = 0; i < rows; i++) v[i] -= dot * b[i];
      }
    }
    let norm = 0;
    for (let i = 0; i < rows; i++) norm += v[i] * v[i];
    norm = Math.sqrt(norm);
    if (norm <= tolerance) { dependent.push(j); continue; }
    for (let i = 0; i < rows; i++) v[i] /= norm;
    basis.push(v);
  }
  return dependent;
}
