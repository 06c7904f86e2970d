import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_CODES } from '../../../domain/realtime';
import { fakeSockets, type FakeSockets } from '../fakeSocket.testkit';
import { createPrivateClient, privateSocketUrl, type PrivateClient, type PrivateEvent } from './client';
import { pollingFor } from './feed';
import { classicWallet, fillView, ltOrderView, openAndAck, orderView, push, requests, unifiedWallet } from './privateSocket.testkit';
import type { PrivateAccountType } from './topics';

let sockets: FakeSockets;
let client: PrivateClient;
let events: PrivateEvent[];
let token: string | null;

function start(accountType: PrivateAccountType = 'CLASSIC') {
  client = createPrivateClient({ url: 'ws://page.test/realtime_w', accountType, WebSocketImpl: sockets.WebSocketImpl, random: () => 1, readToken: () => token });
  client.onEvent((event) => events.push(event));
  return client;
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  sockets = fakeSockets();
  events = [];
  token = null;
});

afterEach(() => {
  client?.close();
  vi.useRealTimers();
});

const LT_SUBS = ['sub lt_order', 'sub user.lt.order'];
const CLASSIC_SUBS = ['sub order_new', 'sub plan_order', 'sub stop_limit_order', 'sub oco_order', 'sub match', 'sub asset.spot-walletbalance', 'sub strategy', ...LT_SUBS, 'sub user.uta.upgrade'];
const UTA_SUBS = ['sub user.uta.spot.order', 'sub user.uta.spot.trade', 'sub user.unify.uta.wallet', 'sub strategy', ...LT_SUBS];

describe('subscribing', () => {
  it('asks a classic account for its order, trade and wallet topics on open, and is live once all are acknowledged', () => {
    start('CLASSIC');
    expect(sockets.latest().url).toBe('ws://page.test/realtime_w');
    sockets.latest().open();
    expect(requests(sockets.latest())).toEqual(CLASSIC_SUBS);
    expect(client.state().live).toBe(false);
    for (const frame of sockets.latest().sentFrames().slice(0, -1)) sockets.latest().receive({ ...frame, code: '0', msg: 'Success' });
    expect(client.state().live).toBe(false);
    sockets.latest().receive({ topic: 'user.uta.upgrade', event: 'sub', code: '0', msg: 'Success' });
    expect(client.state()).toMatchObject({ status: 'open', live: true, signedIn: true });
    expect(events).toEqual([{ kind: 'live' }]);
  });

  it('asks a unified account for the unified topics', () => {
    start('UTA');
    openAndAck(sockets.latest());
    expect(requests(sockets.latest())).toEqual(UTA_SUBS);
    expect(client.state().live).toBe(true);
  });

  it('subscribes again on every new socket after a drop, and is live again only once acknowledged', () => {
    start('UTA');
    openAndAck(sockets.latest());
    sockets.latest().drop(1006);
    expect(client.state()).toMatchObject({ live: false, status: 'reconnecting' });
    vi.advanceTimersByTime(1_000);
    expect(sockets.all).toHaveLength(2);
    sockets.latest().open();
    expect(requests(sockets.latest())).toEqual(UTA_SUBS);
    expect(client.state().live).toBe(false);
    openAndAck(sockets.latest());
    expect(client.state().live).toBe(true);
    expect(events).toEqual([{ kind: 'live' }, { kind: 'live' }]);
  });

  it('signs in with the session token when the cookie did not, then subscribes again', () => {
    token = 'tok-1';
    start('UTA');
    const socket = sockets.latest();
    socket.open();
    for (const topic of ['user.uta.spot.order', 'user.uta.spot.trade', 'user.unify.uta.wallet']) {
      socket.receive({ topic, event: 'sub', code: '-100401', desc: 'Login required.' });
    }
    expect(socket.sentFrames().filter((f) => f.event === 'auth')).toEqual([{ event: 'auth', params: { token: 'tok-1' } }]);
    socket.receive({ event: 'auth', code: '0', msg: 'Success', userId: 'u-uta', accountType: 'UTA' });
    expect(requests(socket)).toEqual([...UTA_SUBS, 'auth', ...UTA_SUBS]);
  });

  it('without a token to try, a refused sub leaves the client signed out (the poll stays on)', () => {
    start('CLASSIC');
    sockets.latest().open();
    sockets.latest().receive({ topic: 'order_new', event: 'sub', code: '-100401', desc: 'Login required.' });
    expect(client.state()).toMatchObject({ signedIn: false, live: false });
    expect(pollingFor(client.state())).toEqual({ orders: true, wallet: true });
  });

  it('an ended session drops the topics: not live, signed out', () => {
    start('CLASSIC');
    openAndAck(sockets.latest());
    sockets.latest().receive({ event: 'auth', code: '-100401', desc: 'Session ended.' });
    expect(client.state()).toMatchObject({ live: false, signedIn: false });
  });

  it('close() closes the socket for good (4005) and reports no more events', () => {
    start('CLASSIC');
    const socket = sockets.latest();
    openAndAck(socket);
    client.close();
    expect(socket.closedWith).toBe(CLOSE_CODES.closedByPage);
    expect(client.state()).toMatchObject({ status: 'closed', live: false });
    vi.advanceTimersByTime(60_000);
    expect(sockets.all).toHaveLength(1);
  });
});

