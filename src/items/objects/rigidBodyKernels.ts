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
  /** The gyroscopic Jacobian: ∂/∂p (4 × 4) at 0, ∂/∂ṗ at 16. */
  readonly jacobian: Float64Array;
  /** The 7 × 7 mass matrix (only its nonzero entries are ever written). */
  readonly mass: Float64Array;
  /** The four rotation rows of the mass product or of the gyroscopic force. */
  readonly rows: Float64Array;
  /** eulerParameterGyroscopicJacobian into jacobian. */
  eulerParameterGyroscopicJacobian(p0: number, p1: number, p2: number, p3: number, d0: number, d1: number, d2: number, d3: number): void;
  /** eulerParameterMassMatrix into mass. */
  eulerParameterMassMatrix(p0: number, p1: number, p2: number, p3: number): void;
  /** eulerParameterMassProduct into rows. */
  eulerParameterMassProduct(
    p0: number, p1: number, p2: number, p3: number, a3: number, a4: number, a5: number, a6: number, f0: number, f1: number, f2: number, f3: number,
  ): void;
  /** eulerParameterGyroscopicLhs into rows. */
  eulerParameterGyroscopicLhs(
    p0: number, p1: number, p2: number, p3: number, d0: number, d1: number, d2: number, d3: number, f0: number, f1: number, f2: number, f3: number,
  ): void;
}

let instance: RigidBodyKernels | undefined;

/** The process's kernels (made at the first call). */
export function rigidBodyKernels(): RigidBodyKernels {
  if (instance === undefined) {
    const constants = new Float64Array(rigidBodyConstantEntries);
    const jacobian = new Float64Array(32), mass = new Float64Array(49), rows = new Float64Array(4);
    instance = {
      constants, jacobian, mass, rows,
      eulerParameterGyroscopicJacobian: (p0, p1, p2, p3, d0, d1, d2, d3) => eulerParameterGyroscopicJacobian(constants, p0, p1, p2, p3, d0, d1, d2, d3, jacobian),
      eulerParameterMassMatrix: (p0, p1, p2, p3) => eulerParameterMassMatrix(constants, p0, p1, p2, p3, mass),
      eulerParameterMassProduct: (p0, p1, p2, p3, a3, a4, a5, a6, f0, f1, f2, f3) => eulerParameterMassProduct(constants, p0, p1, p2, p3, a3, a4, a5, a6, f0, f1, f2, f3, rows),
      eulerParameterGyroscopicLhs: (p0, p1, p2, p3, d0, d1, d2, d3, f0, f1, f2, f3) => eulerParameterGyroscopicLhs(constants, p0, p1, p2, p3, d0, d1, d2, d3, f0, f1, f2, f3, rows),
    };
  }
  return instance;
}
