/**
 * Linear-algebra layer: vector helpers, dense LU, sparse assembly, orderings, sparse LU and sparse LDLᵀ.
 * @module
 */

export * from './vector.ts';
export * from './denseLU.ts';
export * from './sparse.ts';
export * from './ordering.ts';
export * from './sparseLU.ts';
export * from './sparseLDLT.ts';
export * from './nestedDissection.ts';
