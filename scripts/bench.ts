/**
 * `npm run bench`: throughput of the recorded-session pipeline on this
 * machine — raw import, session file write and read, and replay through the
 * engine — for the real BTCUSDT recording (../shared/data, when present) and
 * for a synthetic session. Prints figures; asserts nothing (targets are read
 * by people: ≥ 1,000,000 book events/s replayed).
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createBinanceImporter } from '../mocks/market/importers/binance';
import { ReplayEngine } from '../mocks/market/replay/engine';
import type { LoadedSession } from '../mocks/market/replay/timeline';
import { createLineWriter, fileLines, openSessionFile } from '../mocks/market/session/node-io';
import { readAllEvents } from '../mocks/market/session/reader';
import { SessionWriter, type DraftEvent } from '../mocks/market/session/writer';
import { simulateSession } from '../mocks/market/sim/model';
import { benchClient } from './bench-client';
import { benchGateway } from './bench-gateway';
import { benchNetwork } from './bench-network';
import { benchUiSection } from './bench-ui.ts'; // the file, not the helpers folder beside it
import { benchFirstLoadSection } from './bench-first-load.ts';
import { benchChartSection } from './bench-chart.ts'; // likewise
import { benchExchangeSection, printExchangeRows } from './bench-exchange.ts';
import { benchOrderSection } from './bench-order.ts';
import { benchOrdersListSection } from './bench-orders-list.ts';
import { benchChartTradingSection } from './bench-chart-trading.ts';
import { benchSoakSection } from './bench-soak.ts';
import { benchServer, printServerBench } from './bench-server.ts';
import type { SessionHeader } from '../mocks/market/types';

const DATA = resolve(import.meta.dirname, '..', '..', 'shared', 'data');
const rows: Array<[string, string, string]> = [];
const rate = (n: number, ms: number) => `${Math.round((n / ms) * 1000).toLocaleString('en-US')}/s`;

function report(what: string, count: number, unit: string, ms: number) {
  rows.push([what, `${count.toLocaleString('en-US')} ${unit} in ${ms.toFixed(0)} ms`, `${rate(count, ms)}  (${((ms * 1000) / count).toFixed(1)} µs each)`]);
}

async function writeSession(path: string, header: SessionHeader, events: DraftEvent[]) {
  const out = createLineWriter(path);
  const writer = new SessionWriter(header, (line) => out.write(line));
  await writer.begin();
  for (const e of events) await writer.write(e);
  await out.close();
}

/** Replays with looping until at least `minEvents` went out; counts book events (snapshots + deltas) separately. */
function replay(label: string, session: LoadedSession, minEvents: number) {
  const engine = new ReplayEngine([session], { realNow: 0, loop: true, speed: 100 });
  let book = 0;
  let all = 0;
  engine.subscribe((e) => {
    all += 1;
    if (e.ch === 'book' || e.ch === 'snapshot') book += 1;
  });
  const period = session.events.at(-1)!.t - session.events[0]!.t + 100;
  const perLoop = session.events.filter((e) => e.ch !== 'checkpoint').length;
  const realSpan = (Math.ceil(minEvents / perLoop) * period) / 100;
  const t0 = performance.now();
  for (let real = 0; real <= realSpan; real += 1000) engine.pump(real);
  const ms = performance.now() - t0;
  report(`${label}: replay, all events`, all, 'events', ms);
  report(`${label}: replay, book events`, book, 'book events', ms);
  return { book, ms };
}

async function realRecording(dir: string) {
  const files = ['binance-spot-btcusdt-20240808.raw.gz', 'binance-spot-btcusdt-20240809.raw.gz'].map((f) => join(DATA, f));
  const importer = createBinanceImporter({ instruments: [{ symbol: 'BTCUSDT', tick: '0.01', lot: '0.000001' }] });
  const events: DraftEvent[] = [];
  let t0 = performance.now();
  let lines = 0;
  for (const file of files) {
    for await (const line of fileLines(file)) events.push(...importer.push(line, ++lines));
  }
  report('real BTCUSDT: import raw frames', lines, 'lines', performance.now() - t0);
  const header: SessionHeader = {
    format: 'spot-session', version: 1, venue: 'binance', source: 'bench', licence: 'MIT (hftbacktest examples)',
    symbols: [{ symbol: 'BTCUSDT', tick: '0.01', lot: '0.000001' }], start: events[0]!.t, end: events.at(-1)!.t, checkpointIntervalMs: 60_000,
  };
  await measureFile('real BTCUSDT', join(dir, 'real.jsonl.gz'), header, events);
}

