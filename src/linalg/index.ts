/**
 * Linear-algebra layer: vector helpers, dense LU, sparse assembly, orderings and sparse LU.
 * @module
 */

export * from './vector.ts';
export * from './denseLU.ts';
export * from './sparse.ts';
export * from './ordering.ts';
export * from './sparseLU.ts';
