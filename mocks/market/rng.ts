/**
 * Seeded randomness for the mock market: the session simulator and the
 * generated kline history. Math.random cannot be seeded, and both must come out
 * the same on every start-up and in every engine. The generator is sfc32
 * (32-bit integer state, seeded through splitmix32 from a number or cyrb128
 * from a text), and every transcendental the samplers need is computed here
 * from + − × ÷ and sqrt only: those are correctly rounded by IEEE 754 in every
 * engine, while Math.log/exp/cos are not specified to the last bit, and a
 * one-ulp difference can flip a rounded price or size and then the whole rest
 * of a session. Same seed, same numbers, in Node and in any browser.
 */

const LN2 = 0.6931471805599453;
// ln 2 split so that k·LN2_HI is exact for |k| < 2048 (fdlibm's constants): keeps far arguments accurate.
const LN2_HI = 6.93147180369123816490e-1;
const LN2_LO = 1.90821492927058770002e-10;
const TWO_POW_32 = 4294967296;

/** 2^k exactly, by repeated doubling/halving (powers of two are exact; Math.pow need not be). */
function scaleByPowerOfTwo(value: number, k: number): number {
  let v = value;
  let n = k;
  while (n >= 30) {
    v *= 1073741824;
    n -= 30;
  }
  while (n <= -30) {
    v /= 1073741824;
    n += 30;
  }
  return n >= 0 ? v * (1 << n) : v / (1 << -n);
}

/** Natural logarithm from basic arithmetic (relative error ≈ 1e-16). */
export function ln(x: number): number {
  if (Number.isNaN(x) || x < 0) return NaN;
  if (x === 0) return -Infinity;
  if (x === Infinity) return Infinity;
  let m = x;
  let e = 0;
  // Halving and doubling are exact, so the split x = m·2^e is too.
  while (m >= 2) {
    m /= 2;
    e += 1;
  }
  while (m < 1) {
    m *= 2;
    e -= 1;
  }
  if (m > Math.SQRT2) {
    m /= 2;
    e += 1;
  }
  // ln m = 2·atanh(s) with |s| ≤ 0.172, so 13 odd terms reach double precision.
  const s = (m - 1) / (m + 1);
  const s2 = s * s;
  let term = s;
  let sum = s;
  for (let k = 3; k <= 27; k += 2) {
    term *= s2;
    sum += term / k;
  }
  return e * LN2_HI + (2 * sum + e * LN2_LO);
}

/** e^x from basic arithmetic (relative error ≈ 1e-15). */
export function exp(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x > 709.7) return Infinity;
  if (x < -745) return 0;
  const k = Math.round(x / LN2);
  const r = x - k * LN2_HI - k * LN2_LO;
  // |r| ≤ ln2/2, so the Taylor series converges to double precision in 18 terms.
  let term = 1;
  let sum = 1;
  for (let i = 1; i <= 18; i++) {
    term *= r / i;
    sum += term;
  }
  return scaleByPowerOfTwo(sum, k);
}

/** splitmix32: spreads a small integer seed over the 128-bit sfc32 state. */
function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** cyrb128: spreads a text seed over the four 32-bit words of the sfc32 state. */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | null = null;

  constructor(seed: number) {
    const mix = splitmix32(seed);
    this.a = mix();
    this.b = mix();
    this.c = mix();
    this.d = mix();
    this.warmUp();
  }

  /**
   * A generator seeded from text (e.g. a symbol and a session seed): the whole
   * 128-bit state comes from the text's hash, so distinct texts never collide
   * on a 32-bit seed.
   */
  static fromText(seed: string): Rng {
    const rng = new Rng(0);
    [rng.a, rng.b, rng.c, rng.d] = cyrb128(seed);
    rng.warmUp();
    return rng;
  }

  /** The generator's whole state, so a snapshot restores the same future draws. */
  save(): [number, number, number, number, number | null] {
    return [this.a, this.b, this.c, this.d, this.spareNormal];
  }

  restore(state: readonly [number, number, number, number, number | null]): void {
    [this.a, this.b, this.c, this.d, this.spareNormal] = state;
  }

  /** sfc32's author recommends discarding the first outputs after seeding. */
  private warmUp(): void {
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** A derived generator, so one sub-process's draws never shift another's. */
  fork(stream: number): Rng {
    return new Rng((this.nextUint32() ^ Math.imul(stream + 1, 0x9e3779b1)) >>> 0);
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  uniform(): number {
    return this.nextUint32() / TWO_POW_32;
  }

  /** Uniform in (0, 1]: safe to take the logarithm of. */
  uniformPositive(): number {
    return (this.nextUint32() + 1) / TWO_POW_32;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.uniform() * n);
  }

  chance(p: number): boolean {
    return this.uniform() < p;
  }

  /** Standard normal by Marsaglia's polar method (no trigonometry, see the file note). */
  normal(): number {
    if (this.spareNormal !== null) {
      const v = this.spareNormal;
      this.spareNormal = null;
      return v;
    }
    for (;;) {
      const u = 2 * this.uniform() - 1;
      const v = 2 * this.uniform() - 1;
      const s = u * u + v * v;
      if (s === 0 || s >= 1) continue;
      const f = Math.sqrt((-2 * ln(s)) / s);
      this.spareNormal = v * f;
      return u * f;
    }
  }

  /**
   * Student-t with an even number of degrees of freedom (> 2), scaled to unit
   * variance: a normal over sqrt(χ²/dof), where χ² with an even dof is −2·ln of
   * a product of dof/2 uniforms. Uniforms in [0, 1) keep the product below 1,
   * so χ² > 0 and the result is always finite (a zero product gives 0).
   */
  studentT(dof: number): number {
    let product = 1;
    for (let i = 0; i < dof / 2; i++) product *= this.uniform();
    const chi2 = -2 * ln(product);
    return (this.normal() / Math.sqrt(chi2 / dof)) * Math.sqrt((dof - 2) / dof);
  }

  /** Exponential with the given mean. */
  exponential(mean: number): number {
    return -mean * ln(this.uniformPositive());
  }

  /** Lognormal given its median and the standard deviation of its logarithm. */
  lognormal(median: number, sigma: number): number {
    return median * exp(sigma * this.normal());
  }

  /** Pareto (type I): ≥ min, tail index alpha. */
  pareto(min: number, alpha: number): number {
    return min * exp(-ln(this.uniformPositive()) / alpha);
  }

  /** Failures before the first success, success probability p ∈ (0, 1]. */
  geometric(p: number): number {
    if (p >= 1) return 0;
    return Math.floor(ln(this.uniformPositive()) / ln(1 - p));
  }

  /** Poisson count with the given mean (inversion for small means, normal approximation above 60). */
  poisson(mean: number): number {
    if (mean <= 0) return 0;
    if (mean > 60) return Math.max(0, Math.round(mean + Math.sqrt(mean) * this.normal()));
    const limit = exp(-mean);
    let k = 0;
    let p = this.uniform();
    while (p > limit) {
      k += 1;
      p *= this.uniform();
    }
    return k;
  }
}
