// @vitest-environment node
/**
 * One book for everyone (issue 32): users' resting orders and the recorded
 * liquidity form one price-time book, so one user's taker meets another's
 * resting order, and the queue ahead of a resting order is what the
 * published book shows ahead of it. Hand-made BTCUSDT markets; figures are
 * what traders would read: fills, balances, the book and the tape.
 */
import { describe, expect, test } from 'vitest';
import { expectLocksHeld, fillsOf, get, line, place, touchMarket as market, U } from './orderTestKit';
import { amount, harness, lots, px, type Harness } from './testKit';
import type { ExchangeEvent } from './types';

const B = 'u2';

/** A second trader with 100,000 USDT and 2 BTC. */
function withSecondTrader(h: Harness): Harness {
  h.ex.addAccount({ userId: B, kind: 'UTA', demo: true }, { USDT: amount('100000'), BTC: amount('2') });
  return h;
}

const tape = (events: ExchangeEvent[]) =>
  events.flatMap((e) => (e.type === 'trade' ? [[e.price, e.qty, e.buyerIsTaker]] : []));

describe("a taker meets other users' resting orders", () => {
  test("an IOC sell takes the recorded bid, then another user's bid inside its limit (the issue's case)", () => {
    const h = withSecondTrader(harness());
    h.snapshot([['59999.97', '0.0001']], [['60001', '1']]);
    const bid = place(h, { price: '59999.96', qty: '0.0001' });
    const mark = h.events.length;
    const sell = place(h, { side: 'Sell', price: '59999.96', qty: '0.0002', timeInForce: 'IOC' }, B);
    expect(sell).toMatchObject({ status: 'Filled', executedQty: lots('0.0002') });
    expect(fillsOf(h, sell.orderId, B).map((f) => [f.price, f.qty, f.isMaker])).toEqual([
      [px('59999.97'), lots('0.0001'), false],
      [px('59999.96'), lots('0.0001'), false],
    ]);
    expect(get(h, bid.orderId)).toMatchObject({ status: 'Filled', executedQty: lots('0.0001') });
    expect(fillsOf(h, bid.orderId).map((f) => [f.price, f.qty, f.isMaker])).toEqual([[px('59999.96'), lots('0.0001'), true]]);
    // Two prints, one per trade: the recording's bid, then the bid of the first trader (sellers took both).
    expect(tape(h.events.slice(mark))).toEqual([
      [px('59999.97'), lots('0.0001'), false],
      [px('59999.96'), lots('0.0001'), false],
    ]);
    // The buyer paid 5.999996 USDT and got 0.0001 BTC less the 0.1 % maker fee; the seller the reverse.
    expect(line(h, 'BTC')).toEqual({ token: 'BTC', free: amount('2.0000999'), locked: 0n });
    expect(line(h, 'USDT')).toEqual({ token: 'USDT', free: amount('99994.000004'), locked: 0n });
    expect(line(h, 'BTC', B)).toEqual({ token: 'BTC', free: amount('1.9998'), locked: 0n });
    expect(line(h, 'USDT', B).free).toBe(amount('100000') + amount('11.999993') - amount('0.011999993'));
    expectLocksHeld(h);
  });

  test('a GTC sell at a resting bid trades with it: the published book is never crossed', () => {
    const h = withSecondTrader(market());
    const bid = place(h, { price: '60000', qty: '0.5' });
    const sell = place(h, { side: 'Sell', price: '60000', qty: '0.8' }, B);
    expect(get(h, bid.orderId)).toMatchObject({ status: 'Filled', executedQty: lots('0.5') });
    expect(get(h, sell.orderId, B)).toMatchObject({ status: 'PartiallyFilled', executedQty: lots('0.5') });
    const view = h.ex.bookView('BTCUSDT', 5)!;
    expect(view.a[0]).toEqual([px('60000'), lots('0.3')]);
    expect(view.b[0]).toEqual([px('59999'), lots('1')]);
    expectLocksHeld(h);
  });

  test("a taker walks both books best price first: another user's better offer, then the recording", () => {
    const h = withSecondTrader(market());
    const offer = place(h, { side: 'Sell', price: '60000.5', qty: '0.5' }, B);
    const buy = place(h, { price: '60001', qty: '1.2' });
    expect(fillsOf(h, buy.orderId).map((f) => [f.price, f.qty])).toEqual([
      [px('60000.5'), lots('0.5')],
      [px('60001'), lots('0.7')],
    ]);
    expect(get(h, offer.orderId, B).status).toBe('Filled');
    expectLocksHeld(h);
  });

  test('a market buy fills against user liquidity where the recording shows none', () => {
    const h = withSecondTrader(harness());
    h.snapshot([['59999', '1']], []);
    place(h, { side: 'Sell', price: '60010', qty: '0.3' }, B);
    const buy = place(h, { orderType: 'Market', marketUnit: 'baseCoin', qty: '0.2' });
    expect(buy).toMatchObject({ status: 'Filled', executedQty: lots('0.2') });
    expect(fillsOf(h, buy.orderId).map((f) => [f.price, f.qty, f.isMaker])).toEqual([[px('60010'), lots('0.2'), false]]);
    expect(h.ex.bookView('BTCUSDT', 5)!.a).toEqual([[px('60010'), lots('0.1')]]);
    expectLocksHeld(h);
  });

  test("FOK counts other users' lots; post-only is refused when it would meet one", () => {
    const h = withSecondTrader(market());
    place(h, { side: 'Sell', price: '60000.5', qty: '0.5' }, B);
    const fok = place(h, { price: '60001', qty: '1.5', timeInForce: 'FOK' });
    expect(fok).toMatchObject({ status: 'Filled', executedQty: lots('1.5') });
    place(h, { side: 'Sell', price: '60000.8', qty: '0.5' }, B);
    const post = place(h, { price: '60000.8', qty: '0.1', timeInForce: 'PostOnly' });
    expect(post.status).toBe('Cancelled');
    expectLocksHeld(h);
  });

  test('an account may meet its own resting order (no self-trade prevention, as the venue)', () => {
    const h = market();
    const bid = place(h, { price: '60000', qty: '0.5' });
    const sell = place(h, { side: 'Sell', price: '60000', qty: '0.5' });
    expect(get(h, bid.orderId).status).toBe('Filled');
    expect(get(h, sell.orderId).status).toBe('Filled');
    const fills = h.ex.fills(U);
    expect(new Set(fills.map((f) => f.tradeId)).size).toBe(fills.length);
    expectLocksHeld(h);
  });

  test("a taker at a shared price takes the recorded lots ahead of a user's order first, then the order", () => {
    const h = withSecondTrader(market());
    // 1 BTC of the recording is ahead of the resting sell at 60,001.
    const offer = place(h, { side: 'Sell', price: '60001', qty: '0.5' }, B);
    expect(offer.queueAhead).toBe(lots('1'));
    const buy = place(h, { price: '60001', qty: '1.2', timeInForce: 'IOC' });
    expect(fillsOf(h, buy.orderId).map((f) => [f.price, f.qty])).toEqual([
      [px('60001'), lots('1')],
      [px('60001'), lots('0.2')],
    ]);
    expect(get(h, offer.orderId, B)).toMatchObject({ executedQty: lots('0.2'), queueAhead: 0 });
    expectLocksHeld(h);
  });
});

