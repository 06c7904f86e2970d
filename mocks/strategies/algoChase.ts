/**
 * Chase: one post-only child for the whole rest, pegged to the best price
 * of its own side less the offset (a buy at bestBid × (1 − E4 / 1e6), a
 * sell at bestAsk × (1 + E4 / 1e6)), rounded to the tick away from the
 * spread, capped by maxChasePrice, and always one tick inside its own side
 * of the best opposite price: it waits to be filled, it never takes.
 */
import { ERR } from '../exchange/errors';
import { intIn, priceOf, refused, type CheckContext, type Checked } from './algoCheck';
import { minLotsAt, type Top } from './algoMarket';
import type { AlgoParams, AlgoResult, AlgoSettings, Side } from './algoTypes';

export type ChaseSettings = Extract<AlgoSettings, { type: 'chase' }>;

/** E4 over this is the fraction: 10000 (1 %) → 0.01. */
const E4_SCALE = 1_000_000;

export function checkChase(p: AlgoParams, ctx: CheckContext): AlgoResult<Checked<ChaseSettings>> {
  const e4 = intIn(p.chasePercentE4, 'chasePercentE4', 0, 10_000);
  if (!e4.ok) return e4;
  let maxChasePrice: number | null = null;
  if (p.maxChasePrice !== undefined) {
    const max = priceOf(ctx.inst, p.maxChasePrice, 'maxChasePrice');
    if (!max.ok) return max;
    maxChasePrice = max.value;
  }
  if (ctx.sizeLots > ctx.inst.maxQtyLots) return refused(ERR.QTY_TOO_HIGH, 'size');
  const settings: ChaseSettings = { type: 'chase', chasePercentE4: e4.value, maxChasePrice };
  const lockPrice = maxChasePrice === null ? ctx.reference : ctx.side === 'Buy' ? Math.min(ctx.reference, maxChasePrice) : Math.max(ctx.reference, maxChasePrice);
  if (ctx.sizeLots < minLotsAt(ctx.inst, lockPrice)) return refused(ERR.VALUE_TOO_LOW, 'size');
  return { ok: true, value: { settings, lockPrice } };
}

/** Where the child belongs on this book, or null when its side is empty. */
export function chaseTarget(side: Side, settings: ChaseSettings, top: Top): number | null {
  const e4 = settings.chasePercentE4;
  const max = settings.maxChasePrice;
  if (side === 'Buy') {
    if (top.bid === undefined) return null;
    let p = Math.floor((top.bid * (E4_SCALE - e4)) / E4_SCALE);
    if (max !== null) p = Math.min(p, max);
    if (top.ask !== undefined && p >= top.ask) p = top.ask - 1;
    return p > 0 ? p : null;
  }
  if (top.ask === undefined) return null;
  let p = Math.ceil((top.ask * (E4_SCALE + e4)) / E4_SCALE);
  if (max !== null) p = Math.max(p, max);
  if (top.bid !== undefined && p <= top.bid) p = top.bid + 1;
  return p;
}
