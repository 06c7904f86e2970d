import { describe, expect, it } from 'vitest';
import { PROBE_CACHE_MS, probeFresh, refreshInterval, uploadDelay } from './timing';

describe('refreshInterval (spec 2 §9)', () => {
  it('30000 ms unless the config says otherwise', () => {
    for (const value of [undefined, null, '45000', Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, {}, [20000], true]) {
      expect(refreshInterval(value), String(value)).toBe(30_000);
    }
    expect(refreshInterval(45_000)).toBe(45_000);
    expect(refreshInterval(12_345.6)).toBe(12_346);
  });

  it('never under 10000 ms', () => {
    expect(refreshInterval(10_000)).toBe(10_000);
    expect(refreshInterval(9_999)).toBe(10_000);
    expect(refreshInterval(1)).toBe(10_000);
    expect(refreshInterval(0)).toBe(10_000);
    expect(refreshInterval(-30_000)).toBe(10_000);
  });
});

describe('uploadDelay', () => {
  it('the first cycle after 10 s, every later one after 30 s', () => {
    expect(uploadDelay(0)).toBe(10_000);
    expect(uploadDelay(1)).toBe(30_000);
    expect(uploadDelay(2)).toBe(30_000);
    expect(uploadDelay(100)).toBe(30_000);
  });
});

describe('probeFresh', () => {
  const received = Date.UTC(2026, 0, 1, 12, 0, 0);

  it('a cached answer is good for 24 h from when it was received', () => {
    expect(PROBE_CACHE_MS).toBe(86_400_000);
    expect(probeFresh(received, received)).toBe(true);
    expect(probeFresh(received, received + 60_000)).toBe(true);
    expect(probeFresh(received, Date.UTC(2026, 0, 2, 11, 59, 59, 999))).toBe(true);
    expect(probeFresh(received, Date.UTC(2026, 0, 2, 12, 0, 0))).toBe(false);
    expect(probeFresh(received, Date.UTC(2026, 0, 5))).toBe(false);
  });

  it('a time in the future is not trusted', () => {
    expect(probeFresh(received + 1, received)).toBe(false);
    expect(probeFresh(received + 3_600_000, received)).toBe(false);
  });

  it('a broken time is not fresh', () => {
    expect(probeFresh(Number.NaN, received)).toBe(false);
    expect(probeFresh(Number.NEGATIVE_INFINITY, received)).toBe(false);
  });
});