describe('pushes', () => {
  it('reads orders, fills and a classic wallet with the REST parsers', () => {
    start('CLASSIC');
    const socket = sockets.latest();
    openAndAck(socket);
    socket.receive(push('order_new', [orderView('1', 'New'), orderView('2', 'Filled')]));
    socket.receive(push('stop_limit_order', [orderView('3', 'Untriggered', { planType: 8 })]));
    socket.receive(push('match', [fillView('9', '2')]));
    socket.receive(classicWallet('99999', 10));
    expect(events.slice(1).map((e) => e.kind)).toEqual(['orders', 'orders', 'fills', 'wallet']);
    const [orders, plans, fills, wallet] = events.slice(1) as Array<Extract<PrivateEvent, { kind: 'orders' | 'fills' | 'wallet' }>>;
    expect(orders).toMatchObject({ orders: [{ orderId: '1', status: 'NEW' }, { orderId: '2', status: 'FILLED' }] });
    expect(plans).toMatchObject({ orders: [{ orderId: '3', status: 'ORDER_NEW', planType: 8 }] });
    expect(fills).toMatchObject({ fills: [{ tradeId: '9', orderId: '2' }] });
    expect(wallet).toEqual({
      kind: 'wallet',
      interval: 5000,
      sendTime: 10,
      balances: [
        { tokenId: 'USDT', free: '99999', locked: '1', total: '100000' },
        { tokenId: 'BTC', free: '1', locked: '0', total: '1' },
      ],
    });
  });

  it('reads the upgrade results of a classic account, leaving out an item that is none', () => {
    start('CLASSIC');
    openAndAck(sockets.latest());
    events.length = 0;
    sockets.latest().receive(push('user.uta.upgrade', [{ code: 200, data: '3400324' }, { data: 0 }, { code: '200', data: 0 }], 7));
    expect(events).toEqual([{ kind: 'upgrade', sendTime: 7, items: [{ code: 200, data: '3400324' }, { code: 200, data: '0' }] }]);
    expect(client.state().dropped.badItems).toBe(1);
  });

  it('reads LT orders on both LT topics with the LT order parser, for either account type', () => {
    for (const accountType of ['CLASSIC', 'UTA'] as const) {
      events = [];
      start(accountType);
      openAndAck(sockets.latest());
      sockets.latest().receive(push('lt_order', [ltOrderView('lt-1', 2)]));
      sockets.latest().receive(push('user.lt.order', [ltOrderView('lt-1', 1), { orderId: 'lt-x', status: 9 }]));
      // Both copies reach the listeners: telling them apart is the caches' business (data/ltOrders.ts).
      expect(events.slice(1)).toMatchObject([
        { kind: 'ltOrders', orders: [{ orderId: 'lt-1', status: 2, nav: null }] },
        { kind: 'ltOrders', orders: [{ orderId: 'lt-1', status: 1, nav: '4.82100000', fillQuantity: '31.0984' }] },
      ]);
      expect(client.state().dropped.badItems).toBe(1);
      client.close();
    }
  });

  it('reads a unified wallet as balance lines: locked is walletBalance less spotAvailableBalance', () => {
    start('UTA');
    openAndAck(sockets.latest());
    sockets.latest().receive(unifiedWallet(10));
    expect(events.at(-1)).toMatchObject({ kind: 'wallet', balances: [{ tokenId: 'USDT', free: '99409.25', locked: '591.25', total: '100000.5' }] });
  });

  it('leaves out an order that does not parse, keeps the others, and counts it', () => {
    start('UTA');
    openAndAck(sockets.latest());
    sockets.latest().receive(push('user.uta.spot.order', [{ orderId: 'x' }, orderView('1', 'New')]));
    expect(events.at(-1)).toMatchObject({ kind: 'orders', orders: [{ orderId: '1' }] });
    expect(client.state().dropped.badItems).toBe(1);
  });

  it('ignores pushes of topics it did not ask for, and keeps the heartbeat on the shared connection', () => {
    start('UTA');
    openAndAck(sockets.latest());
    sockets.latest().receive(push('order_new', [orderView('1', 'New')]));
    expect(events).toEqual([{ kind: 'live' }]);
    vi.advanceTimersByTime(15_000);
    const ping = sockets.latest().sentFrames().find((f) => 'ping' in f);
    expect(ping).toBeDefined();
    sockets.latest().receive({ pong: ping!.ping });
    vi.advanceTimersByTime(3_000);
    expect(client.state().status).toBe('open');
  });

  it('drops a wallet push older than the newest applied one', () => {
    start('CLASSIC');
    openAndAck(sockets.latest());
    sockets.latest().receive(classicWallet('10', 2_000));
    sockets.latest().receive(classicWallet('20', 1_999));
    sockets.latest().receive(classicWallet('30', 2_000));
    const wallets = events.filter((e) => e.kind === 'wallet').map((e) => e.balances[0]!.free);
    expect(wallets).toEqual(['10', '30']);
    expect(client.state().dropped.stalePushes).toBe(1);
    expect(client.state().feed).toMatchObject({ newestSendTime: 2_000 });
  });

  it('a new socket starts the ordering again (the old one can send nothing more)', () => {
    start('CLASSIC');
    openAndAck(sockets.latest());
    sockets.latest().receive(classicWallet('10', 2_000));
    sockets.latest().drop();
    vi.advanceTimersByTime(1_000);
    openAndAck(sockets.latest());
    sockets.latest().receive(classicWallet('20', 500));
    expect(events.filter((e) => e.kind === 'wallet')).toHaveLength(2);
  });
});

