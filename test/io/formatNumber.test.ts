import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../src/io/textOutput.ts';

/** The definition of the text output's number format: the shortest form of the number rounded to `precision` digits. */
const reference = (value: number, precision: number): string => (value === 0 ? '0' : Number(value.toPrecision(precision)).toString());

describe('formatNumber', () => {
  it('equals Number(x.toPrecision(p)).toString() for random magnitudes, notation boundaries and the ends of the double range', () => {
    let state = 12345;
    const next = () => (state = (state * 16807) % 2147483647) / 2147483647;
    const values: number[] = [];
    for (let i = 0; i < 20000; i++) values.push((next() - 0.5) * 2 * 10 ** Math.floor(next() * 70 - 35));
    values.push(1, -1, 10, 0.1, 0.5, 2, 100, -0, 1e9, 1e10, 1e20, 1e21, 1.5e21, 9.9999999999, 0.99999999999, 99999999995, 123456789012,
      1e-6, 1.5e-6, 9.99999999999e-7, 1e-7, 1.5e-7, 5e-324, 2.2250738585072014e-308, 1e-300, 1.7976931348623157e308, 1e300,
      Number.NaN, Infinity, -Infinity);
    let differences = 0;
    for (const precision of [1, 2, 3, 6, 8, 10, 12, 15, 16, 17]) {
      for (const value of values) if (formatNumber(value, precision) !== reference(value, precision)) differences++;
    }
    expect(differences).toBe(0);
    // the fast path is taken and strips zeros, the exponent notations differ only where toString writes no exponent
    expect(formatNumber(1.2, 10)).toBe('1.2');
    expect(formatNumber(-1.5e-7, 10)).toBe('-1.5e-7');
    expect(formatNumber(1.23456789e12, 10)).toBe('1234567890000');
    expect(formatNumber(1.5e22, 3)).toBe('1.5e+22');
  });
});
