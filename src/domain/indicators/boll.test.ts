import { describe, expect, it } from 'vitest';
import { computeBoll } from './boll';
import { flatSeries, TEST_SERIES } from './testSeries';

describe('BOLL (20, 2: SMA ± k · population σ)', () => {
  const [middle, upper, lower] = computeBoll(TEST_SERIES, 20, 2).lines;

  it('has a middle, an upper and a lower line on the price pane', () => {
    expect(computeBoll(TEST_SERIES, 20, 2).pane).toBe('price');
    expect([middle?.name, upper?.name, lower?.name]).toEqual(['MID', 'UPPER', 'LOWER']);
  });

  it('matches the test vectors', () => {
    expect(middle?.values[18]).toBeNull();
    expect(upper?.values[18]).toBeNull();
    expect(middle?.values[19]).toBeCloseTo(103.4, 8);
    expect(upper?.values[19]).toBeCloseTo(106.5931176, 7);
    expect(lower?.values[19]).toBeCloseTo(100.2068824, 7);
    expect(middle?.values[27]).toBeCloseTo(103.785, 8);
    expect(upper?.values[27]).toBeCloseTo(106.60228593, 7);
    expect(lower?.values[35]).toBeCloseTo(101.85463294, 7);
  });

  it('is symmetric around the middle with the multiplier', () => {
    const wide = computeBoll(TEST_SERIES, 20, 3).lines;
    const m = middle?.values[30] as number;
    const width2 = (upper?.values[30] as number) - m;
    expect(m - (lower?.values[30] as number)).toBeCloseTo(width2, 10);
    expect((wide[1]?.values[30] as number) - m).toBeCloseTo(width2 * 1.5, 10);
  });

  it('has width 0 on a flat series and only nulls when too short', () => {
    const flat = computeBoll(flatSeries(25, 64_000), 20, 2).lines;
    expect(flat[1]?.values[24]).toBe(64_000);
    expect(flat[2]?.values[24]).toBe(64_000);
    const short = computeBoll(TEST_SERIES.slice(0, 19), 20, 2).lines;
    for (const line of short) expect(line.values).toEqual(Array(19).fill(null));
  });
});
