/**
 * The pro chart's derived candle styles (spec 1 §2.3 chart types) and the
 * conversion of kline bars to the chart's numeric bars:
 * - Heikin-Ashi ("average candle"): HA close = (o + h + l + c) / 4; HA open =
 *   (previous HA open + previous HA close) / 2, the first bar's (o + c) / 2;
 *   HA high = max(h, HA open, HA close), HA low = min(l, HA open, HA close).
 * - Hollow candles as TradingView draws them: the body is hollow when close
 *   > open (and for a doji), filled when close < open; the colour is up when
 *   the close is at or above the previous close, down otherwise (the first
 *   bar compares with its own open).
 */
import type { OhlcvBar } from './chartModel';

/** The Heikin-Ashi bar of `bar`, given the Heikin-Ashi bar before it (null for the first bar). */
export function heikinAshiNext(prevHa: OhlcvBar | null, bar: OhlcvBar): OhlcvBar {
  const close = (bar.open + bar.high + bar.low + bar.close) / 4;
  const open = prevHa === null ? (bar.open + bar.close) / 2 : (prevHa.open + prevHa.close) / 2;
  return {
    time: bar.time,
    open,
    high: Math.max(bar.high, open, close),
    low: Math.min(bar.low, open, close),
    close,
    volume: bar.volume,
  };
}

/**
 * Heikin-Ashi bars for a whole series. For a live update of the last bar,
 * keep this result and replace its last entry with
 * `heikinAshiNext(result[length − 2] ?? null, liveBar)` (or append for a new bar).
 */
export function heikinAshi(bars: readonly OhlcvBar[]): OhlcvBar[] {
  const out = new Array<OhlcvBar>(bars.length);
  let prev: OhlcvBar | null = null;
  for (let i = 0; i < bars.length; i += 1) {
    prev = heikinAshiNext(prev, bars[i] as OhlcvBar);
    out[i] = prev;
  }
  return out;
}

export interface CandleColors {
  /** body fill; 'transparent' for a hollow body */
  color: string;
  borderColor: string;
  wickColor: string;
}

export const HOLLOW_BODY = 'transparent';

/** Per-bar colours of TradingView's hollow candles (see the top comment). */
export function hollowCandleColors(bars: readonly OhlcvBar[], upColor: string, downColor: string): CandleColors[] {
  const out = new Array<CandleColors>(bars.length);
  for (let i = 0; i < bars.length; i += 1) {
    const bar = bars[i] as OhlcvBar;
    const reference = i === 0 ? bar.open : (bars[i - 1] as OhlcvBar).close;
    const color = bar.close >= reference ? upColor : downColor;
    out[i] = { color: bar.close < bar.open ? color : HOLLOW_BODY, borderColor: color, wickColor: color };
  }
  return out;
}

/** A kline bar as the REST API and the socket give it: decimal strings. */
export interface KlineStrings {
  /** open time, ms UTC */
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/** A decimal string as a number; null for an empty or non-finite text ("" would be 0 for Number()). */
function finite(text: string): number | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * Kline bars as the chart's numeric bars. Rows with a value that is not a
 * finite number are skipped; the result is in strictly ascending time (the
 * charting library throws otherwise): sorted when needed, and of two rows
 * with the same time the later one wins (a live update after the REST row).
 */
export function klineBarsToOhlcv(bars: readonly KlineStrings[]): OhlcvBar[] {
  const out: OhlcvBar[] = [];
  let ordered = true;
  for (const row of bars) {
    if (!Number.isFinite(row.time)) continue;
    const open = finite(row.open);
    const high = finite(row.high);
    const low = finite(row.low);
    const close = finite(row.close);
    const volume = finite(row.volume);
    if (open === null || high === null || low === null || close === null || volume === null) continue;
    const last = out[out.length - 1];
    if (last !== undefined && row.time <= last.time) ordered = false;
    out.push({ time: row.time, open, high, low, close, volume });
  }
  if (ordered) return out;
  const byTime = new Map<number, OhlcvBar>();
  for (const bar of out) byTime.set(bar.time, bar);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}
