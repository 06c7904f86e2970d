import { describe, expect, it } from 'vitest';
import { INDICATOR_IDS, type IndicatorConfig } from '../chartModel';
import {
  computeIndicators,
  defaultIndicatorConfig,
  histogramColors,
  INDICATORS,
  MAX_INDICATORS,
  normalizeIndicatorParams,
  parseIndicatorConfigs,
} from './index';
import { MA_COLORS } from './colors';
import { TEST_SERIES } from './testSeries';

const UP = '#20b26c';
const DOWN = '#ef454a';

describe('INDICATORS registry', () => {
  it('defines every indicator id with consistent defaults', () => {
    for (const id of INDICATOR_IDS) {
      const def = INDICATORS[id];
      expect(def.id).toBe(id);
      for (const set of def.defaults) {
        expect(set).toHaveLength(def.params.length);
        set.forEach((value, i) => {
          const param = def.params[i];
          expect(value).toBeGreaterThanOrEqual(param?.min ?? Infinity);
          expect(value).toBeLessThanOrEqual(param?.max ?? -Infinity);
        });
      }
    }
  });

  it('uses the usual defaults and panes', () => {
    expect(INDICATORS.BOLL.defaults[0]).toEqual([20, 2]);
    expect(INDICATORS.MACD.defaults[0]).toEqual([12, 26, 9]);
    expect(INDICATORS.RSI.defaults[0]).toEqual([14]);
    expect(INDICATORS.KDJ.defaults[0]).toEqual([9, 3, 3]);
    expect(INDICATORS.VOL.defaults[0]).toEqual([5, 10]);
    expect(INDICATOR_IDS.filter((id) => INDICATORS[id].pane === 'price')).toEqual(['MA', 'EMA', 'BOLL', 'VWAP']);
  });

  it('computes every indicator over the bars on its own pane', () => {
    for (const id of INDICATOR_IDS) {
      const def = INDICATORS[id];
      const output = def.compute(TEST_SERIES, def.defaults[0] ?? []);
      expect(output.pane).toBe(def.pane);
      for (const line of output.lines) expect(line.values).toHaveLength(TEST_SERIES.length);
    }
  });

  it('fits bad parameters before computing', () => {
    // length 0 → clamped to 1: MA(1) is the close itself
    const line = INDICATORS.MA.compute(TEST_SERIES, [0]).lines[0];
    expect(line?.name).toBe('MA(1)');
    expect(line?.values[3]).toBeCloseTo(TEST_SERIES[3]?.close ?? Number.NaN, 10);
    expect(INDICATORS.BOLL.compute(TEST_SERIES, []).lines[0]?.values[19]).toBeCloseTo(103.4, 8);
  });

  it('titles the legend with the parameters', () => {
    expect(INDICATORS.BOLL.title([20, 2])).toBe('BOLL(20, 2)');
    expect(INDICATORS.MACD.title([12, 26, 9])).toBe('MACD(12, 26, 9)');
    expect(INDICATORS.VWAP.title([])).toBe('VWAP');
  });

  it('gives a MA its palette colour by slot', () => {
    expect(INDICATORS.MA.compute(TEST_SERIES, [7], 1).lines[0]?.color).toBe(MA_COLORS[1]);
    expect(INDICATORS.MA.compute(TEST_SERIES, [7], MA_COLORS.length).lines[0]?.color).toBe(MA_COLORS[0]);
  });
});

describe('normalizeIndicatorParams', () => {
  it('fills missing values with defaults, cuts to the decimals and clamps', () => {
    expect(normalizeIndicatorParams(INDICATORS.BOLL, [])).toEqual([20, 2]);
    expect(normalizeIndicatorParams(INDICATORS.BOLL, [20.9, 2.299])).toEqual([20, 2.29]);
    expect(normalizeIndicatorParams(INDICATORS.BOLL, [0.29, 0.29])).toEqual([1, 0.29]);
    expect(normalizeIndicatorParams(INDICATORS.MACD, [9999, 'x', Number.NaN, 4])).toEqual([500, 26, 9]);
  });
});

