/**
 * `npm run bench:exchange [-- --runs N] [--ops N] [--book-events N] [--only orders|replay]`: the
 * exchange engine of issue 7 (mocks/exchange), on this machine.
 * 1. Orders/s through create → match → events on a seeded mixed stream
 *    (60 % limit around the touch, 15 % market, 15 % cancel, 10 % modify),
 *    through our Exchange and the SAME logical stream through the npm package
 *    nodejs-order-book, in the same process and run: warm-up, then best and
 *    median of --runs runs, and the ratio (target ≥ 3×).
 * 2. Replayed book events/s through Exchange.onMarket on the real BTCUSDT
 *    recording with 1,000 resting demo orders near the touch, and with none
 *    (target ≥ 1,000,000 book events/s with 1,000 orders).
 * Prints figures and PASS / MISS against the targets; asserts nothing.
 *
 * Also a section of `npm run bench` (benchExchangeSection).
 */
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { OrderBook, Side as ObSide } from 'nodejs-order-book';
import { Exchange } from '../mocks/exchange/exchange';
import { amount, instrumentsFor } from '../mocks/exchange/testKit';
import type { CancelRequest, ModifyRequest, OrderRequest, Result } from '../mocks/exchange/types';
import { createBinanceImporter } from '../mocks/market/importers/binance';
import { Rng } from '../mocks/market/rng';
import { fileLines, openSessionFile } from '../mocks/market/session/node-io';
import { readAllEvents } from '../mocks/market/session/reader';
import type { InstrumentSpec, Level, MarketEvent } from '../mocks/market/types';

export type BenchRow = [what: string, figure: string, note: string];

const ROOT = resolve(import.meta.dirname, '..');
const RAW = join(ROOT, '..', 'shared', 'data', 'binance-spot-btcusdt-20240808.raw.gz');
const FIXTURE = join(ROOT, 'fixtures', 'sessions', 'BTCUSDT.jsonl.gz');
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
const BOOK_EVENTS_TARGET = 1_000_000;
const RESTING = 1_000;

/**
 * Wall and CPU time of this process (process.cpuUsage, user + system): the
 * machine is shared, so CPU time is the steadier figure of what the work
 * costs; wall time is what it took under the load there was. CPU time
 * includes V8's garbage-collector threads, so it can exceed wall time.
 */
interface Clock {
  wall: number;
  cpu: number;
}
const clockNow = (): Clock => {
  const u = process.cpuUsage();
  return { wall: performance.now(), cpu: (u.user + u.system) / 1000 };
};
const since = (start: Clock): Clock => {
  const now = clockNow();
  return { wall: now.wall - start.wall, cpu: now.cpu - start.cpu };
};

const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');
const priceText = (ticks: number) => (ticks / 100).toFixed(2);
const lotsText = (lots: number) => (lots / 1_000_000).toFixed(6);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

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
function runTheirs(stream: LogicalStream, ops: TheirsOp[]): RunFigures {
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
  return { time, out, refused: new Map([['not found / error', failed]]), feedWall: 0 };
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
  }
  const oursRuns: RunFigures[] = [];
  const theirsRuns: RunFigures[] = [];
  for (let i = 0; i < runs; i++) {
    // Alternate, so a burst of load on the shared machine hits both sides alike.
    oursRuns.push(runOurs(stream, ours));
    theirsRuns.push(runTheirs(stream, theirs));
  }
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
    ['orders: ours / theirs', `CPU ${cpuRatio.toFixed(2)}×, wall ${wallRatio.toFixed(2)}× (median of paired runs)`, `target ≥ ${ORDERS_TARGET}×: ${verdict(cpuRatio >= ORDERS_TARGET)} (on CPU time)`],
  ];
}

interface RateSummary {
  cpuBest: number;
  cpuMedian: number;
  wallBest: number;
  wallMedian: number;
}

function rateSummary(times: Clock[], count: number): RateSummary {
  const cpu = times.map((t) => (count / t.cpu) * 1000);
  const wall = times.map((t) => (count / t.wall) * 1000);
  return { cpuBest: Math.max(...cpu), cpuMedian: median(cpu), wallBest: Math.max(...wall), wallMedian: median(wall) };
}

function ratesText(r: RateSummary, unit: string): string {
  return `CPU ${fmtInt(r.cpuMedian)} ${unit}/s median (best ${fmtInt(r.cpuBest)}, ${(1e6 / r.cpuMedian).toFixed(2)} µs each); wall ${fmtInt(r.wallMedian)}/s median`;
}

// ---- section 2: replayed book events/s ---------------------------------------

interface Recording {
  label: string;
  symbols: InstrumentSpec[];
  events: MarketEvent[];
}

