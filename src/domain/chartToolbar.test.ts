import { describe, expect, it } from 'vitest';
import { INTERVALS, resolutionOf } from './intervals';
import {
  CHART_LOCALES,
  DEFAULT_PINNED_INTERVALS,
  DEFAULT_TIME_FRAMES,
  chartLocale,
  clampChartNumber,
  parsePinnedIntervals,
  samePinned,
  scrollIndicators,
  timeFrameById,
  timeFrameRange,
  togglePinned,
} from './chartToolbar';
import { SUPPORTED_LOCALES } from './locale';

const utc = (y: number, mo: number, d: number, h = 0, mi = 0) => Date.UTC(y, mo - 1, d, h, mi);

describe('parsePinnedIntervals', () => {
  it('reads a JSON text or an array, in the all-intervals order, without duplicates', () => {
    expect(parsePinnedIntervals('["4h","1m","4h","1M"]')).toEqual(['1m', '4h', '1M']);
    expect(parsePinnedIntervals(['1d', '1s'])).toEqual(['1s', '1d']);
  });
  it('accepts the resolution codes older saves used', () => {
    expect(parsePinnedIntervals(['240', '1D', 'W', '1'])).toEqual(['1m', '4h', '1d', '1w']);
  });
  it('drops unknown entries and falls back to the defaults when nothing is left', () => {
    expect(parsePinnedIntervals(['7m', 3, null, '15m'])).toEqual(['15m']);
    for (const bad of [null, undefined, '', 'not json', '{}', '[]', '["x"]', 42, { a: 1 }]) {
      expect(parsePinnedIntervals(bad)).toEqual(DEFAULT_PINNED_INTERVALS);
    }
  });
  it('keeps all 14 when all are pinned', () => {
    expect(parsePinnedIntervals(JSON.stringify([...INTERVALS].reverse()))).toEqual([...INTERVALS]);
  });
  it('returns a fresh array, never the shared default', () => {
    const list = parsePinnedIntervals(null);
    list.push('1s');
    expect(DEFAULT_PINNED_INTERVALS).not.toContain('1s');
  });
});

describe('togglePinned', () => {
  it('pins in interval order and unpins', () => {
    expect(togglePinned(['1m', '1h'], '5m')).toEqual(['1m', '5m', '1h']);
    expect(togglePinned(['1m', '5m', '1h'], '5m')).toEqual(['1m', '1h']);
  });
  it('cannot unpin the last one', () => {
    expect(togglePinned(['1h'], '1h')).toEqual(['1h']);
  });
  it('samePinned compares in order', () => {
    expect(samePinned(['1m', '1h'], ['1m', '1h'])).toBe(true);
    expect(samePinned(['1m', '1h'], ['1m'])).toBe(false);
  });
});

describe('time frames', () => {
  it('pair each frame with the resolution of spec 1 §9', () => {
    const pairs = DEFAULT_TIME_FRAMES.map((f) => [f.id, f.resolution, resolutionOf(f.interval)]);
    expect(pairs).toEqual([
      ['5y', '1W', '1W'],
      ['1y', '1W', '1W'],
      ['6m', '120', '120'],
      ['3m', '60', '60'],
      ['1m', '30', '30'],
      ['5d', '5', '5'],
      ['1d', '1', '1'],
    ]);
  });
  it('go back whole UTC months and years, clamping the day to the month', () => {
    const now = utc(2026, 3, 31, 15, 30);
    const range = (id: string) => timeFrameRange(timeFrameById(id)!, now);
    expect(range('1m')).toEqual({ from: utc(2026, 2, 28, 15, 30), to: now, interval: '30m' });
    expect(range('3m').from).toBe(utc(2025, 12, 31, 15, 30));
    expect(range('6m').from).toBe(utc(2025, 9, 30, 15, 30));
    expect(range('1y').from).toBe(utc(2025, 3, 31, 15, 30));
    expect(range('5y').from).toBe(utc(2021, 3, 31, 15, 30));
    expect(timeFrameRange(timeFrameById('1y')!, utc(2028, 2, 29)).from).toBe(utc(2027, 2, 28));
  });
  it('go back whole days for 5d and 1d', () => {
    const now = utc(2026, 3, 1, 8);
    expect(timeFrameRange(timeFrameById('5d')!, now)).toEqual({ from: utc(2026, 2, 24, 8), to: now, interval: '5m' });
    expect(timeFrameRange(timeFrameById('1d')!, now)).toEqual({ from: utc(2026, 2, 28, 8), to: now, interval: '1m' });
  });
  it('unknown ids are null', () => {
    expect(timeFrameById('2y')).toBeNull();
  });
});

