/**
 * The checks of a grid bot's create call, in the order they are reported
 * (the first failure answers, as the exchange does for orders), and the
 * grid plan a start uses: levels, which side each grid takes, the per-grid
 * quantity and the start trade. Pure: the instrument, the account, the
 * price and the fee rates come in.
 */
import { formatAmount, parseAmount, valueOf, type Amount } from '../exchange/amount';
import { ERR, exchangeError, type ErrorCode } from '../exchange/errors';
import type { Instrument } from '../exchange/instruments';
import type { AccountSettings } from '../exchange/types';
import { accountRefusal, parsePrice } from '../exchange/validate';
import { fromUnits, toUnits } from '../../src/domain/units';
import { cellSides, levelsFrom, roundTripsClearFees, type GridGeometry } from './gridMath';
import { sizeGrid, type Side, type StartTrade } from './gridSizing';
import type { GridError, GridErrorKey, GridParams, GridResult, GridSettings } from './gridTypes';

/** REFERENCE.md: 2 grids at least; an upper cap keeps one bot under the engine's 500 open orders per account. */
export const MIN_GRIDS = 2;
export const MAX_GRIDS = 200;
/** REFERENCE.md: trailing needs 5 grids or more. */
export const MIN_TRAILING_GRIDS = 5;

export interface CheckContext {
  inst: Instrument;
  account: AccountSettings | undefined;
  /** last price, else the book's mid; null when the pair has neither */
  reference: number | null;
  makerFeePpm: number;
  takerFeePpm: number;
}

export interface GridPlan {
  geometry: GridGeometry;
  levels: number[];
  sides: Side[];
  qty: number;
  trade: StartTrade | null;
}

const TYPES = new Set(['arithmetic', 'geometric']);

/** The engine's text for `code` (naming `field` where it names one), and why. */
export function gridError(key: GridErrorKey, code: ErrorCode, why = '', field: string = key): GridError {
  const base = exchangeError(code, field);
  return { code, key, message: why ? `${base.message}: ${why}` : base.message };
}

const no = (error: GridError): { ok: false; error: GridError } => ({ ok: false, error });

function priceField(inst: Instrument, text: string | undefined, key: GridErrorKey): GridResult<number> {
  const p = parsePrice(inst, text, key);
  return p.ok ? p : no({ code: p.error.code, key, message: p.error.message });
}

function optionalPrice(inst: Instrument, text: string | undefined, key: GridErrorKey): GridResult<number | null> {
  return text === undefined || text === '' ? { ok: true, value: null } : priceField(inst, text, key);
}

/** An investment amount: empty is zero; else a plain non-negative decimal within the step of its token. */
function investment(text: string | undefined, step: string): Amount | 'format' | 'decimals' {
  if (text === undefined || text === '') return 0n;
  const amount = typeof text === 'string' ? parseAmount(text) : null;
  if (amount === null) return 'format';
  return toUnits(text, step) === null ? 'decimals' : amount;
}

