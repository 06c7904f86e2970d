import { describe, expect, it } from 'vitest';
import { amount } from '../exchange/testKit';
import { LT_DONE, LT_FAILED, LT_IN_PROGRESS } from './ltOrders';
import { BTC_SPECS, codeOf, created, ltSetUp, NOON, USER } from './ltTestKit';
import { roundQuantity } from './registry';

const BTC3L = 'BTC3LUSDT';
const BTC3S = 'BTC3SUSDT';
const haveShort = BTC_SPECS.some((s) => s.symbolId === BTC3S);

describe('the registry', () => {
  it('prints redemption limits as round token quantities worth about 100 and 10,000 quote at the start NAV', () => {
    expect(roundQuantity(100, 4.821, '0.0001')).toBe('20');
    expect(roundQuantity(10_000, 4.821, '0.0001')).toBe('2000');
    expect(roundQuantity(100, 0.1126, '0.1')).toBe('800');
    expect(roundQuantity(100, 1e9, '0.0001')).toBe('0.0001');
    expect(BTC_SPECS.find((s) => s.symbolId === BTC3L)).toMatchObject({
      token: 'BTC3L', underlying: 'BTCUSDT', direction: 'long', startNav: 4.821, minRedeem: '20', maxRedeem: '2000',
      minPurchase: '100', maxPurchase: '10000', dailyPurchaseCap: '200000', tokenStep: '0.0001', quoteStep: '0.00000001',
    });
  });
});

describe('the NAV', () => {
  it('starts at the pair\'s start price and moves three times the underlying\'s return (long) or minus three times (short)', () => {
    const { trade, nav, desk, clock } = ltSetUp();
    expect(nav()).toBe(4.821);
    // The first replayed price is where the start basket is set, whatever the demo market's start price said.
    trade('60000');
    expect(nav()).toBe(4.821);
    trade('60600');
    expect(nav()).toBeCloseTo(4.821 * 1.03, 8);
    expect(desk.info(BTC3L, clock.t)).toMatchObject({ underlyingPrice: '60600.00', st: 1, riskState: 1, riskSwitchStatus: 1, rebalances: 0, diffNvRate: '0' });
    expect(Number(desk.info(BTC3L, clock.t).basket.units)).toBeCloseTo((3 * 4.821) / 60000, 8);
  });

  it.skipIf(!haveShort)('a short token moves minus three times the underlying\'s return', () => {
    const { trade, nav, desk, clock } = ltSetUp();
    trade('60000');
    trade('60600');
    expect(nav(BTC3S)).toBeCloseTo(1.248 * 0.97, 8);
    expect(Number(desk.info(BTC3S, clock.t).basket.units)).toBeCloseTo((-3 * 1.248) / 60000, 8);
    // A short's leverage is 3(1+r)/(1−3r): 4x at r = +1/15.
    trade('64100');
    expect(desk.info(BTC3S, clock.t)).toMatchObject({ st: 5, rebalances: 1, realLeverage: '3.0000' });
  });

  it('rebalances when leverage reaches the band: st 5 for 60 s, orders refused meanwhile, back to 3x', () => {
    const { trade, nav, desk, clock, pass } = ltSetUp();
    trade('61800');
    // A long's leverage is 3(1+r)/(1+3r): 4x at r = −1/9.
    trade('54900');
    const r = 54900 / 61800 - 1;
    expect(nav()).toBeCloseTo(4.821 * (1 + 3 * r), 8);
    const info = desk.info(BTC3L, clock.t);
    expect(info).toMatchObject({ st: 5, rebalances: 1, lastRebalanceTime: clock.t, realLeverage: '3.0000' });
    expect(codeOf(desk.subscribe(USER, BTC3L, amount('150'), clock.t))).toBe(176004);
    pass(59_999);
    expect(desk.info(BTC3L, clock.t).st).toBe(5);
    pass(1);
    expect(desk.info(BTC3L, clock.t).st).toBe(1);
    expect(codeOf(desk.subscribe(USER, BTC3L, amount('150'), clock.t))).toBe(0);
    // The live bars show the status at their close.
    expect(desk.liveBars(BTC3L).bars.some((b) => b.st === 5)).toBe(true);
  });

  it('takes the management fee and resets at 00:00 UTC, at the last price before midnight, whoever comes first after it', () => {
    const beforeMidnight = Date.UTC(2026, 0, 5, 23, 59, 0);
    const midnight = Date.UTC(2026, 0, 6);
    const a = ltSetUp({ start: beforeMidnight });
    a.trade('61800');
    a.trade('62418', 30_000);
    const navBefore = 4.821 * 1.03;
    expect(a.desk.info(BTC3L, a.clock.t).nextResetTime).toBe(midnight);
    // A trade after midnight: the reset first, at 62418, then the new price.
    a.trade('61800', 40_000);
    const afterFee = navBefore * (1 - 0.00005);
    expect(a.nav()).toBeCloseTo(afterFee * (1 + 3 * (61800 / 62418 - 1)), 8);
    expect(a.desk.info(BTC3L, a.clock.t)).toMatchObject({ nextResetTime: midnight + 86_400_000, rebalances: 0 });

    // A read alone after midnight applies the same reset.
    const b = ltSetUp({ start: beforeMidnight });
    b.trade('61800');
    b.trade('62418', 30_000);
    b.clock.t = midnight + 5_000;
    expect(b.nav()).toBeCloseTo(afterFee, 8);
    expect(Number(b.desk.info(BTC3L, b.clock.t).realLeverage)).toBeCloseTo(3, 4);
    // Days without a price each take their fee.
    b.pass(2 * 86_400_000);
    expect(b.nav()).toBeCloseTo(afterFee * (1 - 0.00005) ** 2, 8);
  });

  it('a NAV that reaches 0 stays 0, whatever the underlying does next, and nobody can trade it', () => {
    const { trade, nav, desk, clock } = ltSetUp();
    trade('61800');
    trade('40000');
    expect(nav()).toBe(0);
    trade('70000');
    expect(nav()).toBe(0);
    expect(desk.info(BTC3L, clock.t)).toMatchObject({ nav: '0.00000000', realLeverage: '0.0000', basket: { units: '0.00000000', cash: '0.00000000' } });
    expect(codeOf(desk.subscribe(USER, BTC3L, amount('150'), clock.t))).toBe(176006);
  });
});

