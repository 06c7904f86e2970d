import { Decimal } from 'decimal.js';

/**
 * What a market order, or a limit order that crosses the book, would cost if
 * it filled now against the levels shown. An estimate: the book moves and the
 * exchange fills in lot steps, so the form labels it as such.
 */

// Products of long prices and quantities exceed decimal.js's default 20
// significant digits; 50 keeps every sum exact for real order sizes.
const D = Decimal.clone({ precision: 50 });
// Quotients (value ÷ price, VWAP, slippage) do not terminate; 18 places is
// finer than any tick or lot step and keeps the strings readable.
const QUOTIENT_PLACES = 18;

export interface BookLevel {
  price: string;
  /** in base */
  qty: string;
}

export interface CostPreviewInput {
  side: 'Buy' | 'Sell';
  /** the opposite side of the book, best first (asks for a buy, bids for a sell) */
  levels: readonly BookLevel[];
  /** base quantity wanted, or quote value wanted (a market buy by value) — exactly one; quantity wins if both */
  quantity?: string;
  value?: string;
  /** a limit price: levels beyond it are not taken (null for market) */
  limitPrice?: string | null;
  lastPrice: string | null;
  /** taker fee rate, e.g. "0.001" */
  feeRate: string;
}

export interface CostPreview {
  /** base that would fill now, quote it would cost/return */
  filledQty: string;
  filledValue: string;
  /** volume-weighted average fill price; null when nothing fills */
  avgPrice: string | null;
  /** (avg − last) / last, signed so that a worse price is positive, e.g. "0.0012"; null without last price or fill */
  slippage: string | null;
  /** how many price levels it would consume (fully or partly) */
  levelsUsed: number;
  /** the worst price it reaches */
  worstPrice: string | null;
  /** estimated taker fee in the coin the user receives (buy: base, sell: quote) */
  fee: string;
  /** true when the levels shown (within the limit price, if any) cannot fill all of it; for a limit order the rest would rest on the book */
  partial: boolean;
}

/** A finite decimal, or null for missing or malformed text (feeds and forms send both). */
function dec(text: string | null | undefined): Decimal | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  try {
    const d = new D(text.trim());
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** Positive or null: a level, target or price at or below zero means nothing to trade. */
function positive(text: string | null | undefined): Decimal | null {
  const d = dec(text);
  return d !== null && d.gt(0) ? d : null;
}

/** A limit price caps how far the walk goes: a buy takes asks up to it, a sell bids down to it. */
function withinLimit(side: 'Buy' | 'Sell', price: Decimal, limit: Decimal | null): boolean {
  if (limit === null) return true;
  return side === 'Buy' ? price.lte(limit) : price.gte(limit);
}

export function costPreview(input: CostPreviewInput): CostPreview {
  const { side } = input;
  // A form may pass both fields with one of them blank: the one with a number counts.
  const quantity = positive(input.quantity);
  const value = positive(input.value);
  const byQuantity = quantity !== null || value === null;
  // What is left to fill, in base (by quantity) or quote (by value).
  let remaining = quantity ?? value ?? new D(0);
  const limit = positive(input.limitPrice);

  let filledQty = new D(0);
  let filledValue = new D(0);
  let levelsUsed = 0;
  let worst: Decimal | null = null;

  for (const level of input.levels) {
    if (remaining.lte(0)) break;
    const price = positive(level.price);
    const qty = positive(level.qty);
    // A malformed or empty row is not liquidity; skip it rather than stop.
    if (price === null || qty === null) continue;
    // Levels are best first, so the first one past the limit ends the walk.
    if (!withinLimit(side, price, limit)) break;

    let takeQty: Decimal;
    let takeValue: Decimal;
    if (byQuantity) {
      takeQty = D.min(qty, remaining);
      takeValue = takeQty.times(price);
      remaining = remaining.minus(takeQty);
    } else {
      const levelValue = qty.times(price);
      if (levelValue.lte(remaining)) {
        takeQty = qty;
        takeValue = levelValue;
      } else {
        // The whole remaining budget is spent here. The base it buys stays at
        // full precision so the average price comes out as this level's price;
        // only the reported quantity is cut.
        takeQty = remaining.div(price);
        takeValue = remaining;
      }
      remaining = remaining.minus(takeValue);
    }
    filledQty = filledQty.plus(takeQty);
    filledValue = filledValue.plus(takeValue);
    levelsUsed += 1;
    worst = price;
  }

  const filled = filledQty.gt(0);
  const avg = filled ? filledValue.div(filledQty) : null;
  const last = positive(input.lastPrice);
  let slippage: string | null = null;
  if (avg !== null && last !== null) {
    // A buy is hurt by a higher price, a sell by a lower one.
    const diff = side === 'Buy' ? avg.minus(last) : last.minus(avg);
    slippage = plain(diff.div(last).toDecimalPlaces(QUOTIENT_PLACES, Decimal.ROUND_HALF_UP));
  }
  // The fee is taken from what the user receives: base on a buy, quote on a sell.
  const rate = dec(input.feeRate) ?? new D(0);
  // Cut, never rounded up: the preview never promises more base than it gets.
  const reportedQty = filledQty.toDecimalPlaces(QUOTIENT_PLACES, Decimal.ROUND_DOWN);
  const fee = (side === 'Buy' ? reportedQty : filledValue).times(rate);

  return {
    filledQty: plain(reportedQty),
    filledValue: plain(filledValue),
    avgPrice: avg === null ? null : plain(avg.toDecimalPlaces(QUOTIENT_PLACES, Decimal.ROUND_HALF_UP)),
    slippage,
    levelsUsed,
    worstPrice: worst === null ? null : plain(worst),
    fee: plain(fee),
    partial: remaining.gt(0),
  };
}

/** Plain notation, never an exponent, and never "-0". */
function plain(d: Decimal): string {
  return d.isZero() ? '0' : d.toFixed();
}

/**
 * True when a limit order at `price` would take liquidity now: a buy at or
 * above the best ask, a sell at or below the best bid. An empty side or a
 * malformed price cannot be crossed.
 */
export function isMarketable(side: 'Buy' | 'Sell', price: string, bestBid: string | null, bestAsk: string | null): boolean {
  const p = positive(price);
  if (p === null) return false;
  if (side === 'Buy') {
    const ask = positive(bestAsk);
    return ask !== null && p.gte(ask);
  }
  const bid = positive(bestBid);
  return bid !== null && p.lte(bid);
}
