/**
 * Part 1 of `npm run bench:exchange`: orders/s through our Exchange and through
 * nodejs-order-book on the same seeded logical stream.
 */
import { OrderBook, Side as ObSide } from 'nodejs-order-book';
import { Exchange } from '../../mocks/exchange/exchange';
import { PriceTimeBook } from '../../mocks/exchange/priceTimeBook';
import { amount, instrumentsFor } from '../../mocks/exchange/testKit';
import type { CancelRequest, ModifyRequest, OrderRequest, Result } from '../../mocks/exchange/types';
import { Rng } from '../../mocks/market/rng';
import type { Level, MarketEvent } from '../../mocks/market/types';
import { clockNow, fmtInt, lotsText, median, priceText, rateSummary, ratesText, since, verdict, type BenchRow, type Clock } from './measure';

const SYMBOL = 'BTCUSDT';
/** BTCUSDT units: 0.01 ticks, 0.000001 lots; the stream centres on 60,000.00. */
const START_MID = 6_000_000;
/** the mid wanders at most this many ticks from START_MID, so resting orders keep being crossed and both books stay bounded */
const MID_RANGE = 30;
/** ours: one recorded book change + one recorded trade every this many order operations (the recorded book kept live) */
const FEED_EVERY = 20;
const SNAPSHOT_LEVELS = 200;
const ACCOUNTS = ['a0', 'a1', 'a2', 'a3'];
const ORDERS_TARGET = 3;

// ---- the logical stream ---------------------------------------------------

type LogicalOp =
  | { kind: 'limit'; id: number; account: number; buy: boolean; price: number; lots: number }
  | { kind: 'market'; account: number; buy: boolean; lots: number }
  | { kind: 'cancel'; id: number; account: number }
  | { kind: 'modify'; id: number; account: number; price: number | null; lots: number | null }
  /** ours only: the recorded market moves (theirs has no recorded market) */
  | { kind: 'feed'; book: Pick<MarketEvent & { ch: 'book' }, 'ch' | 'msg'>; trade: { price: number; lots: number; buyerIsTaker: boolean } };

interface LogicalStream {
  ops: LogicalOp[];
  orderOps: number;
  /** the recorded book both sides start from (ours: a snapshot; theirs: one resting order per level) */
  bids: Level[];
  asks: Level[];
}

/**
 * A deterministic stream (sfc32, seeded). Limits sit from 2 ticks through the
 * far touch to 7 ticks behind the near one (1 in 4 marketable); cancels and
 * modifies pick among the 500 newest orders the stream has not cancelled
 * (some of which already filled, on either engine).
 */
