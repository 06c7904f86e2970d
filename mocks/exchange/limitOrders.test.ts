// @vitest-environment node
/**
 * GTC / IOC / FOK / PostOnly limit orders against hand-made BTCUSDT markets:
 * resting and queue position, the taker part, liquidity consumption and entry
 * latency. Figures are what a trader would read: statuses, fill prices and
 * sizes, free and locked balances.
 */
import { describe, expect, test } from 'vitest';
import { expectLocksHeld, fillsOf, get, line, place, rich, touchMarket as market, U, value } from './orderTestKit';
import { amount, harness, lots, px, type Harness } from './testKit';
import type { Order } from './types';

describe('resting GTC limit', () => {
  test('rests as New with price × qty locked and no fill', () => {
    const h = market();
    const o = place(h, { price: '59000', qty: '0.5' });
    expect(o.status).toBe('New');
    expect(line(h, 'USDT')).toMatchObject({ free: amount('70500'), locked: amount('29500') });
    expect(h.ex.openOrders(U).map((x) => x.orderId)).toEqual([o.orderId]);
    expect(h.ex.fills(U)).toEqual([]);
    expectLocksHeld(h);
  });

  test('an order behind 5 BTC at its price fills only after 5 BTC traded there', () => {
    const h = harness();
    h.snapshot([['59999', '1']], [['60001', '5']]);
    const o = place(h, { side: 'Sell', price: '60001', qty: '1' });
    expect(o.queueAhead).toBe(lots('5'));
    h.trade('60001', '3', true);
    h.trade('60001', '2', true);
    // Sellers hitting the bids at that price do not touch a resting sell.
    h.trade('60001', '1', false);
    expect(get(h, o.orderId)).toMatchObject({ status: 'New', executedQty: 0 });
    h.trade('60001', '0.4', true);
    expect(get(h, o.orderId)).toMatchObject({ status: 'PartiallyFilled', executedQty: lots('0.4') });
    h.trade('60001', '1', true);
    expect(get(h, o.orderId)).toMatchObject({ status: 'Filled', executedQty: lots('1') });
    const fills = fillsOf(h, o.orderId);
    expect(fills.map((f) => [f.price, f.qty, f.isMaker])).toEqual([[px('60001'), lots('0.4'), true], [px('60001'), lots('0.6'), true]]);
    // Sold 1 BTC at 60,001 less the 0.1 % fee in USDT.
    expect(line(h, 'BTC')).toEqual({ token: 'BTC', free: amount('1'), locked: 0n });
    expect(line(h, 'USDT')).toEqual({ token: 'USDT', free: amount('100000') + amount('60001') - amount('60.001'), locked: 0n });
    expectLocksHeld(h);
  });

  test('one trade larger than the queue ahead fills the order at once', () => {
    const h = harness();
    h.snapshot([['59999', '1']], [['60001', '5']]);
    const o = place(h, { side: 'Sell', price: '60001', qty: '1' });
    h.trade('60001', '5.5', true);
    expect(get(h, o.orderId)).toMatchObject({ status: 'PartiallyFilled', executedQty: lots('0.5') });
    h.trade('60001', '7', true);
    expect(get(h, o.orderId)).toMatchObject({ status: 'Filled', executedQty: lots('1') });
  });

  test('a level shrinking below the queue ahead caps it; a growing level does not push it back', () => {
    const h = harness();
    h.snapshot([['59999', '1']], [['60001', '5']]);
    const o = place(h, { side: 'Sell', price: '60001', qty: '1' });
    h.book([], [['60001', '2']]);
    expect(get(h, o.orderId).queueAhead).toBe(lots('2'));
    h.book([], [['60001', '9']]);
    expect(get(h, o.orderId).queueAhead).toBe(lots('2'));
    h.trade('60001', '2', true);
    expect(get(h, o.orderId).executedQty).toBe(0);
    h.trade('60001', '0.3', true);
    expect(get(h, o.orderId).executedQty).toBe(lots('0.3'));
  });

  test('a trade printing through the price fills at the order price, up to the trade size', () => {
    const h = market();
    const sell = place(h, { side: 'Sell', price: '60001.5', qty: '1' });
    const buy = place(h, { side: 'Buy', price: '59999.5', qty: '1' });
    // Buyers lift 0.3 BTC at 60,003: our sell at 60,001.50 was in the way.
    h.trade('60003', '0.3', true);
    expect(fillsOf(h, sell.orderId).map((f) => [f.price, f.qty, f.isMaker])).toEqual([[px('60001.5'), lots('0.3'), true]]);
    h.trade('60003', '2', true);
    expect(get(h, sell.orderId)).toMatchObject({ status: 'Filled', executedQty: lots('1') });
    // Sellers hit 0.2 BTC at 59,998: our bid at 59,999.50 fills 0.2 at its own price.
    h.trade('59998', '0.2', false);
    expect(fillsOf(h, buy.orderId).map((f) => [f.price, f.qty])).toEqual([[px('59999.5'), lots('0.2')]]);
    expectLocksHeld(h);
  });

  test('a recorded book crossing a resting bid fills it at its price against the crossing levels', () => {
    const h = market();
    const o = place(h, { price: '60000', qty: '1' });
    h.book([], [['59999.5', '0.4'], ['60000', '0.3']]);
    expect(get(h, o.orderId)).toMatchObject({ status: 'PartiallyFilled', executedQty: lots('0.7') });
    expect(fillsOf(h, o.orderId).every((f) => f.price === px('60000') && f.isMaker)).toBe(true);
    expect(line(h, 'BTC').free).toBe(amount('2.7') - amount('0.0007'));
    expect(line(h, 'USDT')).toMatchObject({ free: amount('40000'), locked: amount('18000') });
    // A change elsewhere does not offer the same crossing lots twice …
    h.book([['59999', '2']], []);
    expect(get(h, o.orderId).executedQty).toBe(lots('0.7'));
    // … a change of the crossing level does.
    h.book([], [['60000', '0.5']]);
    expect(get(h, o.orderId)).toMatchObject({ status: 'Filled', executedQty: lots('1') });
    expect(line(h, 'USDT')).toMatchObject({ free: amount('40000'), locked: 0n });
    expectLocksHeld(h);
  });
});

