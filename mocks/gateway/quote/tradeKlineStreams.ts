import type { Bar } from '../../market/klines';
import type { PublicTrade } from '../types';
import { NOTHING, type RenderContext, type Rendered, type StreamRenderer } from './render';
import type { StreamSpec } from './streamSpec';

export { FIRST_TRADES } from './streamSpec';

const tradeData = (t: PublicTrade) => ({ v: String(t.id), t: t.t, p: t.p, q: t.q, m: t.m });

/** trade: the last `limit` (at most 60) on subscribe, then the trades since the previous push, newest first. */
class TradeRenderer implements StreamRenderer {
  private newestId: number | null = null;

  constructor(
    private readonly symbol: string,
    private readonly limit: number,
  ) {}

  render(ctx: RenderContext, wantFull: boolean, wantDelta: boolean): Rendered {
    // A listing publishes no trades before it opens; its first push waits for the opening.
    if (!ctx.market.isOpen(this.symbol)) return NOTHING;
    const trades = ctx.market.trades(this.symbol, 100);
    const since = this.newestId;
    let delta: unknown[] | null = null;
    if (wantDelta && since !== null) {
      const fresh = trades.findIndex((t) => t.id <= since);
      const count = fresh < 0 ? trades.length : fresh;
      if (count > 0) delta = trades.slice(0, count).map(tradeData);
    }
    const full = wantFull ? trades.slice(0, this.limit).map(tradeData) : null;
    if (trades[0]) this.newestId = trades[0].id;
    else if (wantFull) this.newestId = -Infinity;
    return { full, delta };
  }

  reset(): void {
    this.newestId = null;
  }
}

/** kline_*: the current bar, and the bar that closed since the previous push before it. */
class KlineRenderer implements StreamRenderer {
  private last: { t: number; signature: string } | null = null;

  constructor(private readonly spec: StreamSpec) {}

  render(ctx: RenderContext, wantFull: boolean, wantDelta: boolean): Rendered {
    const { symbol, interval } = this.spec;
    const steps = ctx.market.steps(symbol);
    if (!interval || !steps) return NOTHING;
    const bars = ctx.market.klines(symbol, interval, { limit: 2 });
    const current = bars.at(-1);
    if (!current) return NOTHING;
    const price = ctx.texts.of(steps.tick);
    const qty = ctx.texts.of(steps.lot);
    const data = (bar: Bar) => ({ t: bar.t, s: symbol, sn: symbol, c: price.of(bar.c), h: price.of(bar.h), l: price.of(bar.l), o: price.of(bar.o), v: qty.of(bar.v) });
    // Bars are live objects that keep changing: compare a signature, never a reference.
    const signature = `${current.t}:${current.o}:${current.h}:${current.l}:${current.c}:${current.v}`;
    const last = this.last;
    let delta: unknown[] | null = null;
    if (wantDelta && last && signature !== last.signature) {
      const previous = bars.length > 1 ? bars[0]! : null;
      const closed = current.t !== last.t && previous && previous.t >= last.t ? [data(previous)] : [];
      delta = [...closed, data(current)];
    }
    this.last = { t: current.t, signature };
    return { full: wantFull ? [data(current)] : null, delta };
  }

  reset(): void {
    this.last = null;
  }
}

export function tradeRenderer(spec: StreamSpec): StreamRenderer {
  return new TradeRenderer(spec.symbol, spec.limit);
}

export function klineRenderer(spec: StreamSpec): StreamRenderer {
  return new KlineRenderer(spec);
}
