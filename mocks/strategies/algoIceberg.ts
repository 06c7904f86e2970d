/**
 * Iceberg: one child limit order at the strategy's price rests at a time,
 * never more than the visible size; the next goes once it has filled. With
 * `randomize` each child is drawn from [0.8 × visible, visible] on the lot
 * step (never above visible, never below the pair's minimum) by a seeded
 * generator kept in the state, so a replay gives the same children.
 */
import { ERR } from '../exchange/errors';
import type { Instrument } from '../exchange/instruments';
import { bandRefusal } from '../exchange/validate';
import { lotsOf, priceOf, refused, type CheckContext, type Checked } from './algoCheck';
import { minLotsAt } from './algoMarket';
import type { AlgoParams, AlgoResult, AlgoSettings, AlgoStrategyState } from './algoTypes';

export type IcebergSettings = Extract<AlgoSettings, { type: 'iceberg' }>;

/** The smallest share of the visible size a randomised child takes. */
const LOW_SHARE = 0.8;

export function checkIceberg(p: AlgoParams, ctx: CheckContext): AlgoResult<Checked<IcebergSettings>> {
  const price = priceOf(ctx.inst, p.price, 'price');
  if (!price.ok) return price;
  const band = bandRefusal(ctx.inst, ctx.side, price.value, ctx.reference);
  if (band) return refused(band.code, 'price', `price: ${band.message}`);
  const visible = lotsOf(ctx.inst, p.visibleSize, 'visibleSize');
  if (!visible.ok) return visible;
  if (visible.value > ctx.sizeLots) return refused(ERR.PARAM, 'visibleSize', 'visibleSize must not be larger than size');
  if (visible.value > ctx.inst.maxQtyLots) return refused(ERR.QTY_TOO_HIGH, 'visibleSize');
  if (visible.value < minLotsAt(ctx.inst, price.value)) return refused(ERR.VALUE_TOO_LOW, 'visibleSize');
  return { ok: true, value: { settings: { type: 'iceberg', price: price.value, visibleLots: visible.value, randomize: p.randomize === true }, lockPrice: price.value } };
}

/** mulberry32: a uniform draw in [0, 1) and the generator's next state. */
export function draw(state: number): [number, number] {
  const next = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(next ^ (next >>> 15), next | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return [((t ^ (t >>> 14)) >>> 0) / 4_294_967_296, next];
}

/** The next child's lots and the generator state after it. */
export function nextChild(s: AlgoStrategyState, settings: IcebergSettings, inst: Instrument): { lots: number; rng: number } {
  const rest = s.size - s.executedLots;
  const min = minLotsAt(inst, settings.price);
  const visible = settings.visibleLots;
  let lots = visible;
  let rng = s.rng;
  if (settings.randomize) {
    const low = Math.min(visible, Math.max(min, Math.ceil(visible * LOW_SHARE)));
    const [r, next] = draw(rng);
    rng = next;
    lots = low + Math.floor(r * (visible - low + 1));
  }
  // Never leave a rest too small to send: the last child takes it when it may, else this one leaves room for it.
  if (lots < rest && rest - lots < min) lots = rest <= visible ? rest : rest - min >= min ? rest - min : lots;
  return { lots: Math.min(lots, rest), rng };
}
