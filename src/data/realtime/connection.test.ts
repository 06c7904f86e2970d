import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_CODES, reconnectDelay } from '../../domain/realtime';
import { createPageStatusStore } from '../pageStatus';
import { createConnection, systemScheduler, type Connection, type ConnectionStatus, type PageActivitySource } from './connection';
import { fakeSockets, type FakeSockets } from './fakeSocket.testkit';

let sockets: FakeSockets;
let disconnects: number[];
let statuses: ConnectionStatus[];
let latencies: number[];
let opens: number;

function connect({ random = () => 0.5, pageStatus }: { random?: () => number; pageStatus?: PageActivitySource } = {}): Connection {
  const connection = createConnection({
    url: 'ws://page.test/realtime',
    WebSocketImpl: sockets.WebSocketImpl,
    scheduler: systemScheduler,
    random,
    pageStatus,
    events: {
      onOpen: () => (opens += 1),
      onFrame: () => {},
      onMalformed: () => {},
      onDisconnect: (code) => disconnects.push(code),
      onStatus: (status) => statuses.push(status),
      onLatency: (ms) => latencies.push(ms),
    },
  });
  connection.start();
  return connection;
}

const pings = () => sockets.latest().sentFrames().filter((f) => 'ping' in f);

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
  sockets = fakeSockets();
  disconnects = [];
  statuses = [];
  latencies = [];
  opens = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('connecting', () => {
  it('opens a socket to the URL and reports open', () => {
    const connection = connect();
    expect(sockets.all).toHaveLength(1);
    expect(sockets.latest().url).toBe('ws://page.test/realtime');
    expect(connection.status()).toBe('connecting');
    expect(connection.send('x')).toBe(false);
    sockets.latest().open();
    expect(connection.status()).toBe('open');
    expect(opens).toBe(1);
    expect(connection.send('x')).toBe(true);
  });

  it('gives up a socket that has not opened after 10 s (4997) and tries again', () => {
    const connection = connect({ random: () => 1 });
    vi.advanceTimersByTime(9_999);
    expect(sockets.latest().closedWith).toBeNull();
    vi.advanceTimersByTime(1);
    expect(sockets.all[0]?.closedWith).toBe(CLOSE_CODES.openTimeout);
    expect(disconnects).toEqual([4997]);
    expect(connection.status()).toBe('reconnecting');
    vi.advanceTimersByTime(reconnectDelay(1, 1));
    expect(sockets.all).toHaveLength(2);
  });

  it('an error before open is 4999, after open 4998', () => {
    connect();
    sockets.latest().fail();
    expect(disconnects).toEqual([CLOSE_CODES.openError]);
    vi.advanceTimersByTime(5_000);
    sockets.latest().open();
    sockets.latest().fail();
    expect(disconnects).toEqual([CLOSE_CODES.openError, CLOSE_CODES.socketError]);
  });

  it('a constructor that throws counts as an open error and is retried', () => {
    let calls = 0;
    const Throwing = class extends sockets.WebSocketImpl {
      constructor(url: string) {
        calls += 1;
        if (calls === 1) throw new SyntaxError('bad URL');
        super(url);
      }
    };
    const connection = createConnection({
      url: 'ws://x',
      WebSocketImpl: Throwing,
      scheduler: systemScheduler,
      random: () => 0,
      events: { onOpen() {}, onFrame() {}, onMalformed() {}, onDisconnect: (c) => disconnects.push(c), onStatus() {}, onLatency() {} },
    });
    connection.start();
    expect(disconnects).toEqual([4999]);
    vi.advanceTimersByTime(2_000);
    expect(sockets.all).toHaveLength(1);
  });
});

