import { significantDecimals, stepOfDecimals, toUnits } from '../../src/domain/units';
import type { MarketView, Ticker24h } from '../gateway/types';
import { unknownSymbol } from './errors';
import { symbolListParam } from './params';

/**
 * (last - open) / open in millionths, rounded half away from zero, computed
 * on integers: the ticker's own changeRatio has only 4 decimals, too coarse
 * for an E6 field.
 */
export function changeE6(last: string, open: string): string {
  const step = stepOfDecimals(Math.max(significantDecimals(last), significantDecimals(open)));
  const l = toUnits(last, step);
  const o = toUnits(open, step);
  if (l === null || o === null || o === 0) return '0';
  const numerator = (BigInt(l) - BigInt(o)) * 1_000_000n;
  const divisor = BigInt(o);
  const quotient = numerator / divisor;
  const remainder = numerator % divisor;
  const abs = (n: bigint) => (n < 0n ? -n : n);
  const roundAway = 2n * abs(remainder) >= abs(divisor);
  const sign = numerator < 0n !== divisor < 0n ? -1n : 1n;
  return String(roundAway ? quotient + sign : quotient);
}

/** Spot has no mark or index price of its own: both are the last price. */
export function tickerRow(t: Ticker24h) {
  return {
    symbol: t.symbol,
    lastPrice: t.last,
    markPrice: t.last,
    indexPrice: t.last,
    volume24h: t.volume,
    turnover24h: t.turnover,
    price24hPcntE6: changeE6(t.last, t.open),
    highPrice24h: t.high,
    lowPrice24h: t.low,
    prevPrice24h: t.open,
  };
}

/**
 * Asked symbols wait only for their own sessions, so the page's symbol is not
 * held up by the rest loading; "all" waits for every session. A symbol with no
 * statistics yet (a listing before it opens) is left out rather than shown as 0.
 */
export async function tickers(market: MarketView, query: URLSearchParams) {
  const asked = symbolListParam(query, 'symbol');
  if (asked) {
    const unknown = asked.find((s) => !market.isKnown(s));
    if (unknown !== undefined) throw unknownSymbol(unknown);
    await Promise.all(asked.map((s) => market.want(s)));
  } else {
    await market.ready();
  }
  const symbols = asked ?? market.symbols();
  return { list: symbols.flatMap((s) => tickerRowOf(market, s)) };
}

function tickerRowOf(market: MarketView, symbol: string) {
  const t = market.ticker(symbol);
  return t ? [tickerRow(t)] : [];
}
