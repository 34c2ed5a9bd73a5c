/**
 * ObjectConnectorRigidBodySpringDamper's q-Jacobian columns as a kernel (source: rigidBodySpringDamperKernelsSource.ts):
 * one instance per process, shared by all connectors (the calls do not nest), on one 64 KB memory with fixed views of
 * its inputs, work arrays and output. A connector writes its state into the views (whole arrays with `set`), calls
 * {@link RigidBodySpringDamperKernels.stiffnessColumns} and reads the columns from the view `m`.
 * @module
 */

import { stiffnessColumns } from './rigidBodySpringDamperKernelsSource.ts';

/** The most coordinates of one marker the kernels' memory has room for (rigid bodies have at most 7). */
export const rigidBodySpringDamperMarkerCapacity = 32;

/** A view of the kernels' memory. */
type View = Float64Array<ArrayBuffer>;

/** The kernels' views (see stiffnessColumns in rigidBodySpringDamperKernelsSource.ts for what each holds) and call. */
export interface RigidBodySpringDamperKernels {
  /** 3 × 3 inputs. */
  readonly aj: View; readonly a0: View; readonly a1: View; readonly a0All: View; readonly a1All: View;
  readonly r0: View; readonly r1: View; readonly relRot: View; readonly tInverse: View;
  readonly halfExp: View; readonly halfTangent: View;
  /** Vector inputs (6 entries: u6, f6; else 3). */
  readonly u6: View; readonly f6: View; readonly force: View; readonly lever: View;
  readonly dLocal: View; readonly dp: View; readonly dv: View; readonly omegaRel: View;
  /** K and D (6 × 6). */
  readonly stiffness: View; readonly damping: View;
  /** [a, b, 2 sgn(t), r² + t², γ, g, |uRot|², c] (see the source's logTraceDerivative, addTExpInverseTransposedDerivative, rotXYZDerivative). */
  readonly coefficients: View;
  /** Per marker (3 × capacity rows each): position and rotation Jacobian, the four null directions, ∂v/∂q then ∂ω/∂q. */
  readonly j0: View; readonly g0: View; readonly nd0: View; readonly rates0: View;
  readonly j1: View; readonly g1: View; readonly nd1: View; readonly rates1: View;
  /** The columns, (n0 + n1)² row-major. */
  readonly m: View;
  /** The columns into m from the views' values (flags 0 or 1). */
  stiffnessColumns(n0: number, n1: number, null0: number, null1: number, intrinsic: number, hasDamping: number, nearPi: number): void;
}

let instance: RigidBodySpringDamperKernels | undefined;

/** The process's kernels (created at the first call). */
export function rigidBodySpringDamperKernels(): RigidBodySpringDamperKernels {
  instance ??= createKernels(new ArrayBuffer(65536));
  return instance;
}

/** The views on consecutive regions of the buffer, and the call. */
function createKernels(buffer: ArrayBuffer): RigidBodySpringDamperKernels {
  let offset = 0;
  const view = (length: number): View => {
    const result = new Float64Array(buffer, offset, length);
    offset += 8 * length;
    return result;
  };
  const c = rigidBodySpringDamperMarkerCapacity;
  const aj = view(9), a0 = view(9), a1 = view(9), a0All = view(9), a1All = view(9), r0 = view(9), r1 = view(9);
  const relRot = view(9), tInverse = view(9), halfExp = view(9), halfTangent = view(9);
  const u6 = view(6), f6 = view(6), force = view(3), lever = view(3), dLocal = view(3), dp = view(3), dv = view(3), omegaRel = view(3);
  const stiffness = view(36), damping = view(36), coefficients = view(8);
  const j0 = view(3 * c), g0 = view(3 * c), nd0 = view(12 * c), rates0 = view(6 * c);
  const j1 = view(3 * c), g1 = view(3 * c), nd1 = view(12 * c), rates1 = view(6 * c);
  const dA = view(9), dAll = view(9), dM = view(9), dAj = view(9), du6 = view(6), dv6 = view(6), df6 = view(6);
  const m = view(4 * c * c);
  return {
    aj, a0, a1, a0All, a1All, r0, r1, relRot, tInverse, halfExp, halfTangent, u6, f6, force, lever, dLocal, dp, dv, omegaRel,
    stiffness, damping, coefficients, j0, g0, nd0, rates0, j1, g1, nd1, rates1, m,
    stiffnessColumns: (n0, n1, null0, null1, intrinsic, hasDamping, nearPi) => stiffnessColumns(
      aj, a0, a1, a0All, a1All, r0, r1, relRot, tInverse, halfExp, halfTangent, u6, f6, force, lever, dLocal, dp, dv, omegaRel,
      stiffness, damping, coefficients, j0, g0, nd0, rates0, j1, g1, nd1, rates1, dA, dAll, dM, dAj, du6, dv6, df6, m,
      n0, n1, null0, null1, intrinsic, hasDamping, nearPi),
  };
}
