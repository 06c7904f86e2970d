// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { L2Book } from '../book';
import { openSession, readAllEvents } from '../session/reader';
import { sessionToText, type DraftEvent } from '../session/writer';
import type { MarketEvent, SessionHeader } from '../types';
import { simulateSession } from '../sim/model';
import { clampSpeed } from './clock';
import { ReplayEngine, type ReplayListener } from './engine';
import type { LoadedSession } from './timeline';

/** A small seeded random market: a drifting book with trades, written and read back through the file format. */
async function syntheticSession(symbol: string, seed: number, start: number, minutes: number): Promise<LoadedSession> {
  let state = seed >>> 0;
  const rand = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const events: DraftEvent[] = [];
  let mid = 10_000;
  const levels = (side: 1 | -1) => Array.from({ length: 20 }, (_, i) => [mid + side * (i + 1), 1 + Math.floor(rand() * 50)] as [number, number]);
  events.push({ t: start, ch: 'snapshot', msg: { s: symbol, b: levels(-1), a: levels(1) } });
  let id = 1;
  for (let t = start + 100; t < start + minutes * 60_000; t += 100) {
    const move = rand() < 0.1 ? (rand() < 0.5 ? -1 : 1) : 0;
    if (move !== 0) {
      mid += move;
      // The touch follows the mid; the level the mid moved onto leaves both sides, so the book never crosses.
      events.push({ t, ch: 'book', msg: { s: symbol, b: [[mid, 0], [mid - 1, 5]], a: [[mid, 0], [mid + 1, 5]] } });
    }
    if (rand() < 0.3) events.push({ t, ch: 'trade', msg: { s: symbol, id: id++, p: mid + (rand() < 0.5 ? 1 : -1), q: 1 + Math.floor(rand() * 9), m: rand() < 0.5 } });
  }
  const header: SessionHeader = {
    format: 'spot-session', version: 1, venue: 'test', source: 'engine.test', licence: 'generated',
    symbols: [{ symbol, tick: '0.01', lot: '0.001' }], start, end: events.at(-1)!.t, checkpointIntervalMs: 30_000,
  };
  return readBack(await sessionToText(header, events));
}

/** Parses a written session back, so tests replay exactly what a file would hold. */
async function readBack(text: string): Promise<LoadedSession> {
  async function* lines() { yield* text.split('\n'); }
  const stream = await openSession(lines());
  return { header: stream.header, events: await readAllEvents(stream) };
}

function recorder() {
  const seen: Array<{ at: number; event: MarketEvent; session: number }> = [];
  const listener: ReplayListener = (event, at, session) => void seen.push({ at, event, session });
  return { seen, listener };
}

const T0 = Date.UTC(2026, 0, 1);

describe('replay engine', () => {
  it('merges sessions by time, then sequence, then session order', async () => {
    const a = await syntheticSession('AAA', 1, T0, 1);
    const b = await syntheticSession('BBB', 2, T0 + 50, 1);
    const engine = new ReplayEngine([a, b], { realNow: 0 });
    const { seen, listener } = recorder();
    engine.subscribe(listener);
    engine.pump(10 * 60_000);
    expect(seen.length).toBe(a.events.length + b.events.length - countCheckpoints(a) - countCheckpoints(b));
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.at).toBeGreaterThanOrEqual(seen[i - 1]!.at);
    expect(seen.some((s) => s.event.ch === ('checkpoint' as string))).toBe(false);
    expect(engine.state(10 * 60_000).ended).toBe(true);
  });

  it('runs at the chosen speed and stands still when paused', async () => {
    const s = await syntheticSession('AAA', 3, T0, 2);
    const engine = new ReplayEngine([s], { realNow: 0, speed: 4 });
    const { seen, listener } = recorder();
    engine.subscribe(listener);
    engine.pump(1_000);
    expect(seen.at(-1)!.at).toBeLessThanOrEqual(T0 + 4_000);
    expect(seen.at(-1)!.at).toBeGreaterThan(T0 + 3_000);
    engine.pause(1_000);
    const before = seen.length;
    engine.pump(60_000);
    expect(seen.length).toBe(before);
    expect(engine.step(3, 60_000)).toBe(3);
    expect(seen.length).toBe(before + 3);
    engine.resume(60_000);
    engine.setSpeed(1000, 60_000);
    expect(engine.state(60_000).speed).toBe(100);
  });

  it('seeks to any time with the book a straight replay would have there', async () => {
    const s = await syntheticSession('AAA', 4, T0, 3);
    const target = T0 + 95_050;
    const straight = new L2Book('AAA');
    for (const e of s.events) {
      if (e.t > target) break;
      if (e.ch === 'snapshot') straight.replace(e.msg);
      if (e.ch === 'book') straight.apply(e.msg);
    }
    const engine = new ReplayEngine([s], { realNow: 0 });
    const { seen, listener } = recorder();
    engine.subscribe(listener);
    engine.seek(target, 0);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.event).toMatchObject({ ch: 'snapshot', msg: straight.snapshot() });
    engine.pump(500);
    expect(seen.slice(1).every((x) => x.at > target && x.at <= target + 500)).toBe(true);
  });

  it('loops with continuous time, each loop starting from the snapshot', async () => {
    const s = await syntheticSession('AAA', 5, T0, 1);
    const engine = new ReplayEngine([s], { realNow: 0, loop: true, speed: 100 });
    const { seen, listener } = recorder();
    engine.subscribe(listener);
    engine.pump(3_000); // 300 s of virtual time: about five loops of a one-minute session
    const snapshots = seen.filter((x) => x.event.ch === 'snapshot');
    expect(snapshots.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.at).toBeGreaterThanOrEqual(seen[i - 1]!.at);
    expect(snapshots[1]!.at).toBeGreaterThan(s.events.at(-1)!.t);
    expect(engine.state(3_000).ended).toBe(false);
  });

  it('gives an identical event stream for the same sessions and control calls', async () => {
    const run = async (seed: number) => {
      const sessions = [await syntheticSession('AAA', seed, T0, 2), await syntheticSession('BBB', seed + 1, T0 + 7, 2)];
      const engine = new ReplayEngine(sessions, { realNow: 0, loop: true });
      const hash = createHash('sha256');
      engine.subscribe((event, at, session) => void hash.update(`${at}|${session}|${JSON.stringify(event)}\n`));
      engine.pump(10_000);
      engine.setSpeed(10, 10_000);
      engine.pump(20_000);
      engine.pause(20_000);
      engine.step(50, 25_000);
      engine.seek(T0 + 90_000, 25_000);
      engine.resume(26_000);
      engine.setSpeed(0.25, 30_000);
      engine.pump(200_000);
      return hash.digest('hex');
    };
    const first = await run(7);
    expect(await run(7)).toBe(first);
    expect(await run(8)).not.toBe(first);
  });
});