describe('scrollIndicators', () => {
  const box = (scrollLeft: number) => ({ scrollLeft, scrollWidth: 500, clientWidth: 200 });
  it('no overflow, no indicators', () => {
    expect(scrollIndicators({ scrollLeft: 0, scrollWidth: 200, clientWidth: 200 })).toEqual({ start: false, end: false });
    expect(scrollIndicators({ scrollLeft: 0, scrollWidth: 208, clientWidth: 200 })).toEqual({ start: false, end: false });
  });
  it('uses the 10 px threshold on both sides', () => {
    expect(scrollIndicators(box(0))).toEqual({ start: false, end: true });
    expect(scrollIndicators(box(10))).toEqual({ start: false, end: true });
    expect(scrollIndicators(box(11))).toEqual({ start: true, end: true });
    expect(scrollIndicators(box(290))).toEqual({ start: true, end: false });
    expect(scrollIndicators(box(289))).toEqual({ start: true, end: true });
    expect(scrollIndicators(box(300))).toEqual({ start: true, end: false });
  });
  it('reads right-to-left negative scrollLeft like its distance from the start', () => {
    expect(scrollIndicators(box(-0))).toEqual({ start: false, end: true });
    expect(scrollIndicators(box(-150))).toEqual({ start: true, end: true });
    expect(scrollIndicators(box(-300))).toEqual({ start: true, end: false });
  });
  it('takes another threshold', () => {
    expect(scrollIndicators(box(11), 20)).toEqual({ start: false, end: true });
  });
});

describe('chartLocale', () => {
  it('maps the product spellings to the chart ones', () => {
    expect(chartLocale('zh-TW')).toBe('zh_TW');
    expect(chartLocale('zh-CN')).toBe('zh');
    expect(chartLocale('zh-HK')).toBe('zh_TW');
    expect(chartLocale('ar-SA')).toBe('ar');
    expect(chartLocale('pt-BR')).toBe('pt');
    expect(chartLocale('de')).toBe('de');
  });
  it('falls back to en', () => {
    for (const bad of ['xx', '', null, undefined, 'klingon-KL']) expect(chartLocale(bad)).toBe('en');
  });
  it('every page locale has a chart locale of its own', () => {
    const mapped = new Set(SUPPORTED_LOCALES.map((l) => chartLocale(l)));
    expect([...mapped].sort()).toEqual([...CHART_LOCALES].sort());
  });
});

describe('clampChartNumber', () => {
  const rule = { min: 0.01, max: 1000, precision: 2 };
  it('cuts extra decimals instead of rounding them', () => {
    expect(clampChartNumber('12.349', rule)).toEqual({ value: 12.34, text: '12.34' });
    expect(clampChartNumber(' 7 ', rule)).toEqual({ value: 7, text: '7.00' });
    expect(clampChartNumber('.5', rule)).toEqual({ value: 0.5, text: '0.50' });
  });
  it('clamps to min and max', () => {
    expect(clampChartNumber('0', rule)?.text).toBe('0.01');
    expect(clampChartNumber('-5', rule)?.text).toBe('0.01');
    expect(clampChartNumber('99999', rule)?.text).toBe('1000.00');
  });
  it('rounds up to the tick, in units of the last decimal', () => {
    expect(clampChartNumber('12.31', { ...rule, tick: 5 })?.text).toBe('12.35');
    expect(clampChartNumber('12.35', { ...rule, tick: 5 })?.text).toBe('12.35');
    expect(clampChartNumber('12.31', { ...rule, tick: 2 })?.text).toBe('12.32');
    expect(clampChartNumber('12.319', { ...rule, tick: 1 })?.text).toBe('12.31');
    expect(clampChartNumber('3', { min: 1, max: 100, precision: 0, tick: 5 })).toEqual({ value: 5, text: '5' });
  });
  it('stays within the maximum when rounding up would pass it', () => {
    expect(clampChartNumber('99', { min: 1, max: 98, precision: 0, tick: 5 })?.text).toBe('95');
  });
  it('refuses other ticks, bad rules and text that is not a number', () => {
    expect(clampChartNumber('12', { ...rule, tick: 3 })).toBeNull();
    expect(clampChartNumber('12', { ...rule, tick: 10 })).toBeNull();
    expect(clampChartNumber('12', { ...rule, precision: -1 })).toBeNull();
    expect(clampChartNumber('12', { ...rule, precision: 1.5 })).toBeNull();
    expect(clampChartNumber('12', { min: 5, max: 1, precision: 0 })).toBeNull();
    expect(clampChartNumber('12', { min: 1, max: 4, precision: 0, tick: 5 })).toBeNull();
    for (const bad of ['', 'abc', '1e3', '1,000', '1.2.3', 'Infinity', 'NaN', '--1']) {
      expect(clampChartNumber(bad, rule), bad).toBeNull();
    }
  });
  it('never writes a negative zero', () => {
    expect(clampChartNumber('-0.001', { min: -1, max: 1, precision: 2 })?.text).toBe('0.00');
  });
});
