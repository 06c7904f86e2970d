/**
 * Cost of the page's quote client per frame: parse + validate + route + store
 * update, for realistic frames (40-level mergedDepth books, diffDepth deltas
 * on a 200-level book, trade batches). Drives the real client through a fake
 * socket; notifications are left to a frame scheduler that never runs, so the
 * figures are the socket-message handler alone. Asserts nothing.
 *
 * `benchClient(report)` is called by the bench runner; `npx tsx
 * scripts/bench-client.ts` prints the figures on its own.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createRealtimeClient } from '../src/data/realtime/client';
import { fakeSockets, pushFrame } from '../src/data/realtime/fakeSocket.testkit';
import { parseFrame } from '../src/data/realtime/frames';

type Report = (what: string, count: number, unit: string, ms: number) => void;

const SYMBOL = 'BTCUSDT';
const MID_TICKS = 6_183_763; // 61837.63 in 0.01 ticks

/** A small deterministic generator, so every run measures the same frames. */
function lcg(seed: number) {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

const price = (ticks: number) => (ticks / 100).toFixed(2);
const quantity = (random: () => number) => (random() * 3).toFixed(6);

function side(random: () => number, from: number, step: number, count: number): string[][] {
  return Array.from({ length: count }, (_, i) => [price(from + step * i), quantity(random)]);
}

function mergedDepthFrames(count: number): string[] {
  const random = lcg(1);
  return Array.from({ length: count }, (_, i) => {
    const mid = MID_TICKS + Math.round((random() - 0.5) * 200);
    const book = { s: SYMBOL, t: 1_700_000_000_000 + i * 300, v: String(1_000 + i), b: side(random, mid, -100, 40), a: side(random, mid + 100, 100, 40) };
    return JSON.stringify(pushFrame('mergedDepth', SYMBOL, [book], { f: i === 0, sendTime: book.t + 5, params: { dumpScale: 0, binary: false } }));
  });
}

/** A 200-level full book, then deltas of ~10 changed levels (updates, new levels, removals) chained by pv. */
function diffDepthFrames(count: number): string[] {
  const random = lcg(2);
  const bids = new Set(Array.from({ length: 200 }, (_, i) => MID_TICKS - 1 - i));
  const asks = new Set(Array.from({ length: 200 }, (_, i) => MID_TICKS + 1 + i));
  const full = { s: SYMBOL, t: 0, v: '5000', b: [...bids].map((p) => [price(p), quantity(random)]), a: [...asks].map((p) => [price(p), quantity(random)]) };
  const frames = [JSON.stringify(pushFrame('diffDepth', SYMBOL, [full], { f: true }))];
  const change = (levels: Set<number>, base: number, direction: number) => {
    const p = base + direction * (1 + Math.floor(random() * 220));
    if (levels.has(p) && random() < 0.3) {
      levels.delete(p);
      return [price(p), '0'];
    }
    levels.add(p);
    return [price(p), quantity(random)];
  };
  for (let i = 1; i < count; i += 1) {
    const b = Array.from({ length: 5 }, () => change(bids, MID_TICKS, -1));
    const a = Array.from({ length: 5 }, () => change(asks, MID_TICKS, 1));
    const delta = { s: SYMBOL, t: i * 300, v: String(5_000 + i), pv: String(4_999 + i), b, a };
    frames.push(JSON.stringify(pushFrame('diffDepth', SYMBOL, [delta], { sendTime: i * 300 })));
  }
  return frames;
}

function tradeFrames(count: number, perFrame: number): string[] {
  const random = lcg(3);
  let id = 9_000_000;
  return Array.from({ length: count }, (_, i) => {
    const trades = Array.from({ length: perFrame }, (_unused, k) => ({
      v: String(id + perFrame - k),
      t: 1_700_000_000_000 + i * 300 + (perFrame - k),
      p: price(MID_TICKS + Math.round((random() - 0.5) * 50)),
      q: quantity(random),
      m: random() < 0.5,
    }));
    id += perFrame;
    return JSON.stringify(pushFrame('trade', SYMBOL, trades, { f: i === 0, sendTime: i * 300 }));
  });
}

/** Feeds the frames to a fresh client subscribed to the stream; returns ms and how many frames were dropped. */
function feed(frames: string[], subscribe: (client: ReturnType<typeof createRealtimeClient>) => void) {
  const sockets = fakeSockets();
  const client = createRealtimeClient({ url: 'ws://bench/realtime', WebSocketImpl: sockets.WebSocketImpl, frameScheduler: () => {} });
  subscribe(client);
  const socket = sockets.latest();
  socket.open();
  const t0 = performance.now();
  for (const frame of frames) socket.receive(frame);
  const ms = performance.now() - t0;
  const { framesDropped } = client.stats();
  client.close();
  return { ms, dropped: framesDropped.malformed + framesDropped.stale + framesDropped.duplicate + framesDropped.gap };
}

function measure(report: Report, what: string, frames: string[], subscribe: Parameters<typeof feed>[1]) {
  feed(frames, subscribe); // warm-up: let the JIT see the path first
  const { ms, dropped } = feed(frames, subscribe);
  if (dropped > 0) throw new Error(`${what}: ${dropped} frames dropped, the bench frames are wrong`);
  report(what, frames.length, 'frames', ms);
}

export async function benchClient(report: Report): Promise<void> {
  const merged = mergedDepthFrames(20_000);
  const parseOnly = () => {
    const t0 = performance.now();
    for (const frame of merged) parseFrame(frame);
    return performance.now() - t0;
  };
  parseOnly();
  report('client: parse only, mergedDepth 40+40 levels', merged.length, 'frames', parseOnly());
  measure(report, 'client: mergedDepth 40+40 levels, parse + store', merged, (c) => c.subscribe({ topic: 'mergedDepth', symbol: SYMBOL, dumpScale: 0 }));
  measure(report, 'client: diffDepth delta (10 levels) on a 200-level book', diffDepthFrames(20_000), (c) => c.subscribe({ topic: 'diffDepth', symbol: SYMBOL }));
  measure(report, 'client: trade batch of 5, dedupe + keep 100', tradeFrames(20_000, 5), (c) => c.subscribe({ topic: 'trade', symbol: SYMBOL }));
  await Promise.resolve();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchClient((what, count, unit, ms) => {
    console.warn(`${what}: ${count.toLocaleString('en-US')} ${unit} in ${ms.toFixed(0)} ms = ${((ms * 1000) / count).toFixed(2)} µs per frame`);
  });
}
