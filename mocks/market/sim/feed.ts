import type { DraftEvent } from '../session/writer';
import type { Level } from '../types';
import { SimSide } from './side';

export type SideName = 'bid' | 'ask';

/**
 * The simulator's book and what the feed has published of it. The model
 * changes the live book freely; `publish` turns the net change since the last
 * message into one `book` delta (only levels whose quantity differs), like an
 * exchange's depth@100ms stream that reports where levels ended up, not each
 * order. Trades go out immediately, so the feed is a true L2 feed: the book
 * message lags the trades that caused it.
 */
export class FeedBook {
  readonly bids = new SimSide(1);
  readonly asks = new SimSide(-1);
  /** quantities as last published, per price */
  private readonly shownBids = new Map<number, number>();
  private readonly shownAsks = new Map<number, number>();
  private readonly touchedBids = new Set<number>();
  private readonly touchedAsks = new Set<number>();
  // After a message the consumer's book equals the live one, so its best prices are the live ones then.
  private shownBid = Number.NEGATIVE_INFINITY;
  private shownAsk = Number.POSITIVE_INFINITY;

  constructor(readonly symbol: string) {}

  side(name: SideName): SimSide {
    return name === 'bid' ? this.bids : this.asks;
  }

  opposite(name: SideName): SimSide {
    return name === 'bid' ? this.asks : this.bids;
  }

  set(name: SideName, price: number, quantity: number): void {
    const side = this.side(name);
    if (side.set(price, quantity)) (name === 'bid' ? this.touchedBids : this.touchedAsks).add(price);
  }

  bestBid(): number {
    return this.bids.best() ?? Number.NEGATIVE_INFINITY;
  }

  bestAsk(): number {
    return this.asks.best() ?? Number.POSITIVE_INFINITY;
  }

  mid(): number {
    return (this.bestBid() + this.bestAsk()) / 2;
  }

  spread(): number {
    return this.bestAsk() - this.bestBid();
  }

  /** Best prices as the consumer currently sees them. */
  shownBestBid(): number {
    return this.shownBid;
  }

  shownBestAsk(): number {
    return this.shownAsk;
  }

  /** The whole live book as a snapshot event; the consumer is in sync afterwards. */
  snapshot(t: number): DraftEvent {
    const b = this.bids.levels();
    const a = this.asks.levels();
    this.shownBids.clear();
    this.shownAsks.clear();
    for (const [p, q] of b) this.shownBids.set(p, q);
    for (const [p, q] of a) this.shownAsks.set(p, q);
    this.touchedBids.clear();
    this.touchedAsks.clear();
    this.markShown();
    return { t, ch: 'snapshot', msg: { s: this.symbol, b, a } };
  }

  /** The net change since the last message, or null when nothing differs. */
  publish(t: number): DraftEvent | null {
    const b = this.diff(this.bids, this.shownBids, this.touchedBids);
    const a = this.diff(this.asks, this.shownAsks, this.touchedAsks);
    this.markShown();
    if (b.length === 0 && a.length === 0) return null;
    return { t, ch: 'book', msg: { s: this.symbol, b, a } };
  }

  private markShown(): void {
    this.shownBid = this.bestBid();
    this.shownAsk = this.bestAsk();
  }

  private diff(live: SimSide, shown: Map<number, number>, touched: Set<number>): Level[] {
    const out: Level[] = [];
    for (const p of touched) {
      const q = live.quantityAt(p);
      if (q === (shown.get(p) ?? 0)) continue;
      out.push([p, q]);
      if (q === 0) shown.delete(p);
      else shown.set(p, q);
    }
    touched.clear();
    // Best-first, the order a venue lists its levels in.
    out.sort((x, y) => (y[0] - x[0]) * live.direction);
    return out;
  }
}
