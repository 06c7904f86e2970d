/**
 * The spot grid bot's form (spec 2 §3 grid strategy; REFERENCE.md "Spot grid
 * bot"): a price range cut into grids, arithmetic (equal steps) or geometric
 * (equal ratios), funded in the quote coin, the base coin or both, with an
 * optional entry price, stop-loss below the range, take-profit above it and
 * trailing (5 grids or more). Pure: inputs and reducer, the grid and its
 * figures, and the ordered checks.
 */
import { Decimal } from 'decimal.js';
import { parseNumberInput, sanitizeTyping } from './order-entry/numeric';
import type { OrderFormError, OrderRules } from './order-entry/types';
import { decimalsOf } from './units';

export type GridType = 'arithmetic' | 'geometric';
export type GridFunding = 'quote' | 'base' | 'both';
export const GRID_MIN = 2;
/** The most grids a bot may have (the exchange's cap). */
export const GRID_MAX = 200;
/** Trailing moves the range with the price; it needs room to move. */
export const TRAILING_MIN_GRIDS = 5;

export type GridField = 'minPrice' | 'maxPrice' | 'gridNumber' | 'quoteInvestment' | 'baseInvestment' | 'entryPrice' | 'stopLoss' | 'takeProfit';

export interface GridInputs {
  minPrice: string;
  maxPrice: string;
  gridNumber: string;
  type: GridType;
  funding: GridFunding;
  quoteInvestment: string;
  baseInvestment: string;
  entryPrice: string;
  stopLoss: string;
  takeProfit: string;
  trailing: boolean;
}

export const initialGrid = (): GridInputs => ({
  minPrice: '',
  maxPrice: '',
  gridNumber: '10',
  type: 'arithmetic',
  funding: 'quote',
  quoteInvestment: '',
  baseInvestment: '',
  entryPrice: '',
  stopLoss: '',
  takeProfit: '',
  trailing: false,
});

export type GridAction =
  | { type: 'field'; field: GridField; text: string; rules: OrderRules }
  | { type: 'gridType'; value: GridType }
  | { type: 'funding'; value: GridFunding }
  | { type: 'trailing'; on: boolean };

function decimalsFor(field: GridField, rules: OrderRules): number {
  if (field === 'gridNumber') return 0;
  if (field === 'baseInvestment') return decimalsOf(rules.lot);
  if (field === 'quoteInvestment') return rules.amountDecimals;
  return decimalsOf(rules.tick);
}

/** A keystroke or paste, cut to the field's decimals; text that is not a number leaves the field as it was. */
export function reduceGrid(inputs: GridInputs, action: GridAction): GridInputs {
  switch (action.type) {
    case 'gridType':
      return { ...inputs, type: action.value };
    case 'funding':
      return { ...inputs, funding: action.value };
    case 'trailing':
      return { ...inputs, trailing: action.on };
    case 'field': {
      // sanitizeTyping reads a paste ("1,234.5") too; null is text that is not a number.
      const typed = sanitizeTyping(action.text, decimalsFor(action.field, action.rules));
      return typed === null ? inputs : { ...inputs, [action.field]: typed };
    }
  }
}

const dec = (text: string): Decimal | null => {
  const parsed = parseNumberInput(text);
  return parsed.kind === 'ok' ? new Decimal(parsed.value) : null;
};

const gridCount = (text: string): number | null => {
  const n = dec(text);
  return n && n.isInteger() ? n.toNumber() : null;
};

/**
 * The grid's price levels, lowest first: gridNumber + 1 levels from the
 * minimum to the maximum, equal steps (arithmetic) or equal ratios
 * (geometric), each on the tick (nearest). Empty while the inputs do not
 * make a range.
 */
export function gridLevels(minText: string, maxText: string, gridsText: string, type: GridType, tick: string): string[] {
  const min = dec(minText);
  const max = dec(maxText);
  const n = gridCount(gridsText);
  if (!min || !max || n === null || n < GRID_MIN || n > GRID_MAX || !min.gt(0) || !max.gt(min)) return [];
  const step = new Decimal(tick);
  const places = decimalsOf(tick);
  const ratio = max.div(min).pow(new Decimal(1).div(n));
  return Array.from({ length: n + 1 }, (_, i) => {
    const raw = i === n ? max : type === 'arithmetic' ? min.plus(max.minus(min).times(i).div(n)) : min.times(ratio.pow(i));
    return raw.div(step).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).times(step).toFixed(places);
  });
}

