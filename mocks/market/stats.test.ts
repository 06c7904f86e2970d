// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { DraftEvent } from './session/writer';
import {
  compareStreams, interArrivals, ksStatistic, quantile, sampleBook, sessionStats, tradeSizes, tradesPerMinute,
} from './stats';

/** The definition, straight: sup over every sample value of |F_a − F_b|. */
function bruteKs(a: number[], b: number[]): number {
  const cdf = (s: number[], x: number) => s.filter((v) => v <= x).length / s.length;
  let d = 0;
  for (const x of [...a, ...b]) d = Math.max(d, Math.abs(cdf(a, x) - cdf(b, x)));
  return d;
}

/** A small deterministic generator so the random cases are the same every run. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

describe('ksStatistic', () => {
  it('is 0 for identical samples and 1 for disjoint ones', () => {
    expect(ksStatistic([1, 2, 3], [3, 2, 1])).toBe(0);
    expect(ksStatistic([1, 2, 3], [4, 5])).toBe(1);
    expect(ksStatistic([4, 5], [1, 2, 3])).toBe(1);
  });

  it('matches hand-worked cases', () => {
    // F_a(2) = 0.5 against F_b(2) = 0; at 4: 1 against 0.5.
    expect(ksStatistic([1, 2, 3, 4], [3, 4, 5, 6])).toBe(0.5);
    // Unequal sizes: at 0, 1 against 1/2.
    expect(ksStatistic([0], [0, 1])).toBe(0.5);
    // Shifted by a third of a uniform grid of 3 points.
    expect(ksStatistic([1, 2, 3], [2, 3, 4])).toBeCloseTo(1 / 3, 15);
  });

  it('compares at tied values, not inside a run of ties', () => {
    // At 1: 3/4 against 1/4. A merge that steps one element at a time would see 3/4 against 0 inside the run.
    expect(ksStatistic([1, 1, 1, 2], [1, 2, 2, 2])).toBe(0.5);
    // Both samples all equal: the same distribution.
    expect(ksStatistic([7, 7, 7], [7, 7])).toBe(0);
    // A point mass against a spread around it.
    expect(ksStatistic([1, 1, 1, 1], [0, 1, 1, 2])).toBe(0.25);
  });

  it('agrees with the definition on random samples full of ties', () => {
    const rnd = lcg(42);
    for (let k = 0; k < 200; k++) {
      const a = Array.from({ length: 1 + Math.floor(rnd() * 30) }, () => Math.floor(rnd() * 8));
      const b = Array.from({ length: 1 + Math.floor(rnd() * 30) }, () => Math.floor(rnd() * 8) + (rnd() < 0.3 ? 0.5 : 0));
      expect(ksStatistic(a, b)).toBeCloseTo(bruteKs(a, b), 12);
    }
  });

  it('is symmetric, order-free and leaves its inputs alone', () => {
    const a = [5, 1, 4, 1, 3];
    const b = [2, 9, 1];
    expect(ksStatistic(a, b)).toBe(ksStatistic(b, a));
    expect(ksStatistic(a, b)).toBe(ksStatistic([...a].sort(), [...b].reverse()));
    expect(a).toEqual([5, 1, 4, 1, 3]);
  });

  it('refuses an empty sample', () => {
    expect(() => ksStatistic([], [1])).toThrow('non-empty');
  });
});

const S = 'X';
const session: DraftEvent[] = [
  { t: 1000, ch: 'snapshot', msg: { s: S, b: [[100, 5], [99, 1]], a: [[101, 4], [103, 2]] } },
  { t: 1050, ch: 'trade', msg: { s: S, id: 1, p: 101, q: 3, m: true } },
  { t: 1050, ch: 'trade', msg: { s: S, id: 2, p: 101, q: 1, m: true } },
  { t: 1100, ch: 'book', msg: { s: S, b: [], a: [[101, 0]] } },
  { t: 1180, ch: 'trade', msg: { s: S, id: 3, p: 100, q: 2, m: false } },
  { t: 1200, ch: 'book', msg: { s: S, b: [], a: [[102, 6]] } },
  { t: 1300, ch: 'gap', msg: { s: S, reason: 'test' } },
  { t: 1400, ch: 'snapshot', msg: { s: S, b: [[100, 1]], a: [[101, 1]] } },
  { t: 1600, ch: 'book', msg: { s: S, b: [[100, 2]], a: [] } },
];

describe('session statistics', () => {
  it('extracts trade sizes and inter-arrival times', () => {
    expect(tradeSizes(session)).toEqual([3, 1, 2]);
    expect(interArrivals(session)).toEqual([0, 130]);
  });

  it('counts trades per minute over the stream span', () => {
    // 3 trades in 600 ms.
    expect(tradesPerMinute(session)).toBeCloseTo(300, 9);
  });

  it('samples the book on a time grid, each point after the events stamped at or before it', () => {
    const { spreads, depths } = sampleBook(session, { gridMs: 100 });
    // 1000, 1100 (ask 101 gone: 103 best), 1200 (102 added), 1300 gap → skipped, 1400 new snapshot, 1500, 1600.
    expect(spreads).toEqual([1, 3, 2, 1, 1, 1]);
    expect(depths).toEqual([12, 8, 14, 2, 2, 3]);
    expect(sampleBook(session, { gridMs: 100, depthLevels: 1 }).depths).toEqual([9, 7, 11, 2, 2, 3]);
  });

  it('finds no difference between a stream and itself', () => {
    const c = compareStreams(session, session);
    expect(c.ks).toEqual({ tradeSize: 0, interArrival: 0, spread: 0 });
    expect(c.ratio).toEqual({ tradesPerMinute: 1, depth: 1, tradeSize: 1 });
  });

  it('summarises a stream', () => {
    const s = sessionStats(session);
    expect(s.trades).toBe(3);
    expect(s.durationMs).toBe(600);
    expect(s.meanTradeSize).toBe(2);
    expect(quantile(s.tradeSizes, 0.5)).toBe(2);
  });
});
