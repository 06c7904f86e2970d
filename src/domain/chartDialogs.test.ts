import { describe, expect, it } from 'vitest';
import { DEFAULT_CHART_SETTINGS, type IndicatorConfig } from './chartModel';
import {
  CHART_TIMEZONES,
  MAX_INDICATORS,
  addIndicator,
  checkIndicatorParam,
  compareCandidates,
  isKnownTimezone,
  nextIndicatorKey,
  stepIndicatorParam,
  normalizeChartSettings,
  normalizeIndicatorParams,
  normalizeIndicators,
  parseHexColor,
  timezoneOffsetMinutes,
  toggleCompare,
  utcOffsetLabel,
  type IndicatorParamRule,
} from './chartDialogs';

const LENGTH: IndicatorParamRule = { key: 'length', min: 1, max: 500, integer: true, default: 7 };
const MULT: IndicatorParamRule = { key: 'mult', min: 0.1, max: 10, integer: false, default: 2 };

describe('checkIndicatorParam', () => {
  it('accepts a number within the rule', () => {
    expect(checkIndicatorParam(' 20 ', LENGTH)).toEqual({ ok: true, value: 20 });
    expect(checkIndicatorParam('2.5', MULT)).toEqual({ ok: true, value: 2.5 });
    expect(checkIndicatorParam('500', LENGTH)).toEqual({ ok: true, value: 500 });
  });
  it('names what is wrong', () => {
    expect(checkIndicatorParam('', LENGTH)).toEqual({ ok: false, error: 'notNumber' });
    expect(checkIndicatorParam('abc', LENGTH)).toEqual({ ok: false, error: 'notNumber' });
    expect(checkIndicatorParam('1e2', LENGTH)).toEqual({ ok: false, error: 'notNumber' });
    expect(checkIndicatorParam('7.5', LENGTH)).toEqual({ ok: false, error: 'notInteger' });
    expect(checkIndicatorParam('0', LENGTH)).toEqual({ ok: false, error: 'belowMin' });
    expect(checkIndicatorParam('501', LENGTH)).toEqual({ ok: false, error: 'aboveMax' });
  });
});

describe('stepIndicatorParam', () => {
  it('moves one step, within min and max, without float noise', () => {
    expect(stepIndicatorParam('7', { ...LENGTH, step: 1 }, 1)).toBe(8);
    expect(stepIndicatorParam('1', { ...LENGTH, step: 1 }, -1)).toBe(1);
    expect(stepIndicatorParam('500', { ...LENGTH, step: 1 }, 1)).toBe(500);
    expect(stepIndicatorParam('0.2', { ...MULT, step: 0.1 }, 1)).toBe(0.3);
    expect(stepIndicatorParam('0.1', { ...MULT, step: 0.1 }, -1)).toBe(0.1);
  });
  it('starts from the default when the field is not valid', () => {
    expect(stepIndicatorParam('abc', { ...LENGTH, step: 1 }, 1)).toBe(7);
  });
});

describe('indicator lists', () => {
  it('normalizes saved parameters one by one', () => {
    expect(normalizeIndicatorParams([20, 3.5], [LENGTH, MULT])).toEqual([20, 3.5]);
    expect(normalizeIndicatorParams([7.5, 'x'], [LENGTH, MULT])).toEqual([7, 2]);
    expect(normalizeIndicatorParams(null, [LENGTH, MULT])).toEqual([7, 2]);
    expect(normalizeIndicatorParams([1, 2, 3], [LENGTH])).toEqual([1]);
  });
  it('gives each instance a free key', () => {
    expect(nextIndicatorKey('MA', [])).toBe('MA-1');
    expect(nextIndicatorKey('MA', [{ key: 'MA-1' }, { key: 'MA-3' }])).toBe('MA-2');
  });
  it('adds with default parameters, up to the maximum', () => {
    let list: IndicatorConfig[] = [];
    list = addIndicator(list, 'MA', [LENGTH]);
    list = addIndicator(list, 'MA', [LENGTH]);
    expect(list).toEqual([
      { key: 'MA-1', id: 'MA', params: [7] },
      { key: 'MA-2', id: 'MA', params: [7] },
    ]);
    for (let i = 0; i < 20; i += 1) list = addIndicator(list, 'RSI', [LENGTH]);
    expect(list).toHaveLength(MAX_INDICATORS);
  });
  it('normalizes a saved list: unknown ids dropped, duplicate keys renamed, capped', () => {
    const rulesOf = () => [LENGTH];
    const saved = [
      { key: 'a', id: 'MA', params: [9] },
      { key: 'a', id: 'EMA', params: [0] },
      { key: 'x', id: 'NOPE', params: [] },
      'garbage',
      ...Array.from({ length: 12 }, (_, i) => ({ key: `r${i}`, id: 'RSI', params: [14] })),
    ];
    const list = normalizeIndicators(saved, rulesOf);
    expect(list).toHaveLength(MAX_INDICATORS);
    expect(list[0]).toEqual({ key: 'a', id: 'MA', params: [9] });
    expect(list[1]).toEqual({ key: 'EMA-1', id: 'EMA', params: [7] });
    expect(normalizeIndicators('nope', rulesOf)).toEqual([]);
  });
});