export function generateStream(orderOps: number, seed: number): LogicalStream {
  const rng = new Rng(seed);
  const level = (price: number): Level => [price, 10_000 + rng.int(3_000_000)];
  const bids: Level[] = [];
  const asks: Level[] = [];
  for (let i = 1; i <= SNAPSHOT_LEVELS; i++) {
    bids.push(level(START_MID - i));
    asks.push(level(START_MID + i));
  }
  const ops: LogicalOp[] = [];
  const live: number[] = [];
  const priceOf: number[] = [];
  const lotsOf: number[] = [];
  let mid = START_MID;
  let nextId = 0;
  const pickLive = (remove: boolean): number => {
    const at = live.length - 1 - rng.int(Math.min(500, live.length));
    const id = live[at]!;
    if (remove) {
      live[at] = live[live.length - 1]!;
      live.pop();
    }
    return id;
  };
  for (let i = 0; i < orderOps; i++) {
    if (i > 0 && i % FEED_EVERY === 0) {
      const prev = mid;
      mid = Math.max(START_MID - MID_RANGE, Math.min(START_MID + MID_RANGE, mid + rng.int(5) - 2));
      const b: Level[] = [];
      const a: Level[] = [];
      // Levels the mid moved through empty; the five nearest levels each side refresh (and so stop being consumed).
      for (let p = prev + 1; p <= mid; p++) a.push([p, 0]);
      for (let p = mid; p < prev; p++) b.push([p, 0]);
      for (let k = 1; k <= 5; k++) {
        b.push(level(mid - k));
        a.push(level(mid + k));
      }
      const buyerIsTaker = rng.chance(0.5);
      ops.push({ kind: 'feed', book: { ch: 'book', msg: { s: SYMBOL, b, a } }, trade: { price: buyerIsTaker ? mid + 1 : mid - 1, lots: 10_000 + rng.int(500_000), buyerIsTaker } });
    }
    const r = rng.uniform();
    const buy = rng.chance(0.5);
    const account = rng.int(ACCOUNTS.length);
    if (r < 0.6 || live.length === 0) {
      const id = nextId++;
      // −4 … 7 ticks behind the near touch (the spread is 2 ticks): −4 … −2 reach the far touch (1 in 4), −1 sits inside the spread.
      const depth = rng.int(12) - 4;
      const price = buy ? mid - 1 - depth : mid + 1 + depth;
      const lots = 100 + rng.int(50_000);
      priceOf[id] = price;
      lotsOf[id] = lots;
      live.push(id);
      ops.push({ kind: 'limit', id, account: id % ACCOUNTS.length, buy, price, lots });
    } else if (r < 0.75) {
      ops.push({ kind: 'market', account, buy, lots: 1_000 + rng.int(200_000) });
    } else if (r < 0.9) {
      const id = pickLive(true);
      ops.push({ kind: 'cancel', id, account: id % ACCOUNTS.length });
    } else {
      const id = pickLive(false);
      if (rng.chance(0.5)) {
        const step = (1 + rng.int(3)) * (rng.chance(0.5) ? 1 : -1);
        priceOf[id] = priceOf[id]! + step;
        ops.push({ kind: 'modify', id, account: id % ACCOUNTS.length, price: priceOf[id]!, lots: null });
      } else {
        // Up (back of the queue) or down (keeps its place), never below 0.0005 BTC.
        lotsOf[id] = lotsOf[id]! + (rng.chance(0.5) || lotsOf[id]! < 500 ? 100 : -50);
        ops.push({ kind: 'modify', id, account: id % ACCOUNTS.length, price: null, lots: lotsOf[id]! });
      }
    }
  }
  return { ops, orderOps, bids, asks };
}

// ---- our engine -----------------------------------------------------------

type OursOp =
  | { kind: 'create'; userId: string; req: OrderRequest }
  | { kind: 'cancel'; userId: string; req: CancelRequest }
  | { kind: 'modify'; userId: string; req: ModifyRequest }
  | { kind: 'market'; event: MarketEvent };

/**
 * What the page's REST layer would hand over: decimal strings and client
 * order ids (cancel and modify find the order by its client id). Built
 * before the clock starts, so the runs time the engine only.
 */
export function oursOps(stream: LogicalStream): OursOp[] {
  const out: OursOp[] = [];
  let seq = 1;
  for (const op of stream.ops) {
    const userId = 'account' in op ? ACCOUNTS[op.account]! : '';
    switch (op.kind) {
      case 'limit':
        out.push({ kind: 'create', userId, req: { symbol: SYMBOL, side: op.buy ? 'Buy' : 'Sell', orderType: 'Limit', qty: lotsText(op.lots), price: priceText(op.price), clientOrderId: `o${op.id}` } });
        break;
      case 'market':
        out.push({ kind: 'create', userId, req: { symbol: SYMBOL, side: op.buy ? 'Buy' : 'Sell', orderType: 'Market', marketUnit: 'baseCoin', qty: lotsText(op.lots) } });
        break;
      case 'cancel':
        out.push({ kind: 'cancel', userId, req: { clientOrderId: `o${op.id}` } });
        break;
      case 'modify':
        out.push({ kind: 'modify', userId, req: op.price !== null ? { clientOrderId: `o${op.id}`, price: priceText(op.price) } : { clientOrderId: `o${op.id}`, qty: lotsText(op.lots!) } });
        break;
      case 'feed':
        out.push({ kind: 'market', event: { t: 0, seq: seq++, ...op.book } as MarketEvent });
        out.push({ kind: 'market', event: { t: 0, seq: seq++, ch: 'trade', msg: { s: SYMBOL, id: seq, p: op.trade.price, q: op.trade.lots, m: op.trade.buyerIsTaker } } });
        break;
    }
  }
  return out;
}

