/**
 * What the strategies read of the market: the top of the book a user sees
 * (less the strategy's own child, which must not chase itself), the
 * reference price the engine checks bands against, and the smallest child
 * the pair accepts at a price.
 */
import type { Exchange } from '../exchange/exchange';
import type { Instrument } from '../exchange/instruments';
import type { Order, Side } from '../exchange/types';
import { FINAL_STATUSES } from '../exchange/types';
import { priceBand } from '../exchange/validate';

export interface Top {
  bid: number | undefined;
  ask: number | undefined;
}

/** Levels looked at: enough to see past a child that is the whole best level. */
const DEPTH = 3;

/** An order that rests on the book (accepted, not ended): the book view shows it. */
export const rests = (order: Readonly<Order> | undefined): order is Readonly<Order> =>
  order !== undefined && order.seq > 0 && !FINAL_STATUSES.has(order.status) && order.orderType === 'Limit';

/**
 * Best bid and ask of the book users see, without `own` (the strategy's
 * child) where it rests; null while the book is not synced.
 */
export function topOf(exchange: Exchange, symbol: string, own?: Readonly<Order>): Top | null {
  const view = exchange.bookView(symbol, DEPTH);
  if (!view) return null;
  const mine = rests(own) ? own : undefined;
  const best = (levels: ReadonlyArray<readonly [number, number]>, side: Side): number | undefined => {
    for (const [price, qty] of levels) {
      const left = mine && mine.side === side && mine.price === price ? qty - (mine.qty - mine.executedQty) : qty;
      if (left > 0) return price;
    }
    return undefined;
  };
  return { bid: best(view.b, 'Buy'), ask: best(view.a, 'Sell') };
}

/** Last trade price, else the middle of the book (the engine's own reference for its bands). */
export function referenceOf(exchange: Exchange, symbol: string): number | null {
  const last = exchange.lastPrice(symbol);
  if (last !== null) return last;
  const book = exchange.bookView(symbol, 1);
  const bid = book?.b[0]?.[0];
  const ask = book?.a[0]?.[0];
  if (bid !== undefined && ask !== undefined) return Math.round((bid + ask) / 2);
  return bid ?? ask ?? null;
}

/** The price band's edge on a side: the engine refuses a buy above it or a sell below it. */
export function bandEdge(inst: Instrument, side: Side, reference: number): number {
  const [low, high] = priceBand(inst, reference);
  return side === 'Buy' ? high : low;
}

/** The fewest lots a child may have at `price`: the pair's minimum quantity and minimum value. */
export function minLotsAt(inst: Instrument, price: number): number {
  const unit = BigInt(Math.max(1, price)) * inst.scale.valueUnit;
  const byValue = Number((inst.minAmount + unit - 1n) / unit);
  return Math.max(inst.minQtyLots, byValue);
}
