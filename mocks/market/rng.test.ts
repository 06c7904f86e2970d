// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { exp, ln, Rng } from './rng';

const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
const draws = (n: number, draw: () => number) => Array.from({ length: n }, draw);

describe('engine-independent ln and exp', () => {
  it('computes ln and exp to double precision from basic arithmetic', () => {
    for (const x of [1e-9, 0.001, 0.3, 0.5, 0.9999, 1, 1.5, Math.E, 10, 12345.678, 1e12]) {
      expect(Math.abs(ln(x) - Math.log(x))).toBeLessThan(1e-15 * Math.max(1, Math.abs(Math.log(x))) * 4);
    }
    for (const x of [-700, -20, -1, -1e-6, 0, 1e-6, 0.5, 1, 3.3, 20, 700]) {
      expect(Math.abs(exp(x) / Math.exp(x) - 1)).toBeLessThan(1e-14);
    }
    expect(ln(0)).toBe(-Infinity);
    expect(exp(-1000)).toBe(0);
  });
});

describe('seeded generator', () => {
  it('repeats a numeric seed exactly, and keeps its stream (recorded sessions depend on it)', () => {
    const a = new Rng(123);
    const b = new Rng(123);
    const xs = draws(20000, () => a.uniform());
    expect(draws(20000, () => b.uniform())).toEqual(xs);
    expect(new Rng(124).uniform()).not.toBe(xs[0]);
    const c = new Rng(123);
    expect(draws(4, () => c.nextUint32())).toEqual([629417593, 1268586715, 283082504, 3178753857]);
  });

  it('repeats a text seed exactly and separates nearby texts', () => {
    const a = Rng.fromText('BTCUSDT\u000042');
    const b = Rng.fromText('BTCUSDT\u000042');
    const xs = draws(20000, () => a.normal());
    expect(draws(20000, () => b.normal())).toEqual(xs);
    expect(Rng.fromText('BTCUSDT\u000043').normal()).not.toBe(xs[0]);
    expect(Rng.fromText('ETHUSDT\u000042').normal()).not.toBe(xs[0]);
    const c = Rng.fromText('BTCUSDT\u000042');
    expect(draws(4, () => c.nextUint32())).toEqual([1685649658, 4252341412, 4286934383, 3893696292]);
  });

  it('draws uniforms in [0, 1) and positive uniforms in (0, 1]', () => {
    const r = Rng.fromText('uniform');
    const u = draws(50000, () => r.uniform());
    expect(Math.min(...u)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...u)).toBeLessThan(1);
    expect(mean(u)).toBeCloseTo(0.5, 2);
    const p = draws(50000, () => r.uniformPositive());
    expect(Math.min(...p)).toBeGreaterThan(0);
    expect(Math.max(...p)).toBeLessThanOrEqual(1);
    expect(mean(p)).toBeCloseTo(0.5, 2);
  });

  it('draws normals and unit-variance Student-t with mean 0 and variance 1', () => {
    const r = Rng.fromText('moments');
    const n = draws(100000, () => r.normal());
    expect(mean(n)).toBeCloseTo(0, 1);
    expect(mean(n.map((x) => x * x))).toBeCloseTo(1, 1);
    const normalTail = n.filter((x) => Math.abs(x) > 3).length;
    for (const dof of [4, 6, 8]) {
      const t = draws(100000, () => r.studentT(dof));
      expect(t.every(Number.isFinite)).toBe(true);
      expect(mean(t)).toBeCloseTo(0, 1);
      expect(mean(t.map((x) => x * x))).toBeCloseTo(1, 1);
      // Same variance, fatter tails.
      expect(t.filter((x) => Math.abs(x) > 3).length).toBeGreaterThan(2 * normalTail);
    }
  });

  it('has sane moments for the other samplers', () => {
    const a = new Rng(123);
    expect(mean(draws(20000, () => a.exponential(3)))).toBeCloseTo(3, 0);
    expect(mean(draws(20000, () => a.geometric(0.25)))).toBeCloseTo(3, 0);
    expect(mean(draws(20000, () => a.poisson(4)))).toBeCloseTo(4, 0);
    const l = draws(20001, () => a.lognormal(50, 1)).sort((x, y) => x - y);
    expect(l[10000]! / 50).toBeGreaterThan(0.95);
    expect(l[10000]! / 50).toBeLessThan(1.05);
    expect(Math.min(...draws(1000, () => a.pareto(2, 1.5)))).toBeGreaterThanOrEqual(2);
  });
});
