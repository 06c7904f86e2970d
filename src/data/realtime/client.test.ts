import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_CODES } from '../../domain/realtime';
import { createRealtimeClient, quoteSocketUrl, type RealtimeClient } from './client';
import { fakeSockets, type FakeSocket, type FakeSockets } from './fakeSocket.testkit';
import type { StreamSpec } from './streams';

let sockets: FakeSockets;
let client: RealtimeClient;

const trade: StreamSpec = { topic: 'trade', symbol: 'BTCUSDT' };
const book: StreamSpec = { topic: 'mergedDepth', symbol: 'BTCUSDT', dumpScale: 1 };
const kline: StreamSpec = { topic: 'kline', symbol: 'ETHUSDT', interval: '1m' };

/** "sub trade:BTCUSDT", … in the order sent */
function requests(socket: FakeSocket = sockets.latest()): string[] {
  return socket
    .sentFrames()
    .filter((f) => 'event' in f)
    .map((f) => `${String(f.event)} ${String(f.topic)}:${String(f.symbol)}`);
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  sockets = fakeSockets();
  client = createRealtimeClient({ url: 'ws://page.test/realtime', WebSocketImpl: sockets.WebSocketImpl, random: () => 0.5, frameScheduler: () => {} });
});

afterEach(() => {
  client.close();
  vi.useRealTimers();
});

describe('subscriptions', () => {
  it('sends one sub per stream when the socket opens, however many take it', () => {
    client.subscribe(trade);
    client.subscribe(trade);
    client.subscribe(book);
    expect(client.stats().liveSubscriptions).toEqual([]);
    sockets.latest().open();
    expect(requests()).toEqual(['sub trade:BTCUSDT', 'sub mergedDepth:BTCUSDT']);
    expect(sockets.latest().sentFrames()[1]).toEqual({ symbol: 'BTCUSDT', topic: 'mergedDepth', event: 'sub', limit: 40, params: { dumpScale: 1, binary: false } });
    expect(client.stats().liveSubscriptions).toEqual(['trade:BTCUSDT', 'mergedDepth:BTCUSDT:dumpScale=1']);
  });

  it('cancels 2 s after the last release, not before, and not while another holds it', () => {
    sockets.latest().open();
    const first = client.subscribe(trade);
    const second = client.subscribe(trade);
    first();
    first();
    vi.advanceTimersByTime(10_000);
    expect(requests()).toEqual(['sub trade:BTCUSDT']);
    second();
    vi.advanceTimersByTime(1_999);
    expect(requests()).toEqual(['sub trade:BTCUSDT']);
    vi.advanceTimersByTime(1);
    expect(requests()).toEqual(['sub trade:BTCUSDT', 'cancel trade:BTCUSDT']);
    expect(client.stats().liveSubscriptions).toEqual([]);
  });

  it('a remount within the teardown delay keeps the stream without touching the socket', () => {
    sockets.latest().open();
    const release = client.subscribe(kline);
    release();
    vi.advanceTimersByTime(1_500);
    const again = client.subscribe(kline);
    vi.advanceTimersByTime(10_000);
    expect(requests()).toEqual(['sub kline_1m:ETHUSDT']);
    again();
    vi.advanceTimersByTime(2_000);
    expect(requests()).toEqual(['sub kline_1m:ETHUSDT', 'cancel kline_1m:ETHUSDT']);
    // taken again after the cancel: a new sub
    client.subscribe(kline);
    expect(requests()).toEqual(['sub kline_1m:ETHUSDT', 'cancel kline_1m:ETHUSDT', 'sub kline_1m:ETHUSDT']);
  });

  it('resubscribes every stream still wanted after a reconnect, and only those', () => {
    sockets.latest().open();
    client.subscribe(trade);
    client.subscribe(kline);
    const released = client.subscribe(book);
    released();
    sockets.latest().drop();
    vi.advanceTimersByTime(5_000);
    sockets.latest().open();
    expect(requests()).toEqual(['sub trade:BTCUSDT', 'sub kline_1m:ETHUSDT']);
    expect(client.stats()).toMatchObject({ reconnects: 1, lastCloseCode: 1006 });
  });

  it('keeps exactly one live sub per stream through a storm of 50 drops', () => {
    const held = new Map<string, Array<() => void>>();
    const specs: StreamSpec[] = [trade, book, kline, { topic: 'realtimes', symbol: 'ALL' }];
    for (let drop = 0; drop < 50; drop += 1) {
      sockets.latest().open();
      // widgets come and go while the socket flaps
      const spec = specs[drop % specs.length]!;
      const key = `${spec.topic}${drop % 3}`;
      const releases = held.get(key) ?? [];
      releases.push(client.subscribe(spec));
      if (drop % 5 === 4) releases.shift()?.();
      held.set(key, releases);
      if (drop % 7 === 0) vi.advanceTimersByTime(2_500);
      sockets.latest().drop();
      vi.advanceTimersByTime(5_000);
    }
    sockets.latest().open();
    for (const socket of sockets.all) {
      const subs = requests(socket).filter((r) => r.startsWith('sub'));
      expect(new Set(subs).size, 'a stream subscribed twice on one socket').toBe(subs.length);
    }
    expect(requests()).toEqual(['sub trade:BTCUSDT', 'sub mergedDepth:BTCUSDT', 'sub kline_1m:ETHUSDT', 'sub realtimes:ALL']);
    expect([...client.stats().liveSubscriptions].sort()).toEqual(['kline_1m:ETHUSDT', 'mergedDepth:BTCUSDT:dumpScale=1', 'realtimes:ALL', 'trade:BTCUSDT']);
    expect(client.stats().reconnects).toBe(50);
  });
});

