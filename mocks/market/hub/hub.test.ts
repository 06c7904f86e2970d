// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS, INTERVALS, bucketStart } from '../../../src/domain/intervals';
import { fromUnits } from '../../../src/domain/units';
import type { SessionSet } from '../../gateway/types';
import { DEMO_SESSION_START } from '../demoMarkets';
import { secondBars } from '../klines';
import type { LoadedSession } from '../replay/timeline';
import type { TradeEvent } from '../types';
import type { SavedReplay } from '../replay/savedReplay';
import type { MarketHub } from './hub';
import { createTestHub, sharedDemoSets, TEST_START } from './testMarket';

const EXCHANGE_START = Math.floor(TEST_START / 1000) * 1000;
const SHIFT = EXCHANGE_START - DEMO_SESSION_START;
const WIF_OPENS = EXCHANGE_START + 300_000;

let hubs: MarketHub[] = [];
afterEach(() => {
  for (const hub of hubs) hub.close();
  hubs = [];
});

async function testHub(options: Parameters<typeof createTestHub>[0] = {}) {
  const made = await createTestHub(options);
  hubs.push(made.hub);
  return made;
}

async function session(symbol: string): Promise<LoadedSession> {
  return sharedDemoSets([symbol])[0]!.sources[0]!.load();
}

/** The session's trades of one symbol up to session time `until`, in exchange time. */
async function tradesUntil(symbol: string, until: number, from = -Infinity) {
  const { events } = await session(symbol);
  return events
    .filter((e): e is TradeEvent => e.ch === 'trade' && e.t <= until && e.t > from)
    .map((e) => ({ t: e.t + SHIFT, msg: e.msg }));
}

/** Sources that wait for a go before loading, recording the order they were asked in. */
function gatedSets(symbols: string[]) {
  const asked: string[] = [];
  const gates = new Map<string, () => void>();
  const base = sharedDemoSets(symbols)[0]!;
  const sets: SessionSet[] = [{
    name: base.name,
    sources: base.sources.map((source) => ({
      ...source,
      load: async () => {
        asked.push(source.symbols[0]!);
        await new Promise<void>((resolve) => gates.set(source.symbols[0]!, resolve));
        return source.load();
      },
    })),
  }];
  const open = async (symbol: string) => {
    await vi.waitFor(() => expect(gates.has(symbol)).toBe(true));
    gates.get(symbol)!();
  };
  return { sets, asked, open };
}

describe('market hub: loading', () => {
  it('loads one source at a time in the background, a wanted symbol first', async () => {
    const yields = vi.fn(() => Promise.resolve());
    const { sets, asked, open } = gatedSets(['BTCUSDT', 'ETHUSDT', 'WIFUSDT']);
    const { hub } = await testHub({ sets, lazy: true, yieldToPage: yields });
    expect(hub.status().loaded).toEqual([]);
    const wif = hub.want('WIFUSDT');
    await open('BTCUSDT');
    await open('WIFUSDT');
    await expect(wif).resolves.toBe(true);
    expect(hub.status().loaded).toEqual(['BTCUSDT', 'WIFUSDT']);
    await open('ETHUSDT');
    await hub.ready();
    expect(asked).toEqual(['BTCUSDT', 'WIFUSDT', 'ETHUSDT']);
    expect(yields.mock.calls.length).toBeGreaterThanOrEqual(6);
    await expect(hub.want('NOPEUSDT')).resolves.toBe(false);
    await expect(hub.want('SOLUSDT')).resolves.toBe(false);
    expect(hub.isKnown('SOLUSDT')).toBe(true);
  });

  it('starts a source loaded later at the current exchange time', async () => {
    const { sets, open } = gatedSets(['BTCUSDT', 'ETHUSDT']);
    const { hub, scheduler } = await testHub({ sets, lazy: true });
    await open('BTCUSDT');
    await hub.want('BTCUSDT');
    await scheduler.advance(60_000);
    expect(hub.book('ETHUSDT', 5)).toBeNull();
    await open('ETHUSDT');
    await hub.ready();
    const joined = hub.now();
    expect(hub.book('ETHUSDT', 5)).not.toBeNull();
    // What it missed of the loop is on its tape and in its candles: no hole before the live trades.
    const missed = (await tradesUntil('ETHUSDT', joined - SHIFT - 1)).map((t) => t.t).reverse();
    const tape = hub.trades('ETHUSDT', 10_000).map((t) => t.t);
    expect(tape.length).toBe(Math.min(100, missed.length));
    expect(tape).toEqual(missed.slice(0, tape.length));
    await scheduler.advance(1_000);
    const expected = await tradesUntil('ETHUSDT', joined - SHIFT + 1_000, joined - SHIFT - 1);
    const live = hub.trades('ETHUSDT', 10_000).map((t) => t.t);
    expect(live.slice(0, Math.min(live.length, expected.length))).toEqual(expected.map((t) => t.t).reverse().slice(0, live.length));
    expect(hub.klines('ETHUSDT', '1s', { limit: 10_000 })).toEqual(secondBars(await tradesUntil('ETHUSDT', joined - SHIFT + 1_000)));
  });
});

