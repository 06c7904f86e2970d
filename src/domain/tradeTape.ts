/**
 * Latest trades (spec 1 §3 trade tick, §9 "latest trades 40", time HH:mm:ss):
 * which trades are shown, their taker side, and the direction of the last
 * price. Time zones are a parameter, never read here.
 */

/** The trade tick of spec 1 §3 as the page holds it. */
export interface TradeTick {
  /** trade id */
  v: string;
  /** ms */
  t: number;
  p: string;
  q: string;
  /** true when the buyer is the taker */
  m: boolean;
}

/** Spec 1 §9: latest trades shows 40 (the stream keeps 100). */
export const TRADES_SHOWN = 40;

export type TakerSide = 'buy' | 'sell';

/** m = true means the buyer took liquidity: a buy (green); else a sell (red). */
export function takerSideOf(trade: Pick<TradeTick, 'm'>): TakerSide {
  return trade.m ? 'buy' : 'sell';
}

/** The newest `count` trades of a newest-first list. */
export function shownTrades<T>(trades: readonly T[], count = TRADES_SHOWN): readonly T[] {
  return trades.length <= count ? trades : trades.slice(0, Math.max(0, count));
}

export type PriceDirection = 'up' | 'down' | 'flat';

function compare(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  return x === y ? 0 : x > y ? 1 : -1;
}

/**
 * Direction of the last trade's price against the trade before it. A trade
 * at the same price keeps the direction of the last change (looking further
 * back), so the colour does not flicker on repeated prices; no change in the
 * list at all → flat.
 */
export function lastPriceDirection(trades: readonly Pick<TradeTick, 'p'>[]): PriceDirection {
  const last = trades[0];
  if (!last) return 'flat';
  for (let i = 1; i < trades.length; i += 1) {
    const c = compare(last.p, trades[i]!.p);
    if (c !== 0) return c > 0 ? 'up' : 'down';
  }
  return 'flat';
}