export interface GridSummary {
  levels: string[];
  /** the profit of one grid after both fees, as a ratio: at the top of the range and at its bottom */
  profitPerGrid: { low: string; high: string } | null;
  /** the quote the bot is funded with: the quote investment plus the base at the last price */
  totalInvestment: string | null;
  /** base per order: the investment split evenly over the grids */
  qtyPerGrid: string | null;
}

/** What the bot would hold per grid and earn per round trip, from the inputs and the last price. */
export function gridSummary(inputs: GridInputs, rules: OrderRules, lastPrice: string | null, feeRate: string): GridSummary {
  const levels = gridLevels(inputs.minPrice, inputs.maxPrice, inputs.gridNumber, inputs.type, rules.tick);
  if (levels.length === 0) return { levels, profitPerGrid: null, totalInvestment: null, qtyPerGrid: null };
  const fee = new Decimal(feeRate);
  const gains = levels.slice(1).map((upper, i) => new Decimal(upper).div(levels[i]!).minus(1).minus(fee.times(2)));
  const low = Decimal.min(...gains);
  const high = Decimal.max(...gains);
  const last = lastPrice ? dec(lastPrice) : null;
  const quote = inputs.funding === 'base' ? new Decimal(0) : (dec(inputs.quoteInvestment) ?? new Decimal(0));
  const base = inputs.funding === 'quote' ? new Decimal(0) : (dec(inputs.baseInvestment) ?? new Decimal(0));
  const total = last ? quote.plus(base.times(last)) : inputs.funding === 'quote' ? quote : null;
  const grids = levels.length - 1;
  const average = levels.reduce((sum, l) => sum.plus(l), new Decimal(0)).div(levels.length);
  const qty = total && total.gt(0) ? total.div(grids).div(average).div(rules.lot).floor().times(rules.lot) : null;
  return {
    levels,
    profitPerGrid: { low: low.toDecimalPlaces(6).toFixed(), high: high.toDecimalPlaces(6).toFixed() },
    totalInvestment: total ? total.toDecimalPlaces(rules.amountDecimals, Decimal.ROUND_DOWN).toFixed() : null,
    qtyPerGrid: qty ? qty.toFixed(decimalsOf(rules.lot)) : null,
  };
}

export interface GridAccount {
  quoteFree: string | null;
  baseFree: string | null;
}

/**
 * Every failed check in order: the range (both prices, on the tick, the
 * maximum above the minimum), the number of grids (2–200) and a step of at
 * least one tick with a profit after fees; the investment (present, within
 * the balance); each order above the pair's minimums; then the optional
 * prices (stop-loss under the range, take-profit over it, an entry price
 * above 0) and trailing's 5 grids.
 */