interface RunFigures {
  time: Clock;
  /** ours: events the listener got; theirs: orders reported done */
  out: number;
  /** ours: wall ms inside the recorded market events (book + trade) */
  feedWall: number;
  refused: Map<string, number>;
}

/**
 * Ours per operation: parses and checks the decimal strings and every server
 * rule, locks the balance, matches against the recorded book (taking with
 * liquidity consumption, resting with a queue place), settles fills with fees
 * and sends order / fill / trade / balance events to a listener that counts
 * them. Plus, every 20 operations, one recorded book change and one recorded
 * trade (the market kept live: own resting orders it crosses or trades
 * through fill), timed with the rest. The 500-open-orders cap is lifted (its
 * check still runs) because the stream keeps a few thousand orders open.
 */
function runOurs(stream: LogicalStream, ops: OursOp[]): RunFigures {
  const ex = new Exchange({ instruments: instrumentsFor([SYMBOL]), maxOpenOrders: 1_000_000, startTime: 0 });
  for (const userId of ACCOUNTS) ex.addAccount({ userId, kind: 'UTA', demo: true }, { USDT: amount('10000000000'), BTC: amount('1000000') });
  ex.onMarket({ t: 0, seq: 0, ch: 'snapshot', msg: { s: SYMBOL, b: stream.bids, a: stream.asks } }, 0);
  let out = 0;
  ex.subscribe(() => {
    out += 1;
  });
  const refused = new Map<string, number>();
  const note = (r: Result<unknown>) => {
    if (!r.ok) refused.set(String(r.error.code), (refused.get(String(r.error.code)) ?? 0) + 1);
  };
  let t = 1;
  let feedWall = 0;
  const start = clockNow();
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]!;
    t += 1;
    switch (op.kind) {
      case 'create': note(ex.create(op.userId, op.req, t)); break;
      case 'cancel': note(ex.cancel(op.userId, op.req, t)); break;
      case 'modify': note(ex.modify(op.userId, op.req, t)); break;
      case 'market': {
        // The market events' share, for the report (1 in 11 calls; the timer costs far less than the call).
        const f0 = performance.now();
        ex.onMarket(op.event, t);
        feedWall += performance.now() - f0;
        break;
      }
    }
  }
  return { time: since(start), out, refused, feedWall };
}

// ---- nodejs-order-book ----------------------------------------------------

type TheirsOp =
  | { kind: 'limit'; options: { id: string; side: ObSide; size: number; price: number } }
  | { kind: 'market'; options: { side: ObSide; size: number } }
  | { kind: 'cancel'; id: string }
  | { kind: 'modify'; id: string; update: { price: number } | { size: number } };

/** The same logical operations in nodejs-order-book's own terms: integer ticks and lots, as numbers. */
export function theirsOps(stream: LogicalStream): TheirsOp[] {
  const out: TheirsOp[] = [];
  for (const op of stream.ops) {
    const side = 'buy' in op ? (op.buy ? ObSide.BUY : ObSide.SELL) : ObSide.BUY;
    switch (op.kind) {
      case 'limit': out.push({ kind: 'limit', options: { id: `o${op.id}`, side, size: op.lots, price: op.price } }); break;
      case 'market': out.push({ kind: 'market', options: { side, size: op.lots } }); break;
      case 'cancel': out.push({ kind: 'cancel', id: `o${op.id}` }); break;
      case 'modify': out.push({ kind: 'modify', id: `o${op.id}`, update: op.price !== null ? { price: op.price } : { size: op.lots! } }); break;
      case 'feed': break; // no recorded market there: its orders match each other
    }
  }
  return out;
}

/**
 * Theirs per operation: a price-time priority book matching the stream's
 * orders against each other (red-black tree of price levels, a deque per
 * level), returning what was done; no decimal parsing, balances or events.
 * It starts from the same book ours starts from, as one resting order per level.
 */
