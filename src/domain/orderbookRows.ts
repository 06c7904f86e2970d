/**
 * The order book as rows (spec 1 §3 order-book row, §9 row geometry): how many
 * rows fit, how a layout shares them between the sides, cumulative totals per
 * row (decimal-exact), the shading fraction and the depth ratio.
 */
import { Decimal } from 'decimal.js';
import type { PriceLevel } from './depthBook';
import { abbreviate, formatDecimal } from './format';

/** Spec 1 §2.6: 1 stacked, 2 buy only, 3 sell only, 4 left-right. */
export type BookLayout = 'stacked' | 'buy' | 'sell' | 'split';
export const BOOK_LAYOUTS: readonly BookLayout[] = ['stacked', 'buy', 'sell', 'split'];

export function isBookLayout(value: unknown): value is BookLayout {
  return typeof value === 'string' && (BOOK_LAYOUTS as readonly string[]).includes(value);
}

/** Spec 1 §9: rows of 22 px with a 2 px gap, at most 40 (the levels the subscription carries). */
export const ROW_HEIGHT_PX = 22;
export const ROW_GAP_PX = 2;
export const MAX_BOOK_ROWS = 40;

/** Rows (each with its gap) that fit in `heightPx`: at least 1, at most 40. */
export function rowsThatFit(heightPx: number): number {
  if (!Number.isFinite(heightPx) || heightPx <= 0) return 1;
  const rows = Math.floor((heightPx + ROW_GAP_PX) / (ROW_HEIGHT_PX + ROW_GAP_PX));
  return Math.min(MAX_BOOK_ROWS, Math.max(1, rows));
}

export interface SideCounts {
  bids: number;
  asks: number;
}

/**
 * How many levels each side shows when `fitRows` rows fit the book area. Every
 * layout spends one row on the last-price line; stacked shares the rest
 * between asks and bids, buy and sell give it to one side, left-right gives
 * it to both (side by side). Each shown side keeps at least one row.
 */
export function rowsPerSide(layout: BookLayout, fitRows: number): SideCounts {
  const levels = Math.min(MAX_BOOK_ROWS, Math.max(1, Math.floor(fitRows) - 1));
  switch (layout) {
    case 'stacked': {
      const each = Math.max(1, Math.floor(levels / 2));
      return { bids: each, asks: each };
    }
    case 'buy':
      return { bids: levels, asks: 0 };
    case 'sell':
      return { bids: 0, asks: levels };
    case 'split':
      return { bids: levels, asks: levels };
  }
}

export interface BookRow {
  price: string;
  amount: string;
  /** cumulative amount (base) from the best level to this one */
  totalAmount: string;
  /** cumulative value (quote): Σ price × amount from the best level */
  totalValue: string;
  /** cumulative amount / the largest cumulative amount shown, 0..1, for the depth shading */
  depth: number;
}

export interface DepthRatio {
  /** whole percents; buyRatio + sellRatio = 100 */
  buyRatio: number;
  sellRatio: number;
}

export interface BookView {
  /** best first */
  bids: BookRow[];
  /** best (lowest) first; a stacked view draws them upwards */
  asks: BookRow[];
  /** null when the levels it is computed from hold nothing (an empty book) */
  ratio: DepthRatio | null;
}

interface Cumulated {
  rows: Omit<BookRow, 'depth'>[];
  total: Decimal;
}

function cumulate(levels: readonly PriceLevel[], count: number): Cumulated {
  const rows: Omit<BookRow, 'depth'>[] = [];
  let amount = new Decimal(0);
  let value = new Decimal(0);
  for (let i = 0; i < Math.min(count, levels.length); i += 1) {
    const [price, quantity] = levels[i]!;
    amount = amount.plus(quantity);
    value = value.plus(new Decimal(price).times(quantity));
    rows.push({ price, amount: quantity, totalAmount: amount.toFixed(), totalValue: value.toFixed() });
  }
  return { rows, total: amount };
}

function sumAmounts(levels: readonly PriceLevel[], count: number): Decimal {
  let sum = new Decimal(0);
  for (let i = 0; i < Math.min(count, levels.length); i += 1) sum = sum.plus(levels[i]![1]);
  return sum;
}

/**
 * buyRatio / sellRatio of the amounts on the top `levels` of each side, in
 * whole percents (half up) that always add to 100; null when both are empty.
 */
export function depthRatio(bids: readonly PriceLevel[], asks: readonly PriceLevel[], levels: number): DepthRatio | null {
  const buy = sumAmounts(bids, levels);
  const total = buy.plus(sumAmounts(asks, levels));
  if (total.isZero()) return null;
  const buyRatio = buy.times(100).div(total).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
  return { buyRatio, sellRatio: 100 - buyRatio };
}

/**
 * The rows a layout shows of a book. The shading is relative to the largest
 * cumulative amount among the rows shown, so the deepest visible row fills
 * its width. The ratio is taken over as many levels of each side as the
 * layout shows rows on its longest side, so a one-sided layout still compares
 * like with like.
 */
export function bookView(book: { bids: readonly PriceLevel[]; asks: readonly PriceLevel[] }, counts: SideCounts): BookView {
  const bids = cumulate(book.bids, counts.bids);
  const asks = cumulate(book.asks, counts.asks);
  const max = Decimal.max(bids.total, asks.total);
  const withDepth = (rows: Omit<BookRow, 'depth'>[]): BookRow[] =>
    rows.map((row) => ({ ...row, depth: max.isZero() ? 0 : new Decimal(row.totalAmount).div(max).toNumber() }));
  return {
    bids: withDepth(bids.rows),
    asks: withDepth(asks.rows),
    ratio: depthRatio(book.bids, book.asks, Math.max(counts.bids, counts.asks)),
  };
}

/**
 * A cumulative total for the narrow Total column: exact to `decimals` below
 * 1000, abbreviated with K/M/B/T (spec 1 §5) from there. Not a number → "".
 */
export function formatBookTotal(value: string, decimals: number, locale = 'en'): string {
  let large = false;
  try {
    large = new Decimal(value).abs().gte(1000);
  } catch {
    return '';
  }
  return (large ? abbreviate(value, 2) : formatDecimal(value, decimals, locale)) ?? '';
}
