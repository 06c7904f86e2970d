/**
 * The quote socket protocol of docs/api.md as one suite, run against every
 * runtime that carries it: the gateway in memory, msw/node, the local server.
 * A runtime only says how to connect and how time passes (`advance`: a manual
 * clock, or real sleeping), so the suite keeps to short spans of time.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INTERVALS, bucketStart } from '../../../src/domain/intervals';
import type { MarketView, QuoteGateway, ReplayControl } from '../types';
import { ERRORS, type ErrorKind } from './frames';
import type { Frame, TestSocket } from './testSocket';
import { type Row, rows, bookOf, isPush, isAck, isError, isPong, sub, referenceMerge, text, apply, sorted } from './protocolKit';

export interface ProtocolRuntime {
  connect(): Promise<TestSocket>;
  /** lets `ms` of real time pass (or pass on a manual clock) */
  advance(ms: number): Promise<void>;
  /** a market over the shipped BTCUSDT, ETHUSDT and WIFUSDT sessions, WIFUSDT listed to open 300 s in */
  hub: MarketView & ReplayControl;
  gateway: QuoteGateway;
  close(): Promise<void> | void;
}

const PUSH_MS = 300;
const WAIT_MS = 3_000;
const TEST_TIMEOUT = 20_000;
const BTC_SCALES = [2, 1, 0, -1, -2];

