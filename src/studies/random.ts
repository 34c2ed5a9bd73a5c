/**
 * Seeded pseudo-random numbers for reproducible studies: the same seed gives the same sequence on every
 * machine and Node version (integer arithmetic only, no Math.random).
 * @module
 */

/**
 * A generator of uniform numbers in [0, 1) with 53 random bits, from a 32-bit seed (sfc32 state seeded
 * through splitmix32, so nearby seeds give unrelated sequences).
 */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const splitmix = () => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = splitmix();
    this.b = splitmix();
    this.c = splitmix();
    this.d = splitmix();
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** The next 32-bit unsigned integer (sfc32). */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A uniform number in [0, 1). */
  next(): number {
    const high = this.nextUint32() >>> 5, low = this.nextUint32() >>> 6; // 27 + 26 bits
    return (high * 67108864 + low) / 9007199254740992;
  }

  /** A uniform number in [min, max). */
  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** A uniform integer in 0 … n−1. */
  integer(n: number): number {
    return Math.floor(this.next() * n);
  }
}
