/**
 * Where the user's own resting orders sit in a merged order book: each open
 * limit order's unfilled size, summed per row of the book at the merge step.
 * A bid falls into the row at or below its price and an ask into the row at
 * or above it, the way the book itself merges levels, so a marker is never
 * drawn on a row better than the order's price.
 */
import { Decimal } from 'decimal.js';

export interface OwnOrder {
  symbolId: string;
  side: 'Buy' | 'Sell';
  price: string;
  qty: string;
  executedQty: string;
  /** plan orders are not on the book until they fire */
  planType: number;
}

/** row price (at the step's decimals) → own unfilled base quantity */
export type OwnLevels = ReadonlyMap<string, string>;

export function ownOrderLevels(orders: readonly OwnOrder[], symbolId: string, side: 'buy' | 'sell', stepDecimals: number): OwnLevels {
  const out = new Map<string, Decimal>();
  const wanted = side === 'buy' ? 'Buy' : 'Sell';
  for (const order of orders) {
    if (order.symbolId !== symbolId || order.side !== wanted || order.planType !== -1) continue;
    let price: Decimal;
    let left: Decimal;
    try {
      price = new Decimal(order.price);
      left = new Decimal(order.qty).minus(order.executedQty);
    } catch {
      continue;
    }
    if (!price.isFinite() || price.lte(0) || !left.isFinite() || left.lte(0)) continue;
    const row = price.toDecimalPlaces(stepDecimals, side === 'buy' ? Decimal.ROUND_FLOOR : Decimal.ROUND_CEIL).toFixed(stepDecimals);
    out.set(row, (out.get(row) ?? new Decimal(0)).plus(left));
  }
  return new Map([...out].map(([row, qty]) => [row, qty.toFixed()]));
}

/** The own size at a book row, whatever decimals the row's price is written with. */
export function ownAt(levels: OwnLevels, rowPrice: string, stepDecimals: number): string | null {
  if (levels.size === 0) return null;
  try {
    return levels.get(new Decimal(rowPrice).toFixed(stepDecimals)) ?? null;
  } catch {
    return null;
  }
}
