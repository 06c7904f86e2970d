/**
 * Which chart the chart area shows and what of that choice is remembered
 * (spec 1 §2.3, §4, §9): `SPOT_kline_type` holds tradingview (pro, default) or
 * lightChart (simple); the depth chart is shown but never remembered, and the
 * interval preference defaults to 30 minutes.
 */
import type { KlineType } from './chartModel';
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