describe('LT orders', () => {
  it('a subscription locks its amount at once and 3 s later buys (amount − fee) / NAV tokens, down to the token step', () => {
    const { desk, clock, trade, pass, line } = ltSetUp();
    trade('61800');
    const order = created(desk.subscribe(USER, BTC3L, amount('150'), clock.t));
    expect(order).toMatchObject({ orderId: 'lt-1', orderType: 1, orderQuantity: '150', status: LT_IN_PROGRESS, nav: null, fee: null, fillQuantity: null, token: 'BTC3L', quote: 'USDT' });
    expect(line('USDT')).toEqual({ token: 'USDT', free: amount('99850'), locked: amount('150') });
    pass(2_999);
    expect(desk.orders(USER, { orderType: 1, days: 7, limit: 20 }, clock.t).list[0]!.status).toBe(LT_IN_PROGRESS);
    pass(1);
    const done = desk.orders(USER, { orderType: 1, days: 7, limit: 20 }, clock.t).list[0]!;
    // fee 150 × 0.0005 = 0.075; 149.925 / 4.821 = 31.09832… → 31.0983.
    expect(done).toMatchObject({ status: LT_DONE, nav: '4.82100000', fee: '0.075', fillQuantity: '31.0983', failReason: null, updatedTime: clock.t });
    expect(line('USDT')).toEqual({ token: 'USDT', free: amount('99850'), locked: 0n });
    expect(line('BTC3L')).toEqual({ token: 'BTC3L', free: amount('31.0983'), locked: 0n });
  });

  it('a redemption pays quantity × NAV less the fee, down to the quote step', () => {
    const { desk, clock, trade, pass, line, ex } = ltSetUp();
    trade('61800');
    ex.credit(USER, 'BTC3L', amount('25'));
    created(desk.redeem(USER, BTC3L, amount('20.5'), clock.t));
    expect(line('BTC3L')).toEqual({ token: 'BTC3L', free: amount('4.5'), locked: amount('20.5') });
    pass(3_000);
    // gross 20.5 × 4.821 = 98.8305; fee 0.04941525; 98.78108475 → 98.78108475.
    expect(desk.orders(USER, { orderType: 2, days: 7, limit: 20 }, clock.t).list[0]).toMatchObject({ status: LT_DONE, nav: '4.82100000', fee: '0.04941525', fillQuantity: '98.78108475' });
    expect(line('USDT').free).toBe(amount('100098.78108475'));
    expect(line('BTC3L')).toEqual({ token: 'BTC3L', free: amount('4.5'), locked: 0n });
  });

  it('fails (status 3) and gives back what it took when the token closed for it before it was processed', () => {
    const { desk, clock, trade, pass, line } = ltSetUp();
    trade('61800');
    created(desk.subscribe(USER, BTC3L, amount('150'), clock.t));
    desk.control(BTC3L, { st: 3 }, clock.t);
    pass(3_000);
    expect(desk.orders(USER, { orderType: 1, days: 7, limit: 20 }, clock.t).list[0]).toMatchObject({ status: LT_FAILED, failReason: 'closed', nav: null, fillQuantity: null });
    expect(line('USDT')).toEqual({ token: 'USDT', free: amount('100000'), locked: 0n });
    // A rebalance under way at processing time fails it the same way.
    desk.control(BTC3L, { st: 1 }, clock.t);
    created(desk.subscribe(USER, BTC3L, amount('150'), clock.t));
    desk.control(BTC3L, { st: 5 }, clock.t);
    pass(3_000);
    expect(desk.orders(USER, { orderType: 1, days: 7, limit: 20 }, clock.t).list[0]).toMatchObject({ status: LT_FAILED, failReason: 'change_position' });
    expect(line('USDT').locked).toBe(0n);
  });

  it('while the replay is paused a waiting order goes through at once', () => {
    const { desk, clock, trade, pass } = ltSetUp();
    trade('61800');
    created(desk.subscribe(USER, BTC3L, amount('150'), clock.t));
    pass(0, true);
    expect(desk.orders(USER, { orderType: 1, days: 7, limit: 20 }, clock.t).list[0]!.status).toBe(LT_DONE);
  });

  it('caps a user\'s subscriptions of a token at 200,000 a UTC day (done and in progress count, failed do not)', () => {
    const { desk, clock, trade, pass, ex } = ltSetUp();
    trade('61800');
    ex.credit(USER, 'USDT', amount('200000'));
    for (let i = 0; i < 19; i++) created(desk.subscribe(USER, BTC3L, amount('10000'), clock.t));
    pass(3_000);
    created(desk.subscribe(USER, BTC3L, amount('9900'), clock.t));
    expect(desk.symbolInfo(BTC3L, USER, clock.t).dailyPurchaseUsed).toBe('199900');
    expect(codeOf(desk.subscribe(USER, BTC3L, amount('101'), clock.t))).toBe(176010);
    expect(codeOf(desk.subscribe(USER, BTC3L, amount('100'), clock.t))).toBe(0);
    expect(desk.symbolInfo(BTC3L, null, clock.t).dailyPurchaseUsed).toBe('0');
    // The next UTC day starts afresh.
    pass(Date.UTC(2026, 0, 6) - clock.t);
    expect(codeOf(desk.subscribe(USER, BTC3L, amount('10000'), clock.t))).toBe(0);
  });

  it('pages the records newest first by type, symbol and age', () => {
    const { desk, clock, trade, pass, ex } = ltSetUp();
    trade('61800');
    ex.credit(USER, 'BTC3L', amount('100'));
    const ids = [0, 1, 2].map(() => created(desk.subscribe(USER, BTC3L, amount('100'), clock.t)).orderId);
    const redemption = created(desk.redeem(USER, BTC3L, amount('20'), clock.t));
    pass(3_000);
    const first = desk.orders(USER, { orderType: 1, days: 7, limit: 2 }, clock.t);
    expect(first.list.map((o) => o.orderId)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).toBe(ids[1]);
    const second = desk.orders(USER, { orderType: 1, days: 7, limit: 2, cursor: first.nextCursor! }, clock.t);
    expect(second).toEqual({ list: [expect.objectContaining({ orderId: ids[0] })], nextCursor: null });
    expect(desk.orders(USER, { orderType: 2, days: 7, limit: 20 }, clock.t).list.map((o) => o.orderId)).toEqual([redemption.orderId]);
    expect(desk.orders(USER, { orderType: 1, days: 7, limit: 20, symbolId: BTC3S }, clock.t).list).toEqual([]);
    pass(8 * 86_400_000);
    expect(desk.orders(USER, { orderType: 1, days: 7, limit: 20 }, clock.t).list).toEqual([]);
    expect(desk.orders(USER, { orderType: 1, days: 30, limit: 20 }, clock.t).list).toHaveLength(3);
  });
});