/** The real recording imported as scripts/bench.ts does (one day); the synthetic fixture when ../shared/data is missing. */
async function loadRecording(): Promise<Recording> {
  if (existsSync(RAW)) {
    const spec = { symbol: SYMBOL, tick: '0.01', lot: '0.000001' };
    const importer = createBinanceImporter({ instruments: [spec] });
    const events: MarketEvent[] = [];
    let lines = 0;
    for await (const line of fileLines(RAW)) {
      for (const e of importer.push(line, ++lines)) events.push({ ...e, seq: events.length + 1 } as MarketEvent);
    }
    return { label: 'real BTCUSDT 2024-08-08', symbols: [spec], events };
  }
  const stream = await openSessionFile(FIXTURE);
  const events = (await readAllEvents(stream)).filter((e): e is MarketEvent => e.ch !== 'checkpoint');
  return { label: `fixtures/sessions/BTCUSDT.jsonl.gz (SYNTHETIC: ${RAW} not found)`, symbols: stream.header.symbols, events };
}

const MAKERS = [
  { userId: 'm-b0', side: 'Buy' as const },
  { userId: 'm-b1', side: 'Buy' as const },
  { userId: 'm-s0', side: 'Sell' as const },
  { userId: 'm-s1', side: 'Sell' as const },
];
/** events replayed between two top-ups of the resting orders */
const CHUNK = 5_000;

/**
 * Places orders until each maker holds resting / 4 of them: buys from the
 * best bid down, sells from the best ask up, over 100 ticks (5 per tick at
 * 1,000), so trades at their prices (queue), the book moving through them
 * (crossing) and level changes at their prices (requeue) all run. Not timed.
 */
function topUp(ex: Exchange, resting: number, at: number, cursor: { k: number }): number {
  const view = ex.bookView(SYMBOL, 1);
  const bid = view?.b[0]?.[0];
  const ask = view?.a[0]?.[0];
  if (bid === undefined || ask === undefined) return 0;
  let placed = 0;
  for (const maker of MAKERS) {
    const open = ex.openOrders(maker.userId, { symbol: SYMBOL }).length;
    for (let n = open; n < resting / MAKERS.length; n++) {
      const k = cursor.k++ % 100;
      const price = maker.side === 'Buy' ? bid - k : ask + k;
      const r = ex.create(maker.userId, { symbol: SYMBOL, side: maker.side, orderType: 'Limit', timeInForce: 'PostOnly', qty: '0.001000', price: priceText(price) }, at);
      if (r.ok) placed += 1;
    }
  }
  return placed;
}

interface ReplayFigures {
  time: Clock;
  book: number;
  /** level changes in the timed book events */
  levels: number;
  all: number;
  placed: number;
  /** events the listener got during the replay (fills of resting orders and their order / balance events) */
  out: number;
  /** resting orders at the chunk starts, after the top-up (mean) */
  restingMean: number;
}

function replayThroughExchange(rec: Recording, resting: number, minBookEvents: number): ReplayFigures {
  const ex = new Exchange({ instruments: instrumentsFor([SYMBOL]), startTime: 0 });
  ex.attachSession(rec.symbols);
  for (const m of MAKERS) ex.addAccount({ userId: m.userId, kind: 'UTA', demo: true }, { USDT: amount('1000000000'), BTC: amount('100000') });
  let out = 0;
  ex.subscribe(() => {
    out += 1;
  });
  const events = rec.events;
  const isBook = events.map((e) => e.ch === 'book' || e.ch === 'snapshot');
  // Level changes per event: hftbacktest-style data has one row (one event) per changed level.
  const levelsIn = events.map((e) => (e.ch === 'book' || e.ch === 'snapshot' ? e.msg.b.length + e.msg.a.length : 0));
  const period = events.at(-1)!.t - events[0]!.t + 100;
  const cursor = { k: 0 };
  const time: Clock = { wall: 0, cpu: 0 };
  let book = 0;
  let levels = 0;
  let all = 0;
  let placed = 0;
  let restingSum = 0;
  let chunks = 0;
  let replayOut = 0;
  for (let loop = 0; book < minBookEvents; loop++) {
    // Loops shift time forward so the exchange clock never goes back.
    const offset = loop * period;
    for (let i = 0; i < events.length && book < minBookEvents; i += CHUNK) {
      const end = Math.min(i + CHUNK, events.length);
      if (resting > 0) {
        placed += topUp(ex, resting, events[i]!.t + offset, cursor);
        restingSum += MAKERS.reduce((n, m) => n + ex.openOrders(m.userId).length, 0);
        chunks += 1;
      }
      for (let j = i; j < end; j++) {
        if (isBook[j]) book += 1;
        levels += levelsIn[j]!;
      }
      all += end - i;
      const outBefore = out;
      const start = clockNow();
      for (let j = i; j < end; j++) {
        const e = events[j]!;
        ex.onMarket(e, e.t + offset);
      }
      const took = since(start);
      time.wall += took.wall;
      time.cpu += took.cpu;
      replayOut += out - outBefore;
    }
  }
  return { time, book, levels, all, placed, out: replayOut, restingMean: chunks > 0 ? restingSum / chunks : 0 };
}

