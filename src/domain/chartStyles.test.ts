import { describe, expect, it } from 'vitest';
import type { OhlcvBar } from './chartModel';
import { heikinAshi, heikinAshiNext, HOLLOW_BODY, hollowCandleColors, klineBarsToOhlcv } from './chartStyles';

const bar = (time: number, open: number, high: number, low: number, close: number, volume = 1): OhlcvBar => ({ time, open, high, low, close, volume });

const BARS = [bar(0, 10, 12, 9, 11, 5), bar(1, 11, 13, 10, 12.5, 6), bar(2, 12.5, 12.8, 8, 9, 7)];

describe('heikinAshi', () => {
  it('follows the Heikin-Ashi formulas', () => {
    const [first, second, third] = heikinAshi(BARS);
    // first: open (10 + 11) / 2, close (10 + 12 + 9 + 11) / 4
    expect(first).toEqual(bar(0, 10.5, 12, 9, 10.5, 5));
    // second: open (10.5 + 10.5) / 2 = 10.5, close (11 + 13 + 10 + 12.5) / 4 = 11.625
    expect(second).toEqual(bar(1, 10.5, 13, 10, 11.625, 6));
    // third: open (10.5 + 11.625) / 2 = 11.0625, close 42.3 / 4 = 10.575
    expect(third?.open).toBeCloseTo(11.0625, 12);
    expect(third?.close).toBeCloseTo(10.575, 12);
    expect(third?.high).toBe(12.8);
    expect(third?.low).toBe(8);
  });

  it('stretches high and low to cover the HA body', () => {
    // a gap: the HA open (from the previous bar) is above this bar's high
    const [, gapped] = heikinAshi([bar(0, 100, 101, 99, 100), bar(1, 50, 51, 49, 50)]);
    expect(gapped?.open).toBe(100);
    expect(gapped?.high).toBe(100);
    expect(gapped?.low).toBe(49);
  });

  it('updates incrementally like the whole-series computation', () => {
    const all = heikinAshi(BARS);
    const live = bar(2, 12.5, 14, 8, 13.5, 9);
    const updated = heikinAshiNext(all[1] ?? null, live);
    expect(updated).toEqual(heikinAshi([BARS[0]!, BARS[1]!, live])[2]);
    expect(heikinAshiNext(null, BARS[0]!)).toEqual(all[0]);
    expect(heikinAshi([])).toEqual([]);
  });
});

describe('hollowCandleColors', () => {
  const UP = '#20b26c';
  const DOWN = '#ef454a';

  it('is hollow when close > open, filled when close < open, coloured against the previous close', () => {
    const colors = hollowCandleColors(
      [
        bar(0, 10, 12, 9, 11), // up vs own open, rising → hollow up
        bar(1, 11, 12, 10, 10.5), // below previous close, falling → filled down
        bar(2, 9, 12, 8, 10), // below previous close 10.5 but rising → hollow down
        bar(3, 12, 12, 10, 10.5), // above previous close, falling → filled up
        bar(4, 10.5, 11, 10, 10.5), // doji at the previous close → hollow up
      ],
      UP,
      DOWN,
    );
    expect(colors).toEqual([
      { color: HOLLOW_BODY, borderColor: UP, wickColor: UP },
      { color: DOWN, borderColor: DOWN, wickColor: DOWN },
      { color: HOLLOW_BODY, borderColor: DOWN, wickColor: DOWN },
      { color: UP, borderColor: UP, wickColor: UP },
      { color: HOLLOW_BODY, borderColor: UP, wickColor: UP },
    ]);
  });

  it('colours a falling first bar down', () => {
    expect(hollowCandleColors([bar(0, 10, 10, 8, 9)], UP, DOWN)).toEqual([{ color: DOWN, borderColor: DOWN, wickColor: DOWN }]);
  });
});

describe('klineBarsToOhlcv', () => {
  const row = (time: number, close: string) => ({ time, open: '1.5', high: '2', low: '1', close, volume: '10.25' });

  it('converts the decimal strings', () => {
    expect(klineBarsToOhlcv([row(60_000, '1.75')])).toEqual([bar(60_000, 1.5, 2, 1, 1.75, 10.25)]);
  });

  it('skips rows with values that are not finite numbers', () => {
    const bad = [row(1, 'abc'), row(2, ''), row(3, 'Infinity'), { ...row(4, '1'), volume: ' ' }, row(Number.NaN, '1'), row(5, '1.8')];
    expect(klineBarsToOhlcv(bad).map((b) => b.time)).toEqual([5]);
  });

  it('returns bars in strictly ascending time, the later of two same-time rows winning', () => {
    const result = klineBarsToOhlcv([row(3, '1.3'), row(1, '1.1'), row(2, '1.2'), row(3, '1.35')]);
    expect(result.map((b) => [b.time, b.close])).toEqual([
      [1, 1.1],
      [2, 1.2],
      [3, 1.35],
    ]);
  });
});
