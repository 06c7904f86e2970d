import { describe, expect, it } from 'vitest';
import { chartWidgetError, chartWidgetOptions, klineTypeToStore, parseStoredInterval, parseStoredKlineType, rebuildAfterAbsence } from './chartKind';

describe('chart kind memory', () => {
  it('reads the stored pro or simple type and defaults to tradingview', () => {
    expect(parseStoredKlineType('lightChart')).toBe('lightChart');
    expect(parseStoredKlineType('tradingview')).toBe('tradingview');
    expect(parseStoredKlineType(null)).toBe('tradingview');
    expect(parseStoredKlineType('deepChart')).toBe('tradingview');
    expect(parseStoredKlineType('{"x":1}')).toBe('tradingview');
  });

  it('never stores the depth chart', () => {
    expect(klineTypeToStore('deepChart')).toBeNull();
    expect(klineTypeToStore('lightChart')).toBe('lightChart');
  });

  it('defaults the interval to 30 minutes and keeps 1m apart from 1M', () => {
    expect(parseStoredInterval(null)).toBe('30m');
    expect(parseStoredInterval('7m')).toBe('30m');
    expect(parseStoredInterval('1M')).toBe('1M');
    expect(parseStoredInterval('1m')).toBe('1m');
  });
});

describe('rebuild after an absence', () => {
  it('rebuilds once the page missed at least one period', () => {
    expect(rebuildAfterAbsence(59_999, '1m')).toBe(false);
    expect(rebuildAfterAbsence(60_000, '1m')).toBe(true);
    expect(rebuildAfterAbsence(3_600_000, '4h')).toBe(false);
    expect(rebuildAfterAbsence(31 * 86_400_000, '1M')).toBe(true);
    expect(rebuildAfterAbsence(Number.NaN, '1s')).toBe(false);
  });
});

describe('chart widget construction', () => {
  const ok = { hasDatafeed: true, hasContainer: true, symbol: 'BTCUSDT', loadLastChart: false };
  it('names the first missing piece', () => {
    expect(chartWidgetError(ok)).toBeNull();
    expect(chartWidgetError({ ...ok, hasDatafeed: false })).toBe('noDatafeed');
    expect(chartWidgetError({ ...ok, hasContainer: false })).toBe('noContainer');
    expect(chartWidgetError({ ...ok, symbol: '' })).toBe('noSymbol');
    expect(chartWidgetError({ ...ok, symbol: '', loadLastChart: true })).toBeNull();
  });
});

describe('chart widget options (spec 1 §3)', () => {
  const feed = { name: 'klines' };
  it('fills the spec defaults: interval 1D, timezone UTC, the seven time frames, the dark theme', () => {
    const options = chartWidgetOptions({ datafeed: feed, symbol: 'BTCUSDT', locale: 'en' });
    expect(options).toMatchObject({ datafeed: feed, symbol: 'BTCUSDT', interval: '1d', timezone: 'UTC', locale: 'en', theme: 'dark' });
    expect(options.timeFrames.map((f) => f.id)).toEqual(['5y', '1y', '6m', '3m', '1m', '5d', '1d']);
  });

  it('keeps what is valid and replaces what is not', () => {
    expect(chartWidgetOptions({ datafeed: feed, symbol: 'BTCUSDT', locale: 'en', interval: '4h', timezone: 'Asia/Taipei', theme: 'light' })).toMatchObject({
      interval: '4h',
      timezone: 'Asia/Taipei',
      theme: 'light',
    });
    expect(chartWidgetOptions({ datafeed: undefined, symbol: 'BTCUSDT', locale: 'en', interval: '7m', timezone: 'Mars/Olympus', theme: 'pink' })).toMatchObject({
      datafeed: null,
      interval: '1d',
      timezone: 'UTC',
      theme: 'dark',
    });
  });
});
