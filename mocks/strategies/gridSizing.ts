/**
 * How much each grid trades, pure. The bot puts its whole investment to
 * work: the cells below the price hold quote for their buys, the cells above
 * hold base for their sells, and one market order at the start converts
 * between the two (buys the missing base when the investment is mostly
 * quote, sells the surplus when it is mostly base). The per-grid quantity is
 * the largest whole number of lots for which that works out.
 *
 * The start trade is reckoned at the reference price moved against the bot
 * by START_TRADE_BUFFER_BPS, plus the taker fee, so a market order that
 * walks a little into the book still pays for what the grid needs; what the
 * buffer leaves over stays with the bot (it counts in its equity).
 */
import { valueOf, type Amount, type UnitScale } from '../exchange/amount';

/** 0.5 %: room for the start trade to walk the book */
export const START_TRADE_BUFFER_BPS = 50;
const PPM = 1_000_000n;

export type Side = 'Buy' | 'Sell';

export interface SizingInput {
  levels: readonly number[];
  sides: readonly Side[];
  /** reference price, ticks */
  price: number;
  quote: Amount;
  base: Amount;
  scale: UnitScale;
  takerFeePpm: number;
  /** quote step of a market order by value: its value is rounded up to it */
  amountStep: Amount;
  minLots: number;
  minAmount: Amount;
}

/** A market buy by value (lots: what the sells need, after the fee) or a market sell by quantity. */
export type StartTrade = { side: 'Buy'; value: Amount; lots: number } | { side: 'Sell'; lots: number };

export interface Sizing {
  /** lots per grid; 0 when the investment does not reach one lot */
  qty: number;
  trade: StartTrade | null;
}

/** Lots a buy must trade to receive `need` lots once the exchange took its fee in base. */
export function grossLots(need: number, feePpm: number, lotAmount: Amount): number {
  if (need <= 0) return 0;
  const fee = BigInt(feePpm);
  const received = (lots: number) => {
    const gross = BigInt(lots) * lotAmount;
    return gross - (gross * fee) / PPM;
  };
  const want = BigInt(need) * lotAmount;
  let lots = Number((BigInt(need) * PPM + (PPM - fee) - 1n) / (PPM - fee));
  while (lots > need && received(lots - 1) >= want) lots -= 1;
  return lots;
}

const roundUp = (amount: Amount, step: Amount): Amount => ((amount + step - 1n) / step) * step;

/** The start trade a per-grid quantity of `qty` lots needs, or null when none (or one below the minimum order). */
export function startTrade(input: SizingInput, qty: number): StartTrade | null {
  const sells = input.sides.filter((s) => s === 'Sell').length;
  const have = Number(input.base / input.scale.lotAmount);
  const need = sells * qty - have;
  if (need > 0) {
    const lots = Math.max(grossLots(need, input.takerFeePpm, input.scale.lotAmount), input.minLots);
    const high = Math.ceil((input.price * (10_000 + START_TRADE_BUFFER_BPS)) / 10_000);
    let value = roundUp(valueOf(input.scale, high, lots), input.amountStep);
    if (value < input.minAmount) value = input.minAmount;
    return { side: 'Buy', value, lots: need };
  }
  const surplus = -need;
  if (surplus < input.minLots || valueOf(input.scale, lowPrice(input.price), surplus) < input.minAmount) return null;
  return { side: 'Sell', lots: surplus };
}

function lowPrice(price: number): number {
  return Math.floor((price * (10_000 - START_TRADE_BUFFER_BPS)) / 10_000);
}

/** Quote the bot needs beyond its base for `qty` lots a grid: the buys' value, plus a start buy or less a start sell. */
export function quoteNeed(input: SizingInput, qty: number): Amount {
  let buys = 0n;
  input.sides.forEach((side, k) => {
    if (side === 'Buy') buys += valueOf(input.scale, input.levels[k]!, qty);
  });
  const trade = startTrade(input, qty);
  if (!trade) return buys;
  if (trade.side === 'Buy') return buys + trade.value;
  const proceeds = valueOf(input.scale, lowPrice(input.price), trade.lots);
  return buys - (proceeds * (PPM - BigInt(input.takerFeePpm))) / PPM;
}

/**
 * The largest per-grid quantity the investment pays for. quoteNeed grows
 * with the quantity (more buys, a larger start buy or a smaller start sell),
 * so a binary search finds it.
 */
export function sizeGrid(input: SizingInput): Sizing {
  const fits = (qty: number) => quoteNeed(input, qty) <= input.quote;
  const sells = input.sides.filter((s) => s === 'Sell').length;
  let perLot = 0;
  input.sides.forEach((side, k) => {
    if (side === 'Buy') perLot += input.levels[k]!;
  });
  // Bound: every lot of every grid is worth at least half the sell estimate; the base counts at the buy estimate.
  perLot += Math.floor((sells * lowPrice(input.price)) / 2);
  const worth = input.quote + valueOf(input.scale, input.price * 2, Number(input.base / input.scale.lotAmount));
  let hi = Number(worth / (input.scale.valueUnit * BigInt(Math.max(1, perLot)))) + 1;
  let lo = 0;
  // The bound holds by the estimate above; doubling keeps the search right if it ever did not.
  while (fits(hi)) [lo, hi] = [hi, hi * 2];
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return { qty: lo, trade: lo > 0 ? startTrade(input, lo) : null };
}
