import { DAY_MS } from '../../../src/domain/intervals';
import { decimalsOf, fromUnits } from '../../../src/domain/units';
import type { Ticker24h } from '../../gateway/types';
import type { Bar } from '../klines';
import { firstIndexAtOrAfter } from '../klines/aggregate';

/** Ticker24h without its time, which the caller stamps. */
export type TickerFigures = Omit<Ticker24h, 't'>;

/**
 * 24 h statistics from the 1m bars of the last 24 h (history and live alike).
 * Bars carry no traded value, so the turnover prices each bar's volume at its
 * typical price (h + l + c) / 3 — close to the true value for 1-minute bars.
 */
export function tickerFromMinuteBars(symbol: string, minuteBars: readonly Bar[], now: number, tick: string, lot: string): TickerFigures | null {
  const from = firstIndexAtOrAfter(minuteBars, now - DAY_MS);
  const first = minuteBars[from];
  const lastBar = minuteBars.at(-1);
  if (!first || !lastBar) return null;
  let high = first.h;
  let low = first.l;
  let volume = 0;
  let turnoverUnits = 0;
  for (let i = from; i < minuteBars.length; i++) {
    const bar = minuteBars[i]!;
    if (bar.h > high) high = bar.h;
    if (bar.l < low) low = bar.l;
    volume += bar.v;
    turnoverUnits += (bar.v * (bar.h + bar.l + bar.c)) / 3;
  }
  const open = first.o;
  const last = lastBar.c;
  const ratio = open > 0 ? (last - open) / open : 0;
  // Quote amounts are shown with the price's decimals; the value is an estimate anyway.
  const turnover = turnoverUnits * Number(tick) * Number(lot);
  return {
    symbol,
    open: fromUnits(open, tick),
    high: fromUnits(high, tick),
    low: fromUnits(low, tick),
    last: fromUnits(last, tick),
    volume: fromUnits(volume, lot),
    turnover: turnover.toFixed(decimalsOf(tick)),
    changeRatio: formatRatio(ratio),
  };
}

/** 4 decimals, never "-0.0000". */
export function formatRatio(ratio: number): string {
  const text = ratio.toFixed(4);
  return text === '-0.0000' ? '0.0000' : text;
}