async function measureFile(label: string, path: string, header: SessionHeader, events: DraftEvent[]) {
  let t0 = performance.now();
  await writeSession(path, header, events);
  report(`${label}: write session (gzip)`, events.length, 'events', performance.now() - t0);
  t0 = performance.now();
  const stream = await openSessionFile(path);
  const loaded = { header: stream.header, events: await readAllEvents(stream) };
  const readMs = performance.now() - t0;
  report(`${label}: read session (gunzip + parse)`, loaded.events.length, 'events', readMs);
  rows.push([`${label}: session file`, `${(statSync(path).size / 1024).toFixed(0)} KiB`, '']);
  const { book, ms } = replay(label, loaded, 3_000_000);
  return { book, ms, readMs };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  try {
    if (existsSync(DATA)) await realRecording(dir);
    else rows.push(['real BTCUSDT', `skipped: ${DATA} not found`, '']);
    let t0 = performance.now();
    const sim = simulateSession({ symbol: 'BTCUSDT', tick: '0.01', lot: '0.000001', startPrice: '61800.00', startTime: Date.UTC(2026, 0, 1), durationMs: 30 * 60_000, seed: 42, volatility: 0.6, tradesPerMinute: 1800, loopable: true });
    report('synthetic BTCUSDT 30 min: generate', sim.events.length, 'events', performance.now() - t0);
    await measureFile('synthetic BTCUSDT', join(dir, 'sim.jsonl.gz'), sim.header, sim.events);
    // Issue 4: what the quote gateway renders (10 symbols at 10×) and what a frame costs the page's client.
    await benchGateway(report);
    await benchClient(report);
    // Issue 24: what the network layer adds to every request (netFetch over a fetch stub that answers at once).
    await benchNetwork(report);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(`\nSession pipeline benchmark (node ${process.version}, ${new Date().toISOString().slice(0, 10)})\n`);
  for (const [what, amount, per] of rows) console.log(`${what.padEnd(width)}  ${amount.padEnd(34)}  ${per}`);
  console.log('\nTargets: ≥ 1,000,000 book events/s replayed; the gateway well above the 200 frames/s that 60 live streams need; a client frame far below a 16 ms animation frame.');
  // Issue 25: what the trader waits for when the page opens (page JS, cold and warm offline starts, Lighthouse mobile).
  await benchFirstLoadSection(process.argv.slice(2));
  // Issue 5: the page itself in Chromium (`npm run bench -- --seconds N` shortens it; skipped with the reason where it cannot run).
  await benchUiSection(process.argv.slice(2));
  // Issue 6: the chart area (first candle, live updates at 2,000 bars, older pages, frames at 10×).
  await benchChartSection(process.argv.slice(2));
  // Issue 7: the exchange engine (orders/s against nodejs-order-book; replayed book events/s with 1,000 resting orders).
  printExchangeRows(await benchExchangeSection(process.argv.slice(2)));
  // Issue 18: order entry (click → order row painted; frames with the Market form open at 10×).
  await benchOrderSection(process.argv.slice(2));
  await benchOrdersListSection([]);
  // The trader's own trading on the chart (50 order lines, 500 execution marks) at 10×.
  await benchChartTradingSection([]);
  // Issue 26: the long run (heaps, detached DOM, storage while trading at 10×; 12 min projected to the hour).
  await benchSoakSection([]);
  // Issue 31: the local server as a service (durable orders/s from 100 users over HTTP, quote-socket clients held).
  printServerBench(await benchServer());
}

await main();