export function gridErrors(inputs: GridInputs, rules: OrderRules, lastPrice: string | null, feeRate: string, account: GridAccount | null): OrderFormError[] {
  const out: OrderFormError[] = [];
  const min = dec(inputs.minPrice);
  const max = dec(inputs.maxPrice);
  const n = gridCount(inputs.gridNumber);
  if (!min || min.isZero()) out.push({ key: 'gridMinPriceMissing', field: 'price' });
  if (!max || max.isZero()) out.push({ key: 'gridMaxPriceMissing', field: 'price' });
  if (n === null || n < GRID_MIN || n > GRID_MAX) out.push({ key: 'gridNumberRange', field: 'form', params: { min: String(GRID_MIN), max: String(GRID_MAX) } });
  if (out.length) return out;
  if (!max!.gt(min!)) return [{ key: 'gridRangeInvalid', field: 'price' }];
  const summary = gridSummary(inputs, rules, lastPrice, feeRate);
  const levels = summary.levels;
  if (new Set(levels).size !== levels.length || new Decimal(levels[1]!).minus(levels[0]!).lt(rules.tick)) {
    return [{ key: 'gridTooNarrow', field: 'price', params: { count: String(n) } }];
  }
  if (summary.profitPerGrid && new Decimal(summary.profitPerGrid.low).lte(0)) out.push({ key: 'gridNoProfit', field: 'price' });

  const quote = dec(inputs.quoteInvestment);
  const base = dec(inputs.baseInvestment);
  const needsQuote = inputs.funding !== 'base';
  const needsBase = inputs.funding !== 'quote';
  if (needsQuote && (!quote || quote.isZero())) out.push({ key: 'gridInvestmentMissing', field: 'amount', params: { coin: rules.quoteCoin } });
  if (needsBase && (!base || base.isZero())) out.push({ key: 'gridInvestmentMissing', field: 'quantity', params: { coin: rules.baseCoin } });
  if (out.length) return out;
  if (account) {
    if (needsQuote && account.quoteFree !== null && quote!.gt(account.quoteFree)) out.push({ key: 'balanceNotEnough', field: 'amount', params: { coin: rules.quoteCoin } });
    if (needsBase && account.baseFree !== null && base!.gt(account.baseFree)) out.push({ key: 'balanceNotEnough', field: 'quantity', params: { coin: rules.baseCoin } });
  }
  if (out.length) return out;
  const qty = summary.qtyPerGrid ? new Decimal(summary.qtyPerGrid) : null;
  if (!qty || qty.lt(rules.minQty) || qty.times(levels[0]!).lt(rules.minAmount)) {
    out.push({ key: 'gridInvestmentTooSmall', field: 'amount', params: { minQty: rules.minQty, coin: rules.baseCoin } });
  }

  const stopLoss = dec(inputs.stopLoss);
  const takeProfit = dec(inputs.takeProfit);
  const entry = dec(inputs.entryPrice);
  if (inputs.stopLoss.trim() && (!stopLoss || !stopLoss.lt(min!) || stopLoss.isZero())) out.push({ key: 'gridStopLossBelowRange', field: 'stopLoss', params: { min: inputs.minPrice } });
  if (inputs.takeProfit.trim() && (!takeProfit || !takeProfit.gt(max!))) out.push({ key: 'gridTakeProfitAboveRange', field: 'takeProfit', params: { max: inputs.maxPrice } });
  if (inputs.entryPrice.trim() && (!entry || entry.isZero())) out.push({ key: 'gridEntryPriceInvalid', field: 'triggerPrice' });
  if (inputs.trailing && n! < TRAILING_MIN_GRIDS) out.push({ key: 'gridTrailingNeedsGrids', field: 'form', params: { min: String(TRAILING_MIN_GRIDS) } });
  return out;
}

/** A bot younger than this shows no APR: a few minutes' result, annualised, says nothing (a 0.1 % dip reads as −500 %). */
export const APR_MIN_RUNNING_MS = 60 * 60_000;

/** The APR to show (percent text), or null while the bot has not run long enough for one to mean anything. */
export function shownApr(apr: string, startedAt: number | null, endedAt: number | null, now: number): string | null {
  if (startedAt === null) return null;
  return (endedAt ?? now) - startedAt < APR_MIN_RUNNING_MS ? null : apr;
}

/** The create (and backtest) call's body (docs/api/grid-bot.md): the investment the funding choice names, the optional prices only when given. */
export function gridCreateBody(inputs: GridInputs, symbolId: string): GridRequestBody {
  const optional = (text: string) => (text.trim() ? text.trim() : undefined);
  const entryPrice = optional(inputs.entryPrice);
  const stopLossPrice = optional(inputs.stopLoss);
  const takeProfitPrice = optional(inputs.takeProfit);
  return {
    symbol: symbolId,
    minPrice: inputs.minPrice,
    maxPrice: inputs.maxPrice,
    gridNumber: Number(inputs.gridNumber),
    type: inputs.type,
    ...(inputs.funding !== 'base' ? { quoteInvestment: inputs.quoteInvestment } : {}),
    ...(inputs.funding !== 'quote' ? { baseInvestment: inputs.baseInvestment } : {}),
    ...(entryPrice ? { entryPrice } : {}),
    ...(stopLossPrice ? { stopLossPrice } : {}),
    ...(takeProfitPrice ? { takeProfitPrice } : {}),
    ...(inputs.trailing ? { trailing: true } : {}),
  };
}

export interface GridRequestBody {
  symbol: string;
  minPrice: string;
  maxPrice: string;
  gridNumber: number;
  type: GridType;
  quoteInvestment?: string;
  baseInvestment?: string;
  entryPrice?: string;
  stopLossPrice?: string;
  takeProfitPrice?: string;
  trailing?: boolean;
}
