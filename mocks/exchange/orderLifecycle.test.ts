// @vitest-environment node
/**
 * A limit order's life after it is placed, against hand-made BTCUSDT
 * markets: modify, cancel and cancel-all, the book view every user sees, the
 * public tape and order events, and gaps in the recording.
 */
import { describe, expect, test } from 'vitest';
import { expectLocksHeld, fillsOf, get, line, place, touchMarket as market, U, value } from './orderTestKit';
import { amount, harness, lots, px, type Harness } from './testKit';
import type { ExchangeEvent, Order } from './types';

describe('modify', () => {
  /** A sell at 60,001 with 2 BTC ahead of it and 2 behind. */
  function queued(): { h: Harness; o: Order } {
    const h = harness();
    h.snapshot([['59999', '1']], [['60001', '5'], ['60002', '2']]);
    const o = place(h, { side: 'Sell', price: '60001', qty: '1' });
    h.trade('60001', '3', true);
    h.book([], [['60001', '4']]);
    return { h, o };
  }

  test('a smaller quantity keeps the queue place', () => {
    const { h, o } = queued();
    const r = h.ex.modify(U, { orderId: o.orderId, qty: '0.8' }, h.t);
    expect(r.ok && r.value.qty).toBe(lots('0.8'));
    expect(line(h, 'BTC').locked).toBe(amount('0.8'));
    h.trade('60001', '2', true);
    h.trade('60001', '0.5', true);
    expect(get(h, o.orderId).executedQty).toBe(lots('0.5'));
  });

  test('a larger quantity goes to the back of the queue', () => {
    const { h, o } = queued();
    expect(h.ex.modify(U, { orderId: o.orderId, qty: '1.5' }, h.t).ok).toBe(true);
    expect(line(h, 'BTC').locked).toBe(amount('1.5'));
    h.trade('60001', '2', true);
    h.trade('60001', '2', true);
    expect(get(h, o.orderId).executedQty).toBe(0);
    h.trade('60001', '0.5', true);
    expect(get(h, o.orderId).executedQty).toBe(lots('0.5'));
  });

  test('a new price joins behind the size shown there', () => {
    const { h, o } = queued();
    expect(h.ex.modify(U, { orderId: o.orderId, price: '60002' }, h.t).ok).toBe(true);
    h.trade('60002', '2', true);
    expect(get(h, o.orderId).executedQty).toBe(0);
    h.trade('60002', '0.3', true);
    expect(fillsOf(h, o.orderId).map((f) => [f.price, f.qty])).toEqual([[px('60002'), lots('0.3')]]);
  });

  test('a new price across the book takes liquidity', () => {
    const { h, o } = queued();
    const r = h.ex.modify(U, { orderId: o.orderId, price: '59999' }, h.t);
    expect(r.ok && r.value.status).toBe('Filled');
    expect(fillsOf(h, o.orderId).map((f) => [f.price, f.qty, f.isMaker])).toEqual([[px('59999'), lots('1'), false]]);
    expectLocksHeld(h);
  });

  test('a quantity below the filled part is refused with 170313; equal to it finishes the order', () => {
    const h = harness();
    h.snapshot([['59999', '1']], [['60002', '1']]);
    const o = place(h, { side: 'Sell', price: '60001', qty: '1' });
    h.trade('60001', '0.5', true);
    const low = h.ex.modify(U, { orderId: o.orderId, qty: '0.499999' }, h.t);
    expect(low.ok ? null : low.error.code).toBe(170313);
    expect(get(h, o.orderId)).toMatchObject({ status: 'PartiallyFilled', qty: lots('1') });
    const done = h.ex.modify(U, { orderId: o.orderId, qty: '0.5' }, h.t);
    expect(done.ok && done.value.status).toBe('Filled');
    expect(line(h, 'BTC')).toEqual({ token: 'BTC', free: amount('1.5'), locked: 0n });
  });

  test('the lock follows the new size and price, and a modify the balance cannot cover is refused (170131)', () => {
    const h = market();
    const o = place(h, { price: '59000', qty: '1' });
    expect(h.ex.modify(U, { orderId: o.orderId, qty: '1.5' }, h.t).ok).toBe(true);
    expect(line(h, 'USDT')).toMatchObject({ free: amount('11500'), locked: amount('88500') });
    const short = h.ex.modify(U, { orderId: o.orderId, qty: '1.7' }, h.t);
    expect(short.ok ? null : short.error.code).toBe(170131);
    expect(get(h, o.orderId).qty).toBe(lots('1.5'));
    expect(line(h, 'USDT')).toMatchObject({ free: amount('11500'), locked: amount('88500') });
    // Just inside: 1.694915 BTC at 59,000 is 99,999.985 USDT.
    expect(h.ex.modify(U, { orderId: o.orderId, qty: '1.694915' }, h.t).ok).toBe(true);
    expect(h.ex.modify(U, { orderId: o.orderId, price: '58000' }, h.t).ok).toBe(true);
    expect(line(h, 'USDT').locked).toBe(value('58000', '1.694915'));
    expectLocksHeld(h);
  });
});

