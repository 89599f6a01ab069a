// Deterministic pseudo-random numbers for the benchmark corpora: sfc32 seeded
// from a string through xmur3. Never Math.random: the same seed string gives
// the same corpus on every machine and Node version.

function xmur3(str) {
  let h = 1779033703 ^ str.length;
  for (let i = 0; i < str.length; i++) {
    h = Math.imul(h ^ str.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  return () => {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return h >>> 0;
  };
}

export class Rng {
  /** @param {string} seed */
  constructor(seed) {
    const next = xmur3(seed);
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 16; i++) this.u32();
  }

  /** A uniform unsigned 32-bit integer (sfc32). */
  u32() {
    let { a, b, c, d } = this;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  float() {
    return this.u32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n) {
    return Math.floor(this.float() * n);
  }

  /** Uniform integer in [lo, hi], both included. */
  range(lo, hi) {
    return lo + this.int(hi - lo + 1);
  }

  chance(p) {
    return this.float() < p;
  }

  pick(array) {
    return array[this.int(array.length)];
  }

  /** An index into `weights` drawn with probability proportional to its weight. */
  weighted(weights, total) {
    let r = this.float() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i];
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
}