describe('the desk across a restart', () => {
  it('keeps tokens and orders; an order in progress is processed after the restore', () => {
    const first = ltSetUp();
    first.trade('61800');
    first.trade('54900');
    first.desk.control(BTC3L, { riskState: 5 }, first.clock.t);
    first.desk.control(BTC3L, { riskState: 1, st: 2 }, first.clock.t);
    const order = created(first.desk.subscribe(USER, BTC3L, amount('150'), first.clock.t));
    const saved = JSON.parse(JSON.stringify(first.desk.toJSON())) as unknown;

    const second = ltSetUp({ state: saved, start: first.clock.t });
    // The engine's balances come back from its own snapshot: the lock is carried over by hand here.
    second.ex.ledger.lock(USER, 'USDT', amount('150'));
    expect(second.desk.info(BTC3L, second.clock.t)).toMatchObject({ st: 2, rebalances: 1, nav: first.desk.info(BTC3L, first.clock.t).nav });
    second.pass(3_000);
    expect(second.desk.orders(USER, { orderType: 1, days: 7, limit: 20 }, second.clock.t).list).toEqual([
      expect.objectContaining({ orderId: order.orderId, status: LT_DONE }),
    ]);
    expect(created(second.desk.subscribe(USER, BTC3L, amount('100'), second.clock.t)).orderId).toBe('lt-2');
    expect(second.line('BTC3L').free > 0n).toBe(true);
  });

  it('reads a damaged save as a fresh desk', () => {
    const { desk, clock } = ltSetUp({ state: { tokens: [{ symbolId: BTC3L, basket: 'x' }], orders: [{ orderId: 'nope' }], seq: -1 } });
    expect(desk.info(BTC3L, clock.t)).toMatchObject({ nav: '4.82100000', rebalances: 0 });
    expect(desk.toJSON()).toMatchObject({ seq: 0, orders: [] });
    expect(clock.t).toBe(NOON);
  });
});