describe('exact queue positions', () => {
  test("a recorded trade's lots go through the queue once, in order (not once per resting order)", () => {
    const h = withSecondTrader(harness());
    h.snapshot([['59999', '1']], [['60001', '1']]);
    const first = place(h, { side: 'Sell', price: '60001', qty: '0.5' });
    h.book([], [['60001', '3']]);
    const second = place(h, { side: 'Sell', price: '60001', qty: '0.5' }, B);
    expect([get(h, first.orderId).queueAhead, second.queueAhead]).toEqual([lots('1'), lots('3')]);
    // 2 BTC bought: 1 ahead of the first order, 0.5 of it, then 0.5 of the recorded lots between the two.
    h.trade('60001', '2', true);
    expect(get(h, first.orderId)).toMatchObject({ status: 'Filled', executedQty: lots('0.5') });
    expect(get(h, second.orderId, B)).toMatchObject({ executedQty: 0, queueAhead: lots('1.5') });
    // 1.2 more: still 0.3 ahead of the second order.
    h.trade('60001', '1.2', true);
    expect(get(h, second.orderId, B)).toMatchObject({ executedQty: 0, queueAhead: lots('0.3') });
    h.trade('60001', '0.5', true);
    expect(get(h, second.orderId, B)).toMatchObject({ executedQty: lots('0.2'), queueAhead: 0 });
  });

  test('an order resting where a taker consumed recorded lots queues behind what is left, not the full level', () => {
    const h = withSecondTrader(market());
    place(h, { price: '60001', qty: '0.4', timeInForce: 'IOC' });
    const sell = place(h, { side: 'Sell', price: '60001', qty: '0.5' }, B);
    expect(sell.queueAhead).toBe(lots('0.6'));
    expect(h.ex.bookView('BTCUSDT', 1)!.a).toEqual([[px('60001'), lots('1.1')]]);
    h.trade('60001', '0.7', true);
    expect(get(h, sell.orderId, B)).toMatchObject({ executedQty: lots('0.1'), queueAhead: 0 });
  });

  test("a later user's order at a price waits behind an earlier one whatever the queue model draws", () => {
    const h = withSecondTrader(harness({ queue: { kind: 'probabilistic', seed: 7 } }));
    h.snapshot([['59999', '1']], [['60001', '1']]);
    const first = place(h, { side: 'Sell', price: '60001', qty: '0.5' });
    h.book([], [['60001', '4']]);
    const second = place(h, { side: 'Sell', price: '60001', qty: '0.5' }, B);
    for (const size of ['3.5', '2', '3', '0.5', '1']) {
      h.book([], [['60001', size]]);
      expect(get(h, second.orderId, B).queueAhead).toBeGreaterThanOrEqual(get(h, first.orderId).queueAhead);
    }
  });
});