describe('queue models', () => {
  /** A sell behind 5 BTC; the level grows to 8 (3 behind it) and then 4 BTC are cancelled. */
  function cancellations(queue: { kind: 'riskAverse' } | { kind: 'probabilistic'; seed: number }): { h: Harness; o: Order } {
    const h = harness({ queue });
    h.snapshot([['59999', '1']], [['60001', '5']]);
    const o = place(h, { side: 'Sell', price: '60001', qty: '1' });
    h.book([], [['60001', '8']]);
    for (const q of ['7.5', '7', '6.5', '6', '5.5', '5', '4.5', '4']) h.book([], [['60001', q]]);
    return { h, o };
  }

  test('risk averse: cancellations never move the order up, they only cap it at the level size', () => {
    const { h, o } = cancellations({ kind: 'riskAverse' });
    expect(get(h, o.orderId).queueAhead).toBe(lots('4'));
    h.trade('60001', '3', true);
    expect(get(h, o.orderId).executedQty).toBe(0);
  });

  test('probabilistic (seeded): part of the cancellations come from ahead, the same way every run', () => {
    const a = cancellations({ kind: 'probabilistic', seed: 7 });
    const b = cancellations({ kind: 'probabilistic', seed: 7 });
    const ahead = get(a.h, a.o.orderId).queueAhead;
    expect(ahead).toBeGreaterThan(0);
    expect(ahead).toBeLessThan(lots('4'));
    expect(get(b.h, b.o.orderId).queueAhead).toBe(ahead);
    a.h.trade('60001', '3', true);
    expect(get(a.h, a.o.orderId).executedQty).toBe(lots('3') - ahead);
  });
});

describe('the taker part of a marketable limit', () => {
  test('walks the levels up to its price and releases what the better prices saved', () => {
    const h = market();
    const o = place(h, { price: '60002', qty: '1.5' });
    expect(o).toMatchObject({ status: 'Filled', executedQty: lots('1.5') });
    expect(fillsOf(h, o.orderId).map((f) => [f.price, f.qty, f.isMaker])).toEqual([
      [px('60001'), lots('1'), false],
      [px('60002'), lots('0.5'), false],
    ]);
    expect(line(h, 'USDT')).toEqual({ token: 'USDT', free: amount('100000') - amount('60001') - amount('30001'), locked: 0n });
    expect(line(h, 'BTC')).toEqual({ token: 'BTC', free: amount('2') + amount('1.5') - amount('0.0015'), locked: 0n });
  });

  test('what cannot take rests at its price with the rest locked', () => {
    const h = market();
    rich(h);
    const o = place(h, { price: '60002', qty: '4' });
    expect(o).toMatchObject({ status: 'PartiallyFilled', executedQty: lots('3') });
    expect(line(h, 'USDT').locked).toBe(value('60002', '1'));
    const view = h.ex.bookView('BTCUSDT')!;
    expect(view.b[0]).toEqual([px('60002'), lots('1')]);
    // The asks it took are not on offer until those levels change in the recording.
    expect(view.a).toEqual([]);
    expectLocksHeld(h);
  });

  test('two orders cannot take the same level until the level changes in the recording', () => {
    const h = market();
    rich(h);
    const first = place(h, { price: '60001', qty: '1', timeInForce: 'IOC' });
    expect(first.status).toBe('Filled');
    const second = place(h, { price: '60001', qty: '1', timeInForce: 'IOC' });
    expect(second).toMatchObject({ status: 'Cancelled', executedQty: 0 });
    h.book([], [['60002', '3']]);
    expect(place(h, { price: '60001', qty: '1', timeInForce: 'IOC' }).executedQty).toBe(0);
    h.book([], [['60001', '1.2']]);
    const third = place(h, { price: '60001', qty: '1', timeInForce: 'IOC' });
    expect(third).toMatchObject({ status: 'Filled', executedQty: lots('1') });
    expect(h.ex.bookView('BTCUSDT')!.a[0]).toEqual([px('60001'), lots('0.2')]);
  });
});

