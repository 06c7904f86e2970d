import { describe, expect, it } from 'vitest';
import { createAttachedTpslDesk } from './attachedTpsl';
import { expectLocksHeld, get, place, touchMarket, U } from './orderTestKit';
import type { Harness } from './testKit';

/** The desk over a market at 59,999 / 60,001; deferred work runs when the test says. */
function setUp(state?: unknown) {
  const h = touchMarket();
  const later: Array<() => void> = [];
  const desk = createAttachedTpslDesk(h.ex, { state, now: () => h.t, defer: (run) => later.push(run) });
  const runDeferred = () => later.splice(0).forEach((run) => run());
  return { h, desk, runDeferred };
}

const plans = (h: Harness) => h.ex.openOrders(U, { plan: true });

describe('attached TP/SL of a limit order', () => {
  it('places one OCO for the bought quantity, less the fee, once the buy fills', () => {
    const { h, desk, runDeferred } = setUp();
    const buy = place(h, { price: '59000', qty: '0.5' });
    desk.attach({ userId: U, orderId: buy.orderId, takeProfit: '65000', stopLoss: '55000' });
    expect(desk.toJSON()).toHaveLength(1);
    h.trade('58990', '1', false);
    h.step(5);
    expect(get(h, buy.orderId).status).toBe('Filled');
    runDeferred();
    const legs = plans(h);
    expect(legs.map((o) => o.planType)).toEqual([10, 10]);
    expect(legs.every((o) => o.side === 'Sell')).toBe(true);
    // 0.5 BTC bought, 0.0005 BTC paid as fee.
    expect(legs[0]!.qty).toBe(499_500);
    expect(desk.of(buy.orderId)).toMatchObject({ state: 'placed', takeProfit: '65000', stopLoss: '55000' });
    expectLocksHeld(h);
  });

  it('a single price places one TP/SL plan', () => {
    const { h, desk, runDeferred } = setUp();
    const buy = place(h, { price: '59000', qty: '0.5' });
    desk.attach({ userId: U, orderId: buy.orderId, takeProfit: null, stopLoss: '55000' });
    h.trade('58990', '1', false);
    h.step(5);
    runDeferred();
    expect(plans(h).map((o) => [o.planType, o.side])).toEqual([[11, 'Sell']]);
  });

  it('an order cancelled before any fill takes its attachment with it', () => {
    const { h, desk, runDeferred } = setUp();
    const buy = place(h, { price: '59000', qty: '0.5' });
    desk.attach({ userId: U, orderId: buy.orderId, takeProfit: '65000', stopLoss: null });
    h.ex.cancel(U, { orderId: buy.orderId }, h.t);
    runDeferred();
    expect(plans(h)).toHaveLength(0);
    expect(desk.of(buy.orderId)?.state).toBe('dropped');
  });

  it('survives a restart through its saved state, and drops entries that do not read', () => {
    const { h, desk } = setUp();
    const buy = place(h, { price: '59000', qty: '0.5' });
    desk.attach({ userId: U, orderId: buy.orderId, takeProfit: '65000', stopLoss: '55000' });
    const later: Array<() => void> = [];
    const again = createAttachedTpslDesk(h.ex, { state: [...desk.toJSON(), { orderId: 3 }, null], now: () => h.t, defer: (run) => later.push(run) });
    expect(again.toJSON()).toEqual(desk.toJSON());
  });

  it('tells when the closing order was refused: the market already passed the stop-loss', () => {
    const { h, desk, runDeferred } = setUp();
    const buy = place(h, { price: '59000', qty: '0.5' });
    desk.attach({ userId: U, orderId: buy.orderId, takeProfit: '65000', stopLoss: '58995' });
    h.trade('58990', '1', false);
    h.step(5);
    runDeferred();
    expect(plans(h)).toHaveLength(0);
    expect(desk.of(buy.orderId)).toMatchObject({ state: 'refused', refusalCode: expect.any(Number) });
  });

  it('an order that filled while the desk was away settles when it comes back', () => {
    const { h, desk } = setUp();
    const buy = place(h, { price: '59000', qty: '0.5' });
    desk.attach({ userId: U, orderId: buy.orderId, takeProfit: null, stopLoss: '55000' });
    const saved = desk.toJSON();
    desk.close();
    h.trade('58990', '1', false);
    h.step(5);
    const later: Array<() => void> = [];
    const again = createAttachedTpslDesk(h.ex, { state: saved, now: () => h.t, defer: (run) => later.push(run) });
    later.splice(0).forEach((run) => run());
    expect(plans(h).map((o) => o.planType)).toEqual([11]);
    expect(again.of(buy.orderId)?.state).toBe('placed');
  });
});