describe('defaultIndicatorConfig', () => {
  it('gives the default parameters, by slot for MA and EMA', () => {
    expect(defaultIndicatorConfig('MACD', 'a')).toEqual({ key: 'a', id: 'MACD', params: [12, 26, 9] });
    expect(defaultIndicatorConfig('MA', 'm1').params).toEqual([7]);
    expect(defaultIndicatorConfig('MA', 'm2', 1).params).toEqual([25]);
    expect(defaultIndicatorConfig('MA', 'm3', 2).params).toEqual([99]);
    expect(defaultIndicatorConfig('MA', 'm4', 3).params).toEqual([7]);
    expect(defaultIndicatorConfig('RSI', 'r', 5).params).toEqual([14]);
  });

  it('returns a copy the caller may change', () => {
    defaultIndicatorConfig('VOL', 'v').params.push(1);
    expect(INDICATORS.VOL.defaults[0]).toEqual([5, 10]);
  });
});

describe('parseIndicatorConfigs', () => {
  it('keeps valid entries and fits their parameters', () => {
    expect(
      parseIndicatorConfigs([
        { key: 'a', id: 'MA', params: [30] },
        { key: 'b', id: 'BOLL', params: [0, 99] },
        { key: 'c', id: 'VWAP' },
      ]),
    ).toEqual([
      { key: 'a', id: 'MA', params: [30] },
      { key: 'b', id: 'BOLL', params: [1, 10] },
      { key: 'c', id: 'VWAP', params: [] },
    ]);
  });

  it('drops bad entries and repeated keys', () => {
    expect(
      parseIndicatorConfigs([
        null,
        'MA',
        { key: 'a', id: 'SAR', params: [] },
        { key: '', id: 'MA', params: [7] },
        { key: 5, id: 'MA', params: [7] },
        { key: 'x'.repeat(65), id: 'MA', params: [7] },
        { key: 'ok', id: 'RSI', params: 'bad' },
        { key: 'ok', id: 'MA', params: [7] },
      ]),
    ).toEqual([{ key: 'ok', id: 'RSI', params: [14] }]);
  });

  it('keeps at most MAX_INDICATORS and gives none for a non-list', () => {
    const many = Array.from({ length: 15 }, (_, i) => ({ key: `k${i}`, id: 'EMA', params: [i + 1] }));
    expect(parseIndicatorConfigs(many)).toHaveLength(MAX_INDICATORS);
    expect(parseIndicatorConfigs({ 0: many[0] })).toEqual([]);
    expect(parseIndicatorConfigs(undefined)).toEqual([]);
  });
});

describe('computeIndicators', () => {
  it('computes each config, giving repeated ids the next palette colour', () => {
    const configs: IndicatorConfig[] = [
      { key: 'a', id: 'MA', params: [7] },
      { key: 'b', id: 'RSI', params: [14] },
      { key: 'c', id: 'MA', params: [25] },
    ];
    const result = computeIndicators(TEST_SERIES, configs);
    expect(result.map((r) => r.config.key)).toEqual(['a', 'b', 'c']);
    expect(result[0]?.output.lines[0]?.color).toBe(MA_COLORS[0]);
    expect(result[2]?.output.lines[0]?.color).toBe(MA_COLORS[1]);
    expect(result[2]?.output.lines[0]?.name).toBe('MA(25)');
  });
});

describe('histogramColors', () => {
  it('colours volume by the candle direction', () => {
    const bars = TEST_SERIES.slice(0, 3); // up, up, down
    expect(histogramColors('VOL', bars.map((b) => b.volume), bars, UP, DOWN)).toEqual([UP, UP, DOWN]);
  });

  it('colours the MACD histogram by sign', () => {
    expect(histogramColors('MACD', [null, 0.5, 0, -0.1], TEST_SERIES.slice(0, 4), UP, DOWN)).toEqual([UP, UP, UP, DOWN]);
  });
});

describe('a long series', () => {
  it('computes all eight over 2,000 bars with outputs of the same length', () => {
    const bars = Array.from({ length: 2000 }, (_, i) => {
      const base = TEST_SERIES[i % TEST_SERIES.length]!;
      return { ...base, time: base.time + Math.floor(i / TEST_SERIES.length) * 36 * 3_600_000 };
    });
    for (const id of INDICATOR_IDS) {
      for (const line of INDICATORS[id].compute(bars, INDICATORS[id].defaults[0] ?? []).lines) {
        expect(line.values).toHaveLength(2000);
        expect(line.values.slice(-1)[0]).not.toBeNull();
      }
    }
  });
});