describe('replay of simulator sessions', () => {
  const simulated = async (symbol: string, seed: number): Promise<LoadedSession> => {
    const { header, events } = simulateSession({
      symbol, tick: '0.01', lot: '0.000001', startPrice: '61800', startTime: T0, durationMs: 120_000,
      seed, volatility: 0.6, tradesPerMinute: 600, loopable: true,
    });
    return readBack(await sessionToText(header, events));
  };

  it('hashes identically for the same seeds and control calls, differently for another seed', async () => {
    const run = async (seed: number) => {
      const engine = new ReplayEngine([await simulated('BTCUSDT', seed), await simulated('ETHUSDT', seed + 1)], { realNow: 0, loop: true, speed: 2 });
      const hash = createHash('sha256');
      engine.subscribe((event, at, session) => void hash.update(`${at}|${session}|${JSON.stringify(event)}\n`));
      engine.pump(30_000);
      engine.seek(T0 + 200_000, 30_000);
      engine.setSpeed(50, 30_000);
      engine.pump(40_000);
      return hash.digest('hex');
    };
    const first = await run(11);
    expect(await run(11)).toBe(first);
    expect(await run(12)).not.toBe(first);
  });
});

describe('gaps', () => {
  it('are replayed so consumers resync, and seeking into one says so', async () => {
    const header: SessionHeader = {
      format: 'spot-session', version: 1, venue: 'test', source: 'engine.test', licence: 'generated',
      symbols: [{ symbol: 'X', tick: '1', lot: '1' }], start: T0, end: T0 + 3_000, checkpointIntervalMs: 60_000,
    };
    const text = await sessionToText(header, [
      { t: T0, ch: 'snapshot', msg: { s: 'X', b: [[9, 1]], a: [[11, 1]] } },
      { t: T0 + 1_000, ch: 'gap', msg: { s: 'X', reason: 'disconnect' } },
      { t: T0 + 3_000, ch: 'snapshot', msg: { s: 'X', b: [[8, 1]], a: [[10, 1]] } },
    ]);
    const session = await readBack(text);

    const { seen, listener } = recorder();
    const engine = new ReplayEngine([session], { realNow: 0 });
    engine.subscribe(listener);
    engine.pump(5_000);
    expect(seen.map((x) => x.event.ch)).toEqual(['snapshot', 'gap', 'snapshot']);

    const { seen: afterSeek, listener: seekListener } = recorder();
    const seeking = new ReplayEngine([session], { realNow: 0 });
    seeking.subscribe(seekListener);
    seeking.seek(T0 + 2_000, 0);
    expect(afterSeek.map((x) => x.event.ch)).toEqual(['gap']);
  });
});

describe('speed bounds', () => {
  it('clamps to 0.25–100 and ignores nonsense', () => {
    expect(clampSpeed(0.1)).toBe(0.25);
    expect(clampSpeed(250)).toBe(100);
    expect(clampSpeed(Number.NaN)).toBe(1);
    expect(clampSpeed(2)).toBe(2);
  });
});

function countCheckpoints(s: LoadedSession): number {
  return s.events.filter((e) => e.ch === 'checkpoint').length;
}