function runTheirs(stream: LogicalStream, ops: TheirsOp[]): RunFigures & { book: OrderBook } {
  const ob = new OrderBook();
  stream.bids.forEach(([price, size], i) => ob.limit({ id: `seed-b${i}`, side: ObSide.BUY, size, price }));
  stream.asks.forEach(([price, size], i) => ob.limit({ id: `seed-a${i}`, side: ObSide.SELL, size, price }));
  let out = 0;
  let failed = 0;
  const start = clockNow();
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]!;
    switch (op.kind) {
      case 'limit': {
        const r = ob.limit(op.options);
        out += r.done.length;
        if (r.err) failed += 1;
        break;
      }
      case 'market': {
        const r = ob.market(op.options);
        out += r.done.length;
        if (r.err) failed += 1;
        break;
      }
      case 'cancel':
        if (!ob.cancel(op.id)) failed += 1;
        break;
      case 'modify': {
        const r = ob.modify(op.id, op.update);
        out += r.done.length;
        if (r.err) failed += 1;
        break;
      }
    }
  }
  const time = since(start);
  return { time, out, refused: new Map([['not found / error', failed]]), feedWall: 0, book: ob };
}

// ---- our bare matching core -------------------------------------------------

/**
 * The bare core per operation: our PriceTimeBook (the structure the engine
 * rests its orders in) on exactly theirs' operations, from the same seed book
 * — integer ticks and lots, no parsing, balances or events. Returns the book
 * it ended with, so the caller can check both did the same work.
 */
function runBare(stream: LogicalStream, ops: TheirsOp[]): RunFigures & { book: PriceTimeBook } {
  let out = 0;
  const book = new PriceTimeBook(() => {
    out += 1;
  });
  stream.bids.forEach(([price, size], i) => book.limit(`seed-b${i}`, 'Buy', price, size, null));
  stream.asks.forEach(([price, size], i) => book.limit(`seed-a${i}`, 'Sell', price, size, null));
  out = 0;
  let failed = 0;
  const start = clockNow();
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]!;
    switch (op.kind) {
      case 'limit':
        if (!book.limit(op.options.id, op.options.side === ObSide.BUY ? 'Buy' : 'Sell', op.options.price, op.options.size, null).ok) failed += 1;
        break;
      case 'market':
        if (!book.market(op.options.side === ObSide.BUY ? 'Buy' : 'Sell', op.options.size).ok) failed += 1;
        break;
      case 'cancel':
        if (!book.cancel(op.id)) failed += 1;
        break;
      case 'modify':
        if (!book.modify(op.id, 'price' in op.update ? { price: op.update.price } : { lots: op.update.size }).ok) failed += 1;
        break;
    }
  }
  const time = since(start);
  return { time, out, refused: new Map([['not found / error', failed]]), feedWall: 0, book };
}

/** Both books level by level, best first: the same after the stream, or where they first differ. */
function sameBook(ours: PriceTimeBook, theirs: OrderBook): string {
  const [asks, bids] = theirs.depth();
  const pairs: Array<[string, Array<[number, number]>, Array<[number, number]>]> = [
    ['asks', ours.asks.depth(), [...asks].sort((a, b) => a[0] - b[0])],
    ['bids', ours.bids.depth(), [...bids].sort((a, b) => b[0] - a[0])],
  ];
  for (const [name, a, b] of pairs) {
    const at = a.findIndex((level, i) => level[0] !== b[i]?.[0] || level[1] !== b[i]?.[1]);
    if (at >= 0 || a.length !== b.length) return `DIFFERENT ${name} at level ${at >= 0 ? at : Math.min(a.length, b.length)}`;
  }
  return `same book after the stream (${fmtInt(ours.orders)} orders resting)`;
}

// ---- section 1: orders/s ----------------------------------------------------

