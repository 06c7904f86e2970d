import { describe, expect, it } from 'vitest';
import { computeMacd } from './macd';
import { flatSeries, TEST_SERIES } from './testSeries';

describe('MACD (12, 26, 9 as TradingView: DIF, DEA, DIF − DEA)', () => {
  const output = computeMacd(TEST_SERIES, 12, 26, 9);
  const [dif, dea, histogram] = output.lines;

  it('has DIF and DEA lines and a histogram in a sub-pane', () => {
    expect(output.pane).toBe('sub');
    expect(output.lines.map((line) => [line.name, line.kind])).toEqual([
      ['DIF', 'line'],
      ['DEA', 'line'],
      ['MACD', 'histogram'],
    ]);
  });

  it('starts DIF when the slow EMA has its SMA seed, DEA signal − 1 bars later', () => {
    expect(dif?.values[24]).toBeNull();
    expect(dif?.values[25]).toBeCloseTo(0.2286261, 7);
    expect(dea?.values[32]).toBeNull();
    expect(histogram?.values[32]).toBeNull();
    // DEA seed = the SMA of the first 9 DIF values (bars 25–33)
    const firstNine = ((dif?.values ?? []).slice(25, 34) as number[]).reduce((a, b) => a + b, 0) / 9;
    expect(dea?.values[33]).toBeCloseTo(firstNine, 12);
  });

  it('matches the test vectors', () => {
    expect(dif?.values[33]).toBeCloseTo(0.91104093, 7);
    expect(dea?.values[33]).toBeCloseTo(0.55705294, 7);
    expect(histogram?.values[33]).toBeCloseTo(0.35398799, 7);
    expect(dif?.values[35]).toBeCloseTo(1.06494364, 7);
    expect(dea?.values[35]).toBeCloseTo(0.71497695, 7);
    expect(histogram?.values[35]).toBeCloseTo(0.3499667, 7);
  });

  it('works with other lengths (5, 10, 4)', () => {
    const [d, s] = computeMacd(TEST_SERIES, 5, 10, 4).lines;
    expect(d?.values[8]).toBeNull();
    expect(d?.values[9]).toBeCloseTo(1.42510288, 7);
    expect(s?.values[11]).toBeNull();
    expect(s?.values[12]).toBeCloseTo(0.91596318, 7);
    expect(d?.values[20]).toBeCloseTo(0.24250379, 7);
    expect(s?.values[35]).toBeCloseTo(0.65099182, 7);
  });

  it('is 0 on a flat series and null when too short', () => {
    const flat = computeMacd(flatSeries(40), 12, 26, 9).lines;
    expect(flat[0]?.values[39]).toBe(0);
    expect(flat[2]?.values[39]).toBe(0);
    for (const line of computeMacd(TEST_SERIES.slice(0, 25), 12, 26, 9).lines) expect(line.values.every((v) => v === null)).toBe(true);
  });
});
