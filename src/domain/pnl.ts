/**
 * Realised P&L per pair over a time window (the orders panel's P&L tab), by
 * the average-cost method. The cost basis is built from every fill the user
 * has, oldest first, so coins bought before the window carry their cost into
 * it; only sells inside the window realise P&L. Decimal strings in and out:
 * money never passes through a float.
 *
 * Pure: the window is a parameter, nothing is read from a clock.
 */
import { Decimal } from 'decimal.js';
import { compareDigitIds } from './digitIds';

// A sell's cost is avg × qty: enough digits that one division loses nothing a quote coin can show.
const D = Decimal.clone({ precision: 60 });
type Dec = InstanceType<typeof D>;

/** Results are cut to this many decimals (an exchange amount has at most 18). */
export const PNL_DECIMALS = 18;

const DECIMAL = /^\d+(\.\d+)?$/;

/** One of the user's fills; the coins name the pair so the report needs no symbol list. */
export interface PnlFill {
  symbol: string;
  base: string;
  quote: string;
  side: 'Buy' | 'Sell';
  /** exchange time, ms */
  time: number;
  price: string;
  /** base quantity */
  qty: string;
  /** quote value */
  value: string;
  fee: string;
  /** the coin the fee was taken in: base or quote (another coin cannot be valued and is left out) */
  feeCoin: string;
  /** digit string growing with time: orders fills of the same millisecond */
  tradeId?: string;
}

/** What one pair made in the window; amounts in its quote coin. */
export interface PairPnl {
  symbol: string;
  base: string;
  quote: string;
  /** quote value bought / sold in the window */
  buyVolume: string;
  sellVolume: string;
  /** fees of the window's fills in the quote coin (a base fee valued at its fill's price) */
  fees: string;
  /** fills in the window */
  trades: number;
  realisedPnl: string;
  /** base sold in the window beyond what earlier buys explain (e.g. coins the account started with): realises nothing */
  unexplainedQty: string;
}

/** The pairs of one quote coin added up: coins are never added across quotes (USDT and USDC apart). */
export interface QuoteTotal {
  quote: string;
  buyVolume: string;
  sellVolume: string;
  fees: string;
  trades: number;
  realisedPnl: string;
}

export interface PnlReport {
  /** pairs with a fill in the window, by symbol */
  pairs: PairPnl[];
  /** by quote coin */
  totals: QuoteTotal[];
  /** fills that could not be read (a damaged number, side or time) and were left out */
  skipped: number;
}

/** Inclusive at both ends, exchange ms. */
export interface PnlWindow {
  start: number;
  end: number;
}

interface Position {
  symbol: string;
  base: string;
  quote: string;
  held: Dec;
  cost: Dec;
  buyVolume: Dec;
  sellVolume: Dec;
  fees: Dec;
  trades: number;
  realised: Dec;
  unexplained: Dec;
}

interface ReadFill {
  fill: PnlFill;
  price: Dec;
  qty: Dec;
  value: Dec;
  fee: Dec;
}

function text(d: Dec): string {
  const rounded = d.toDecimalPlaces(PNL_DECIMALS, Decimal.ROUND_HALF_UP);
  // A loss that rounds away is no loss: never "-0".
  return rounded.isZero() ? '0' : rounded.toFixed();
}

/** The fill with its numbers, or null when anything the walk needs is damaged. */
function read(fill: PnlFill): ReadFill | null {
  const numbers = [fill.price, fill.qty, fill.value, fill.fee];
  if (!numbers.every((n) => typeof n === 'string' && DECIMAL.test(n))) return null;
  if (fill.side !== 'Buy' && fill.side !== 'Sell') return null;
  if (!Number.isFinite(fill.time) || !fill.symbol || !fill.base || !fill.quote) return null;
  return { fill, price: new D(fill.price), qty: new D(fill.qty), value: new D(fill.value), fee: new D(fill.fee) };
}

/** Fills of the same millisecond in trade-id order; a fill without an id keeps its place. */
function idOrder(a: string | undefined, b: string | undefined): number {
  return a === undefined || b === undefined ? 0 : compareDigitIds(a, b);
}

/** The fills the walk can read, oldest first (same-millisecond fills by trade id), and how many it could not. */
function oldestFirst(fills: readonly PnlFill[]): { readable: ReadFill[]; skipped: number } {
  const readable: ReadFill[] = [];
  for (const fill of fills) {
    const r = read(fill);
    if (r) readable.push(r);
  }
  readable.sort((a, b) => a.fill.time - b.fill.time || idOrder(a.fill.tradeId, b.fill.tradeId));
  return { readable, skipped: fills.length - readable.length };
}

/** The fee in the quote coin; a fee in a third coin has no price here and counts as none. */
function quoteFee({ fill, fee, price }: ReadFill): Dec {
  if (fill.feeCoin === fill.quote) return fee;
  if (fill.feeCoin === fill.base) return fee.times(price);
  return new D(0);
}

function open(fill: PnlFill): Position {
  const zero = new D(0);
  return { symbol: fill.symbol, base: fill.base, quote: fill.quote, held: zero, cost: zero, buyVolume: zero, sellVolume: zero, fees: zero, trades: 0, realised: zero, unexplained: zero };
}