export async function benchReplay(minBookEvents: number, runs: number): Promise<BenchRow[]> {
  const t0 = performance.now();
  const rec = await loadRecording();
  const loadMs = performance.now() - t0;
  const books = rec.events.filter((e) => e.ch === 'book' || e.ch === 'snapshot').length;
  const rows: BenchRow[] = [['replay: recording', rec.label, `${fmtInt(rec.events.length)} events (${fmtInt(books)} book) loaded in ${fmtInt(loadMs)} ms; looped to ≥ ${fmtInt(minBookEvents)} book events`]];
  replayThroughExchange(rec, RESTING, Math.min(minBookEvents, 300_000)); // warm-up
  for (const resting of [RESTING, 0]) {
    const figures: ReplayFigures[] = [];
    for (let i = 0; i < runs; i++) figures.push(replayThroughExchange(rec, resting, minBookEvents));
    const book = rateSummary(figures.map((f) => f.time), figures[0]!.book);
    const all = rateSummary(figures.map((f) => f.time), figures[0]!.all);
    const levels = rateSummary(figures.map((f) => f.time), figures[0]!.levels);
    const f = figures[0]!;
    const detail = resting > 0
      ? `${fmtInt(f.restingMean)} resting on average at chunk starts; ${fmtInt(f.placed)} placed (top-ups, not timed); ${fmtInt(f.out)} events out`
      : `${fmtInt(f.out)} events out`;
    rows.push([
      `replay: onMarket, ${fmtInt(resting)} resting orders`,
      ratesText(book, 'book events'),
      `all events CPU ${fmtInt(all.cpuMedian)}/s; level changes CPU ${fmtInt(levels.cpuMedian)}/s (${(figures[0]!.levels / figures[0]!.book).toFixed(1)} per book event); ${detail}${
        resting > 0
          ? `; target ≥ ${fmtInt(BOOK_EVENTS_TARGET)}/s: ${verdict(book.cpuMedian >= BOOK_EVENTS_TARGET)} counting recorded book messages, ${verdict(levels.cpuMedian >= BOOK_EVENTS_TARGET)} counting level changes (on CPU time)`
          : ''
      }`,
    ]);
  }
  return rows;
}

// ---- running ------------------------------------------------------------------

export interface ExchangeBenchOptions {
  runs: number;
  ops: number;
  bookEvents: number;
  /** one part only (profiling): 'orders' or 'replay' */
  only: 'orders' | 'replay' | null;
}

export function parseExchangeArgs(argv: string[]): ExchangeBenchOptions {
  const options: ExchangeBenchOptions = { runs: 3, ops: 200_000, bookEvents: 3_000_000, only: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--only' && (argv[i + 1] === 'orders' || argv[i + 1] === 'replay')) options.only = argv[i + 1] as 'orders' | 'replay';
    const value = Number(argv[i + 1]);
    if (!Number.isInteger(value) || value <= 0) continue;
    if (argv[i] === '--runs') options.runs = value;
    if (argv[i] === '--ops') options.ops = value;
    if (argv[i] === '--book-events') options.bookEvents = value;
  }
  return options;
}

/** Both measurements as printable rows (what, figure, note); the caller prints them. */
export async function benchExchangeSection(argv: string[] = []): Promise<BenchRow[]> {
  const options = parseExchangeArgs(argv);
  const rows: BenchRow[] = [['machine', `${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`, `node ${process.version}`]];
  if (options.only !== 'replay') rows.push(...benchOrders(options.ops, options.runs));
  if (options.only !== 'orders') rows.push(...(await benchReplay(options.bookEvents, options.runs)));
  rows.push(['machine after', `load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`, '']);
  return rows;
}

export function printExchangeRows(rows: BenchRow[]): void {
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => r[1].length));
  console.log('\nExchange engine (issue 7): targets ≥ 3× nodejs-order-book orders/s; ≥ 1,000,000 book events/s with 1,000 resting orders\n');
  for (const [what, figure, note] of rows) console.log(`${what.padEnd(w0)}  ${figure.padEnd(w1)}  ${note}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printExchangeRows(await benchExchangeSection(process.argv.slice(2)));
}
