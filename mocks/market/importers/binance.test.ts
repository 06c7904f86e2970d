// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeWithSharedData, sharedDataFile } from '../../../tests/support/sharedData';
import { L2Book } from '../book';
import { fileLines } from '../session/node-io';
import type { DraftEvent } from '../session/writer';
import { createBinanceImporter } from './binance';
import { StrictStop, type Importer } from './common';

const X = [{ symbol: 'XUSDT', tick: '0.01', lot: '0.001' }];
/** Local times of the synthetic lines: T + n ms. */
const T = 1_723_161_254_000;
const ns = (ms: number) => `${T + ms}000000`;
const depth = (ms: number, U: number, u: number, b: string[][] = [], a: string[][] = []) =>
  `${ns(ms)} ${JSON.stringify({ stream: 'xusdt@depth@100ms', data: { e: 'depthUpdate', E: ms, s: 'XUSDT', U, u, b, a } })}`;
const snapshot = (ms: number, id: number, bids: string[][], asks: string[][]) =>
  `${ns(ms)} ${JSON.stringify({ lastUpdateId: id, bids, asks })}`;
const trade = (ms: number, id: number, m: boolean) =>
  `${ns(ms)} ${JSON.stringify({ stream: 'xusdt@trade', data: { e: 'trade', s: 'XUSDT', t: id, p: '10.05', q: '0.250', T: ms, m } })}`;

function feed(importer: Importer, lines: string[]): DraftEvent[] {
  return lines.flatMap((line, i) => importer.push(line, i + 1));
}

describe('Binance importer (synthetic lines)', () => {
  it('drops diffs older than the snapshot and folds the one straddling lastUpdateId + 1', () => {
    const importer = createBinanceImporter({ instruments: X });
    const events = feed(importer, [
      depth(1, 1, 5, [['9.00', '1']]),
      depth(2, 6, 10, [['10.00', '2']], [['10.10', '3']]),
      snapshot(3, 8, [['10.00', '1'], ['9.90', '4']], [['10.10', '1'], ['10.20', '5']]),
      depth(4, 11, 12, [['9.90', '0']]),
      depth(5, 11, 12, [['9.80', '1']]),
    ]);
    expect(events).toEqual([
      { t: T + 3, ch: 'snapshot', msg: { s: 'XUSDT', b: [[1000, 2000], [990, 4000]], a: [[1010, 3000], [1020, 5000]] } },
      { t: T + 4, ch: 'book', msg: { s: 'XUSDT', b: [[990, 0]], a: [] } },
    ]);
    expect(importer.stats).toMatchObject({ snapshots: 1, bookUpdates: 1, stale: 2, gaps: 0, skipped: 0 });
  });

  it('accepts a first live diff that straddles the snapshot, then requires U = previous u + 1', () => {
    const importer = createBinanceImporter({ instruments: X });
    const events = feed(importer, [
      snapshot(1, 100, [['10.00', '1']], [['10.10', '1']]),
      depth(2, 95, 103, [['10.00', '2']]),
      depth(3, 104, 104, [['10.00', '3']]),
    ]);
    expect(events.map((e) => e.ch)).toEqual(['snapshot', 'book', 'book']);
    expect(importer.stats.gaps).toBe(0);
  });

  it('writes a gap record on a U jump and resyncs on the next snapshot', () => {
    const importer = createBinanceImporter({ instruments: X });
    const events = feed(importer, [
      snapshot(1, 100, [['10.00', '1']], [['10.10', '1']]),
      depth(2, 101, 102),
      depth(3, 110, 111),
      depth(4, 112, 113, [['9.00', '1']]),
      trade(5, 7, true),
      snapshot(6, 112, [['10.00', '1']], [['10.10', '1']]),
      depth(7, 114, 115),
    ]);
    expect(events.map((e) => e.ch)).toEqual(['snapshot', 'book', 'gap', 'trade', 'snapshot', 'book']);
    expect(events[2]).toEqual({ t: T + 3, ch: 'gap', msg: { s: 'XUSDT', reason: 'depth ids jump from 102 to 110' } });
    // The diff buffered during the gap (112-113) straddles the new snapshot's 112 + 1 and is folded into it.
    expect(events[4]!.msg).toMatchObject({ b: [[1000, 1000], [900, 1000]] });
    expect(importer.stats.gaps).toBe(1);
  });

  it('keeps a bounded buffer of diffs while no snapshot has come', () => {
    const importer = createBinanceImporter({ instruments: X });
    const diffs = Array.from({ length: 1500 }, (_, i) => depth(i, i + 1, i + 1, [['9.00', String(i + 1)]]));
    const events = feed(importer, [...diffs, snapshot(2000, 1000, [], [['10.10', '1']])]);
    expect(events).toEqual([{ t: T + 2000, ch: 'snapshot', msg: { s: 'XUSDT', b: [[900, 1_500_000]], a: [[1010, 1000]] } }]);
    expect(importer.stats).toMatchObject({ stale: 1000, gaps: 0 });
  });

  it('flips m: Binance says buyer is maker, the session says buyer is taker', () => {
    const importer = createBinanceImporter({ instruments: X });
    const [maker, taker] = feed(importer, [trade(1, 1, true), trade(2, 2, false)]);
    expect(maker).toEqual({ t: T + 1, ch: 'trade', msg: { s: 'XUSDT', id: 1, p: 1005, q: 250, m: false } });
    expect(taker?.msg).toMatchObject({ id: 2, m: true });
  });

  it('skips a corrupt line, an unknown stream and a line going back in time, with line numbers', () => {
    const importer = createBinanceImporter({ instruments: X });
    const events = feed(importer, [
      trade(10, 1, true),
      `${ns(11)} {"stream":"xusdt@trade","data":{`,
      `${ns(12)} ${JSON.stringify({ stream: 'xusdt@kline_1m', data: {} })}`,
      trade(9, 2, true),
      `${ns(13)} ${JSON.stringify({ stream: 'xusdt@bookTicker', data: {} })}`,
      trade(14, 3, true),
    ]);
    expect(events.map((e) => e.t - T)).toEqual([10, 14]);
    expect(importer.stats).toMatchObject({ skipped: 3, ignored: 1, trades: 2 });
    expect(importer.issues).toEqual([
      { line: 2, message: 'not JSON' },
      { line: 3, message: 'unknown stream xusdt@kline_1m' },
      { line: 4, message: `timestamp ${T + 9} is before the previous line's ${T + 12}` },
    ]);
  });

  it('stops at the first bad line when strict, naming the line once', () => {
    const importer = createBinanceImporter({ instruments: X, strict: true });
    expect(() => feed(importer, [trade(10, 1, true), trade(9, 2, true)])).toThrow(StrictStop);
    const again = createBinanceImporter({ instruments: X, strict: true });
    expect(() => feed(again, [trade(10, 1, true), 'garbage'])).toThrow(/^line 2: expected "<ns timestamp> <frame>"$/);
    const late = createBinanceImporter({ instruments: X, strict: true });
    expect(() => feed(late, [trade(10, 1, true), trade(9, 2, true)])).toThrow(`line 2: timestamp ${T + 9} is before`);
  });
});

