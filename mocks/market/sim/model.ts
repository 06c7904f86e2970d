import type { DraftEvent } from '../session/writer';
import type { Level, SessionHeader } from '../types';
import { FeedBook, type SideName } from './feed';
import { BurstClock, FairPrice, Sizes } from './flow';
import { Makers } from './makers';
import { resolveParams, type Resolved, type SimParams } from './params';
import { exp, Rng } from '../rng';

export { BTCUSDT_PRESET, DEFAULT_MODEL, type ModelParams, type SimParams } from './params';

/** A loopable session tracks the fair price ever more tightly over its last seconds. */
const ENDGAME_MS = 3000;

/**
 * A synthetic recorded session. Taker orders arrive in clustered bursts
 * (BurstClock); each takes liquidity at the touch, one fill per resting
 * order, so a burst's fills share a timestamp. A latent fair price moves
 * with the given volatility; when it drifts away from the mid, a burst in its
 * direction becomes a sweep: the makers pull most of the quotes in its path
 * and the taker trades through the rest of a few levels, often chased by
 * more such orders milliseconds later until the fair price is reached; after
 * a short delay the other side re-quotes next to the new touch. Price moves
 * are therefore made by trades, and the spread is one tick but for those few
 * milliseconds. Book changes reach the feed as net deltas every
 * `bookUpdateMs`, or earlier when a trade would otherwise print at a price
 * the consumer's book cannot explain.
 */
export function simulateSession(params: SimParams): { header: SessionHeader; events: DraftEvent[] } {
  return new Simulation(resolveParams(params)).run();
}

class Simulation {
  private readonly book: FeedBook;
  private readonly clock: BurstClock;
  private readonly fair: FairPrice;
  private readonly sizes: Sizes;
  private readonly makers: Makers;
  private readonly taker: Rng;
  private readonly events: DraftEvent[] = [];
  private tradeId = 0;
  private requote: { t: number; side: SideName } | null = null;
  /** the next order of a sweep that stopped short of the fair price */
  private chase: { t: number; buy: boolean } | null = null;

  constructor(private readonly r: Resolved) {
    const root = new Rng(r.p.seed);
    // One stream per process, so a change in one part of the model leaves the others' draws alone.
    this.clock = new BurstClock(r, root.fork(1));
    this.fair = new FairPrice(r, root.fork(2));
    this.sizes = new Sizes(r, root.fork(3));
    this.book = new FeedBook(r.p.symbol);
    this.makers = new Makers(r, this.book, new Sizes(r, root.fork(4)), root.fork(5));
    this.taker = root.fork(6);
  }

  run(): { header: SessionHeader; events: DraftEvent[] } {
    const { p, m } = this.r;
    const end = p.durationMs;
    const bid = Math.floor(this.r.startMid - 0.5 + 1e-6);
    this.makers.open(bid, bid + 1);
    const opening = this.book.snapshot(p.startTime);
    this.events.push(opening);

    let nextBurst = this.clock.next();
    let nextBook = m.bookUpdateMs;
    for (;;) {
      const requoteAt = this.requote?.t ?? Infinity;
      const chaseAt = this.chase?.t ?? Infinity;
      const t = Math.min(nextBurst, nextBook, requoteAt, chaseAt);
      if (t > end) break;
      if (t === requoteAt) {
        this.makers.requote(this.requote!.side);
        this.requote = null;
      } else if (t === chaseAt) {
        const buy = this.chase!.buy;
        this.chase = null;
        this.burst(t, buy);
      } else if (t === nextBurst) {
        this.burst(t);
        nextBurst = this.clock.next();
      } else {
        this.makers.maintain(m.bookUpdateMs);
        this.publish(t);
        nextBook += m.bookUpdateMs;
      }
    }
    if (p.loopable && opening.ch === 'snapshot') {
      this.settle(end, bid);
      this.restore(opening.msg.b, opening.msg.a);
    }
    this.publish(end);

    const header: SessionHeader = {
      format: 'spot-session',
      version: 1,
      venue: 'sim',
      source: `simulator@1 seed=${p.seed}`,
      licence: 'generated',
      symbols: [{ symbol: p.symbol, tick: p.tick, lot: p.lot }],
      start: p.startTime,
      end: this.events[this.events.length - 1]!.t,
      checkpointIntervalMs: 60000,
      ...(p.loopable ? { loopable: true } : {}),
    };
    return { header, events: this.events };
  }

  private publish(t: number): void {
    const e = this.book.publish(this.r.p.startTime + Math.floor(t));
    if (e) this.events.push(e);
  }

