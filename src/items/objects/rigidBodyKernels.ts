/**
 * ObjectRigidBody's closed forms on Euler parameters without COM offset (the gyroscopic Jacobian, the mass matrix, the
 * mass product's rotation rows and the gyroscopic force) as kernels with fixed regions for their inputs and outputs:
 * a body copies its constants and the node's coordinates into the regions, calls the kernel and reads the output
 * region (the Jacobian and mass blocks go to the accumulator as they are). One set of regions per process, shared by
 * all bodies (the kernels do not nest). The kernels' source is rigidBodyKernelsSource.ts.
 * @module
 */

import {
  eulerParameterGyroscopicJacobian, eulerParameterGyroscopicLhs, eulerParameterMassMatrix, eulerParameterMassProduct,
} from './rigidBodyKernelsSource.ts';

/** Entries of a body's constants (see rigidBodyKernelsSource.ts): J (9), the inertia's zero terms (3), p_ref (4), m. */
export const rigidBodyConstantEntries = 17;

/** The kernels and their regions. */
export interface RigidBodyKernels {
  /** A body's constants (rigidBodyConstantEntries), copied in by each call. */
  readonly constants: Float64Array;
  /** The node's Euler parameter displacements (0…3), then the rates or accelerations (4…7). */
  readonly state: Float64Array;
  /** The gyroscopic Jacobian: ∂/∂p (4 × 4) at 0, ∂/∂ṗ at 16. */
  readonly jacobian: Float64Array;
  /** The 7 × 7 mass matrix (only its nonzero entries are ever written). */
  readonly mass: Float64Array;
  /** The four rotation rows of the mass product or of the gyroscopic force: the values to add to, then the sums. */
  readonly rows: Float64Array;
  /** See rigidBodyKernelsSource.ts. */
  eulerParameterGyroscopicJacobian(): void;
  /** See rigidBodyKernelsSource.ts. */
  eulerParameterMassMatrix(): void;
  /** See rigidBodyKernelsSource.ts. */
  eulerParameterMassProduct(): void;
  /** See rigidBodyKernelsSource.ts. */
  eulerParameterGyroscopicLhs(): void;
}

let instance: RigidBodyKernels | undefined;

/** The process's kernels (made at the first call). */
export function rigidBodyKernels(): RigidBodyKernels {
  if (instance === undefined) {
    const constants = new Float64Array(rigidBodyConstantEntries), state = new Float64Array(8);
    const jacobian = new Float64Array(32), mass = new Float64Array(49), rows = new Float64Array(4);
    instance = {
      constants, state, jacobian, mass, rows,
      eulerParameterGyroscopicJacobian: () => eulerParameterGyroscopicJacobian(constants, state, jacobian),
      eulerParameterMassMatrix: () => eulerParameterMassMatrix(constants, state, mass),
      eulerParameterMassProduct: () => eulerParameterMassProduct(constants, state, rows),
      eulerParameterGyroscopicLhs: () => eulerParameterGyroscopicLhs(constants, state, rows),
    };
  }
  return instance;
}