/** Checks a create call; `settings` are the inputs in engine units and `plan` the grid as it would start now. */
export function checkParams(params: GridParams, ctx: CheckContext): GridResult<{ settings: GridSettings; plan: GridPlan }> {
  const { inst } = ctx;
  if (inst.tradeStatus !== 1) return no(gridError('notTrading', ERR.NOT_TRADING));
  const refusal = accountRefusal(ctx.account);
  if (refusal) return no({ ...refusal, key: 'account' });
  const n = params.gridNumber;
  if (!Number.isInteger(n) || n < MIN_GRIDS || n > MAX_GRIDS) return no(gridError('gridNumber', ERR.PARAM, `from ${MIN_GRIDS} to ${MAX_GRIDS} grids`));
  if (!TYPES.has(params.type)) return no(gridError('type', ERR.PARAM, 'arithmetic or geometric'));
  const min = priceField(inst, params.minPrice, 'minPrice');
  if (!min.ok) return min;
  const max = priceField(inst, params.maxPrice, 'maxPrice');
  if (!max.ok) return max;
  if (min.value >= max.value) return no(gridError('priceRange', ERR.PARAM, 'the lowest price must be below the highest', 'maxPrice'));
  const geometry: GridGeometry = { min: min.value, max: max.value, count: n, type: params.type };
  const levels = levelsFrom(geometry);
  if (!roundTripsClearFees(levels, Math.max(ctx.makerFeePpm, ctx.takerFeePpm))) {
    return no(gridError('gridTooDense', ERR.PARAM, 'each grid must gain more than the fees of a buy and a sell; use fewer grids or a wider range', 'gridNumber'));
  }
  if (params.trailing && n < MIN_TRAILING_GRIDS) return no(gridError('trailing', ERR.PARAM, `trailing needs ${MIN_TRAILING_GRIDS} grids or more`));

  const quote = investment(params.quoteInvestment, inst.amountStep);
  const base = investment(params.baseInvestment, inst.lot);
  if (quote === 'format' || base === 'format') return no(gridError('investment', ERR.PARAM, 'a plain decimal amount', quote === 'format' ? 'quoteInvestment' : 'baseInvestment'));
  if (quote === 'decimals') return no(gridError('investment', ERR.AMOUNT_DECIMALS, `quoteInvestment in steps of ${inst.amountStep}`));
  if (base === 'decimals') return no(gridError('investment', ERR.QTY_DECIMALS, `baseInvestment in steps of ${inst.lot}`));
  if (quote === 0n && base === 0n) return no(gridError('investment', ERR.PARAM, 'invest quote, base or both', 'quoteInvestment'));

  if (ctx.reference === null) return no(gridError('noPrice', ERR.NO_LIQUIDITY));
  const entry = optionalPrice(inst, params.entryPrice, 'entryPrice');
  if (!entry.ok) return entry;
  const startAt = entry.value ?? ctx.reference;
  if (startAt < min.value || startAt > max.value) {
    const why = entry.value === null ? 'the last price must lie within the grid range' : 'the entry price must lie within the grid range';
    return no(entry.value === null ? gridError('priceOutOfRange', ERR.PARAM, why, 'minPrice') : gridError('entryPrice', ERR.PARAM, why));
  }
  const stop = optionalPrice(inst, params.stopLossPrice, 'stopLossPrice');
  if (!stop.ok) return stop;
  if (stop.value !== null && stop.value >= min.value) return no(gridError('stopLossPrice', ERR.PARAM, 'below the lowest grid price'));
  const take = optionalPrice(inst, params.takeProfitPrice, 'takeProfitPrice');
  if (!take.ok) return take;
  if (take.value !== null && take.value <= max.value) return no(gridError('takeProfitPrice', ERR.PARAM, 'above the highest grid price'));

  const settings: GridSettings = {
    symbol: inst.symbol, type: params.type, gridNumber: n, minPrice: min.value, maxPrice: max.value,
    quoteInvestment: formatAmount(quote), baseInvestment: formatAmount(base),
    entryPrice: entry.value, stopLoss: stop.value, takeProfit: take.value, trailing: params.trailing === true,
  };
  const plan = planGrid(settings, ctx, startAt, quote, base);
  return plan.ok ? { ok: true, value: { settings, plan: plan.value } } : plan;
}

/**
 * The grid as it starts at `price`, with `quote` and `base` to invest:
 * refused when a grid's orders would fall below the pair's minimum order
 * (a grid sell after a buy is the buy less its fee in base, the smallest
 * order a grid places) or above its maximum.
 */
export function planGrid(settings: GridSettings, ctx: CheckContext, price: number, quote: Amount, base: Amount): GridResult<GridPlan> {
  const { inst } = ctx;
  const geometry: GridGeometry = { min: settings.minPrice, max: settings.maxPrice, count: settings.gridNumber, type: settings.type };
  const levels = levelsFrom(geometry);
  const sides = cellSides(levels, price);
  const { qty, trade } = sizeGrid({
    levels, sides, price, quote, base, scale: inst.scale, takerFeePpm: ctx.takerFeePpm,
    amountStep: parseAmount(inst.amountStep)!, minLots: inst.minQtyLots, minAmount: inst.minAmount,
  });
  const sellLots = lotsAfterFee(qty, Math.max(ctx.makerFeePpm, ctx.takerFeePpm), inst.scale.lotAmount);
  const smallest = [valueOf(inst.scale, levels[0]!, qty), valueOf(inst.scale, levels[1]!, sellLots)].reduce((a, b) => (a < b ? a : b));
  const perGrid = `each grid would trade ${fromUnits(qty, inst.lot)} ${inst.base}`;
  if (sellLots < inst.minQtyLots) {
    return no(gridError('perGridBelowMinimum', ERR.QTY_TOO_LOW, `${perGrid}; the minimum order is ${fromUnits(inst.minQtyLots, inst.lot)} ${inst.base}`));
  }
  if (smallest < inst.minAmount) {
    return no(gridError('perGridBelowMinimum', ERR.VALUE_TOO_LOW, `${perGrid}; the minimum order is ${formatAmount(inst.minAmount)} ${inst.quote}`));
  }
  if (qty > inst.maxQtyLots || valueOf(inst.scale, levels.at(-1)!, qty) > inst.maxAmount) {
    return no(gridError('perGridAboveMaximum', ERR.VALUE_TOO_HIGH, `${perGrid}, above the maximum order`));
  }
  return { ok: true, value: { geometry, levels, sides, qty, trade } };
}

/** Whole lots left of a buy of `lots` once the exchange took its fee in base (what its grid sell can sell). */
export function lotsAfterFee(lots: number, feePpm: number, lotAmount: Amount): number {
  const gross = BigInt(lots) * lotAmount;
  return Number((gross - (gross * BigInt(feePpm)) / 1_000_000n) / lotAmount);
}