describe('heartbeat', () => {
  it('pings every 15 s and measures the pong', () => {
    connect();
    sockets.latest().open();
    vi.advanceTimersByTime(14_999);
    expect(pings()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(pings()).toEqual([{ ping: 1_015_000 }]);
    vi.advanceTimersByTime(120);
    sockets.latest().receive({ pong: 1_015_000 });
    expect(latencies).toEqual([120]);
    vi.advanceTimersByTime(15_000);
    expect(pings()).toHaveLength(2);
    sockets.latest().receive({ pong: pings()[1]!.ping });
    expect(sockets.latest().closedWith).toBeNull();
  });

  it('closes with 4996 when the pong is 3 s late, then reconnects', () => {
    const connection = connect({ random: () => 0 });
    sockets.latest().open();
    vi.advanceTimersByTime(15_000 + 2_999);
    expect(sockets.latest().closedWith).toBeNull();
    vi.advanceTimersByTime(1);
    expect(sockets.latest().closedWith).toBe(CLOSE_CODES.pongTimeout);
    expect(connection.status()).toBe('reconnecting');
    vi.advanceTimersByTime(reconnectDelay(1, 0) - 1);
    expect(sockets.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets.all).toHaveLength(2);
  });

  it('ignores a pong that answers no outstanding ping', () => {
    connect();
    sockets.latest().open();
    vi.advanceTimersByTime(15_000);
    sockets.latest().receive({ pong: 42 });
    vi.advanceTimersByTime(3_000);
    expect(sockets.latest().closedWith).toBe(CLOSE_CODES.pongTimeout);
    expect(latencies).toEqual([]);
  });
});

describe('reconnecting', () => {
  it('waits reconnectDelay(attempt, random) between attempts, growing toward 5 s', () => {
    const randoms = [0.1, 0.9, 0.3, 0.7, 0.5, 0];
    let i = 0;
    connect({ random: () => randoms[i++ % randoms.length]! });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= randoms.length; attempt += 1) {
      sockets.latest().fail();
      const before = sockets.all.length;
      let waited = 0;
      while (sockets.all.length === before) {
        vi.advanceTimersByTime(1);
        waited += 1;
      }
      waits.push(waited);
    }
    expect(waits).toEqual(randoms.map((r, n) => reconnectDelay(n + 1, r)));
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(1_000);
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(5_000);
  });

  it('never gives up: 200 failures, then the 201st socket opens', () => {
    const connection = connect({ random: Math.random });
    for (let n = 0; n < 200; n += 1) {
      sockets.latest().fail();
      vi.advanceTimersByTime(5_000);
    }
    expect(sockets.all).toHaveLength(201);
    sockets.latest().open();
    expect(connection.status()).toBe('open');
    // the backoff starts over after an open
    sockets.latest().drop();
    vi.advanceTimersByTime(2_000);
    expect(sockets.all).toHaveLength(202);
  });

  it('a server close (even 1000) is reconnected', () => {
    connect();
    sockets.latest().open();
    sockets.latest().drop(1000);
    expect(disconnects).toEqual([1000]);
    vi.advanceTimersByTime(5_000);
    expect(sockets.all).toHaveLength(2);
  });

  it('close() ends with 4005 and never reconnects', () => {
    const connection = connect();
    sockets.latest().open();
    connection.close();
    expect(sockets.latest().closedWith).toBe(CLOSE_CODES.closedByPage);
    expect(disconnects).toEqual([4005]);
    expect(connection.status()).toBe('closed');
    vi.advanceTimersByTime(120_000);
    expect(sockets.all).toHaveLength(1);
    connection.healthCheck();
    expect(sockets.all).toHaveLength(1);
  });

  it('reconnects with 4006 after too many malformed frames in a row', () => {
    connect();
    sockets.latest().open();
    for (let n = 0; n < 9; n += 1) sockets.latest().receive('garbage');
    sockets.latest().receive({ pong: 1 });
    for (let n = 0; n < 9; n += 1) sockets.latest().receive('garbage');
    expect(sockets.latest().closedWith).toBeNull();
    sockets.latest().receive('garbage');
    expect(sockets.latest().closedWith).toBe(CLOSE_CODES.protocolFailure);
  });
});

describe('health check', () => {
  function page() {
    let now = 0;
    const store = createPageStatusStore({ visible: true, online: true }, () => now);
    return { store, at: (t: number) => (now = t) };
  }

  it('pings at once when the page is shown after more than 60 s hidden, and fails with 4995 without a pong', () => {
    const { store, at } = page();
    connect({ pageStatus: store });
    sockets.latest().open();
    vi.advanceTimersByTime(5_000);
    store.setVisible(false);
    at(61_000);
    store.setVisible(true);
    expect(pings()).toHaveLength(1);
    vi.advanceTimersByTime(3_000);
    expect(sockets.latest().closedWith).toBe(CLOSE_CODES.healthCheckFailed);
  });

  it('keeps the socket when the health-check pong comes', () => {
    const { store, at } = page();
    const connection = connect({ pageStatus: store });
    sockets.latest().open();
    store.setVisible(false);
    at(90_000);
    store.setVisible(true);
    sockets.latest().receive({ pong: pings()[0]!.ping });
    vi.advanceTimersByTime(3_000);
    expect(connection.status()).toBe('open');
  });

  it('does not check after a short hide', () => {
    const { store, at } = page();
    connect({ pageStatus: store });
    sockets.latest().open();
    store.setVisible(false);
    at(30_000);
    store.setVisible(true);
    expect(pings()).toHaveLength(0);
  });

  it('reconnects at once, backoff reset, when the page comes back online during a backoff', () => {
    const { store } = page();
    const connection = connect({ pageStatus: store, random: () => 0 });
    sockets.latest().open();
    store.setOnline(false);
    for (let n = 0; n < 4; n += 1) {
      sockets.latest().fail();
      vi.advanceTimersByTime(5_000);
    }
    sockets.latest().fail();
    const count = sockets.all.length;
    store.setOnline(true);
    expect(sockets.all).toHaveLength(count + 1);
    // the next failure waits like a first one
    sockets.latest().fail();
    vi.advanceTimersByTime(reconnectDelay(1, 0));
    expect(sockets.all).toHaveLength(count + 2);
    sockets.latest().open();
    expect(connection.status()).toBe('open');
  });

  it('restarts a socket stuck opening', () => {
    const connection = connect({ random: () => 0 });
    vi.advanceTimersByTime(5_000);
    const pending = sockets.latest();
    connection.healthCheck();
    expect(pending.closedWith).toBe(CLOSE_CODES.healthCheckFailed);
    expect(sockets.all).toHaveLength(2);
    // the new socket has its own full 10 s to open
    vi.advanceTimersByTime(9_999);
    expect(sockets.latest().closedWith).toBeNull();
    sockets.latest().open();
    expect(connection.status()).toBe('open');
  });

  it('stops following the page status once closed', () => {
    const { store } = page();
    const connection = connect({ pageStatus: store });
    connection.close();
    store.setOnline(false);
    store.setOnline(true);
    expect(sockets.all).toHaveLength(1);
  });
});