describe('cancel', () => {
  test('an unfilled order is Cancelled and its lock released', () => {
    const h = market();
    const o = place(h, { price: '59000', qty: '1' });
    const r = h.ex.cancel(U, { orderId: o.orderId }, h.t);
    expect(r.ok && r.value.status).toBe('Cancelled');
    expect(line(h, 'USDT')).toEqual({ token: 'USDT', free: amount('100000'), locked: 0n });
    expect(h.ex.openOrders(U)).toEqual([]);
    expect(h.ex.orderHistory(U)[0]).toMatchObject({ orderId: o.orderId, status: 'Cancelled' });
  });

  test('a partly filled order is PartiallyFilledCanceled and keeps its fills', () => {
    const h = market();
    place(h, { side: 'Sell', price: '60001.5', qty: '1', clientOrderId: 'my-sell' });
    h.trade('60002', '0.25', true);
    const r = h.ex.cancel(U, { clientOrderId: 'my-sell' }, h.t);
    expect(r.ok && r.value).toMatchObject({ status: 'PartiallyFilledCanceled', executedQty: lots('0.25') });
    expect(line(h, 'BTC')).toEqual({ token: 'BTC', free: amount('1.75'), locked: 0n });
  });

  test('cancel-all: every pair or one symbol; ordinary or plan orders by type', () => {
    const h = harness({}, ['BTCUSDT', 'ETHUSDT']);
    h.snapshot([['59999', '1']], [['60001', '1']]);
    // ETH quantities in these events are off by the lot size; only the prices matter here.
    h.snapshot([['2999', '1']], [['3001', '1']], 'ETHUSDT');
    const btc = place(h, { price: '59000', qty: '0.1' });
    const eth = place(h, { symbol: 'ETHUSDT', price: '2900', qty: '1' });
    const tpsl = place(h, { price: '58000', qty: '0.1', planType: 11, triggerPrice: '58000' });
    const cond = place(h, { price: '61000', qty: '0.1', planType: 1, triggerPrice: '61000' });
    const status = () => [btc, eth, tpsl, cond].map((o) => get(h, o.orderId).status);

    const one = h.ex.cancelAll(U, { symbols: ['ETHUSDT'] }, h.t);
    expect(one.ok && one.value.map((o) => o.orderId)).toEqual([eth.orderId]);
    expect(status()).toEqual(['New', 'Cancelled', 'Untriggered', 'Untriggered']);
    h.ex.cancelAll(U, {}, h.t);
    expect(status()).toEqual(['Cancelled', 'Cancelled', 'Untriggered', 'Untriggered']);
    h.ex.cancelAll(U, { kind: 'plan', planTypes: [11] }, h.t);
    expect(status()).toEqual(['Cancelled', 'Cancelled', 'Deactivated', 'Untriggered']);
    h.ex.cancelAll(U, { kind: 'plan' }, h.t);
    expect(status()).toEqual(['Cancelled', 'Cancelled', 'Deactivated', 'Deactivated']);
    expect(line(h, 'USDT')).toEqual({ token: 'USDT', free: amount('100000'), locked: 0n });
  });
});

