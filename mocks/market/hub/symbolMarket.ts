import { MINUTE_MS } from '../../../src/domain/intervals';
import { fromUnits } from '../../../src/domain/units';
import type { PublicTrade, Ticker24h } from '../../gateway/types';
import { L2Book } from '../book';
import type { BookSide, MarketEvent, TradeEvent } from '../types';
import { FlowRecorder } from './flowRecorder';
import type { LiveKlines } from './liveKlines';
import { tickerFromMinuteBars, type TickerFigures } from './ticker';

/** Trades kept per symbol (MarketView.trades). */
export const RECENT_TRADES = 100;

/**
 * One symbol's live market: its book and version counter, the last trades,
 * live candles and 24 h statistics. Prices and quantities stay integer
 * ticks/lots of the session header; trades are rendered once, when published.
 */
export class SymbolMarket {
  readonly book: L2Book;
  /** +1 per applied snapshot, delta or gap: what depth frames carry as `v` */
  version = 0;
  /** false before the first snapshot and inside a recorded gap */
  synced = false;
  private readonly recent: PublicTrade[] = [];
  /** taker flow of the last 24 h (trade analysis) */
  readonly flow = new FlowRecorder();
  private tickerCache: { key: string; figures: TickerFigures | null } | null = null;

  constructor(
    readonly symbol: string,
    readonly tick: string,
    readonly lot: string,
    readonly klines: LiveKlines,
    /** trade ids of one loop span this many numbers; later loops add multiples so ids stay unique */
    private readonly idSpan: number,
  ) {
    this.book = new L2Book(symbol);
  }

  /** Applies a book event (snapshot, delta or gap). */
  applyBook(event: Exclude<MarketEvent, TradeEvent>): void {
    this.version += 1;
    if (event.ch === 'gap') {
      // The recording lost data: no book until the next snapshot.
      this.book.replace({ b: [], a: [] });
      this.synced = false;
    } else if (event.ch === 'snapshot') {
      this.book.replace(event.msg);
      this.synced = true;
    } else if (this.synced) {
      this.book.apply(event.msg);
    }
  }

  /** Publishes a trade at exchange time `t` in replay loop `loop`. */
  addTrade(msg: TradeEvent['msg'], t: number, loop: number): void {
    const trade: PublicTrade = { id: msg.id + loop * this.idSpan, t, p: fromUnits(msg.p, this.tick), q: fromUnits(msg.q, this.lot), m: msg.m };
    this.recent.unshift(trade);
    this.flow.add({ id: trade.id, t, p: trade.p, q: trade.q, buy: trade.m });
    if (this.recent.length > RECENT_TRADES) this.recent.length = RECENT_TRADES;
    this.klines.addTrade(t, msg.p, msg.q);
  }

  /** Publishes a trade of an own order with the recorded market (its id from the exchange's own range). */
  addOwnTrade(id: number, price: number, qty: number, buyerIsTaker: boolean, t: number): void {
    const trade: PublicTrade = { id, t, p: fromUnits(price, this.tick), q: fromUnits(qty, this.lot), m: buyerIsTaker };
    this.recent.unshift(trade);
    this.flow.add({ id, t, p: trade.p, q: trade.q, buy: buyerIsTaker });
    if (this.recent.length > RECENT_TRADES) this.recent.length = RECENT_TRADES;
    this.klines.addTrade(t, price, qty);
  }

  /** Forgets trades and bars from exchange time `t` on, a second boundary (a backward seek replays from there). */
  truncateFrom(t: number): void {
    // Newest first: the trades to forget lead the list.
    const kept = this.recent.findIndex((trade) => trade.t < t);
    this.recent.splice(0, kept < 0 ? this.recent.length : kept);
    this.flow.reset();
    this.klines.truncateFrom(t);
  }

  trades(limit: number): PublicTrade[] {
    return this.recent.slice(0, Math.max(0, limit));
  }

  bookSnapshot(depth: number): (BookSide & { version: number }) | null {
    if (!this.synced) return null;
    return { ...this.book.snapshot(depth), version: this.version };
  }

  /** 24 h statistics at exchange time `now`, recomputed only when bars change or the window moves a minute. */
  ticker(now: number): Ticker24h | null {
    const key = `${this.klines.version}:${Math.floor(now / MINUTE_MS)}`;
    if (this.tickerCache?.key !== key) {
      this.tickerCache = { key, figures: tickerFromMinuteBars(this.symbol, this.klines.series('1m'), now, this.tick, this.lot) };
    }
    const figures = this.tickerCache.figures;
    return figures ? { ...figures, t: now } : null;
  }
}