  /** A taker order; `chase` forces a sweep in that direction (true = buy), if the fair price is still that way. */
  private burst(t: number, chase?: boolean): void {
    const { m, p } = this.r;
    const fair = this.fair.at(t);
    const gapBp = (fair - this.book.mid()) / this.r.ticksPerBp;
    if (chase !== undefined && gapBp > 0 !== chase) return;
    let threshold = m.sweepThresholdBp;
    if (p.loopable && t > p.durationMs - ENDGAME_MS) threshold *= Math.max(0.02, (p.durationMs - t) / ENDGAME_MS);
    const z = gapBp / threshold;
    const sweep = chase !== undefined || this.taker.chance(1 - exp(-z * z));
    const buy = sweep ? gapBp > 0 : this.taker.chance(1 / (1 + exp(-gapBp / m.sideScaleBp)));
    let fills: number;
    if (sweep) {
      const before = this.book.side(buy ? 'ask' : 'bid').best();
      fills = this.sweep(t, buy, fair);
      // Stopped short: the same chase usually goes on a few ms later (stops, algos, other takers).
      const after = this.book.side(buy ? 'ask' : 'bid').best();
      const short = after !== undefined && (buy ? after <= Math.floor(fair) : after >= Math.ceil(fair));
      if (short && after !== before && this.chase === null && this.taker.chance(m.sweepFollowShare)) {
        this.chase = { t: t + this.taker.exponential(m.sweepFollowMs), buy };
      }
    } else {
      const n = this.taker.chance(m.singleFillShare) ? 1 : 2 + this.taker.geometric(1 / (1 + m.extraFillsMean));
      fills = this.take(t, buy, n);
    }
    this.clock.record(fills, chase === undefined);
    if (this.book.spread() > 1 && this.requote === null) {
      this.requote = { t: t + this.taker.exponential(m.requoteMs), side: buy ? 'bid' : 'ask' };
    }
  }

  /** An ordinary taker order: `n` fills from the touch down, one resting order each. */
  private take(t: number, buy: boolean, n: number): number {
    const name: SideName = buy ? 'ask' : 'bid';
    const side = this.book.side(name);
    let fills = 0;
    while (fills < n) {
      const price = side.best();
      if (price === undefined) break;
      const q = side.quantityAt(price);
      const f = Math.min(this.sizes.fill(), q);
      this.trade(t, buy, price, f);
      this.book.set(name, price, q - f);
      fills += 1;
    }
    return fills;
  }

  /**
   * A taker order chasing the fair price: every level up to the fair price is
   * either pulled or has its few slow orders traded out (the quotes there are
   * pulled), one fill per resting order; the touch always trades.
   */
  private sweep(t: number, buy: boolean, fair: number, reach?: number): number {
    const m = this.r.m;
    const name: SideName = buy ? 'ask' : 'bid';
    const side = this.book.side(name);
    const target = buy ? Math.floor(fair) : Math.ceil(fair);
    // A taker order reaches only a few levels; a long way is made by several bursts in a row.
    let levels = reach ?? 1 + this.taker.geometric(1 / m.sweepLevelsMean);
    let fills = 0;
    let first = true;
    while (fills < m.sweepMaxFills && levels > 0) {
      const price = side.best();
      if (price === undefined || (!first && side.better(target, price))) break;
      if (!first && this.taker.chance(m.sweepPullShare)) {
        this.book.set(name, price, 0);
        continue;
      }
      first = false;
      levels -= 1;
      // What stays in the way is a few slow orders; the rest of the level is pulled with the quotes.
      const orders = 1 + this.taker.geometric(1 / m.sweepOrdersPerLevel);
      let q = side.quantityAt(price);
      for (let i = 0; i < orders && q > 0 && fills < m.sweepMaxFills; i++) {
        const f = Math.min(this.sizes.fill(), q);
        this.trade(t, buy, price, f);
        q -= f;
        fills += 1;
      }
      this.book.set(name, price, 0);
    }
    return fills;
  }

  private trade(t: number, buy: boolean, price: number, qty: number): void {
    // The consumer's book must explain the print: a buy at or above its best ask, a sell at or below its best bid.
    if (buy ? price < this.book.shownBestAsk() : price > this.book.shownBestBid()) this.publish(t);
    this.tradeId += 1;
    this.events.push({
      t: this.r.p.startTime + Math.floor(t),
      ch: 'trade',
      msg: { s: this.r.p.symbol, id: this.tradeId, p: price, q: qty, m: buy },
    });
  }

  /**
   * The loop seam, part one: the fair price is bridged back to the start, but the mid only
   * follows it in sweeps, so a last taker order trades the way back to the opening touch.
   */
  private settle(t: number, openingBid: number): void {
    if (this.book.bestAsk() <= openingBid) this.sweep(t, true, openingBid + 0.5, Infinity);
    else if (this.book.bestBid() >= openingBid + 1) this.sweep(t, false, openingBid + 0.5, Infinity);
  }

  /** The loop seam, part two: the last message puts the opening book back, so replay can start over without a jump. */
  private restore(bids: Level[], asks: Level[]): void {
    for (const [name, levels] of [['bid', bids], ['ask', asks]] as const) {
      const side = this.book.side(name);
      const keep = new Map(levels);
      for (const price of side.prices()) if (!keep.has(price)) this.book.set(name, price, 0);
      for (const [price, q] of levels) this.book.set(name, price, q);
    }
  }
}