describe('book view, tape and events', () => {
  test('own resting orders appear in the book view, and leave it as they fill', () => {
    const h = market();
    place(h, { price: '59999', qty: '0.5' });
    const inside = place(h, { price: '60000', qty: '0.25' });
    expect(h.ex.bookView('BTCUSDT')!.b.slice(0, 3)).toEqual([
      [px('60000'), lots('0.25')],
      [px('59999'), lots('1.5')],
      [px('59998'), lots('2')],
    ]);
    // Sellers hit 1.2 BTC at 59,999: through our 60,000 bid (0.25 filled), then the 1 BTC ahead at 59,999.
    h.trade('59999', '1.2', false);
    expect(get(h, inside.orderId).status).toBe('Filled');
    expect(h.ex.bookView('BTCUSDT')!.b.slice(0, 2)).toEqual([
      [px('59999'), lots('1.5')],
      [px('59998'), lots('2')],
    ]);
    expect(h.ex.bookView('BTCUSDT', 1)!.a).toEqual([[px('60001'), lots('1')]]);
  });

  test('own fills go out as fills and public trade events; one order event per order, balances last', () => {
    const h = market();
    const before = h.events.length;
    const o = place(h, { price: '60002', qty: '1.5' });
    const out = h.events.slice(before);
    expect(out.map((e) => e.type)).toEqual(['fill', 'trade', 'fill', 'trade', 'order', 'balance', 'balance']);
    const fills = out.flatMap((e) => (e.type === 'fill' ? [e.fill] : []));
    expect(fills.map((f) => ({ price: f.price, qty: f.qty, fee: f.fee, isMaker: f.isMaker, feeToken: f.feeToken }))).toEqual([
      { price: px('60001'), qty: lots('1'), fee: amount('0.001'), isMaker: false, feeToken: 'BTC' },
      { price: px('60002'), qty: lots('0.5'), fee: amount('0.0005'), isMaker: false, feeToken: 'BTC' },
    ]);
    expect(new Set(fills.map((f) => f.tradeId)).size).toBe(2);
    expect(fills.every((f) => /^\d+$/.test(f.tradeId) && f.orderId === o.orderId)).toBe(true);
    const trades = out.filter((e): e is Extract<ExchangeEvent, { type: 'trade' }> => e.type === 'trade');
    expect(trades.map((t) => [t.price, t.qty, t.buyerIsTaker])).toEqual([[px('60001'), lots('1'), true], [px('60002'), lots('0.5'), true]]);
    const order = out.find((e) => e.type === 'order');
    expect(order?.type === 'order' && order.order.status).toBe('Filled');

    // A resting sell filled by a buyer on the tape: maker, and the buyer took.
    const sell = place(h, { side: 'Sell', price: '60005', qty: '0.1' });
    const mark = h.events.length;
    h.trade('60005', '0.1', true);
    const tape = h.events.slice(mark).filter((e) => e.type === 'trade');
    const tradeSeq = Number(fillsOf(h, sell.orderId)[0]!.tradeId.slice(2));
    expect(tape).toEqual([{ type: 'trade', symbol: 'BTCUSDT', id: tradeSeq, price: px('60005'), qty: lots('0.1'), buyerIsTaker: true, time: h.t }]);
    expect(fillsOf(h, sell.orderId)[0]).toMatchObject({ isMaker: true, fee: amount('6.0005'), feeToken: 'USDT' });
  });

  test('order events carry the server status names as an order lives', () => {
    const h = market();
    const o = place(h, { side: 'Sell', price: '60001.5', qty: '1' });
    h.trade('60002', '0.4', true);
    h.trade('60002', '0.6', true);
    const statuses = h.events.flatMap((e) => (e.type === 'order' && e.order.orderId === o.orderId ? [e.order.status] : []));
    expect(statuses).toEqual(['New', 'PartiallyFilled', 'Filled']);
  });
});

describe('gaps in the recording', () => {
  test('no fills against the empty book of a gap; resting orders survive and meet the next snapshot', () => {
    const h = market();
    const rest = place(h, { price: '59999.5', qty: '0.5' });
    h.gap();
    expect(h.ex.bookView('BTCUSDT')).toBeNull();
    const ioc = place(h, { price: '60001', qty: '1', timeInForce: 'IOC' });
    expect(ioc).toMatchObject({ status: 'Cancelled', executedQty: 0 });
    // Deltas during the gap are not a book: this one would cross the bid.
    h.book([], [['59999', '3']]);
    expect(get(h, rest.orderId)).toMatchObject({ status: 'New', executedQty: 0 });
    h.snapshot([['59998', '1']], [['59999', '0.2'], ['60001', '1']]);
    expect(get(h, rest.orderId)).toMatchObject({ status: 'PartiallyFilled', executedQty: lots('0.2') });
    expect(fillsOf(h, rest.orderId)[0]).toMatchObject({ price: px('59999.5'), isMaker: true });
    expectLocksHeld(h);
  });
});
