import { describe, expect, it } from 'vitest';
import { baselineOf, growthOf, HEAP_GROWTH_LIMIT, slopePerMinute, verdict, type SoakSample } from './trend';

const MB = 1024 * 1024;
const sample = (minute: number, pageHeap: number, detachedNodes = 0): SoakSample => ({
  minute,
  pageHeap,
  workerHeap: null,
  domNodes: 5_000,
  detachedNodes,
  listeners: 900,
  storage: 0,
  klineRows: null,
});

describe('soak trend', () => {
  it('measures from minute 5, or from the middle of a shorter run', () => {
    const hour = Array.from({ length: 61 }, (_, m) => sample(m, 40 * MB));
    expect(baselineOf(hour)?.minute).toBe(5);
    const short = Array.from({ length: 7 }, (_, m) => sample(m, 40 * MB));
    expect(baselineOf(short)?.minute).toBe(3);
    expect(baselineOf([sample(0, 1)])).toBeNull();
  });

  it('projects a steady leak of a short run to minute 60 and calls it a miss', () => {
    // 1 MB a minute: 6 MB measured over minutes 5–11, 55 MB by minute 60.
    const leaking = Array.from({ length: 12 }, (_, m) => sample(m, 40 * MB + m * MB));
    const growth = growthOf(leaking, (s) => s.pageHeap)!;
    expect(growth.grew).toBe(6 * MB);
    expect(growth.projected).toBeCloseTo(55 * MB, -3);
    expect(verdict(growth, HEAP_GROWTH_LIMIT)).toBe('MISS');
  });

  it('passes a heap that warms up and then stays flat', () => {
    const flat = Array.from({ length: 12 }, (_, m) => sample(m, m < 4 ? 30 * MB + m * 2 * MB : 40 * MB + (m % 2) * 0.3 * MB));
    const growth = growthOf(flat, (s) => s.pageHeap)!;
    expect(Math.abs(growth.projected)).toBeLessThan(2 * MB);
    expect(verdict(growth, HEAP_GROWTH_LIMIT)).toBe('PASS');
  });

  it('uses the measured growth once the run lasted the hour', () => {
    const hour = Array.from({ length: 61 }, (_, m) => sample(m, 40 * MB + (m >= 59 ? 12 * MB : 0)));
    const growth = growthOf(hour, (s) => s.pageHeap)!;
    expect(growth.projected).toBe(12 * MB);
    expect(verdict(growth, HEAP_GROWTH_LIMIT)).toBe('MISS');
  });

  it('skips values that could not be read and answers n/a without enough of them', () => {
    expect(growthOf([sample(0, 1), sample(1, 2)], (s) => s.workerHeap)).toBeNull();
    expect(verdict(null, 0)).toBe('n/a');
    expect(slopePerMinute([sample(3, 1), sample(3, 5)], (s) => s.pageHeap)).toBe(0);
  });

  it('sees detached DOM growth as a slope, not only as the last sample', () => {
    const growing = Array.from({ length: 10 }, (_, m) => sample(m, 40 * MB, m * 20));
    expect(growthOf(growing, (s) => s.detachedNodes)!.projected).toBeGreaterThan(0);
    expect(verdict(growthOf(growing, (s) => s.detachedNodes), 0)).toBe('MISS');
  });
});
