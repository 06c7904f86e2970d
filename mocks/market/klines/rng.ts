/**
 * Seeded pseudo-random numbers. Math.random cannot be seeded, and generated
 * history must be identical on every start-up so charts, tests and screenshots
 * agree without shipping data files.
 */
export interface Rng {
  /** uniform in (0, 1), never exactly 0 so its log is finite */
  uniform(): number;
  /** standard normal */
  normal(): number;
  /** Student-t with an even number of degrees of freedom, scaled to unit variance */
  studentT(dof: number): number;
}

/** cyrb128: spreads a text seed over four 32-bit words for sfc32. */
function hash128(text: string): [number, number, number, number] {
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

export function createRng(seed: string): Rng {
  let [a, b, c, d] = hash128(seed);
  // sfc32: small, fast, passes PractRand, and made of 32-bit integer ops only,
  // so the uniform stream is bit-identical on every JavaScript engine.
  const next32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // The first outputs still echo the hash structure; discard them.
  for (let i = 0; i < 16; i++) next32();

  const uniform = (): number => (next32() + 0.5) / 4294967296;
  let spare: number | null = null;
  const normal = (): number => {
    if (spare !== null) {
      const z = spare;
      spare = null;
      return z;
    }
    const r = Math.sqrt(-2 * Math.log(uniform()));
    const angle = 2 * Math.PI * uniform();
    spare = r * Math.sin(angle);
    return r * Math.cos(angle);
  };
  const studentT = (dof: number): number => {
    // χ² with an even dof is −2·ln of a product of dof/2 uniforms.
    let product = 1;
    for (let i = 0; i < dof / 2; i++) product *= uniform();
    const chi2 = -2 * Math.log(product);
    return (normal() / Math.sqrt(chi2 / dof)) * Math.sqrt((dof - 2) / dof);
  };
  return { uniform, normal, studentT };
}