describe('polling decisions', () => {
  it('polls until live with a first wallet; a 3000 ms interval stops both polls, 5000 ms only the order poll', () => {
    start('CLASSIC');
    expect(pollingFor(client.state())).toEqual({ orders: true, wallet: true });
    openAndAck(sockets.latest());
    expect(pollingFor(client.state())).toEqual({ orders: true, wallet: true });
    sockets.latest().receive(classicWallet('1', 1, 3000));
    expect(pollingFor(client.state())).toEqual({ orders: false, wallet: false });
    sockets.latest().receive(classicWallet('1', 2, 5000));
    expect(pollingFor(client.state())).toEqual({ orders: false, wallet: true });
  });

  it('turns the polls back on at the first 5 s check after 3 × the interval without a wallet push', () => {
    start('CLASSIC');
    openAndAck(sockets.latest());
    vi.advanceTimersByTime(1_000);
    sockets.latest().receive(classicWallet('1', 1, 3000));
    // checks run at 5 s, 10 s, 15 s: the push came at 1 s, stale from 10 s
    vi.advanceTimersByTime(8_999);
    expect(client.state().stale).toBe(false);
    vi.advanceTimersByTime(1);
    expect(client.state().stale).toBe(true);
    expect(pollingFor(client.state())).toEqual({ orders: true, wallet: true });
    sockets.latest().receive(classicWallet('1', 2, 3000));
    expect(pollingFor(client.state())).toEqual({ orders: false, wallet: false });
  });

  it('polls while the socket is down, even with a fresh wallet', () => {
    start('CLASSIC');
    openAndAck(sockets.latest());
    sockets.latest().receive(classicWallet('1', 1, 3000));
    sockets.latest().drop();
    expect(pollingFor(client.state())).toEqual({ orders: true, wallet: true });
  });
});

describe('the socket address', () => {
  it('sits beside the quote socket', () => {
    expect(privateSocketUrl('', { href: 'https://trade.example/en/trade/BTC/USDT' })).toBe('wss://trade.example/realtime_w');
    expect(privateSocketUrl('http://10.0.0.2:8080/v1', undefined)).toBe('ws://10.0.0.2:8080/v1/realtime_w');
  });
});
