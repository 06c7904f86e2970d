// @vitest-environment node
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTERVALS } from '../../src/domain/intervals';
import { L2Book } from './book';
import { DEMO_MARKETS, DEMO_SESSION_MS, LT_DAILY_FEE_RATE } from './demoMarkets';
import { BAND_3X } from '../lt/nav';
import { navLookup, navPath } from '../lt/navHistory';
import { demoSessionPath, demoSessionText, underlyingPricePath } from './fixtures';
import { buildKlineStore } from './klineStore';
import { gzipText, openSessionFile } from './session/node-io';
import { readAllEvents } from './session/reader';

const root = resolve(import.meta.dirname, '..', '..');
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const DAY = 86_400_000;

describe('shipped demo sessions', () => {
  it('cover every demo instrument and stay small', () => {
    const sizes = DEMO_MARKETS.map((m) => readFileSync(resolve(root, demoSessionPath(m))).length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThan(6 * 1024 * 1024);
  });

  for (const market of DEMO_MARKETS) {
    describe(market.symbol, () => {
      const path = resolve(root, demoSessionPath(market));

      it('regenerates byte for byte (npm run fixtures)', async () => {
        expect(existsSync(path), `${path} is missing: run npm run fixtures`).toBe(true);
        expect(sha(gzipText(await demoSessionText(market)))).toBe(sha(readFileSync(path)));
      });

      it('lasts 30 minutes and joins its end to its start', async () => {
        const stream = await openSessionFile(path);
        const events = await readAllEvents(stream);
        expect(stream.header.loopable).toBe(true);
        expect(stream.header.end - stream.header.start).toBeGreaterThanOrEqual(DEMO_SESSION_MS - 1000);
        const book = new L2Book(market.symbol);
        const mids: number[] = [];
        for (const e of events) {
          if (e.ch === 'snapshot') book.replace(e.msg);
          else if (e.ch === 'book') book.apply(e.msg);
          else continue;
          expect(book.isCrossed()).toBe(false);
          mids.push((book.bestBid()! + book.bestAsk()!) / 2);
        }
        const first = mids[0]!;
        const last = mids.at(-1)!;
        // Price continuity at the seam: the loop's restart moves the mid by a few ticks at most.
        expect(Math.abs(last - first)).toBeLessThanOrEqual(Math.max(3, first * 0.0005));
      });

      it('has candle history that ends at the session first price, for every interval', async () => {
        const stream = await openSessionFile(path);
        const session = { header: stream.header, events: await readAllEvents(stream) };
        const store = buildKlineStore(market, session);
        const firstTrade = session.events.find((e) => e.ch === 'trade');
        const { bars } = store.history;
        for (const base of ['1m', '1h', '1d'] as const) expect(bars[base].at(-1)!.c).toBe(firstTrade?.ch === 'trade' && firstTrade.msg.p);
        expect(stream.header.start - bars['1d'][0]!.t).toBeGreaterThanOrEqual(730 * DAY);
        expect(stream.header.start - bars['1h'][0]!.t).toBeGreaterThanOrEqual(120 * DAY);
        expect(stream.header.start - bars['1m'][0]!.t).toBeGreaterThanOrEqual(7 * DAY);
        for (const interval of INTERVALS) expect(store.query(interval).length, interval).toBeGreaterThan(0);
        expect(store.query('1m')).toHaveLength(500);
      });
    });
  }
});

describe('shipped leveraged-token sessions', () => {
  for (const market of DEMO_MARKETS.filter((m) => m.leveraged)) {
    it(`${market.symbol} trades around the NAV of ${market.leveraged!.underlying}'s session`, async () => {
      const lt = market.leveraged!;
      const underlying = DEMO_MARKETS.find((m) => m.symbol === lt.underlying)!;
      const path = navPath(underlyingPricePath(underlying), { direction: lt.direction, band: BAND_3X, dailyFeeRate: LT_DAILY_FEE_RATE }, Number(market.startPrice));
      // Thirty minutes from 00:00 UTC: no reset, so the NAV is linear in the underlying and ends where it began.
      expect(path.rebalances + path.dailyResets).toBe(0);
      expect(Math.abs(path.endNav / Number(market.startPrice) - 1)).toBeLessThan(1e-4);
      const nav = navLookup(path.series);
      const events = await readAllEvents(await openSessionFile(resolve(root, demoSessionPath(market))));
      const tick = Number(market.tick);
      const gaps = events.flatMap((e) => (e.ch === 'trade' ? [Math.abs((e.msg.p * tick) / nav(e.t) - 1)] : [])).sort((a, b) => a - b);
      expect(gaps.length).toBeGreaterThan(500);
      // A thin book follows the NAV by sweeps, a few basis points a burst, so it lags a fast move
      // by tens of bp at most (the page shows that gap as diffNvRate).
      expect(gaps[gaps.length >> 1]!).toBeLessThan(0.002);
      expect(gaps.at(-1)!).toBeLessThan(0.01);
    });
  }
});
