/**
 * Which chart the chart area shows and what of that choice is remembered
 * (spec 1 §2.3, §4, §9): `SPOT_kline_type` holds tradingview (pro, default) or
 * lightChart (simple); the depth chart is shown but never remembered, and the
 * interval preference defaults to 30 minutes.
 */
import type { KlineType } from './chartModel';
import { DEFAULT_TIME_FRAMES, type TimeFrame } from './chartToolbar';
import { nominalMs, parseInterval, type Interval } from './intervals';

export const DEFAULT_INTERVAL: Interval = '30m';

/** A stored kline type; anything else, and a stored deepChart, reads as the default. */
export function parseStoredKlineType(raw: unknown): Exclude<KlineType, 'deepChart'> {
  return raw === 'tradingview' || raw === 'lightChart' ? raw : 'tradingview';
}

/** The value to store for a chosen type, or null when the choice is not remembered (depth). */
export function klineTypeToStore(kind: KlineType): Exclude<KlineType, 'deepChart'> | null {
  return kind === 'deepChart' ? null : kind;
}

/** The stored interval, or 30m when missing or not one of the 14. */
export function parseStoredInterval(raw: unknown): Interval {
  return parseInterval(raw) ?? DEFAULT_INTERVAL;
}

/**
 * Spec 1 §4: the chart is rebuilt when the page was hidden or offline for at
 * least one period of the interval (the live bars missed cannot be patched in).
 */
export function rebuildAfterAbsence(absentForMs: number, interval: Interval): boolean {
  return Number.isFinite(absentForMs) && absentForMs >= nominalMs(interval);
}

export type ChartWidgetError = 'noDatafeed' | 'noContainer' | 'noSymbol';

/**
 * Spec 1 §5: the chart widget cannot be built without a data feed, without its
 * container, or with neither a symbol nor "load the last chart" set.
 */
export function chartWidgetError(input: { hasDatafeed: boolean; hasContainer: boolean; symbol: string; loadLastChart: boolean }): ChartWidgetError | null {
  if (!input.hasDatafeed) return 'noDatafeed';
  if (!input.hasContainer) return 'noContainer';
  if (!input.symbol && !input.loadLastChart) return 'noSymbol';
  return null;
}

/** Spec 1 §3: the chart widget's interval when its options name none (the page's own preference defaults to 30m, above). */
export const WIDGET_DEFAULT_INTERVAL: Interval = '1d';
/** Spec 1 §9 "line creation delay 200 ms": the trader's price lines are drawn this long after the chart first shows its bars. */
export const LINE_CREATION_DELAY_MS = 200;

/** Spec 1 §3 chart widget options (symbol, interval, timezone, locale, theme, time frames) with the data feed that serves them. */
export interface ChartWidgetOptions<Feed> {
  datafeed: Feed | null;
  symbol: string;
  interval: Interval;
  timezone: string;
  locale: string;
  theme: 'dark' | 'light';
  timeFrames: readonly TimeFrame[];
}

/** A timezone the browser's Intl can format in, else UTC. */
function timezoneOr(zone: unknown): string {
  if (typeof zone !== 'string' || zone === '') return 'UTC';
  try {
    // Throws a RangeError for a zone the browser does not know.
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone ? zone : 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The widget's options with the spec's defaults: interval 1D, timezone UTC, the default time frames, the dark theme. */
export function chartWidgetOptions<Feed>(input: {
  datafeed: Feed | null | undefined;
  symbol: string;
  interval?: unknown;
  timezone?: unknown;
  locale: string;
  theme?: unknown;
  timeFrames?: readonly TimeFrame[];
}): ChartWidgetOptions<Feed> {
  return {
    datafeed: input.datafeed ?? null,
    symbol: input.symbol,
    interval: parseInterval(input.interval) ?? WIDGET_DEFAULT_INTERVAL,
    timezone: timezoneOr(input.timezone),
    locale: input.locale,
    theme: input.theme === 'light' ? 'light' : 'dark',
    timeFrames: input.timeFrames ?? DEFAULT_TIME_FRAMES,
  };
}
