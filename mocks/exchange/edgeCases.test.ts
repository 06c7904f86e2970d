import { expect, test } from 'vitest';
import { PLAN } from './types';
import { amount, harness, lots } from './testKit';

/** Cases found in review: each says what a trader would otherwise have seen go wrong. */

function market() {
  const h = harness();
  h.ex.addAccount({ userId: 'uta', kind: 'UTA', demo: false }, { USDT: amount('100000'), BTC: amount('2') });
  h.snapshot([['60000', '1'], ['59990', '1']], [['60010', '1'], ['60020', '1']]);
  h.trade('60005', '0.01', true);
  return h;
}

test('cancel-all of trailing stops also cancels one that already became a trailing profit order', () => {
  const h = market();
  const placed = h.ex.create('u1', { symbol: 'BTCUSDT', side: 'Sell', orderType: 'Market', qty: '0.1', planType: PLAN.TRAILING_STOP, activationPrice: '60100', trailingValue: '50' }, h.t);
  expect(placed.ok).toBe(true);
  h.trade('60100', '0.01', true);
  expect(h.ex.openOrders('u1', { plan: true })[0]!.planType).toBe(PLAN.TRAILING_PROFIT);
  const cancelled = h.ex.cancelAll('u1', { kind: 'plan', planTypes: [PLAN.TRAILING_STOP] }, h.t);
  expect(cancelled.ok && cancelled.value.map((o) => o.status)).toEqual(['Deactivated']);
  expect(h.ex.balances('u1').find((b) => b.token === 'BTC')!.locked).toBe(0n);
});

test('a market buy by value that empties the book with less than a lot of value left is Filled', () => {
  const h = harness();
  h.snapshot([['59990', '1']], [['60000', '0.01']]);
  h.trade('60000', '0.001', true);
  // 600.0001 USDT buys the 0.01 BTC on offer (600 USDT); 0.0001 USDT cannot buy another lot anywhere.
  const r = h.ex.create('u1', { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Market', qty: '600.0001' }, h.t);
  expect(r.ok && [r.value.status, r.value.executedQty]).toEqual(['Filled', lots('0.01')]);
});

test('a post-only order moved across the book is refused and keeps its place and lock', () => {
  const h = market();
  const placed = h.ex.create('u1', { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', price: '59995', qty: '0.1', timeInForce: 'PostOnly' }, h.t);
  expect(placed.ok).toBe(true);
  const id = placed.ok ? placed.value.orderId : '';
  const moved = h.ex.modify('u1', { orderId: id, price: '60010' }, h.t);
  expect(moved.ok ? 'ok' : moved.error.code).toBe(170218);
  const order = h.ex.openOrders('u1')[0]!;
  expect([order.status, order.price]).toEqual(['New', 5_999_500]);
  expect(h.ex.balances('u1').find((b) => b.token === 'USDT')!.locked).toBe(amount('5999.5'));
});

test('an OCO leg cannot be moved to the wrong side of the market', () => {
  const h = market();
  const oco = h.ex.create('uta', {
    symbol: 'BTCUSDT', side: 'Sell', orderType: 'Limit', qty: '0.1',
    oco: { takeProfit: { triggerPrice: '61000', orderType: 'Market' }, stopLoss: { triggerPrice: '59000', orderType: 'Market' } },
  }, h.t);
  expect(oco.ok).toBe(true);
  const tp = oco.ok ? oco.value.orderId : '';
  const wrong = h.ex.modify('uta', { orderId: tp, triggerPrice: '59500' }, h.t);
  expect(wrong.ok ? 'ok' : wrong.error.code).toBe(170130);
  const right = h.ex.modify('uta', { orderId: tp, triggerPrice: '61500' }, h.t);
  expect(right.ok && right.value.triggerPrice).toBe(6_150_000);
});

test('after the replay seeks back, an order sent then arrives after the latency, not after the old time', () => {
  const h = harness({ latencyMs: 20 });
  h.snapshot([['60000', '1']], [['60010', '1']]);
  h.step(60_000);
  h.ex.resetClock(5_000);
  h.t = 5_000;
  const r = h.ex.create('u1', { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', price: '60010', qty: '0.1' }, 5_000);
  expect(r.ok).toBe(true);
  h.step(25);
  expect(h.ex.orderHistory('u1').map((o) => o.status)).toEqual(['Filled']);
});
