/**
 * Part 2 of `npm run bench:exchange`: replayed book events/s through
 * Exchange.onMarket with and without 1,000 resting orders.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Exchange } from '../../mocks/exchange/exchange';
import { amount, instrumentsFor } from '../../mocks/exchange/testKit';
import { createBinanceImporter } from '../../mocks/market/importers/binance';
import { fileLines, openSessionFile } from '../../mocks/market/session/node-io';
import { readAllEvents } from '../../mocks/market/session/reader';
import type { InstrumentSpec, MarketEvent } from '../../mocks/market/types';
import { clockNow, fmtInt, priceText, rateSummary, ratesText, since, verdict, type BenchRow, type Clock } from './measure';

const ROOT = resolve(import.meta.dirname, '..', '..');
const RAW = join(ROOT, '..', 'shared', 'data', 'binance-spot-btcusdt-20240808.raw.gz');
const FIXTURE = join(ROOT, 'fixtures', 'sessions', 'BTCUSDT.jsonl.gz');
const SYMBOL = 'BTCUSDT';
const BOOK_EVENTS_TARGET = 1_000_000;
const RESTING = 1_000;

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
