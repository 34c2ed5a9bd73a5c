/** One Exudyn test model ported to Flexdyn: it builds, solves and returns one number. */
export interface TestModel {
  /** Name of the Exudyn test model (main/pythonDev/TestModels/<name>.py). */
  readonly name: string;
  /** Exudyn's reference value (runTestSuiteRefSol.py, Exudyn 1.11). */
  readonly reference: number;
  /** Relative comparison, or absolute for results that are differences near zero. */
  readonly comparison: 'relative' | 'absolute';
  /** Allowed error (relative or absolute, per comparison). */
  readonly tolerance: number;
  /** True if the model reads Exudyn's test data (testModels/exudynData.ts): it runs in `npm run test:exudyn-data`. */
  readonly needsExudynData?: boolean;
  /** True for Exudyn's performance models that run for many seconds: they run in `npm run testmodels:long`, not in npm test. */
  readonly long?: boolean;
  /** Builds and solves the model; returns the scalar the original reports as testResult. */
  run(): number;
}

/** The error of a result against its reference, in the model's comparison mode. */
export function testModelError(model: TestModel, result: number): number {
  const difference = Math.abs(result - model.reference);
  return model.comparison === 'relative' ? difference / Math.abs(model.reference) : difference;
}

/** The square matrix with the given diagonal (numpy's np.diag of Exudyn's models). */
export function diagonalMatrix(values: readonly number[]): number[][] {
  return values.map((value, i) => values.map((_, j) => (i === j ? value : 0)));
}
