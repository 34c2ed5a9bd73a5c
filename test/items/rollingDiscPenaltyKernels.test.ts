import { describe, expect, it } from 'vitest';
import { bitPatterns as bits, kernelValues as values } from '../helpers/kernelValues.ts';
import { rollingDiscPenaltyColumnsStart, rollingDiscPenaltyInput, rollingDiscPenaltyRegion } from '../../src/items/objects/rollingDiscPenaltyKernels.ts';
import * as forceSource from '../../src/items/objects/rollingDiscPenaltyForceKernelsSource.ts';
import * as source from '../../src/items/objects/rollingDiscPenaltyKernelsSource.ts';

describe('rollingDiscPenaltyKernels', () => {
  // a region after another one: addresses not 0
  rollingDiscPenaltyRegion(100);
  const { kernels: exports, region: doubles, address } = rollingDiscPenaltyRegion(rollingDiscPenaltyColumnsStart + 2000);

  it('adds the Jacobian columns bit for bit as the source run as JavaScript (both sides, q and u, with and without rolling friction)', () => {
    let trial = 0;
    for (const special of [false, true]) {
      for (const [n0, n1] of [[0, 7], [7, 7], [6, 3], [7, 0]]) {
        for (const configuration of [0, 1]) {
          for (const rolling of [0, 1]) {
            const next = values(++trial, { specialShare: special ? 0.08 : 0 });
            const array = (length: number, zeroColumns = false): Float64Array => {
              const a = Float64Array.from({ length }, next);
              // every second column (3 × length/3) zero: a translation, which does not move the frame
              const nb = length / 3;
              if (zeroColumns) for (let k = 0; k < nb; k += 2) a[k] = a[nb + k] = a[2 * nb + k] = 0;
              return a;
            };
            const input = array(rollingDiscPenaltyColumnsStart);
            // a marker's columns: Jacobians, ∂v/∂q, ∂ω/∂q, null direction (rotation and null direction with zero columns)
            const columns = (nb: number): Float64Array => {
              const blocks = [array(3 * nb), array(3 * nb, true), array(3 * nb), array(3 * nb), array(3 * nb, true)];
              const c = new Float64Array(15 * nb);
              blocks.forEach((block, i) => c.set(block, 3 * nb * i));
              return c;
            };
            const columns0 = columns(n0), columns1 = columns(n1);
            const n = n0 + n1, factor = next();
            const m = Float64Array.from({ length: n * n }, next);
            source.addJacobianColumns(input, columns0, columns1, m, n0, n1, configuration, rolling, factor);
            const start0 = rollingDiscPenaltyColumnsStart, start1 = start0 + columns0.length, at = start1 + columns1.length;
            doubles.set(input, 0);
            doubles.set(columns0, start0);
            doubles.set(columns1, start1);
            doubles.fill(7, at, at + n * n);
            exports.addJacobianColumns(address, address + 8 * start0, address + 8 * start1, address + 8 * at, n0, n1, configuration, rolling, factor);
            expect(bits(doubles.subarray(at, at + n * n))).toEqual(bits(m));
          }
        }
      }
    }
  });

  it('forms the column arrays of Euler-parameter nodes bit for bit as the source run as JavaScript', () => {
    const nodes = rollingDiscPenaltyInput.nodes, start0 = rollingDiscPenaltyColumnsStart, start1 = start0 + 105;
    for (let trial = 0; trial < 200; trial++) {
      const next = values(5000 + trial, { specialShare: trial % 4 === 3 ? 0.08 : 0 });
      const memory = Float64Array.from({ length: start1 + 105 }, next);
      const expected = memory.slice();
      const bodies = trial % 2;
      source.nodeColumns(expected.subarray(nodes), expected.subarray(start0, start1), expected.subarray(start1), bodies);
      doubles.set(memory, 0);
      exports.nodeColumns(address + 8 * nodes, address + 8 * start0, address + 8 * start1, bodies);
      expect(bits(doubles.subarray(0, memory.length))).toEqual(bits(expected));
    }
  });

  it('forms the loads of markers on Euler-parameter nodes bit for bit as the source run as JavaScript', () => {
    const { nodes, nodeLoads } = rollingDiscPenaltyInput;
    for (let trial = 0; trial < 200; trial++) {
      const next = values(7000 + trial, { specialShare: trial % 4 === 3 ? 0.08 : 0 });
      const memory = Float64Array.from({ length: rollingDiscPenaltyColumnsStart }, next);
      const expected = memory.slice();
      const bodies = trial % 2;
      forceSource.nodeLoads(expected, expected.subarray(nodes), expected.subarray(nodeLoads), bodies);
      doubles.set(memory, 0);
      exports.nodeLoads(address, address + 8 * nodes, address + 8 * nodeLoads, bodies);
      expect(bits(doubles.subarray(0, memory.length))).toEqual(bits(expected));
    }
  });

  it('adds the loads\' configuration derivative of markers on Euler-parameter nodes bit for bit as the source run as JavaScript', () => {
    const start = rollingDiscPenaltyColumnsStart;
    for (let trial = 0; trial < 200; trial++) {
      const next = values(9000 + trial, { specialShare: trial % 4 === 3 ? 0.08 : 0 });
      const memory = Float64Array.from({ length: start + 196 }, next);
      const expected = memory.slice();
      const bodies = trial % 2, factor = next();
      forceSource.nodeLoads_q(expected, expected.subarray(start), bodies, factor);
      doubles.set(memory, 0);
      exports.nodeLoads_q(address, address + 8 * start, bodies, factor);
      expect(bits(doubles.subarray(0, memory.length))).toEqual(bits(expected));
    }
  });

  it('evaluates the forces and the friction law bit for bit as the source run as JavaScript (every regime)', () => {
    for (let trial = 0; trial < 1200; trial++) {
      const next = values(1000 + trial, { specialShare: trial % 4 === 3 ? 0.08 : 0 });
      const input = Float64Array.from({ length: rollingDiscPenaltyColumnsStart }, next);
      const pick = (k: number): boolean => ((trial >> k) & 1) === 1;
      // the flags and regimes: active, linear zone, friction angle 0, rolling friction 0, no slip, no data slip, a data
      // slip inside the proportional zone
      const c = rollingDiscPenaltyInput.constants;
      input[c + 4] = pick(0) && trial % 97 === 0 ? 0 : 1;
      input[c + 6] = pick(1) ? 1 : 0;
      if (pick(2)) input[c + 11] = 0;
      if (pick(3)) input[c + 3] = 0;
      if (trial % 13 === 0) input[45] = input[46] = 0;
      let dataX = next(), dataY = next();
      if (trial % 11 === 0) dataX = dataY = 0;
      if (pick(4)) input[c + 5] = 2 * Math.hypot(dataX, dataY) + Math.abs(next());
      const dataGap = pick(5) && trial % 7 === 0 ? Math.abs(next()) : -Math.abs(next());
      const derivatives = pick(6) ? 1 : 0;
      const expected = input.slice();
      forceSource.evaluate(expected, dataX, dataY, dataGap, derivatives);
      doubles.set(input, 0);
      exports.evaluate(address, dataX, dataY, dataGap, derivatives);
      expect(bits(doubles.subarray(0, rollingDiscPenaltyColumnsStart))).toEqual(bits(expected));
      const law = input.slice();
      forceSource.slipForce(law, dataX, dataY, derivatives);
      doubles.set(input, 0);
      exports.slipForce(address, dataX, dataY, derivatives);
      expect(bits(doubles.subarray(0, rollingDiscPenaltyColumnsStart))).toEqual(bits(law));
    }
  });
});