describe('market hub: clock', () => {
  it('starts the replay now: exchange time = session time + shift (now floored to the second)', async () => {
    const { hub, scheduler } = await testHub();
    expect(hub.now()).toBe(EXCHANGE_START);
    await scheduler.advance(2_000);
    const expected = (await tradesUntil('BTCUSDT', DEMO_SESSION_START + 2_000)).reverse();
    const got = hub.trades('BTCUSDT', 100);
    expect(got.length).toBe(Math.min(100, expected.length));
    expect(got[0]).toEqual({ id: expected[0]!.msg.id, t: expected[0]!.t, p: fromUnits(expected[0]!.msg.p, '0.01'), q: fromUnits(expected[0]!.msg.q, '0.000001'), m: expected[0]!.msg.m });
    expect(got.map((t) => t.t)).toEqual(expected.slice(0, got.length).map((t) => t.t));
    expect(hub.status()).toMatchObject({ position: 2_000, loops: 0, session: 'demo', loaded: ['BTCUSDT', 'ETHUSDT', 'WIFUSDT'] });
  });

  it('runs at the set speed (clamped to 0.25–100) and stands still while paused', async () => {
    const { hub, scheduler } = await testHub();
    hub.setSpeed(10);
    await scheduler.advance(1_000);
    expect(hub.now()).toBe(EXCHANGE_START + 10_000);
    hub.pause();
    const trades = hub.trades('BTCUSDT', 1);
    await scheduler.advance(5_000);
    expect(hub.now()).toBe(EXCHANGE_START + 10_000);
    expect(hub.trades('BTCUSDT', 1)).toEqual(trades);
    expect(hub.status()).toMatchObject({ paused: true, speed: 10 });
    hub.resume();
    await scheduler.advance(100);
    expect(hub.now()).toBe(EXCHANGE_START + 11_000);
    hub.setSpeed(1_000);
    expect(hub.status().speed).toBe(100);
    hub.setSpeed(0.01);
    expect(hub.status().speed).toBe(0.25);
  });

  it('seeks forward replaying what lies between, so 1 s candles have no hole', async () => {
    const { hub } = await testHub();
    const reset = vi.fn();
    hub.onReset(reset);
    await hub.seek(120_000);
    expect(reset).toHaveBeenCalledTimes(1);
    expect(hub.status().position).toBe(120_000);
    const expected = secondBars(await tradesUntil('BTCUSDT', DEMO_SESSION_START + 120_000));
    expect(hub.klines('BTCUSDT', '1s', { limit: 10_000 })).toEqual(expected);
  });

  it('seeks backward: trades and candles after the target are forgotten, replay goes on from there', async () => {
    const { hub, scheduler } = await testHub();
    await hub.seek(60_000);
    const version = hub.book('BTCUSDT', 1)!.version;
    await hub.seek(20_000);
    const target = EXCHANGE_START + 20_000;
    expect(hub.now()).toBe(target);
    expect(hub.book('BTCUSDT', 1)!.version).toBeGreaterThan(version);
    expect(hub.trades('BTCUSDT', 100).every((t) => t.t < target)).toBe(true);
    expect(hub.klines('BTCUSDT', '1s', { limit: 10_000 }).at(-1)!.t).toBeLessThan(target);
    await scheduler.advance(1_000);
    const after = await tradesUntil('BTCUSDT', DEMO_SESSION_START + 21_000, DEMO_SESSION_START + 20_000 - 1);
    expect(hub.trades('BTCUSDT', 100).filter((t) => t.t >= target).map((t) => t.id)).toEqual(after.map((t) => t.msg.id).reverse());
    expect(hub.klines('BTCUSDT', '1s', { limit: 10_000 })).toEqual(secondBars(await tradesUntil('BTCUSDT', DEMO_SESSION_START + 21_000)));
  });

  it('loops the session with trade ids that keep growing', async () => {
    const { hub, scheduler } = await testHub({ symbols: ['ETHUSDT'] });
    const { events } = await session('ETHUSDT');
    const maxId = Math.max(...events.flatMap((e) => (e.ch === 'trade' ? [e.msg.id] : [])));
    hub.setSpeed(100);
    await scheduler.advance(18_100);
    const status = hub.status();
    expect(status.loops).toBe(1);
    expect(status.position).toBeLessThan(10_000);
    const ids = hub.trades('ETHUSDT', 100).map((t) => t.id);
    expect(ids[0]).toBeGreaterThan(maxId);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it('switches session sets: reset, reload, time keeps going forward', async () => {
    const { hub, scheduler } = await testHub();
    await scheduler.advance(5_000);
    const before = hub.now();
    const reset = vi.fn();
    hub.onReset(reset);
    hub.addSessionSet({ name: 'eth only', sources: sharedDemoSets(['ETHUSDT'])[0]!.sources });
    await hub.selectSession('eth only');
    expect(reset).toHaveBeenCalled();
    expect(hub.status()).toMatchObject({ session: 'eth only', sessions: ['demo', 'eth only'], loaded: ['ETHUSDT'], position: 0 });
    expect(hub.now()).toBeGreaterThanOrEqual(before);
    expect(hub.book('BTCUSDT', 1)).toBeNull();
    expect(hub.book('ETHUSDT', 1)).not.toBeNull();
    expect(() => hub.addSessionSet({ name: 'bad', sources: [{ symbols: ['FOOUSDT'], load: () => session('BTCUSDT') }] })).toThrow(/FOOUSDT/);
    await expect(hub.selectSession('missing')).rejects.toThrow(/no session set/);
  });
});

describe('market hub: a restarted exchange resumes its replay', () => {
  it('saves where the replay stands at start and on every change', async () => {
    const saved: SavedReplay[] = [];
    const { hub, scheduler } = await testHub({ onReplayChange: (s) => saved.push(s) });
    expect(saved.at(-1)).toMatchObject({ start: EXCHANGE_START, setAnchor: EXCHANGE_START, session: 'demo', virtual: EXCHANGE_START, speed: 1, paused: false });
    hub.setSpeed(4);
    await scheduler.advance(1_000);
    hub.pause();
    expect(saved.at(-1)).toMatchObject({ virtual: EXCHANGE_START + 4_000, speed: 4, paused: true });
    await hub.seek(10_000);
    expect(saved.at(-1)).toMatchObject({ virtual: EXCHANGE_START + 10_000, paused: true });
  });

  it('continues where the market would be had it kept running, candles without a hole', async () => {
    let saved: SavedReplay | undefined;
    const first = await testHub({ onReplayChange: (s) => (saved = s) });
    first.hub.setSpeed(2);
    first.hub.close();
    // Forty real seconds later, at twice the speed: eighty seconds into the session.
    const { hub } = await testHub({ resume: saved!, start: TEST_START + 40_000 });
    expect(hub.now()).toBe(EXCHANGE_START + 80_000);
    expect(hub.status()).toMatchObject({ position: 80_000, speed: 2, paused: false, session: 'demo' });
    expect(hub.klines('BTCUSDT', '1s', { limit: 10_000 })).toEqual(secondBars(await tradesUntil('BTCUSDT', DEMO_SESSION_START + 80_000 - 1)));
  });

  it('a saved replay of a session set no longer offered starts afresh', async () => {
    const { hub } = await testHub({ resume: { v: 1, start: 1, setAnchor: 1, session: 'gone', virtual: 5, real: 0, speed: 1, paused: false } });
    expect(hub.now()).toBe(EXCHANGE_START);
  });
});

describe('market hub: market data', () => {
  it('publishes nothing of a listing before it opens, then opens with a real book', async () => {
    const { hub, scheduler } = await testHub();
    await scheduler.advance(10_000);
    expect(hub.isOpen('WIFUSDT')).toBe(false);
    expect(hub.book('WIFUSDT', 10)).toBeNull();
    expect(hub.trades('WIFUSDT', 10)).toEqual([]);
    expect(hub.klines('WIFUSDT', '1m', {})).toEqual([]);
    expect(hub.ticker('WIFUSDT')).toBeNull();
    expect(hub.symbolStatus('WIFUSDT')).toEqual({ symbolId: 'WIFUSDT', tradeStatus: 2, noticeVisible: true, isBanBuy: false, isBanSell: false });
    expect(hub.notice('WIFUSDT')).toMatchObject({ symbolId: 'WIFUSDT', noticeType: 1, onlineTime: WIF_OPENS, nowTime: hub.now() });
    expect(hub.notice('BTCUSDT')).toBeNull();
    expect(hub.symbolStatus('BTCUSDT')).toMatchObject({ tradeStatus: 1, noticeVisible: false });
    const changes: string[][] = [];
    hub.onChange((symbols) => changes.push([...symbols]));
    hub.setSpeed(100);
    await scheduler.advance(2_900);
    expect(hub.isOpen('WIFUSDT')).toBe(true);
    expect(changes.some((c) => c.includes('WIFUSDT'))).toBe(true);
    const book = hub.book('WIFUSDT', 5)!;
    expect(book.b.length).toBe(5);
    expect(book.b[0]![0]).toBeLessThan(book.a[0]![0]);
    expect(hub.notice('WIFUSDT')).toBeNull();
    expect(hub.symbolStatus('WIFUSDT')).toMatchObject({ tradeStatus: 1, noticeVisible: false });
    expect(hub.trades('WIFUSDT', 100).every((t) => t.t >= WIF_OPENS)).toBe(true);
    expect(hub.klines('WIFUSDT', '1s', {}).every((b) => b.t >= WIF_OPENS)).toBe(true);
  });

  it('answers every interval with live candles and pages them', async () => {
    const { hub, scheduler } = await testHub();
    await scheduler.advance(90_000);
    const lastTrade = hub.trades('BTCUSDT', 1)[0]!;
    for (const interval of INTERVALS) {
      const bars = hub.klines('BTCUSDT', interval, { limit: 3 });
      expect(bars.length, interval).toBeGreaterThan(0);
      expect(bars.at(-1)!.t, interval).toBe(bucketStart(interval, lastTrade.t));
      expect(bars.at(-1)!.c, interval).toBe(Math.round(Number(lastTrade.p) * 100));
    }
    const minutes = hub.klines('BTCUSDT', '1m', { limit: 10 });
    expect(minutes).toHaveLength(10);
    const older = hub.klines('BTCUSDT', '1m', { to: minutes[0]!.t, limit: 5 });
    expect(older).toHaveLength(5);
    expect(older.at(-1)!.t).toBe(minutes[0]!.t - 60_000);
    expect(hub.klines('BTCUSDT', '1m', {}).length).toBe(500);
    // The hour bar is its minutes aggregated: history and live agree.
    const hour = hub.klines('BTCUSDT', '1h', { limit: 1 })[0]!;
    const inHour = hub.klines('BTCUSDT', '1m', { limit: 100 }).filter((b) => b.t >= hour.t);
    expect(hour.v).toBe(inHour.reduce((s, b) => s + b.v, 0));
    expect(hour.h).toBe(Math.max(...inHour.map((b) => b.h)));
  });

  it('keeps 24 h statistics from the last day of 1m candles', async () => {
    const { hub, scheduler } = await testHub();
    await scheduler.advance(30_000);
    const ticker = hub.ticker('BTCUSDT')!;
    const day = hub.klines('BTCUSDT', '1m', { limit: 2_000 }).filter((b) => b.t >= hub.now() - DAY_MS);
    expect(ticker).toMatchObject({
      symbol: 'BTCUSDT',
      t: hub.now(),
      last: hub.trades('BTCUSDT', 1)[0]!.p,
      open: fromUnits(day[0]!.o, '0.01'),
      high: fromUnits(Math.max(...day.map((b) => b.h)), '0.01'),
      volume: fromUnits(day.reduce((s, b) => s + b.v, 0), '0.000001'),
    });
    expect(ticker.changeRatio).toMatch(/^-?\d+\.\d{4}$/);
    expect(Number(ticker.changeRatio)).toBeCloseTo((Number(ticker.last) - Number(ticker.open)) / Number(ticker.open), 4);
    expect(Number(ticker.turnover)).toBeGreaterThan(0);
  });

  it('counts book versions and reports changed symbols after each pump', async () => {
    const { hub, scheduler } = await testHub();
    const changes: string[][] = [];
    hub.onChange((symbols) => changes.push([...symbols].sort()));
    const v0 = hub.book('BTCUSDT', 1)!.version;
    await scheduler.advance(1_000);
    expect(hub.book('BTCUSDT', 1)!.version).toBeGreaterThan(v0);
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.flat()).not.toContain('WIFUSDT');
    expect(hub.steps('BTCUSDT')).toEqual({ tick: '0.01', lot: '0.000001' });
    expect(hub.steps('SOLUSDT')).toEqual({ tick: '0.01', lot: '0.001' });
    expect(hub.mergeSteps('BTCUSDT')).toEqual(['0.01', '0.1', '1', '10', '100']);
    expect(hub.symbols()).toHaveLength(16);
    expect(hub.status().events).toBeGreaterThan(0);
  });
});

describe('market hub: loading on demand (in-page)', () => {
  it('loads only what is asked for, and everything once ready() is awaited', async () => {
    const { sets, asked, open } = gatedSets(['BTCUSDT', 'ETHUSDT', 'WIFUSDT']);
    const { hub } = await testHub({ sets, lazy: true, onDemand: true });
    const eth = hub.want('ETHUSDT');
    await open('ETHUSDT');
    await expect(eth).resolves.toBe(true);
    // Nothing else was wanted: nothing else is read.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual(['ETHUSDT']);
    const all = hub.ready();
    await open('BTCUSDT');
    await open('WIFUSDT');
    await all;
    expect(hub.status().loaded.sort()).toEqual(['BTCUSDT', 'ETHUSDT', 'WIFUSDT']);
  });
});