const KNOWN_TRADES: Record<string, { id: number; p: number; q: number; rawM: boolean }> = {
  // First trade of each recording (Binance m: true = buyer is maker).
  BTCUSDT: { id: 3735683259, p: 6183763, q: 2_000_000, rawM: true },
  ETHUSDT: { id: 1520545031, p: 268251, q: 460_000, rawM: false },
};

describeWithSharedData('Binance importer on the real recordings (0808 then 0809, one session)', () => {
  for (const name of ['btcusdt', 'ethusdt']) {
    const symbol = name.toUpperCase();
    it(`${symbol}: no gap, the rebuilt book never crosses, every @trade frame becomes one trade`, { timeout: 60_000 }, async () => {
      // Binance writes 8 decimals; these steps hold every value of the recording exactly.
      const importer = createBinanceImporter({ instruments: [{ symbol, tick: '0.01', lot: '0.00000001' }] });
      const book = new L2Book(symbol);
      let rawTrades = 0;
      let trades = 0;
      let bookEvents = 0;
      let crossedAt: number | null = null;
      let known: DraftEvent | undefined;
      for (const day of ['20240808', '20240809']) {
        let lineNo = 0;
        for await (const line of fileLines(sharedDataFile(`binance-spot-${name}-${day}.raw.gz`))) {
          lineNo += 1;
          if (line.includes(`"stream":"${name}@trade"`)) rawTrades += 1;
          for (const e of importer.push(line, lineNo)) {
            expect(e.ch).not.toBe('gap');
            if (e.ch === 'snapshot') book.replace(e.msg);
            if (e.ch === 'book') book.apply(e.msg);
            if (e.ch === 'snapshot' || e.ch === 'book') {
              bookEvents += 1;
              if (crossedAt === null && (book.isCrossed() || book.bestBid() === undefined || book.bestAsk() === undefined)) crossedAt = e.t;
            }
            if (e.ch === 'trade') {
              trades += 1;
              if (e.msg.id === KNOWN_TRADES[symbol]!.id) known = e;
            }
          }
        }
      }
      expect(importer.stats.gaps).toBe(0);
      expect(importer.stats.skipped).toBe(0);
      expect(importer.stats.snapshots).toBe(1);
      expect(bookEvents).toBeGreaterThan(6000);
      expect(crossedAt).toBeNull();
      expect(rawTrades).toBeGreaterThan(10_000);
      expect(trades).toBe(rawTrades);
      expect(importer.stats.trades).toBe(rawTrades);
      const k = KNOWN_TRADES[symbol]!;
      expect(known?.msg).toEqual({ s: symbol, id: k.id, p: k.p, q: k.q, m: !k.rawM });
    });
  }
});