describe('stats', () => {
  it('counts frames, latency and the last close code', () => {
    sockets.latest().open();
    vi.advanceTimersByTime(15_000);
    vi.advanceTimersByTime(40);
    sockets.latest().receive({ pong: 15_000 });
    sockets.latest().receive('not json');
    const stats = client.stats();
    expect(stats).toMatchObject({ status: 'open', framesReceived: 2, latencyMs: 40, lastCloseCode: null });
    expect(stats.framesDropped.malformed).toBe(1);
    expect(client.stats()).toBe(stats);
    client.close();
    expect(client.stats()).toMatchObject({ status: 'closed', lastCloseCode: CLOSE_CODES.closedByPage });
  });

  it('tells stats listeners once per frame', () => {
    const frames: Array<() => void> = [];
    const own = createRealtimeClient({ url: 'ws://x', WebSocketImpl: sockets.WebSocketImpl, frameScheduler: (cb) => frames.push(cb) });
    const listener = vi.fn();
    own.onStats(listener);
    sockets.latest().open();
    own.subscribe(trade);
    sockets.latest().receive('junk');
    expect(listener).not.toHaveBeenCalled();
    frames.splice(0).forEach((run) => run());
    expect(listener).toHaveBeenCalledTimes(1);
    own.close();
  });

  it('healthCheck() pings an open socket at once', () => {
    sockets.latest().open();
    client.healthCheck();
    expect(sockets.latest().sentFrames()).toEqual([{ ping: 0 }]);
  });
});

describe('quoteSocketUrl', () => {
  it('follows the page origin when no API base is set', () => {
    expect(quoteSocketUrl('', { href: 'https://trade.example/en/trade/BTC/USDT' })).toBe('wss://trade.example/realtime');
    expect(quoteSocketUrl('', { href: 'http://127.0.0.1:4173/' })).toBe('ws://127.0.0.1:4173/realtime');
  });

  it('uses VITE_API_BASE with its path as a prefix', () => {
    expect(quoteSocketUrl('https://api.example.com/', undefined)).toBe('wss://api.example.com/realtime');
    expect(quoteSocketUrl('http://10.0.0.2:8080/v1', undefined)).toBe('ws://10.0.0.2:8080/v1/realtime');
    expect(quoteSocketUrl('/gateway', { href: 'https://trade.example/x' })).toBe('wss://trade.example/gateway/realtime');
  });
});
