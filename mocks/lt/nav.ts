/**
 * The net asset value of a leveraged token (REFERENCE.md "Leveraged tokens"),
 * as plain maths on a basket. One token holds `units` of the underlying
 * (negative for a short) and `cash` quote (negative = borrowed), so
 *
 *   NAV(P) = units × P + cash,   real leverage = |units| × P / NAV(P).
 *
 * A reset (the daily one at 00:00 UTC, or a rebalance when real leverage
 * reaches the band's edge) re-sizes the basket to the target leverage at the
 * current price and NAV: units = ±L × NAV / P, cash = NAV − units × P. Between
 * resets the NAV is linear in the price, so a path that returns to its start
 * returns the NAV to its start too. The management fee is taken from the NAV
 * at the daily reset. A NAV at or below zero is zero for good (no liquidation:
 * the token is worthless and stays so).
 */
export type LtDirection = 'long' | 'short';

export interface LtBasket {
  /** underlying per token; negative for a short */
  units: number;
  /** quote per token; negative when borrowed (a long) */
  cash: number;
}

export interface LeverageBand {
  target: number;
  /** rebalance when real leverage reaches this or more */
  upper: number;
  /** rebalance when real leverage reaches this or less */
  lower: number;
}

/** REFERENCE.md: a 3x token rebalances at ≥ 4x or ≤ 2x real leverage. */
export const BAND_3X: LeverageBand = { target: 3, upper: 4, lower: 2 };

/** The basket that gives `nav` at `price` with the target leverage. */
export function resetBasket(nav: number, price: number, direction: LtDirection, target: number): LtBasket {
  if (!(nav > 0) || !(price > 0)) return { units: 0, cash: 0 };
  const units = ((direction === 'long' ? 1 : -1) * target * nav) / price;
  return { units, cash: nav - units * price };
}

/** NAV at `price`; never below zero. */
export function navAt(basket: LtBasket, price: number): number {
  const nav = basket.units * price + basket.cash;
  return nav > 0 ? nav : 0;
}

/** Real leverage at `price`: exposure over NAV; 0 for a worthless token. */
export function realLeverage(basket: LtBasket, price: number): number {
  const nav = navAt(basket, price);
  return nav > 0 ? (Math.abs(basket.units) * price) / nav : 0;
}

/** Whether the basket has left its band at `price` (a worthless token never rebalances). */
export function needsRebalance(basket: LtBasket, price: number, band: LeverageBand): boolean {
  const nav = navAt(basket, price);
  if (nav <= 0) return false;
  const leverage = realLeverage(basket, price);
  return leverage >= band.upper || leverage <= band.lower;
}

/** The daily management fee taken from a NAV (e.g. 0.00005 = 0.005 % a day). */
export function afterManagementFee(nav: number, dailyFeeRate: number): number {
  return nav * (1 - dailyFeeRate);
}

/** Milliseconds since epoch of the first 00:00 UTC strictly after `t`. */
export function nextUtcMidnight(t: number): number {
  const day = 86_400_000;
  return (Math.floor(t / day) + 1) * day;
}
