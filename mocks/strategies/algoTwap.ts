/**
 * TWAP: the size split into ceil(duration / interval) slices, slice k sent
 * at start + k × interval as an IOC limit order that may take up to 0.5 %
 * past the best opposite price (a market order with a slippage cap, but one
 * that can also respect the price limit). A slice asks what the schedule
 * wanted executed by its end less what has executed: what an earlier slice
 * could not fill (the price limit, a thin book) rides on the next one, and
 * the last takes the rest.
 */
import { ERR } from '../exchange/errors';
import type { Instrument } from '../exchange/instruments';
import { intIn, priceOf, refused, type CheckContext, type Checked } from './algoCheck';
import { bandEdge, minLotsAt, type Top } from './algoMarket';
import type { AlgoParams, AlgoResult, AlgoSettings, AlgoStrategyState, Side } from './algoTypes';

export type TwapSettings = Extract<AlgoSettings, { type: 'twap' }>;

/** How far past the best price a slice may take, parts per million (the grid's 0.5 % buffer). */
export const TWAP_SLIPPAGE_PPM = 5_000;
const PPM = 1_000_000;

/** The price a slice would go at: marketable within the slippage, never past the limit or the band. */
function reach(side: Side, best: number, settings: TwapSettings, inst: Instrument, reference: number): number {
  if (side === 'Buy') {
    let p = Math.min(Math.ceil((best * (PPM + TWAP_SLIPPAGE_PPM)) / PPM), bandEdge(inst, 'Buy', reference));
    if (settings.priceLimit !== null) p = Math.min(p, settings.priceLimit);
    return p;
  }
  let p = Math.max(Math.floor((best * (PPM - TWAP_SLIPPAGE_PPM)) / PPM), bandEdge(inst, 'Sell', reference));
  if (settings.priceLimit !== null) p = Math.max(p, settings.priceLimit);
  return p;
}

export function checkTwap(p: AlgoParams, ctx: CheckContext): AlgoResult<Checked<TwapSettings>> {
  const duration = intIn(p.durationSec, 'durationSec', 300, 86_400);
  if (!duration.ok) return duration;
  const interval = intIn(p.intervalSec, 'intervalSec', 5, 600);
  if (!interval.ok) return interval;
  if (interval.value > duration.value) return refused(ERR.PARAM, 'intervalSec', 'intervalSec must not be longer than durationSec');
  let priceLimit: number | null = null;
  if (p.priceLimit !== undefined) {
    const limit = priceOf(ctx.inst, p.priceLimit, 'priceLimit');
    if (!limit.ok) return limit;
    priceLimit = limit.value;
  }
  const slices = Math.ceil(duration.value / interval.value);
  const settings: TwapSettings = { type: 'twap', durationMs: duration.value * 1000, intervalMs: interval.value * 1000, slices, priceLimit };
  const lockPrice = reach(ctx.side, ctx.reference, settings, ctx.inst, ctx.reference);
  const per = Math.floor(ctx.sizeLots / slices);
  if (per < minLotsAt(ctx.inst, lockPrice)) {
    return refused(ERR.QTY_TOO_LOW, 'size', `size: each of the ${slices} slices would be below the pair's minimum order`);
  }
  if (ctx.sizeLots - per * (slices - 1) > ctx.inst.maxQtyLots) {
    return refused(ERR.QTY_TOO_HIGH, 'size', `size: a slice would be above the pair's maximum order quantity`);
  }
  return { ok: true, value: { settings, lockPrice } };
}

export const twapEnd = (s: AlgoStrategyState, settings: TwapSettings): number => s.createdAt + settings.durationMs;

/** The slice due at `now` (the latest one when several are: a quiet market merges them), or null. */
export function dueSlice(s: AlgoStrategyState, settings: TwapSettings, now: number): number | null {
  if (s.nextSlice >= settings.slices || now < s.createdAt + s.nextSlice * settings.intervalMs) return null;
  return Math.min(settings.slices - 1, Math.floor((now - s.createdAt) / settings.intervalMs));
}

/** Lots slice k asks: the schedule's total by the end of slice k less what executed (the last takes the rest). */
export function sliceLots(s: AlgoStrategyState, settings: TwapSettings, k: number): number {
  const per = Math.floor(s.size / settings.slices);
  const target = k >= settings.slices - 1 ? s.size : per * (k + 1);
  return Math.max(0, target - s.executedLots);
}

/** The slice's limit price, or null when the price limit (or an empty side) keeps it out of the market now. */
export function slicePrice(s: AlgoStrategyState, settings: TwapSettings, inst: Instrument, top: Top, reference: number): number | null {
  const best = s.side === 'Buy' ? top.ask : top.bid;
  if (best === undefined) return null;
  const p = reach(s.side, best, settings, inst, reference);
  return (s.side === 'Buy' ? p >= best : p <= best) ? p : null;
}
