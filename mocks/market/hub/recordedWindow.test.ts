// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { LoadedSession } from '../replay/timeline';
import type { MarketEvent, SessionEvent } from '../types';
import type { MarketHub } from './hub';
import { recordedWindow } from './recordedWindow';
import { createTestHub } from './testMarket';

/** Session A/B over 0–1000 ms (loop period 1,100: the last event at 1,000 plus the 100 ms join). */
const SESSION: LoadedSession = {
  header: {
    format: 'spot-session', version: 1, venue: 'test', source: 'hand', licence: 'none', start: 0, end: 1000, checkpointIntervalMs: 500,
    symbols: [{ symbol: 'A', tick: '0.01', lot: '0.001' }, { symbol: 'B', tick: '0.1', lot: '1' }],
  },
  events: [
    { t: 0, seq: 1, ch: 'snapshot', msg: { s: 'A', b: [[100, 5]], a: [[101, 5]] } },
    { t: 100, seq: 2, ch: 'trade', msg: { s: 'A', id: 1, p: 101, q: 1, m: true } },
    { t: 200, seq: 3, ch: 'trade', msg: { s: 'B', id: 1, p: 7, q: 1, m: true } },
    { t: 300, seq: 4, ch: 'book', msg: { s: 'A', b: [[99, 2]], a: [] } },
    { t: 500, seq: 5, ch: 'checkpoint', msg: { s: 'A', b: [[100, 5], [99, 2]], a: [[101, 5]] } },
    { t: 600, seq: 6, ch: 'trade', msg: { s: 'A', id: 2, p: 100, q: 2, m: false } },
    { t: 1000, seq: 7, ch: 'trade', msg: { s: 'A', id: 3, p: 102, q: 1, m: true } },
  ] satisfies SessionEvent[],
};
const SHIFT = 1_000_000;
const brief = (events: readonly MarketEvent[]) => events.map((e) => `${e.ch}@${e.t - SHIFT}`);
const window = (after: number, to: number, maxEvents = 100) => recordedWindow(SESSION, 'A', { shift: SHIFT, after: after + SHIFT, to: to + SHIFT, maxEvents })!;

describe('recordedWindow', () => {
  it("opens with the symbol's book at the window's start, then its events in exchange time", () => {
    const w = window(250, 700);
    expect(w.spec).toEqual({ symbol: 'A', tick: '0.01', lot: '0.001' });
    expect(brief(w.events)).toEqual(['snapshot@250', 'book@300', 'trade@600']);
    expect(w.events[0]).toMatchObject({ ch: 'snapshot', msg: { s: 'A', b: [[100, 5]], a: [[101, 5]] } });
    // From before the first event: the recording's own snapshot, no made-up one.
    expect(brief(window(-1, 150).events)).toEqual(['snapshot@0', 'trade@100']);
  });

  it('follows the replay into its next loops, one period (1,100 ms) later each', () => {
    expect(brief(window(900, 2250).events)).toEqual(['snapshot@900', 'trade@1000', 'snapshot@1100', 'trade@1200', 'book@1400', 'trade@1700', 'trade@2100', 'snapshot@2200']);
  });

  it('keeps the latest events when there are more than the bound, the book rebuilt where it cuts', () => {
    const w = window(-1, 2250, 4);
    expect(brief(w.events)).toEqual(['snapshot@1400', 'trade@1700', 'trade@2100', 'snapshot@2200']);
    expect(w.events[0]).toMatchObject({ msg: { b: [[100, 5], [99, 2]] } });
  });

  it('cuts at any bound the way a replay that started at the cut would see it', () => {
    const all = window(-1, 2250).events;
    expect(window(-1, 2250, all.length + 1).events).toEqual(all);
    for (let maxEvents = 2; maxEvents <= all.length; maxEvents++) {
      const capped = window(-1, 2250, maxEvents).events;
      const dropped = all.length - (maxEvents - 1);
      // The newest event left out sets the cut; the book there opens the window, the events after it follow.
      const cut = all[dropped - 1]!.t;
      expect(capped[0], `bound ${maxEvents}`).toMatchObject({ ch: 'snapshot', t: cut });
      expect(capped.slice(1)).toEqual(all.filter((e) => e.t > cut));
      expect(capped.length).toBeLessThanOrEqual(maxEvents);
    }
  });

  it('answers nothing for a symbol the session lacks, and no events for an empty window', () => {
    expect(recordedWindow(SESSION, 'C', { shift: 0, after: 0, to: 100, maxEvents: 10 })).toBeNull();
    expect(window(500, 500).events).toEqual([]);
  });
});

describe('hub.recordedEvents', () => {
  let hub: MarketHub | null = null;
  afterEach(() => hub?.close());

  it('is the whole first loop of the recording until it has played', async () => {
    const made = await createTestHub({ symbols: ['BTCUSDT'] });
    hub = made.hub;
    await made.scheduler.advance(10_000);
    const period = hub.status().duration;
    const recorded = hub.recordedEvents('BTCUSDT', { ms: 24 * 3_600_000, maxEvents: 1_000_000 })!;
    expect(recorded.events.at(-1)!.t).toBeGreaterThan(hub.now() + period / 2);
    expect(recorded.events.at(-1)!.t).toBeLessThanOrEqual(hub.now() - 10_000 + period);
  });

  it('ends with the trades the hub published, at the same exchange times, once a loop has played', async () => {
    const made = await createTestHub({ symbols: ['BTCUSDT'] });
    hub = made.hub;
    await made.scheduler.advance(made.hub.status().duration + 90_000);
    const recorded = hub.recordedEvents('BTCUSDT', { ms: 60_000, maxEvents: 1_000_000 })!;
    const trades = recorded.events.filter((e) => e.ch === 'trade');
    const published = hub.trades('BTCUSDT', 50).reverse();
    expect(trades.slice(-50).map((e) => e.t)).toEqual(published.map((t) => t.t));
    expect(recorded.events[0]).toMatchObject({ ch: 'snapshot', t: hub.now() - 60_000 });
    expect(recorded.events.at(-1)!.t).toBeLessThanOrEqual(hub.now());
    expect(hub.recordedEvents('NOPEUSDT', { ms: 60_000, maxEvents: 10 })).toBeNull();
  });
});