describe('time in force', () => {
  test('IOC: the rest is cancelled and its lock released', () => {
    const h = market();
    rich(h);
    const o = place(h, { price: '60001', qty: '1.5', timeInForce: 'IOC' });
    expect(o).toMatchObject({ status: 'PartiallyFilledCanceled', executedQty: lots('1') });
    expect(line(h, 'USDT')).toEqual({ token: 'USDT', free: amount('1000000') - amount('60001'), locked: 0n });
    const none = place(h, { price: '60000', qty: '1', timeInForce: 'IOC' });
    expect(none).toMatchObject({ status: 'Cancelled', executedQty: 0 });
    expect(line(h, 'USDT').locked).toBe(0n);
  });

  test('FOK: all or nothing', () => {
    const h = market();
    rich(h);
    const short = place(h, { price: '60001', qty: '1.000001', timeInForce: 'FOK' });
    expect(short).toMatchObject({ status: 'Cancelled', executedQty: 0 });
    expect(line(h, 'USDT')).toEqual({ token: 'USDT', free: amount('1000000'), locked: 0n });
    const exact = place(h, { price: '60001', qty: '1', timeInForce: 'FOK' });
    expect(exact).toMatchObject({ status: 'Filled', executedQty: lots('1') });
    h.book([], [['60001', '1']]);
    const deeper = place(h, { price: '60002', qty: '3', timeInForce: 'FOK' });
    expect(deeper).toMatchObject({ status: 'Filled', executedQty: lots('3') });
  });

  test('PostOnly: cancelled with 170218 when it would take, rests otherwise', () => {
    const h = market();
    const taker = place(h, { price: '60001', qty: '0.1', timeInForce: 'PostOnly' });
    expect(taker.status).toBe('Cancelled');
    expect(taker.reason?.code).toBe(170218);
    expect(taker.executedQty).toBe(0);
    expect(line(h, 'USDT')).toEqual({ token: 'USDT', free: amount('100000'), locked: 0n });
    const maker = place(h, { price: '60000.99', qty: '0.1', timeInForce: 'PostOnly' });
    expect(maker.status).toBe('New');
    expect(line(h, 'USDT').locked).toBe(value('60000.99', '0.1'));
  });
});

describe('order-entry latency', () => {
  test('the order meets the book as it is at arrival, not at submission', () => {
    const h = market({ latencyMs: 50 });
    const o = place(h, { price: '60001', qty: '1', timeInForce: 'IOC' });
    expect(o.executedQty).toBe(0);
    // The ask it aimed at is gone before it arrives.
    h.book([], [['60001', '0']]);
    h.step(48);
    expect(get(h, o.orderId).status).toBe('New');
    h.step(1); // 50 ms after submission
    expect(get(h, o.orderId)).toMatchObject({ status: 'Cancelled', executedQty: 0 });
    expect(line(h, 'USDT')).toEqual({ token: 'USDT', free: amount('100000'), locked: 0n });
  });

  test('liquidity that appears in flight is there on arrival; a later change is not', () => {
    const h = market({ latencyMs: 50 });
    const o = place(h, { price: '60000.5', qty: '0.5', timeInForce: 'IOC' });
    h.book([], [['60000.5', '0.5']]);
    // The next event comes 60 ms after submission and removes the level: the order arrived before it.
    h.t += 58;
    h.book([], [['60000.5', '0']]);
    expect(get(h, o.orderId)).toMatchObject({ status: 'Filled', executedQty: lots('0.5') });
    expect(fillsOf(h, o.orderId)[0]!.price).toBe(px('60000.5'));
  });

  test('a pending order can be cancelled before it arrives', () => {
    const h = market({ latencyMs: 50 });
    const o = place(h, { price: '60001', qty: '1' });
    expect(h.ex.cancel(U, { orderId: o.orderId }, h.t).ok).toBe(true);
    h.step(100);
    expect(get(h, o.orderId)).toMatchObject({ status: 'Cancelled', executedQty: 0 });
    expect(line(h, 'USDT')).toEqual({ token: 'USDT', free: amount('100000'), locked: 0n });
  });
});
