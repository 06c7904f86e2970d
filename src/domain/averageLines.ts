/**
 * The chart's average buy and sell lines (spec 1 chart display; spec 2 §7
 * getTradeAvgPriceForKLine, §9 "average price window up to 90 days"): which
 * window is asked for a day choice, the call's side code, and the price a
 * total gives. Pure.
 */
import { Decimal } from 'decimal.js';

/** The exchange averages over at most 90 days; the longer choices (1–3 years) read as 90. */
export const AVG_WINDOW_MAX_DAYS = 90;

export const avgWindowDays = (days: number): number => Math.min(days, AVG_WINDOW_MAX_DAYS);

/** The call's side is the page's side code plus one: buys 1, sells 2. */
export const avgSideCode = (side: 'Buy' | 'Sell'): 1 | 2 => (side === 'Buy' ? 1 : 2);

/**
 * Value ÷ quantity, at the pair's price decimals (half up); null when there
 * is nothing to average (no trades: the line is removed) or the totals do
 * not read.
 */
export function averagePrice(sumValue: string, sumQty: string, priceDecimals: number): string | null {
  try {
    const value = new Decimal(sumValue);
    const qty = new Decimal(sumQty);
    if (!value.isFinite() || !qty.isFinite() || qty.lte(0) || value.lte(0)) return null;
    return value.div(qty).toDecimalPlaces(Math.max(0, Math.floor(priceDecimals)), Decimal.ROUND_HALF_UP).toFixed();
  } catch {
    return null;
  }
}
