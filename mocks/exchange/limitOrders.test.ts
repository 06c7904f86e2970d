// @vitest-environment node
/**
 * GTC / IOC / FOK / PostOnly limit orders against hand-made BTCUSDT markets:
 * resting and queue position, the taker part, liquidity consumption, entry
 * latency, modify, cancel, cancel-all, the book view, the tape and gaps.
 * Figures are what a trader would read: statuses, fill prices and sizes,
 * free and locked balances.
 */
import { checkInvariants } from './invariants';
import { describe, expect, test } from 'vitest';
import { amount, harness, lots, px, type Harness } from './testKit';
import { type ExchangeEvent, type Order, type OrderRequest } from './types';

const U = 'u1';

function place(h: Harness, req: Partial<OrderRequest>): Order {
  const r = h.ex.create(U, { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '1', ...req } as OrderRequest, h.t);
  if (!r.ok) throw new Error(`refused ${r.error.code}: ${r.error.message}`);
  return r.value;
}

const get = (h: Harness, orderId: string): Order => h.ex.getOrder(U, { orderId })!;
const line = (h: Harness, token: string) => h.ex.ledger.line(U, token);
/** Quote value of `qty` at `price`, both decimal text (independent of the engine's units). */
const value = (price: string, qty: string) => (amount(price) * amount(qty)) / 10n ** 18n;
const fillsOf = (h: Harness, orderId: string) => h.ex.fills(U).filter((f) => f.orderId === orderId).reverse();
/** Tops the account up to 1,000,000 USDT, for tests that buy more than 100,000 USDT's worth. */
const rich = (h: Harness) => h.ex.credit(U, 'USDT', amount('900000'));

/** Locked balances are exactly what the open orders (plans included) hold, and nothing is negative. */
function expectLocksHeld(h: Harness): void {
  expect(checkInvariants(h.ex, { exactLocks: true })).toEqual([]);
}

/** Best bid 59,999 (1 BTC), best ask 60,001 (1 BTC), then 60,002 (2 BTC). */
function market(options = {}): Harness {
  const h = harness(options);
  h.snapshot([['59999', '1'], ['59998', '2']], [['60001', '1'], ['60002', '2']]);
  return h;
}

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

  test('demo orders never match each other: a sell at our resting bid meets only the recording', () => {
    const h = market();
    h.ex.addAccount({ userId: 'u2', kind: 'UTA', demo: true }, { BTC: amount('1') });
    const bid = place(h, { price: '60000', qty: '0.5' });
    const r = h.ex.create('u2', { symbol: 'BTCUSDT', side: 'Sell', orderType: 'Limit', price: '60000', qty: '0.5', timeInForce: 'IOC' }, h.t);
    expect(r.ok && [r.value.status, r.value.executedQty]).toEqual(['Cancelled', 0]);
    expect(get(h, bid.orderId)).toMatchObject({ status: 'New', executedQty: 0 });
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
