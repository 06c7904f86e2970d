// @vitest-environment node
/**
 * Plan orders on hand-made price paths: conditional (locks on trigger),
 * stop-limit and TP/SL (lock when placed), OCO (one lock for the pair),
 * trailing stop / trailing profit by value and by percentage, plan modify,
 * cancel, and the per-symbol cap. Triggers follow the last recorded trade.
 */
import { expectLocksHeld, fillsOf, get, line, place as placeOrder, touchMarket, U } from './orderTestKit';
import { describe, expect, test } from 'vitest';
import { amount, harness, lots, px, type Harness } from './testKit';
import { type Order, type OrderRequest } from './types';

/** A limit buy of 0.5 BTC unless `req` says otherwise. */
const place = (h: Harness, req: Partial<OrderRequest>, user = U): Order => placeOrder(h, { qty: '0.5', ...req }, user);
const statusEvents = (h: Harness, orderId: string) =>
  h.events.flatMap((e) => (e.type === 'order' && e.order.orderId === orderId ? [e.order.status] : []));

/** Last trade 60,000; bids 59,999 (1) / 59,998 (2); asks 60,001 (1) / 60,002 (2). */
function market(): Harness {
  const h = touchMarket();
  h.trade('60000', '0.01', true);
  return h;
}

/** A market around 100 USDT for the trailing paths. */
function hundred(): Harness {
  const h = harness();
  h.snapshot([['99.99', '5']], [['100.01', '5']]);
  h.trade('100', '0.01', true);
  return h;
}

/** A second account that may place OCO orders (not demo). */
function withLive(h: Harness): string {
  h.ex.addAccount({ userId: 'u2', kind: 'UTA', demo: false }, { USDT: amount('100000'), BTC: amount('2') });
  return 'u2';
}

describe('conditional orders (planType 1)', () => {
  test('a limit buy above the market: nothing locked until the last trade reaches the trigger', () => {
    const h = market();
    const plan = place(h, { planType: 1, triggerPrice: '60100', price: '60150' });
    expect(plan.status).toBe('Untriggered');
    expect(line(h, 'USDT')).toEqual({ token: 'USDT', free: amount('100000'), locked: 0n });
    h.book([], [['60001', '0'], ['60002', '0'], ['60100', '0.2'], ['60150', '1']]);
    h.trade('60099.99', '0.1', true);
    expect(get(h, plan.orderId).status).toBe('Untriggered');
    h.trade('60100', '0.1', true);
    const fired = get(h, plan.orderId);
    expect(fired.status).toBe('Triggered');
    const child = get(h, fired.childOrderId!);
    expect(child).toMatchObject({ parentOrderId: plan.orderId, orderType: 'Limit', price: px('60150'), status: 'Filled', executedQty: lots('0.5') });
    expect(fillsOf(h, child.orderId).map((f) => [f.price, f.qty])).toEqual([[px('60100'), lots('0.2')], [px('60150'), lots('0.3')]]);
    expect(line(h, 'USDT')).toEqual({ token: 'USDT', free: amount('100000') - amount('12020') - amount('18045'), locked: 0n });
    expect(statusEvents(h, plan.orderId)).toEqual(['Untriggered', 'Triggered']);
  });

  test('a market sell below the market (a stop): sells into the bids when the last trade falls to the trigger', () => {
    const h = market();
    const plan = place(h, { side: 'Sell', orderType: 'Market', planType: 1, triggerPrice: '59900' });
    expect(line(h, 'BTC').locked).toBe(0n);
    h.book([['59999', '0'], ['59998', '0'], ['59900', '0.3'], ['59890', '1']], []);
    h.trade('59900.01', '0.1', false);
    expect(get(h, plan.orderId).status).toBe('Untriggered');
    h.trade('59900', '0.1', false);
    const child = get(h, get(h, plan.orderId).childOrderId!);
    expect(child).toMatchObject({ orderType: 'Market', status: 'Filled', executedQty: lots('0.5') });
    expect(fillsOf(h, child.orderId).map((f) => [f.price, f.qty])).toEqual([[px('59900'), lots('0.3')], [px('59890'), lots('0.2')]]);
    expect(line(h, 'BTC')).toEqual({ token: 'BTC', free: amount('1.5'), locked: 0n });
  });

  test('triggers in both directions: a buy below the market, a sell above it', () => {
    const h = market();
    const dip = place(h, { orderType: 'Market', planType: 1, triggerPrice: '59950', qty: '1000' });
    const rally = place(h, { side: 'Sell', planType: 1, triggerPrice: '60050', price: '60050', qty: '0.1' });
    h.trade('60049', '0.1', true);
    expect([get(h, dip.orderId).status, get(h, rally.orderId).status]).toEqual(['Untriggered', 'Untriggered']);
    h.trade('60050.5', '0.1', true);
    expect([get(h, dip.orderId).status, get(h, rally.orderId).status]).toEqual(['Untriggered', 'Triggered']);
    h.trade('59951', '0.1', false);
    expect(get(h, dip.orderId).status).toBe('Untriggered');
    h.trade('59949', '0.1', false);
    expect(get(h, dip.orderId).status).toBe('Triggered');
  });

  test('book changes alone never trigger: only recorded trades set the last price', () => {
    const h = market();
    const plan = place(h, { planType: 1, triggerPrice: '60100', price: '60100' });
    h.book([['60200', '1']], [['60201', '1']]);
    expect(get(h, plan.orderId).status).toBe('Untriggered');
  });

  test('Rejected with 170131 when the balance cannot cover it at trigger time', () => {
    const h = market();
    const plan = place(h, { planType: 1, triggerPrice: '60100', price: '60150', qty: '1' });
    place(h, { price: '59000', qty: '0.7' });
    expect(line(h, 'USDT').free).toBe(amount('58700'));
    h.trade('60100', '0.1', true);
    const done = get(h, plan.orderId);
    expect(done.status).toBe('Rejected');
    expect(done.reason?.code).toBe(170131);
    expect(done.childOrderId).toBeNull();
    expect(line(h, 'USDT')).toEqual({ token: 'USDT', free: amount('58700'), locked: amount('41300') });
    expectLocksHeld(h);
  });
});