export function runProtocolSuite(name: string, makeRuntime: () => Promise<ProtocolRuntime>): void {
  describe(`quote socket protocol: ${name}`, () => {
    let rt: ProtocolRuntime;
    let ws: TestSocket;
    beforeEach(async () => {
      rt = await makeRuntime();
      ws = await rt.connect();
    }, TEST_TIMEOUT);
    afterEach(async () => {
      ws.close();
      await rt.close();
    });

    /**
     * The next push of a topic, letting push intervals pass until it comes: a
     * stream with nothing new sends nothing, and trades come in bursts.
     */
    async function nextPush(topic: string, symbol?: string, predicate: (f: Frame) => boolean = () => true): Promise<Frame> {
      const wanted = (f: Frame) => isPush(topic, symbol)(f) && predicate(f);
      for (let i = 0; i < 12; i++) {
        await rt.advance(PUSH_MS);
        const frame = await ws.next(wanted, 100).catch(() => null);
        if (frame) return frame;
      }
      return ws.next(wanted, WAIT_MS);
    }

    async function subscribe(frame: Row): Promise<void> {
      ws.send(frame);
      await ws.next(isAck('sub', frame.topic as string), WAIT_MS);
    }

    it('answers a ping with a pong of the same value', async () => {
      ws.send({ ping: 1767225600000 });
      expect(await ws.next(isPong, WAIT_MS)).toEqual({ pong: 1767225600000 });
    }, TEST_TIMEOUT);

    it('acknowledges sub and cancel by echoing the request; a second cancel is refused', async () => {
      const request = sub('mergedDepth', 'BTCUSDT', { limit: 40, params: { dumpScale: 1, binary: false } });
      ws.send(request);
      expect(await ws.next(isAck('sub', 'mergedDepth'), WAIT_MS)).toEqual({ ...request, code: '0', msg: 'Success' });
      const cancel = { ...request, event: 'cancel' };
      ws.send(cancel);
      expect(await ws.next(isAck('cancel', 'mergedDepth'), WAIT_MS)).toEqual({ ...cancel, code: '0', msg: 'Success' });
      ws.send(cancel);
      expect(await ws.next(isError('notSubscribed'), WAIT_MS)).toEqual({ symbol: 'BTCUSDT', topic: 'mergedDepth', event: 'cancel', code: '-100012', desc: 'Not subscribed.' });
    }, TEST_TIMEOUT);

    it('refuses bad requests with error frames and keeps the socket open', async () => {
      const cases: Array<[object | string, ErrorKind, Row]> = [
        ['not json', 'invalidRequest', {}],
        ['[1,2]', 'invalidRequest', {}],
        [{ hello: 1 }, 'invalidRequest', {}],
        [sub('trade', 'BTCUSDT', { event: 'subscribe' }), 'invalidEvent', { symbol: 'BTCUSDT', topic: 'trade', event: 'subscribe' }],
        [sub('trades', 'BTCUSDT'), 'invalidTopic', { symbol: 'BTCUSDT', topic: 'trades', event: 'sub' }],
        [sub('kline_7m', 'BTCUSDT'), 'invalidTopic', { topic: 'kline_7m' }],
        [sub('trade', 'FOOUSDT'), 'invalidSymbol', { symbol: 'FOOUSDT', topic: 'trade', event: 'sub' }],
        [sub('realtimes', 'BTCUSDT,FOOUSDT'), 'invalidSymbol', { symbol: 'BTCUSDT,FOOUSDT' }],
        [sub('mergedDepth', 'BTCUSDT'), 'dumpScale', { topic: 'mergedDepth' }],
        [sub('mergedDepth', 'BTCUSDT', { params: { dumpScale: 3 } }), 'dumpScale', {}],
        [sub('mergedDepth', 'ETHUSDT', { params: { dumpScale: -2 } }), 'dumpScale', { symbol: 'ETHUSDT' }],
        [{ ...sub('trade', 'BTCUSDT'), event: 'cancel' }, 'notSubscribed', { event: 'cancel' }],
      ];
      for (const [frame, kind, echo] of cases) {
        ws.send(frame);
        const answer = await ws.next((f) => typeof f.code === 'string' && f.code !== '0', WAIT_MS);
        expect(answer, JSON.stringify(frame)).toMatchObject({ code: ERRORS[kind][0], desc: ERRORS[kind][1], ...echo });
      }
      ws.send({ ping: 7 });
      expect(await ws.next(isPong, WAIT_MS)).toEqual({ pong: 7 });
    }, TEST_TIMEOUT);

    for (const scale of BTC_SCALES) {
      it(`mergedDepth merges BTCUSDT to dumpScale ${scale}: bids down, asks up, quantities summed, 40 levels`, async () => {
        rt.hub.pause();
        await subscribe(sub('mergedDepth', 'BTCUSDT', { params: { dumpScale: scale, binary: false } }));
        const frame = await nextPush('mergedDepth', 'BTCUSDT');
        expect(frame).toMatchObject({ symbol: 'BTCUSDT', symbolName: 'BTCUSDT', topic: 'mergedDepth', params: { dumpScale: scale, binary: false }, f: true });
        expect(typeof frame.sendTime).toBe('number');
        const raw = rt.hub.book('BTCUSDT', 5_000)!;
        const book = bookOf(frame);
        expect(book.v).toBe(String(raw.version));
        expect(book.b).toEqual(referenceMerge(raw.b, scale, false, 40));
        expect(book.a).toEqual(referenceMerge(raw.a, scale, true, 40));
        expect(book.b.length).toBeLessThanOrEqual(40);
        expect(Number(book.b[0]![0])).toBeLessThan(Number(book.a[0]![0]));
        expect(rt.gateway.lastPushedBook('mergedDepth', 'BTCUSDT', scale)).toEqual({ s: 'BTCUSDT', v: book.v, b: book.b, a: book.a });
      }, TEST_TIMEOUT);
    }

    it('mergedDepth takes a limit up to 40', async () => {
      rt.hub.pause();
      await subscribe(sub('mergedDepth', 'BTCUSDT', { limit: 5, params: { dumpScale: 2 } }));
      await subscribe(sub('mergedDepth', 'BTCUSDT', { limit: 100, params: { dumpScale: 2 } }));
      await rt.advance(PUSH_MS);
      const five = await ws.next((f) => isPush('mergedDepth')(f) && bookOf(f).b.length === 5, WAIT_MS);
      const forty = await ws.next((f) => isPush('mergedDepth')(f) && bookOf(f).b.length === 40, WAIT_MS);
      expect(bookOf(forty).b.slice(0, 5)).toEqual(bookOf(five).b);
    }, TEST_TIMEOUT);

    it('depth pushes the raw book, 200 levels a side, and nothing while the book stands still', async () => {
      rt.hub.pause();
      await subscribe(sub('depth', 'BTCUSDT'));
      await subscribe(sub('depth', 'ETHUSDT', { limit: 10 }));
      const btc = bookOf(await nextPush('depth', 'BTCUSDT'));
      const raw = rt.hub.book('BTCUSDT', 200)!;
      expect(btc).toMatchObject({ s: 'BTCUSDT', v: String(raw.version), b: text(raw.b), a: text(raw.a) });
      expect(btc.b).toHaveLength(Math.min(200, raw.b.length));
      expect(bookOf(await ws.next(isPush('depth', 'ETHUSDT'), WAIT_MS)).a).toHaveLength(10);
      const pushes = ws.frames.filter(isPush('depth')).length;
      await rt.advance(3 * PUSH_MS);
      expect(ws.frames.filter(isPush('depth')).length).toBe(pushes);
    }, TEST_TIMEOUT);

    it('diffDepth: a full book, then deltas chained by pv; applying them gives the server book', async () => {
      await subscribe(sub('diffDepth', 'BTCUSDT'));
      const first = await nextPush('diffDepth', 'BTCUSDT');
      expect(first.f).toBe(true);
      const full = bookOf(first);
      expect(full.pv).toBeUndefined();
      expect(full.b).toHaveLength(200);
      const bids = new Map(full.b);
      const asks = new Map(full.a);
      let version = full.v;
      let deltas = 0;
      const applyArrived = async () => {
        for (;;) {
          const frame = await ws.next((f) => isPush('diffDepth')(f) && bookOf(f).pv === version, 100).catch(() => null);
          if (!frame) return;
          expect(frame.f).toBe(false);
          apply(bids, bookOf(frame).b);
          apply(asks, bookOf(frame).a);
          version = bookOf(frame).v;
          deltas += 1;
        }
      };
      for (let i = 0; i < 5; i++) {
        await rt.advance(PUSH_MS);
        await applyArrived();
      }
      // Once the market stands still, the next push brings the client to the book as it is.
      rt.hub.pause();
      await rt.advance(PUSH_MS);
      await rt.advance(PUSH_MS);
      await applyArrived();
      expect(ws.frames.filter(isPush('diffDepth'))).toHaveLength(deltas + 1);
      expect(deltas).toBeGreaterThan(0);
      const raw = rt.hub.book('BTCUSDT', 200)!;
      expect(version).toBe(String(raw.version));
      expect(sorted(bids, true)).toEqual(text(raw.b));
      expect(sorted(asks, false)).toEqual(text(raw.a));
      expect(rt.gateway.lastPushedBook('diffDepth', 'BTCUSDT')).toEqual({ s: 'BTCUSDT', v: version, b: text(raw.b), a: text(raw.a) });
    }, TEST_TIMEOUT);

    it('diffDepth: a lost frame shows as a pv the client does not hold; resubscribing brings a fresh book', async () => {
      await subscribe(sub('diffDepth', 'BTCUSDT'));
      const held = bookOf(await nextPush('diffDepth', 'BTCUSDT')).v;
      rt.gateway.faults.dropFrames(1);
      const next = await nextPush('diffDepth', 'BTCUSDT', (f) => f.f === false);
      expect(bookOf(next).pv).not.toBe(held);
      await subscribe(sub('diffDepth', 'BTCUSDT'));
      expect((await nextPush('diffDepth', 'BTCUSDT', (f) => f.f === true)).f).toBe(true);
    }, TEST_TIMEOUT);

    it('trade: the last 60 trades newest first, then only the new ones', async () => {
      await rt.hub.seek(60_000);
      await subscribe(sub('trade', 'BTCUSDT'));
      const first = await nextPush('trade', 'BTCUSDT');
      expect(first.f).toBe(true);
      const trades = rows(first);
      expect(trades).toHaveLength(60);
      const kept = rt.hub.trades('BTCUSDT', 100);
      const start = kept.findIndex((t) => String(t.id) === trades[0]!.v);
      expect(trades).toEqual(kept.slice(start, start + 60).map((t) => ({ v: String(t.id), t: t.t, p: t.p, q: t.q, m: t.m })));
      let newest = Number(trades[0]!.v);
      for (let i = 0; i < 3; i++) {
        const next = await nextPush('trade', 'BTCUSDT');
        expect(next.f).toBe(false);
        const ids = rows(next).map((t) => Number(t.v));
        expect(ids.every((id) => id > newest)).toBe(true);
        expect([...ids].sort((a, b) => b - a)).toEqual(ids);
        newest = ids[0]!;
      }
    }, TEST_TIMEOUT);

    it('trade takes a limit up to 60 for its first push (the page asks for 40)', async () => {
      await rt.hub.seek(60_000);
      await subscribe(sub('trade', 'BTCUSDT', { limit: 40 }));
      expect(rows(await nextPush('trade', 'BTCUSDT'))).toHaveLength(40);
      await subscribe(sub('trade', 'ETHUSDT', { limit: 500 }));
      expect(rows(await nextPush('trade', 'ETHUSDT'))).toHaveLength(60);
    }, TEST_TIMEOUT);

    it('kline: every interval answers on topic kline with its klineType and the current bar', async () => {
      await rt.hub.seek(60_000);
      rt.hub.pause();
      for (const interval of INTERVALS) await subscribe(sub(`kline_${interval}`, 'BTCUSDT', { params: { binary: false } }));
      await rt.advance(PUSH_MS);
      const last = rt.hub.trades('BTCUSDT', 1)[0]!;
      for (const interval of INTERVALS) {
        const frame = await ws.next((f) => isPush('kline')(f) && f.params?.klineType === interval, WAIT_MS);
        expect(frame).toMatchObject({ symbol: 'BTCUSDT', topic: 'kline', params: { binary: false, klineType: interval }, f: true });
        const [bar] = rows(frame);
        expect(bar, interval).toMatchObject({ t: bucketStart(interval, last.t), s: 'BTCUSDT', sn: 'BTCUSDT', c: last.p });
        for (const field of ['o', 'h', 'l', 'v']) expect(typeof bar![field]).toBe('string');
      }
    }, TEST_TIMEOUT);

    it('kline: the bar that just closed comes before the new one', async () => {
      await rt.hub.seek(60_000);
      await subscribe(sub('kline_1s', 'BTCUSDT'));
      let current = Number(rows(await nextPush('kline', 'BTCUSDT'))[0]!.t);
      let closing: { before: number; bars: Row[] } | null = null;
      for (let i = 0; i < 12 && !closing; i++) {
        const bars = rows(await nextPush('kline', 'BTCUSDT'));
        if (bars.length === 2) closing = { before: current, bars };
        current = Number(bars.at(-1)!.t);
      }
      expect(closing, 'a 1s bar closes within 12 pushes').not.toBeNull();
      expect(closing!.bars[0]!.t).toBe(closing!.before);
      expect(Number(closing!.bars[1]!.t)).toBeGreaterThan(closing!.before);
    }, TEST_TIMEOUT);

    it('realtimes: every open symbol on subscribe, then the ones that changed', async () => {
      await rt.hub.seek(30_000);
      await subscribe(sub('realtimes', 'ALL'));
      await subscribe(sub('realtimes', 'BTCUSDT,ETHUSDT'));
      const all = await nextPush('realtimes', 'ALL');
      expect(all.f).toBe(true);
      expect(rows(all).map((r) => r.s)).toEqual(['BTCUSDT', 'ETHUSDT']);
      for (const row of rows(all)) {
        const ticker = rt.hub.ticker(row.s as string)!;
        expect(row).toMatchObject({ s: row.s, sn: row.s, o: ticker.open, h: ticker.high, l: ticker.low, v: ticker.volume, qv: ticker.turnover, m: ticker.changeRatio });
        expect(row.m).toMatch(/^-?\d+\.\d{4}$/);
      }
      expect(rows(await ws.next(isPush('realtimes', 'BTCUSDT,ETHUSDT'), WAIT_MS))).toHaveLength(2);
      const later = await nextPush('realtimes', 'ALL');
      expect(later.f).toBe(false);
      expect(rows(later).length).toBeGreaterThan(0);
    }, TEST_TIMEOUT);

    it('notice, instrumentInfo and a listing\'s streams follow the listing opening', async () => {
      await rt.hub.seek(290_000);
      const opensAt = rt.hub.notice('WIFUSDT')!.onlineTime;
      rt.hub.setSpeed(10);
      await subscribe(sub('notice', 'ALL'));
      await subscribe(sub('instrumentInfo', 'ALL'));
      await subscribe(sub('trade', 'WIFUSDT'));
      await subscribe(sub('depth', 'WIFUSDT'));
      await rt.advance(PUSH_MS);
      const notices = rows(await ws.next(isPush('notice'), WAIT_MS));
      expect(notices).toEqual([expect.objectContaining({ symbolId: 'WIFUSDT', noticeType: 1, onlineTime: opensAt })]);
      const info = rows(await ws.next(isPush('instrumentInfo'), WAIT_MS));
      expect(info).toHaveLength(16);
      expect(info.find((s) => s.symbolId === 'WIFUSDT')).toEqual({ symbolId: 'WIFUSDT', tradeStatus: 2, noticeVisible: true, isBanBuy: false, isBanSell: false });
      expect(ws.frames.some(isPush('trade', 'WIFUSDT'))).toBe(false);
      const opened = await (async () => {
        for (let i = 0; i < 20; i++) {
          await rt.advance(PUSH_MS);
          if (rt.hub.isOpen('WIFUSDT')) return true;
        }
        return false;
      })();
      expect(opened).toBe(true);
      expect(rows(await nextPush('notice', 'ALL'))).toEqual([]);
      expect(rows(await ws.next(isPush('instrumentInfo'), WAIT_MS))).toEqual([{ symbolId: 'WIFUSDT', tradeStatus: 1, noticeVisible: false, isBanBuy: false, isBanSell: false }]);
      expect((await ws.next(isPush('depth', 'WIFUSDT'), WAIT_MS)).f).toBe(true);
      expect((await ws.next(isPush('trade', 'WIFUSDT'), WAIT_MS)).f).toBe(true);
    }, TEST_TIMEOUT);

    it('f is true on the first push only; subscribing again restarts the stream', async () => {
      await rt.hub.seek(30_000);
      await subscribe(sub('trade', 'BTCUSDT'));
      expect((await nextPush('trade', 'BTCUSDT')).f).toBe(true);
      expect((await nextPush('trade', 'BTCUSDT')).f).toBe(false);
      await subscribe(sub('trade', 'BTCUSDT'));
      expect((await nextPush('trade', 'BTCUSDT', (f) => f.f === true)).data).toHaveLength(60);
    }, TEST_TIMEOUT);

    it('a seek restarts every stream with a full first push', async () => {
      await subscribe(sub('depth', 'BTCUSDT'));
      await subscribe(sub('trade', 'ETHUSDT'));
      await nextPush('depth', 'BTCUSDT');
      await ws.next(isPush('trade', 'ETHUSDT'), WAIT_MS);
      await rt.hub.seek(120_000);
      ws.drain();
      const depth = await nextPush('depth', 'BTCUSDT');
      expect(depth.f).toBe(true);
      expect(bookOf(depth).v).toBe(String(rt.hub.book('BTCUSDT', 1)!.version));
      const trade = await ws.next(isPush('trade', 'ETHUSDT'), WAIT_MS);
      expect(trade.f).toBe(true);
      expect(trade.data).toHaveLength(60);
    }, TEST_TIMEOUT);

    it('a cancelled stream stops; stats count connections, subscriptions and frames', async () => {
      await subscribe(sub('trade', 'BTCUSDT'));
      await subscribe(sub('realtimes', 'ALL'));
      expect(rt.gateway.stats()).toMatchObject({ connections: 1, subscriptions: 2, perTopic: { 'trade:BTCUSDT': 1, 'realtimes:ALL': 1 } });
      ws.send({ ...sub('trade', 'BTCUSDT'), event: 'cancel' });
      await ws.next(isAck('cancel', 'trade'), WAIT_MS);
      const pushed = ws.frames.filter(isPush('trade')).length;
      await rt.hub.seek(30_000);
      await rt.advance(3 * PUSH_MS);
      expect(ws.frames.filter(isPush('trade'))).toHaveLength(pushed);
      expect(rt.gateway.stats()).toMatchObject({ subscriptions: 1, perTopic: { 'realtimes:ALL': 1 } });
      expect(rt.gateway.stats().framesSent).toBeGreaterThanOrEqual(ws.frames.length);
    }, TEST_TIMEOUT);

    describe('faults', () => {
      it('dropSockets closes every socket abnormally', async () => {
        expect(rt.gateway.faults.dropSockets()).toBe(1);
        expect((await ws.closed).code).toBe(1006);
        expect(rt.gateway.stats().connections).toBe(0);
      }, TEST_TIMEOUT);

      it('stallPongs holds back pongs for a while', async () => {
        rt.gateway.faults.stallPongs(1_000);
        ws.send({ ping: 1 });
        await rt.advance(PUSH_MS);
        await expect(ws.next(isPong, 400)).rejects.toThrow(/no matching frame/);
        await rt.advance(1_000);
        ws.send({ ping: 2 });
        expect(await ws.next(isPong, WAIT_MS)).toEqual({ pong: 2 });
      }, TEST_TIMEOUT);

      it('duplicates, drops and swaps data frames', async () => {
        rt.hub.pause();
        rt.gateway.faults.duplicateFrames(1);
        await subscribe(sub('depth', 'BTCUSDT'));
        await rt.advance(PUSH_MS);
        const one = await ws.next(isPush('depth', 'BTCUSDT'), WAIT_MS);
        expect(await ws.next(isPush('depth', 'BTCUSDT'), WAIT_MS)).toEqual(one);

        rt.gateway.faults.reorderFrames(1);
        await subscribe(sub('depth', 'ETHUSDT'));
        await subscribe(sub('trade', 'BTCUSDT'));
        await rt.advance(PUSH_MS);
        await ws.next(isPush('trade', 'BTCUSDT'), WAIT_MS);
        const order = ws.frames.filter((f) => isPush('depth', 'ETHUSDT')(f) || isPush('trade', 'BTCUSDT')(f)).map((f) => f.topic);
        expect(order).toEqual(['trade', 'depth']);

        rt.gateway.faults.dropFrames(1);
        await subscribe(sub('depth', 'BTCUSDT', { limit: 3 }));
        await subscribe(sub('depth', 'ETHUSDT', { limit: 3 }));
        await rt.advance(PUSH_MS);
        await ws.next((f) => isPush('depth', 'ETHUSDT')(f) && bookOf(f).b.length === 3, WAIT_MS);
        expect(ws.frames.some((f) => isPush('depth', 'BTCUSDT')(f) && bookOf(f).b.length === 3)).toBe(false);
      }, TEST_TIMEOUT);

      it('sends a malformed frame and carries on', async () => {
        rt.gateway.faults.sendMalformed();
        expect((await ws.next((f) => f.malformed !== undefined, WAIT_MS)).malformed).toMatch(/^\{/);
        ws.send({ ping: 3 });
        expect(await ws.next(isPong, WAIT_MS)).toEqual({ pong: 3 });
      }, TEST_TIMEOUT);

      it('pauses the feed while the market keeps moving, and resumes it', async () => {
        await rt.hub.seek(30_000);
        await subscribe(sub('trade', 'BTCUSDT'));
        await nextPush('trade', 'BTCUSDT');
        rt.gateway.faults.pauseFeed(null);
        expect(rt.hub.status().feedPaused).toBe(true);
        const before = ws.frames.length;
        const time = rt.hub.now();
        await rt.advance(3 * PUSH_MS);
        expect(ws.frames.length).toBe(before);
        expect(rt.hub.now()).toBeGreaterThan(time);
        rt.gateway.faults.resumeFeed();
        expect(rt.hub.status().feedPaused).toBe(false);
        expect((await nextPush('trade', 'BTCUSDT')).f).toBe(false);
        rt.gateway.faults.pauseFeed(2 * PUSH_MS);
        await rt.advance(PUSH_MS);
        const paused = ws.frames.length;
        await rt.advance(3 * PUSH_MS);
        expect(ws.frames.length).toBeGreaterThan(paused);
        expect(rt.hub.status().feedPaused).toBe(false);
      }, TEST_TIMEOUT);
    });
  });
}
