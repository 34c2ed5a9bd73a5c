import { DenseLocalMatrix } from '../../src/registry/capabilities.ts';

/** An accumulator adding into the square row-major array m (n = √length): for calling an item's matrix terms in tests. */
export function dense(m: Float64Array): DenseLocalMatrix {
  return new DenseLocalMatrix(m, Math.round(Math.sqrt(m.length)));
}