function refusedText(m: Map<string, number>, total: number): string {
  const parts = [...m].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]).map(([code, n]) => `${code} ×${fmtInt(n)}`);
  const all = [...m.values()].reduce((a, b) => a + b, 0);
  return parts.length === 0 ? 'none refused' : `refused ${((all / total) * 100).toFixed(1)} %: ${parts.join(', ')}`;
}

export function benchOrders(orderOps: number, runs: number): BenchRow[] {
  const stream = generateStream(orderOps, 7);
  const ours = oursOps(stream);
  const theirs = theirsOps(stream);
  const feeds = stream.ops.length - orderOps;
  // Warm-up: a tenth of the stream twice on each side, so both are optimised before the clock matters.
  const warm = generateStream(Math.max(1_000, Math.floor(orderOps / 10)), 8);
  const warmOurs = oursOps(warm);
  const warmTheirs = theirsOps(warm);
  for (let i = 0; i < 2; i++) {
    runOurs(warm, warmOurs);
    runTheirs(warm, warmTheirs);
    runBare(warm, warmTheirs);
  }
  const oursRuns: RunFigures[] = [];
  const theirsRuns: Array<ReturnType<typeof runTheirs>> = [];
  const bareRuns: Array<ReturnType<typeof runBare>> = [];
  for (let i = 0; i < runs; i++) {
    // Alternate, so a burst of load on the shared machine hits all three alike.
    oursRuns.push(runOurs(stream, ours));
    theirsRuns.push(runTheirs(stream, theirs));
    bareRuns.push(runBare(stream, theirs));
  }
  const bareRates = rateSummary(bareRuns.map((r) => r.time), orderOps);
  const bareCpuRatio = median(bareRuns.map((r, i) => theirsRuns[i]!.time.cpu / r.time.cpu));
  const bareWallRatio = median(bareRuns.map((r, i) => theirsRuns[i]!.time.wall / r.time.wall));
  const ourRates = rateSummary(oursRuns.map((r) => r.time), orderOps);
  const theirRates = rateSummary(theirsRuns.map((r) => r.time), orderOps);
  // Runs alternate, so each pair met about the same load: the median of the pair ratios is the steadiest comparison.
  const cpuRatio = median(oursRuns.map((r, i) => theirsRuns[i]!.time.cpu / r.time.cpu));
  const wallRatio = median(oursRuns.map((r, i) => theirsRuns[i]!.time.wall / r.time.wall));
  const first = oursRuns[0]!;
  return [
    ['orders: stream', `${fmtInt(orderOps)} ops, seed 7`, `60 % limit near the touch, 15 % market, 15 % cancel, 10 % modify; ${runs} runs each after warm-up, alternating`],
    ['orders: ours (Exchange)', ratesText(ourRates, 'ops'), `${fmtInt(first.out)} events out; +${fmtInt(feeds * 2)} recorded book/trade events in the timing (${((first.feedWall / first.time.wall) * 100).toFixed(0)} % of its wall time); ${refusedText(first.refused, orderOps)}`],
    ['orders: nodejs-order-book', ratesText(theirRates, 'ops'), `${fmtInt(theirsRuns[0]!.out)} orders done; ${refusedText(theirsRuns[0]!.refused, orderOps)}`],
    ['orders: ours, bare core', ratesText(bareRates, 'ops'), `PriceTimeBook on exactly theirs' operations; ${fmtInt(bareRuns[0]!.out)} matches; ${refusedText(bareRuns[0]!.refused, orderOps)}; ${sameBook(bareRuns[0]!.book, theirsRuns[0]!.book)}`],
    ['orders: bare core / theirs', `CPU ${bareCpuRatio.toFixed(2)}×, wall ${bareWallRatio.toFixed(2)}× (median of paired runs)`, `target ≥ 1×: ${verdict(bareCpuRatio >= 1)} (on CPU time)`],
    ['orders: full path / theirs', `CPU ${cpuRatio.toFixed(2)}×, wall ${wallRatio.toFixed(2)}× (median of paired runs)`, `target ≥ ${ORDERS_TARGET}×: ${verdict(cpuRatio >= ORDERS_TARGET)} (on CPU time)`],
  ];
}
