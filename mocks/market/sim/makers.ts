import type { FeedBook, SideName } from './feed';
import type { Sizes } from './flow';
import type { Resolved } from './params';
import { exp, type Rng } from '../rng';

/** Ticks right behind the touch that have their own occupancy (the rest share the far one). */
const NEAR_TICKS = 4;
/** Levels this far beyond the window are dropped, so the book follows the price. */
const PRUNE_FACTOR = 1.2;
const FOLLOW_EVERY_MS = 500;

/**
 * The passive side of the market: resting levels arrive and leave at random
 * so each tick behind the touch is occupied with its profile's probability,
 * the makers' quote at the touch is re-sized from time to time, and the book
 * keeps `window` ticks behind each touch wherever the price wanders.
 */
export class Makers {
  private sinceFollow = 0;
  private followedAt = 0;

  constructor(
    private readonly r: Resolved,
    private readonly book: FeedBook,
    private readonly sizes: Sizes,
    private readonly rng: Rng,
  ) {}

  private occupancy(depth: number): number {
    return depth <= NEAR_TICKS ? this.r.nearOccupancy[depth - 1]! : this.r.farOccupancy;
  }

  /** Places levels on the empty ticks `from`…`to` behind `touch`, each with its profile's chance. */
  fillRange(name: SideName, touch: number, from: number, to: number): void {
    const side = this.book.side(name);
    const place = (depth: number) => {
      const price = side.deeper(touch, depth);
      if (price > 0 && side.quantityAt(price) === 0) this.book.set(name, price, this.sizes.level());
    };
    let d = Math.max(1, from);
    for (; d <= Math.min(to, NEAR_TICKS); d++) if (this.rng.chance(this.occupancy(d))) place(d);
    const far = this.r.farOccupancy;
    if (far >= 1) {
      for (; d <= to; d++) place(d);
      return;
    }
    // Geometric gaps visit only the occupied ticks: a sparse book costs its levels, not its ticks.
    d -= 1;
    for (;;) {
      d += 1 + this.rng.geometric(far);
      if (d > to) return;
      place(d);
    }
  }

  /** The opening book: a quote on each side of the start mid and the profile behind it. */
  open(bid: number, ask: number): void {
    this.book.set('bid', bid, this.sizes.touch());
    this.book.set('ask', ask, this.sizes.touch());
    this.fillRange('bid', bid, 1, this.r.window);
    this.fillRange('ask', ask, 1, this.r.window);
  }

  /** The side re-quotes next to the far touch after the spread opened; the gap it leaves is refilled. */
  requote(name: SideName): void {
    const side = this.book.side(name);
    const other = this.book.opposite(name).best();
    const own = side.best();
    if (other === undefined || own === undefined || this.book.spread() <= 1) return;
    const price = side.deeper(other, 1);
    // The makers move their quote: at the old touch only others' orders stay behind.
    this.book.set(name, own, Math.min(side.quantityAt(own), this.sizes.level()));
    this.book.set(name, price, this.sizes.touch());
    this.fillRange(name, price, 1, side.depthOf(own, price) - 1);
  }

  /** Upkeep over one book interval of `dtMs`. */
  maintain(dtMs: number): void {
    this.sinceFollow += dtMs;
    // The window is re-fitted now and then, or at once after a large move: scanning every
    // level every interval would dominate the run time.
    const mid = this.book.mid();
    const follow = this.sinceFollow >= FOLLOW_EVERY_MS || Math.abs(mid - this.followedAt) > this.r.window * 0.05;
    if (follow) {
      this.sinceFollow = 0;
      this.followedAt = mid;
    }
    this.maintainSide('bid', dtMs, follow);
    this.maintainSide('ask', dtMs, follow);
  }

  private maintainSide(name: SideName, dtMs: number, follow: boolean): void {
    const m = this.r.m;
    const side = this.book.side(name);
    let touch = side.best();
    if (touch === undefined) {
      // Only reachable if takers emptied a side between upkeeps: quote again next to the other side.
      const other = this.book.opposite(name).best();
      if (other === undefined) return;
      touch = side.deeper(other, 1);
      this.book.set(name, touch, this.sizes.touch());
    }
    const slow = this.r.churnSlowdown;
    if (this.rng.chance(1 - exp((-dtMs * m.touchRefreshPerS) / 1000 / slow))) this.book.set(name, touch, this.sizes.touch());

    // Near ticks turn over fast (quotes pegged to the touch); each refresh redraws the tick from its profile.
    const nearRefresh = 1 - exp(-dtMs / (m.nearLevelLifeMs * slow));
    for (let d = 1; d <= NEAR_TICKS; d++) {
      if (!this.rng.chance(nearRefresh)) continue;
      const price = side.deeper(touch, d);
      if (price > 0) this.book.set(name, price, this.rng.chance(this.occupancy(d)) ? this.sizes.level() : 0);
    }

    // Far levels: each is revisited at rate 1/life and kept (re-sized) with the profile's chance,
    // and empty ticks are filled at the rate that holds the occupancy steady.
    const far = Math.min(this.r.farOccupancy, 0.98);
    const span = this.r.window - NEAR_TICKS;
    const visits = this.rng.poisson((side.size * dtMs) / (m.levelLifeMs * slow));
    for (let i = 0; i < visits && side.size > 1; i++) {
      const price = side.priceAt(this.rng.int(side.size));
      if (side.depthOf(price, touch) <= NEAR_TICKS) continue;
      this.book.set(name, price, this.rng.chance(far) ? this.sizes.level() : 0);
    }
    const empty = Math.max(0, span - side.size);
    const arrivals = this.rng.poisson((empty * dtMs * far) / (m.levelLifeMs * slow));
    for (let i = 0; i < arrivals; i++) {
      for (let attempt = 0; attempt < 4; attempt++) {
        const price = side.deeper(touch, NEAR_TICKS + 1 + this.rng.int(span));
        if (price <= 0 || side.quantityAt(price) !== 0) continue;
        this.book.set(name, price, this.sizes.level());
        break;
      }
    }

    if (follow) this.follow(name, touch);
  }

  /** Follow the price: drop what fell far behind, extend the book out to the window. */
  private follow(name: SideName, touch: number): void {
    const side = this.book.side(name);
    const limit = this.r.window * PRUNE_FACTOR;
    let deepest = 0;
    const drop: number[] = [];
    for (let i = 0; i < side.size; i++) {
      const price = side.priceAt(i);
      const depth = side.depthOf(price, touch);
      if (depth > limit) drop.push(price);
      else if (depth > deepest) deepest = depth;
    }
    for (const price of drop) this.book.set(name, price, 0);
    if (deepest < this.r.window) this.fillRange(name, touch, deepest + 1, this.r.window);
  }
}
