import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeClient, type RealtimeClient } from './client';
import { fakeSockets, pushFrame, type FakeSockets } from './fakeSocket.testkit';
import { createNotifyBatcher, defaultFrameScheduler } from './streamStores';
import type { StreamSpec } from './streams';

let sockets: FakeSockets;
let client: RealtimeClient;
let frames: Array<() => void>;

const flushFrame = () => frames.splice(0).forEach((run) => run());
const server = () => sockets.latest();
const dropped = () => client.stats().framesDropped;

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  frames = [];
  sockets = fakeSockets();
  client = createRealtimeClient({
    url: 'ws://page.test/realtime',
    WebSocketImpl: sockets.WebSocketImpl,
    random: () => 0,
    frameScheduler: (run) => frames.push(run),
  });
  server().open();
});

afterEach(() => {
  client.close();
  vi.useRealTimers();
});

function take<S extends StreamSpec>(spec: S) {
  client.subscribe(spec);
  return client.getStore(spec);
}

const level = (p: string, q: string) => [p, q];
const fullBook = (v: string, bids: string[][], asks: string[][]) => ({ s: 'BTCUSDT', t: 1, v, b: bids, a: asks });
const delta = (pv: string, v: string, bids: string[][], asks: string[][] = []) => ({ ...fullBook(v, bids, asks), pv });

describe('depth stores', () => {
  const merged = { topic: 'mergedDepth', symbol: 'BTCUSDT', dumpScale: 0 } as const;
  const mergedPush = (v: string, f = false) =>
    pushFrame('mergedDepth', 'BTCUSDT', [fullBook(v, [level('100', '1')], [level('101', v)])], { f, params: { dumpScale: 0, binary: false } });

  it('replaces the book with every mergedDepth push and drops older or repeated ones', () => {
    const store = take(merged);
    server().receive(mergedPush('5', true));
    server().receive(mergedPush('7'));
    expect(store.get()).toMatchObject({ live: true, book: { version: '7', asks: [['101', '7']] } });
    server().receive(mergedPush('6'));
    server().receive(mergedPush('7'));
    expect(store.get().book?.version).toBe('7');
    expect(dropped()).toMatchObject({ stale: 1, duplicate: 1 });
  });

  it('routes by dumpScale: each merge step has its own book', () => {
    const fine = take(merged);
    const coarse = take({ ...merged, dumpScale: -1 });
    server().receive(pushFrame('mergedDepth', 'BTCUSDT', [fullBook('3', [level('90', '5')], [])], { f: true, params: { dumpScale: -1 } }));
    expect(coarse.get().book?.bids).toEqual([['90', '5']]);
    expect(fine.get().book).toBeNull();
  });

  it('applies diffDepth deltas in order and resubscribes for a fresh book on a gap', () => {
    const store = take({ topic: 'diffDepth', symbol: 'BTCUSDT' });
    const diff = (frame: unknown[], f = false) => server().receive(pushFrame('diffDepth', 'BTCUSDT', frame, { f }));
    diff([fullBook('10', [level('100', '1'), level('99', '2')], [level('101', '1')])], true);
    diff([delta('10', '11', [level('100', '0'), level('99.5', '3')])]);
    expect(store.get().book).toMatchObject({ version: '11', bids: [['99.5', '3'], ['99', '2']] });

    const before = server().sent.length;
    diff([delta('12', '13', [level('98', '1')])]);
    expect(server().sentFrames().slice(before)).toEqual([
      { symbol: 'BTCUSDT', topic: 'diffDepth', event: 'cancel' },
      { symbol: 'BTCUSDT', topic: 'diffDepth', event: 'sub' },
    ]);
    // deltas of the old stream still in flight are dropped, without asking again
    diff([delta('13', '14', [level('98', '2')])]);
    expect(server().sent.length).toBe(before + 2);
    expect(store.get()).toMatchObject({ live: false, book: { version: '11' } });
    expect(dropped().gap).toBe(2);

    diff([fullBook('14', [level('97', '4')], [level('102', '1')])], true);
    expect(store.get()).toMatchObject({ live: true, book: { version: '14', bids: [['97', '4']] } });
    diff([delta('14', '15', [level('97', '5')])]);
    expect(store.get().book?.bids).toEqual([['97', '5']]);
  });

  it('clears the book when the socket is lost and waits for the next full push', () => {
    const store = take({ topic: 'diffDepth', symbol: 'BTCUSDT' });
    server().receive(pushFrame('diffDepth', 'BTCUSDT', [fullBook('10', [level('100', '1')], [])], { f: true }));
    server().drop();
    expect(store.get()).toMatchObject({ live: false, book: null });
    // The cleared book stays reachable for a view that dims it instead of going blank.
    expect(store.get().lastBook?.version).toBe('10');
    vi.advanceTimersByTime(5_000);
    server().open();
    server().receive(pushFrame('diffDepth', 'BTCUSDT', [delta('10', '11', [])]));
    expect(store.get().book).toBeNull();
    server().receive(pushFrame('diffDepth', 'BTCUSDT', [fullBook('20', [level('100', '2')], [])], { f: true }));
    expect(store.get().book?.version).toBe('20');
  });

  it('shows why the server refused a subscription', () => {
    const store = take({ ...merged, dumpScale: 7 });
    server().receive({ symbol: 'BTCUSDT', topic: 'mergedDepth', event: 'sub', code: '-100009', desc: 'DumpScale error.' });
    expect(store.get().error).toEqual({ code: '-100009', desc: 'DumpScale error.' });
  });
});