describe('compare', () => {
  const symbols = [
    { symbolId: 'BTCUSDT', base: 'BTC', quote: 'USDT' },
    { symbolId: 'ETHUSDT', base: 'ETH', quote: 'USDT' },
    { symbolId: 'ETHBTC', base: 'ETH', quote: 'BTC' },
  ];
  it('leaves out the current symbol and matches base, quote or pair', () => {
    expect(compareCandidates(symbols, 'BTCUSDT', '').map((s) => s.symbolId)).toEqual(['ETHUSDT', 'ETHBTC']);
    expect(compareCandidates(symbols, 'BTCUSDT', 'eth/btc').map((s) => s.symbolId)).toEqual(['ETHBTC']);
    expect(compareCandidates(symbols, 'ETHBTC', ' btc ').map((s) => s.symbolId)).toEqual(['BTCUSDT']);
    expect(compareCandidates(symbols, 'BTCUSDT', 'doge')).toEqual([]);
  });
  it('adds up to 3 and removes', () => {
    expect(toggleCompare(['A', 'B'], 'C')).toEqual(['A', 'B', 'C']);
    expect(toggleCompare(['A', 'B', 'C'], 'D')).toEqual(['A', 'B', 'C']);
    expect(toggleCompare(['A', 'B', 'C'], 'B')).toEqual(['A', 'C']);
  });
});

describe('chart settings', () => {
  it('parses #rrggbb colours only', () => {
    expect(parseHexColor('#20B26C')).toBe('#20b26c');
    for (const bad of ['20b26c', '#fff', '#20b26cff', 'red', '', null, 3]) expect(parseHexColor(bad)).toBeNull();
  });
  it('normalizes a save field by field', () => {
    expect(normalizeChartSettings(null)).toEqual(DEFAULT_CHART_SETTINGS);
    expect(
      normalizeChartSettings({
        upColor: '#00FF00',
        downColor: 'blue',
        gridVertical: false,
        gridHorizontal: 'no',
        crosshair: 'magnet',
        priceScale: 'weird',
        timezone: 'Mars/Olympus',
      }),
    ).toEqual({ ...DEFAULT_CHART_SETTINGS, upColor: '#00ff00', gridVertical: false, crosshair: 'magnet' });
    expect(normalizeChartSettings({ timezone: 'Asia/Singapore' }).timezone).toBe('Asia/Singapore');
  });
  it('offers known zones only, UTC first', () => {
    expect(CHART_TIMEZONES[0]).toBe('UTC');
    for (const zone of CHART_TIMEZONES) expect(isKnownTimezone(zone), zone).toBe(true);
    expect(isKnownTimezone('Nowhere/Land')).toBe(false);
  });
  it('computes offsets at a given time, daylight saving included', () => {
    const winter = Date.UTC(2026, 0, 15, 12, 0, 30);
    const summer = Date.UTC(2026, 6, 15, 12);
    expect(timezoneOffsetMinutes('UTC', winter)).toBe(0);
    expect(timezoneOffsetMinutes('Asia/Singapore', winter)).toBe(480);
    expect(timezoneOffsetMinutes('Asia/Kolkata', winter)).toBe(330);
    expect(timezoneOffsetMinutes('America/New_York', winter)).toBe(-300);
    expect(timezoneOffsetMinutes('America/New_York', summer)).toBe(-240);
    expect(timezoneOffsetMinutes('Nowhere/Land', winter)).toBeNull();
  });
  it('labels offsets', () => {
    expect(utcOffsetLabel(0)).toBe('UTC');
    expect(utcOffsetLabel(480)).toBe('UTC+8');
    expect(utcOffsetLabel(330)).toBe('UTC+5:30');
    expect(utcOffsetLabel(-300)).toBe('UTC-5');
  });
});