function buy(p: Position, f: ReadFill): void {
  // A fee in the base coin arrives short; a fee in the quote coin is part of what the coins cost.
  p.held = p.held.plus(f.fill.feeCoin === f.fill.base ? D.max(f.qty.minus(f.fee), 0) : f.qty);
  p.cost = p.cost.plus(f.value).plus(f.fill.feeCoin === f.fill.quote ? f.fee : 0);
}

/** Takes the sold coins out at the average cost; answers the P&L of the part earlier buys explain. */
function sell(p: Position, f: ReadFill): { realised: Dec; unexplained: Dec } {
  const sold = D.min(f.qty, p.held);
  const unexplained = f.qty.minus(sold);
  if (sold.isZero()) return { realised: new D(0), unexplained };
  const costOut = p.cost.times(sold).div(p.held);
  // Only the explained share of the proceeds counts: the rest sold coins of unknown cost.
  const proceeds = f.value.minus(quoteFee(f)).times(sold).div(f.qty);
  p.cost = p.cost.minus(costOut);
  p.held = p.held.minus(sold);
  return { realised: proceeds.minus(costOut), unexplained };
}

/** Realised P&L per pair in `window` from every fill of the user (any order). */
export function realisedPnl(fills: readonly PnlFill[], window: PnlWindow): PnlReport {
  const { readable, skipped } = oldestFirst(fills);

  const positions = new Map<string, Position>();
  for (const f of readable) {
    if (f.fill.time > window.end) break;
    let p = positions.get(f.fill.symbol);
    if (!p) positions.set(f.fill.symbol, (p = open(f.fill)));
    const inWindow = f.fill.time >= window.start;
    if (f.fill.side === 'Buy') buy(p, f);
    const sale = f.fill.side === 'Sell' ? sell(p, f) : null;
    if (!inWindow) continue;
    p.trades++;
    p.fees = p.fees.plus(quoteFee(f));
    if (sale) {
      p.sellVolume = p.sellVolume.plus(f.value);
      p.realised = p.realised.plus(sale.realised);
      p.unexplained = p.unexplained.plus(sale.unexplained);
    } else {
      p.buyVolume = p.buyVolume.plus(f.value);
    }
  }

  const pairs = [...positions.values()]
    .filter((p) => p.trades > 0)
    .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0))
    .map((p) => ({
      symbol: p.symbol,
      base: p.base,
      quote: p.quote,
      buyVolume: text(p.buyVolume),
      sellVolume: text(p.sellVolume),
      fees: text(p.fees),
      trades: p.trades,
      realisedPnl: text(p.realised),
      unexplainedQty: text(p.unexplained),
    }));
  return { pairs, totals: pnlTotals(pairs), skipped };
}

/** What fills explain of a holding: the quantity and its average cost (quote per base); '0' for both when nothing. */
export interface AverageCost {
  held: string;
  avgCost: string;
}

/**
 * The average-cost walk of one pair's fills (any order), up to now: the
 * same rule the realised P&L uses, for a position's entry price.
 */
export function averageCost(fills: readonly PnlFill[], symbol: string): AverageCost {
  const { readable } = oldestFirst(fills.filter((f) => f.symbol === symbol));
  const first = readable[0];
  if (!first) return { held: '0', avgCost: '0' };
  const p = open(first.fill);
  for (const f of readable) {
    if (f.fill.side === 'Buy') buy(p, f);
    else sell(p, f);
  }
  return { held: text(p.held), avgCost: p.held.isZero() ? '0' : text(p.cost.div(p.held)) };
}

type TotalInput = Pick<PairPnl, 'quote' | 'buyVolume' | 'sellVolume' | 'fees' | 'trades' | 'realisedPnl'>;

/**
 * The pairs added up per quote coin, by coin name. The page adds up only the
 * pairs it shows (one pair, or all), so this is shared with the server.
 * Numbers it cannot read count as 0 (the page's parser lets none through).
 */
export function pnlTotals(pairs: readonly TotalInput[]): QuoteTotal[] {
  const num = (s: string) => (/^-?\d+(\.\d+)?$/.test(s) ? new D(s) : new D(0));
  const byQuote = new Map<string, { buy: Dec; sell: Dec; fees: Dec; trades: number; pnl: Dec }>();
  for (const p of pairs) {
    const t = byQuote.get(p.quote) ?? { buy: new D(0), sell: new D(0), fees: new D(0), trades: 0, pnl: new D(0) };
    byQuote.set(p.quote, { buy: t.buy.plus(num(p.buyVolume)), sell: t.sell.plus(num(p.sellVolume)), fees: t.fees.plus(num(p.fees)), trades: t.trades + p.trades, pnl: t.pnl.plus(num(p.realisedPnl)) });
  }
  return [...byQuote.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([quote, t]) => ({ quote, buyVolume: text(t.buy), sellVolume: text(t.sell), fees: text(t.fees), trades: t.trades, realisedPnl: text(t.pnl) }));
}

/** The pairs that sold coins no earlier buy explains: their P&L leaves those coins out, which the page says. */
export function withUnexplained<T extends Pick<PairPnl, 'unexplainedQty'>>(pairs: readonly T[]): T[] {
  return pairs.filter((p) => pnlDirection(p.unexplainedQty) === 'up');
}

/** Which colour a P&L takes: gains up, losses down, nothing neither (colours never mirror in RTL). */
export function pnlDirection(value: string): 'up' | 'down' | 'flat' {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return 'flat';
  const d = new D(value);
  return d.isZero() ? 'flat' : d.isNegative() ? 'down' : 'up';
}