describe('trades store', () => {
  const trade = (id: number, t = id) => ({ v: String(id), t, p: '100', q: '1', m: id % 2 === 0 });

  it('keeps the newest 100 trades, newest first, each once', () => {
    const store = take({ topic: 'trade', symbol: 'BTCUSDT' });
    server().receive(pushFrame('trade', 'BTCUSDT', Array.from({ length: 60 }, (_, i) => trade(60 - i)), { f: true }));
    for (let next = 61; next <= 130; next += 10) {
      server().receive(pushFrame('trade', 'BTCUSDT', Array.from({ length: 10 }, (_, i) => trade(next + 9 - i))));
    }
    const ids = store.get().trades.map((t) => Number(t.v));
    expect(ids).toHaveLength(100);
    expect(ids[0]).toBe(130);
    expect(ids.at(-1)).toBe(31);
    expect(new Set(ids).size).toBe(100);
  });

  it('drops a batch it already holds and merges a late one into place', () => {
    const store = take({ topic: 'trade', symbol: 'BTCUSDT' });
    server().receive(pushFrame('trade', 'BTCUSDT', [trade(5), trade(4)], { f: true }));
    server().receive(pushFrame('trade', 'BTCUSDT', [trade(9), trade(8)]));
    server().receive(pushFrame('trade', 'BTCUSDT', [trade(9), trade(8)]));
    expect(dropped().duplicate).toBe(1);
    server().receive(pushFrame('trade', 'BTCUSDT', [trade(7), trade(6), trade(5)]));
    expect(store.get().trades.map((t) => t.v)).toEqual(['9', '8', '7', '6', '5', '4']);
  });
});

