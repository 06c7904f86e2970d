import { describe, expect, it } from 'vitest';
import { computeVol, volumeUp } from './vol';
import { TEST_SERIES } from './testSeries';

describe('VOL (volume histogram with MA 5 and 10)', () => {
  const output = computeVol(TEST_SERIES, 5, 10);
  const [volume, fast, slow] = output.lines;

  it('draws the volumes as a histogram in a sub-pane', () => {
    expect(output.pane).toBe('sub');
    expect(volume?.kind).toBe('histogram');
    expect(volume?.values).toEqual(TEST_SERIES.map((bar) => bar.volume));
    expect([fast?.name, slow?.name]).toEqual(['MA(5)', 'MA(10)']);
  });

  it('averages the volume', () => {
    expect(fast?.values[3]).toBeNull();
    expect(fast?.values[4]).toBeCloseTo(15.56, 8);
    expect(fast?.values[10]).toBeCloseTo(18.38, 8);
    expect(fast?.values[35]).toBeCloseTo(21.38, 8);
    expect(slow?.values[8]).toBeNull();
    expect(slow?.values[9]).toBeCloseTo(16.08, 8);
    expect(slow?.values[35]).toBeCloseTo(20.04, 8);
  });

  it('colours a bar up when it closed at or above its open', () => {
    const bar = { time: 0, open: 10, high: 11, low: 9, close: 10, volume: 1 };
    expect(volumeUp(bar)).toBe(true);
    expect(volumeUp({ ...bar, close: 10.5 })).toBe(true);
    expect(volumeUp({ ...bar, close: 9.5 })).toBe(false);
  });
});