describe('stop-limit (8) and TP/SL (11): locked when placed', () => {
  test('a stop-limit sell locks its BTC at once; the lock moves to the order it places', () => {
    const h = market();
    const plan = place(h, { side: 'Sell', planType: 8, triggerPrice: '59900', price: '59850' });
    expect(line(h, 'BTC')).toEqual({ token: 'BTC', free: amount('1.5'), locked: amount('0.5') });
    h.book([['59999', '0'], ['59998', '0'], ['59800', '1']], []);
    h.trade('59900', '0.1', false);
    const child = get(h, get(h, plan.orderId).childOrderId!);
    expect(child).toMatchObject({ status: 'New', price: px('59850'), parentOrderId: plan.orderId });
    expect(line(h, 'BTC')).toEqual({ token: 'BTC', free: amount('1.5'), locked: amount('0.5') });
    expectLocksHeld(h);
  });

  test('a TP/SL limit buy locks price × qty when placed, and cannot be placed without the balance', () => {
    const h = market();
    place(h, { planType: 11, triggerPrice: '59000', price: '59000', qty: '1' });
    expect(line(h, 'USDT')).toEqual({ token: 'USDT', free: amount('41000'), locked: amount('59000') });
    const r = h.ex.create(U, { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', planType: 11, triggerPrice: '59000', price: '59000', qty: '0.694916' }, h.t);
    expect(r.ok ? null : r.error.code).toBe(170131);
    place(h, { planType: 11, triggerPrice: '59000', price: '59000', qty: '0.694915' });
    expectLocksHeld(h);
  });

  test('cancelling an untriggered plan: Deactivated, lock released', () => {
    const h = market();
    const plan = place(h, { side: 'Sell', planType: 8, triggerPrice: '59900', price: '59850' });
    const r = h.ex.cancel(U, { orderId: plan.orderId }, h.t);
    expect(r.ok && r.value.status).toBe('Deactivated');
    expect(line(h, 'BTC')).toEqual({ token: 'BTC', free: amount('2'), locked: 0n });
    h.trade('59800', '0.1', false);
    expect(get(h, plan.orderId).childOrderId).toBeNull();
    expect(statusEvents(h, plan.orderId)).toEqual(['Untriggered', 'Deactivated']);
  });
});

describe('OCO', () => {
  const sellOco = (h: Harness, user: string) =>
    place(h, {
      side: 'Sell', qty: '1',
      oco: { takeProfit: { triggerPrice: '61000', orderType: 'Limit', price: '61000' }, stopLoss: { triggerPrice: '59000', orderType: 'Market' } },
    }, user);
  const legs = (h: Harness, user: string) => h.ex.openOrders(user, { plan: true }).sort((a, b) => (a.orderId < b.orderId ? -1 : 1));

  test('two legs and one lock for the pair', () => {
    const h = market();
    const u = withLive(h);
    sellOco(h, u);
    const [tp, sl] = legs(h, u);
    expect([tp!.ocoRole, tp!.status, sl!.ocoRole, sl!.status]).toEqual(['takeProfit', 'Untriggered', 'stopLoss', 'Untriggered']);
    expect(line(h, 'BTC', u)).toEqual({ token: 'BTC', free: amount('1'), locked: amount('1') });
    expectLocksHeld(h);
  });

  test('take profit fires: the stop loss is Deactivated and the lock moves to the limit order placed', () => {
    const h = market();
    const u = withLive(h);
    sellOco(h, u);
    const [tp, sl] = legs(h, u);
    h.trade('61000', '0.1', true);
    expect(get(h, tp!.orderId, u).status).toBe('Triggered');
    expect(get(h, sl!.orderId, u).status).toBe('Deactivated');
    const child = get(h, get(h, tp!.orderId, u).childOrderId!, u);
    expect(child).toMatchObject({ status: 'New', price: px('61000'), qty: lots('1') });
    expect(line(h, 'BTC', u)).toEqual({ token: 'BTC', free: amount('1'), locked: amount('1') });
    expectLocksHeld(h);
  });

  test('stop loss fires: a market sell into the bids, the take profit Deactivated', () => {
    const h = market();
    const u = withLive(h);
    sellOco(h, u);
    const [tp, sl] = legs(h, u);
    h.trade('59000', '0.1', false);
    expect(get(h, tp!.orderId, u).status).toBe('Deactivated');
    const child = get(h, get(h, sl!.orderId, u).childOrderId!, u);
    expect(child).toMatchObject({ orderType: 'Market', status: 'Filled', executedQty: lots('1') });
    expect(line(h, 'BTC', u)).toEqual({ token: 'BTC', free: amount('1'), locked: 0n });
    expect(line(h, 'USDT', u).free).toBe(amount('100000') + amount('59999') - amount('59.999'));
  });

  test('a buy OCO locks the larger of its legs (a market leg at the band top of its trigger)', () => {
    const h = market();
    const u = withLive(h);
    place(h, {
      side: 'Buy', qty: '0.5',
      oco: { takeProfit: { triggerPrice: '59000', orderType: 'Limit', price: '59000' }, stopLoss: { triggerPrice: '61000', orderType: 'Market' } },
    }, u);
    // Stop-loss market buy: 0.5 × 67,100 (61,000 + 10 %) beats the take-profit's 0.5 × 59,000.
    expect(line(h, 'USDT', u)).toEqual({ token: 'USDT', free: amount('66450'), locked: amount('33550') });
    h.trade('61000', '0.1', true);
    expect(line(h, 'USDT', u)).toEqual({ token: 'USDT', free: amount('100000') - amount('30000.5'), locked: 0n });
    expect(line(h, 'BTC', u).free).toBe(amount('2.5') - amount('0.0005'));
  });

  test('cancelling one leg deactivates both and releases the lock; modifying the qty re-locks the pair once', () => {
    const h = market();
    const u = withLive(h);
    sellOco(h, u);
    const [tp, sl] = legs(h, u);
    expect(h.ex.modify(u, { orderId: sl!.orderId, qty: '1.5' }, h.t).ok).toBe(true);
    expect(line(h, 'BTC', u)).toEqual({ token: 'BTC', free: amount('0.5'), locked: amount('1.5') });
    expect(get(h, tp!.orderId, u).qty).toBe(lots('1.5'));
    expectLocksHeld(h);
    h.ex.cancel(u, { orderId: sl!.orderId }, h.t);
    expect([get(h, tp!.orderId, u).status, get(h, sl!.orderId, u).status]).toEqual(['Deactivated', 'Deactivated']);
    expect(line(h, 'BTC', u)).toEqual({ token: 'BTC', free: amount('2'), locked: 0n });
  });
});

describe('trailing stop', () => {
  const trail = (h: Harness, req: Partial<OrderRequest>) => place(h, { side: 'Sell', orderType: 'Market', planType: 4, qty: '0.5', ...req });
  const path = (h: Harness, prices: string[]) => prices.forEach((p) => h.trade(p, '0.01', true));

  test('by value, no activation price: 100 → 110 → 104 fires on the retrace of 5 from 110', () => {
    const h = hundred();
    const plan = trail(h, { trailingValue: '5' });
    expect(line(h, 'BTC').locked).toBe(amount('0.5'));
    path(h, ['110', '106', '105.01']);
    expect(get(h, plan.orderId).status).toBe('Untriggered');
    h.book([['104', '1']], []);
    h.trade('104', '0.01', false);
    const fired = get(h, plan.orderId);
    expect(fired.status).toBe('Triggered');
    const child = get(h, fired.childOrderId!);
    expect(child).toMatchObject({ orderType: 'Market', status: 'Filled', executedQty: lots('0.5') });
    expect(fillsOf(h, child.orderId)[0]!.price).toBe(px('104'));
    expect(line(h, 'BTC')).toEqual({ token: 'BTC', free: amount('1.5'), locked: 0n });
  });

  test('by value: a retrace of exactly the distance fires', () => {
    const h = hundred();
    const plan = trail(h, { trailingValue: '5' });
    path(h, ['110', '105']);
    expect(get(h, plan.orderId).status).toBe('Triggered');
  });

  test('by percentage, no activation: 2 % below the highest price since placing', () => {
    const h = hundred();
    const plan = trail(h, { trailingPercentage: '2' });
    // Highest 110: the stop is 107.80.
    path(h, ['110', '107.81']);
    expect(get(h, plan.orderId).status).toBe('Untriggered');
    path(h, ['107.8']);
    expect(get(h, plan.orderId).status).toBe('Triggered');
  });

  test('with an activation price on the profit side: inert until reached, then a trailing profit (planType 4 → 5)', () => {
    const h = hundred();
    const plan = trail(h, { trailingValue: '5', activationPrice: '105' });
    // Far below the market, but not activated: nothing fires.
    path(h, ['95', '104.99']);
    expect(get(h, plan.orderId)).toMatchObject({ status: 'Untriggered', planType: 4 });
    const mark = h.events.length;
    path(h, ['105']);
    expect(get(h, plan.orderId)).toMatchObject({ status: 'Untriggered', planType: 5 });
    const change = h.events.slice(mark).find((e) => e.type === 'order' && e.order.orderId === plan.orderId);
    expect(change?.type === 'order' && [change.order.planType, change.order.status]).toEqual([5, 'Untriggered']);
    path(h, ['112', '107.01']);
    expect(get(h, plan.orderId).status).toBe('Untriggered');
    path(h, ['107']);
    expect(get(h, plan.orderId)).toMatchObject({ status: 'Triggered', planType: 5 });
  });

  test('by percentage with an activation price on the stop side: stays a trailing stop', () => {
    const h = hundred();
    const plan = trail(h, { trailingPercentage: '1', activationPrice: '98' });
    path(h, ['99', '98']);
    expect(get(h, plan.orderId)).toMatchObject({ status: 'Untriggered', planType: 4 });
    // Highest since activation 101: 1 % is 1.01, the stop 99.99.
    path(h, ['101', '100']);
    expect(get(h, plan.orderId).status).toBe('Untriggered');
    path(h, ['99.99']);
    expect(get(h, plan.orderId)).toMatchObject({ status: 'Triggered', planType: 4 });
  });

  test('a trailing buy follows the lowest price and buys by value when the price rises back', () => {
    const h = hundred();
    const plan = place(h, { side: 'Buy', orderType: 'Market', planType: 4, qty: '50', trailingValue: '5' });
    expect(line(h, 'USDT')).toEqual({ token: 'USDT', free: amount('99950'), locked: amount('50') });
    path(h, ['95', '92', '96.99']);
    expect(get(h, plan.orderId).status).toBe('Untriggered');
    h.book([], [['100.01', '0'], ['97', '5']]);
    path(h, ['97']);
    const child = get(h, get(h, plan.orderId).childOrderId!);
    expect(child).toMatchObject({ status: 'Filled', executedQty: lots('0.515463') });
    expect(line(h, 'USDT').locked).toBe(0n);
  });
});

describe('plan modify', () => {
  test('a new trigger price (and the direction it implies) is what fires', () => {
    const h = market();
    const plan = place(h, { planType: 1, triggerPrice: '60100', price: '60100' });
    expect(h.ex.modify(U, { orderId: plan.orderId, triggerPrice: '59900', price: '59950' }, h.t).ok).toBe(true);
    h.trade('60100', '0.1', true);
    expect(get(h, plan.orderId).status).toBe('Untriggered');
    h.trade('59900', '0.1', false);
    expect(get(h, plan.orderId)).toMatchObject({ status: 'Triggered' });
    expect(get(h, get(h, plan.orderId).childOrderId!).price).toBe(px('59950'));
  });

  test('a new activation price and trailing distance', () => {
    const h = hundred();
    const plan = place(h, { side: 'Sell', orderType: 'Market', planType: 4, trailingValue: '5', activationPrice: '105' });
    expect(h.ex.modify(U, { orderId: plan.orderId, activationPrice: '108', trailingValue: '2' }, h.t).ok).toBe(true);
    h.trade('105', '0.01', true);
    expect(get(h, plan.orderId).trailActive).toBe(false);
    h.trade('108', '0.01', true);
    h.trade('106.01', '0.01', true);
    expect(get(h, plan.orderId).status).toBe('Untriggered');
    h.trade('106', '0.01', true);
    expect(get(h, plan.orderId).status).toBe('Triggered');
  });

  test('a trailing percentage replaces a trailing value', () => {
    const h = hundred();
    const plan = place(h, { side: 'Sell', orderType: 'Market', planType: 4, trailingValue: '5' });
    expect(h.ex.modify(U, { orderId: plan.orderId, trailingPercentage: '1' }, h.t).ok).toBe(true);
    h.trade('99.01', '0.01', true);
    expect(get(h, plan.orderId).status).toBe('Untriggered');
    h.trade('99', '0.01', true);
    expect(get(h, plan.orderId).status).toBe('Triggered');
  });

  test('a new quantity re-locks, with a balance check', () => {
    const h = market();
    const plan = place(h, { side: 'Sell', planType: 8, triggerPrice: '59900', price: '59850' });
    expect(h.ex.modify(U, { orderId: plan.orderId, qty: '1.5' }, h.t).ok).toBe(true);
    expect(line(h, 'BTC')).toEqual({ token: 'BTC', free: amount('0.5'), locked: amount('1.5') });
    const over = h.ex.modify(U, { orderId: plan.orderId, qty: '2.000001' }, h.t);
    expect(over.ok ? null : over.error.code).toBe(170131);
    expect(line(h, 'BTC')).toEqual({ token: 'BTC', free: amount('0.5'), locked: amount('1.5') });
    expect(h.ex.modify(U, { orderId: plan.orderId, qty: '0.2' }, h.t).ok).toBe(true);
    expect(line(h, 'BTC')).toEqual({ token: 'BTC', free: amount('1.8'), locked: amount('0.2') });
    expectLocksHeld(h);
  });

  test('a conditional plan changes quantity without locking anything', () => {
    const h = market();
    const plan = place(h, { planType: 1, triggerPrice: '60100', price: '60100' });
    expect(h.ex.modify(U, { orderId: plan.orderId, qty: '3' }, h.t).ok).toBe(true);
    expect(line(h, 'USDT').locked).toBe(0n);
  });
});

describe('plan cap per symbol', () => {
  test('30 conditional plans per symbol; the 31st is refused with 170810', () => {
    const h = harness({}, ['BTCUSDT', 'ETHUSDT']);
    h.snapshot([['59999', '1']], [['60001', '1']]);
    h.snapshot([['2999', '1']], [['3001', '1']], 'ETHUSDT');
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(place(h, { planType: 1, triggerPrice: String(61000 + i), price: String(61000 + i), qty: '0.01' }).orderId);
    const over = h.ex.create(U, { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', planType: 1, triggerPrice: '62000', price: '62000', qty: '0.01' }, h.t);
    expect(over.ok ? null : over.error.code).toBe(170810);
    // Another symbol, and the TP/SL family, have their own 30.
    place(h, { symbol: 'ETHUSDT', planType: 1, triggerPrice: '3100', price: '3100', qty: '0.1' });
    place(h, { planType: 11, triggerPrice: '59000', price: '59000', qty: '0.01' });
    // A cancelled plan frees its place.
    h.ex.cancel(U, { orderId: ids[0]! }, h.t);
    place(h, { planType: 1, triggerPrice: '62000', price: '62000', qty: '0.01' });
  });
});