describe('kline, tickers, notices and instruments', () => {
  const bar = (t: number, c: string) => ({ t, s: 'BTCUSDT', sn: 'BTCUSDT', o: '1', h: '3', l: '1', c, v: '1' });
  const ticker = (s: string, c: string) => ({ t: 1, s, sn: s, o: '1', h: '3', l: '1', c, v: '1', qv: '2', m: '0.0100' });

  it('holds the current bar and the one that just closed; an older push is stale', () => {
    const store = take({ topic: 'kline', symbol: 'BTCUSDT', interval: '1m' });
    const push = (data: unknown[], sendTime: number, f = false) =>
      server().receive(pushFrame('kline', 'BTCUSDT', data, { f, sendTime, params: { klineType: '1m' } }));
    push([bar(0, '2')], 100, true);
    push([bar(0, '2.5')], 400);
    push([bar(0, '2.6'), bar(60_000, '2.7')], 700);
    expect(store.get()).toMatchObject({ bar: { t: 60_000, c: '2.7' }, closed: { t: 0, c: '2.6' } });
    push([bar(60_000, '2.4')], 600);
    expect(store.get().bar?.c).toBe('2.7');
    expect(dropped().stale).toBe(1);
    // another interval is another stream
    expect(client.getStore({ topic: 'kline', symbol: 'BTCUSDT', interval: '5m' }).get().bar).toBeNull();
  });

  it('tickers: the first push sets every symbol, later ones patch', () => {
    const store = take({ topic: 'realtimes', symbol: 'ALL' });
    server().receive(pushFrame('realtimes', 'ALL', [ticker('BTCUSDT', '100'), ticker('ETHUSDT', '10')], { f: true, sendTime: 1 }));
    server().receive(pushFrame('realtimes', 'ALL', [ticker('ETHUSDT', '11')], { sendTime: 2 }));
    expect(Object.keys(store.get().tickers).sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(store.get().tickers.ETHUSDT?.c).toBe('11');
  });

  it('notices: every push is the whole list; instruments: patches after the first', () => {
    const notices = take({ topic: 'notice', symbol: 'ALL' });
    const notice = { symbolId: 'NEWUSDT', noticeType: 1, noticeContent: 'Opens', noticeLinkUrl: '', onlineTime: 5, nowTime: 1 };
    server().receive(pushFrame('notice', 'ALL', [notice], { f: true }));
    server().receive(pushFrame('notice', 'ALL', [], { sendTime: 1 }));
    expect(notices.get().notices).toEqual([]);

    const instruments = take({ topic: 'instrumentInfo', symbol: 'ALL' });
    const info = (symbolId: string, tradeStatus: number) => ({ symbolId, tradeStatus, noticeVisible: false, isBanBuy: false, isBanSell: false });
    server().receive(pushFrame('instrumentInfo', 'ALL', [info('NEWUSDT', 0), info('BTCUSDT', 1)], { f: true }));
    server().receive(pushFrame('instrumentInfo', 'ALL', [info('NEWUSDT', 1)], { sendTime: 1 }));
    expect(instruments.get().instruments.NEWUSDT?.tradeStatus).toBe(1);
    expect(instruments.get().instruments.BTCUSDT?.tradeStatus).toBe(1);
  });
});

describe('dropping and counting', () => {
  it('counts malformed frames and pushes for streams nobody holds', () => {
    server().receive('{oops');
    server().receive(pushFrame('depth', 'BTCUSDT', [{ s: 'BTCUSDT', t: 1, v: '1', b: [[1, 2]], a: [] }]));
    server().receive(pushFrame('trade', 'XRPUSDT', []));
    expect(dropped()).toEqual({ malformed: 2, stale: 1, duplicate: 0, gap: 0 });
    expect(client.stats().framesReceived).toBe(3);
  });

  it('keeps pushes that arrive before anyone read the store', () => {
    const spec = { topic: 'trade', symbol: 'BTCUSDT' } as const;
    client.subscribe(spec);
    server().receive(pushFrame('trade', 'BTCUSDT', [{ v: '1', t: 1, p: '1', q: '1', m: true }], { f: true }));
    expect(client.getStore(spec).get().trades).toHaveLength(1);
    expect(dropped().stale).toBe(0);
  });

  it('empties a store once its stream is torn down', () => {
    const spec = { topic: 'trade', symbol: 'BTCUSDT' } as const;
    const release = client.subscribe(spec);
    server().receive(pushFrame('trade', 'BTCUSDT', [{ v: '1', t: 1, p: '1', q: '1', m: true }], { f: true }));
    release();
    vi.advanceTimersByTime(2_000);
    expect(client.getStore(spec).get()).toMatchObject({ live: false, trades: [] });
  });
});

describe('notification batching', () => {
  it('tells listeners once per frame while get() is always current', () => {
    const store = take({ topic: 'trade', symbol: 'BTCUSDT' });
    const listener = vi.fn();
    store.subscribe(listener);
    for (let id = 1; id <= 5; id += 1) {
      server().receive(pushFrame('trade', 'BTCUSDT', [{ v: String(id), t: id, p: '1', q: '1', m: true }], { f: id === 1 }));
    }
    expect(store.get().trades).toHaveLength(5);
    expect(listener).not.toHaveBeenCalled();
    flushFrame();
    expect(listener).toHaveBeenCalledTimes(1);
    flushFrame();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('does not notify for a dropped frame', () => {
    const store = take({ topic: 'trade', symbol: 'BTCUSDT' });
    server().receive(pushFrame('trade', 'BTCUSDT', [{ v: '1', t: 1, p: '1', q: '1', m: true }], { f: true }));
    flushFrame();
    const listener = vi.fn();
    store.subscribe(listener);
    server().receive(pushFrame('trade', 'BTCUSDT', [{ v: '1', t: 1, p: '1', q: '1', m: true }]));
    flushFrame();
    expect(listener).not.toHaveBeenCalled();
  });

  it('uses requestAnimationFrame, or a 16 ms timer where there is none', () => {
    const raf = vi.fn((run: FrameRequestCallback) => {
      run(0);
      return 1;
    });
    vi.stubGlobal('requestAnimationFrame', raf);
    const ran = vi.fn();
    defaultFrameScheduler(ran);
    expect(raf).toHaveBeenCalledTimes(1);
    expect(ran).toHaveBeenCalledTimes(1);

    vi.stubGlobal('requestAnimationFrame', undefined);
    const batcher = createNotifyBatcher(defaultFrameScheduler);
    const notify = vi.fn();
    batcher.mark(notify);
    batcher.mark(notify);
    vi.advanceTimersByTime(15);
    expect(notify).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(notify).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
