import { describe, expect, it } from 'vitest';
import { fastestRoute, latencyLevel, PROBE_FAILURE_MS, probeLatency } from './latency';

describe('probe latency (spec 1 §7)', () => {
  it('counts a failed probe as 15000 ms', () => {
    expect(PROBE_FAILURE_MS).toBe(15_000);
    expect(probeLatency(null)).toBe(15_000);
    expect(probeLatency(Number.NaN)).toBe(15_000);
    expect(probeLatency(-1)).toBe(15_000);
  });

  it('rounds a measured probe to whole ms and caps it at the failure value', () => {
    expect(probeLatency(0)).toBe(0);
    expect(probeLatency(61.6)).toBe(62);
    expect(probeLatency(20_000)).toBe(15_000);
  });
});

describe('latency colouring (spec 1 §8)', () => {
  it.each([
    [0, 'success'],
    [499, 'success'],
    [500, 'warn'],
    [1000, 'warn'],
    [1001, 'danger'],
    [15_000, 'danger'],
  ] as const)('%i ms is %s', (ms, level) => {
    expect(latencyLevel(ms)).toBe(level);
  });
});

describe('Auto picks the fastest line', () => {
  it('takes the lowest latency', () => {
    const lines = [
      { id: 'a', latencyMs: 640 },
      { id: 'b', latencyMs: 60 },
      { id: 'c', latencyMs: 240 },
    ];
    expect(fastestRoute(lines)?.id).toBe('b');
  });

  it('keeps the first listed on a tie, including when every probe failed', () => {
    expect(fastestRoute([{ id: 'a', latencyMs: 100 }, { id: 'b', latencyMs: 100 }])?.id).toBe('a');
    expect(fastestRoute([{ id: 'a', latencyMs: 15_000 }, { id: 'b', latencyMs: 15_000 }])?.id).toBe('a');
  });

  it('skips lines not measured yet, and picks none from none', () => {
    expect(fastestRoute([{ id: 'a', latencyMs: null }, { id: 'b', latencyMs: 900 }])?.id).toBe('b');
    expect(fastestRoute([{ id: 'a', latencyMs: null }])).toBeNull();
    expect(fastestRoute([])).toBeNull();
  });
});
