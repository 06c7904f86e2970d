// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIMES, startRuntime, type ContractRuntime } from '../../runtime/contractKit';
import { ORDER_PATHS } from './paths';
import { callerFor, expectOrderView, idsOf, listOf, marketableBuyPrice, place, restingBuy, touchOf, type Caller, type Row } from './orderCallKit';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** The unified account's integrated v5 calls over both runtimes. */
describe.each(RUNTIMES)('integrated v5 calls (%s)', (kind) => {
  let rt: ContractRuntime;
  let leader: Caller;
  let standard: Caller;
  beforeAll(async () => {
    rt = await startRuntime(kind);
    leader = await callerFor(rt, 'u-leader');
    standard = await callerFor(rt, 'u-standard');
  });
  afterAll(() => rt.close());

  it('lists open ordinary and plan orders with mtp, syb and pltp', async () => {
    const ordinary = await restingBuy(rt, leader);
    const t = touchOf(rt, 'BTCUSDT');
    const plan = await place(leader, { symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', plan_type: 8, trigger_price: t.price(t.ask * 1.05), price: t.price(t.ask * 1.05), quantity: '0.001' });
    const answer = await leader(ORDER_PATHS.integratedOpenOrders, { marketType: 'spot', symbol: 'BTCUSDT', supportFutureSpread: true });
    expect(answer).toMatchObject({ code: 0, success: true, result: { downgrading: false } });
    const list = listOf(answer);
    expect(idsOf(list)).toEqual([plan.orderId, ordinary.orderId]);
    expect(list[0]).toMatchObject({ mtp: 'spot', syb: 'BTCUSDT', pltp: 8 });
    expect(list[1]).toMatchObject({ mtp: 'spot', syb: 'BTCUSDT', pltp: -1, side: 'Buy', status: 'New' });
    for (const order of list) expectOrderView(order);
    expect(listOf(await leader(ORDER_PATHS.integratedOpenOrders, { marketType: 'linear' }))).toEqual([]);
    expect(listOf(await leader(ORDER_PATHS.integratedOpenOrders, { marketType: 'spot', symbol: 'ETHUSDT' }))).toEqual([]);
    expect(idsOf(listOf(await leader(ORDER_PATHS.integratedOpenOrders, {})))).toContain(ordinary.orderId);
  });

  it('refuses bad bodies, classic accounts and visitors', async () => {
    expect(await leader(ORDER_PATHS.integratedOpenOrders, { supportFutureSpread: 'yes' })).toMatchObject({ code: 10001 });
    expect(await leader(ORDER_PATHS.integratedOpenOrders, { symbol: 'NOPEUSDT' })).toMatchObject({ code: 170121 });
    expect(await leader(ORDER_PATHS.integratedPositions, { needSort: 1 })).toMatchObject({ code: 10001 });
    expect(await standard(ORDER_PATHS.integratedOpenOrders, { marketType: 'spot' })).toMatchObject({ code: 170227, success: false });
    expect(await standard(ORDER_PATHS.integratedPositions, {})).toMatchObject({ code: 170227, success: false });
    const visitor = await callerFor(rt, null);
    expect(await visitor(ORDER_PATHS.integratedOpenOrders, {})).toMatchObject({ code: 10007 });
    expect(await visitor(ORDER_PATHS.integratedPositions, {})).toMatchObject({ code: 10007 });
  });

  it('shows spot holdings as positions: size, available, mark price; entry price and PnL from fills', async () => {
    const before = listOf(await leader(ORDER_PATHS.integratedPositions, {}));
    expect(before.map((p) => p.coin)).toEqual(['BTC', 'ETH']);
    const eth = before.find((p) => p.coin === 'ETH')!;
    expect(eth).toMatchObject({ size: '10', available: '10', avgEntryPrice: '0', unrealisedPnl: '0' });
    for (const p of before) for (const field of ['size', 'available', 'avgEntryPrice', 'markPrice', 'unrealisedPnl']) expect(p[field], field).toMatch(DECIMAL);

    const buy = await place(leader, { symbol_id: 'ETHUSDT', side: 'Buy', type: 'limit', price: marketableBuyPrice(rt, 'ETHUSDT'), quantity: '0.1' });
    await rt.scheduler.advance(1000);
    const filled = (listOf(await leader(`${ORDER_PATHS.history}?symbol_id=ETHUSDT`)).find((o) => o.orderId === buy.orderId))!;
    expect(filled.status).toBe('Filled');
    const after = listOf(await leader(ORDER_PATHS.integratedPositions, {})).find((p) => p.coin === 'ETH')!;
    const mark = Number(after.markPrice);
    const avg = Number(after.avgEntryPrice);
    expect(mark).toBeGreaterThan(0);
    // Cost per coin received: the buy fee is taken in ETH.
    const received = 0.1 - Number(filled.fee);
    expect(avg).toBeCloseTo((Number(filled.avgPrice) * 0.1) / received, 2);
    expect(Number(after.size)).toBeCloseTo(10.1 - Number(filled.fee), 9);
    // The PnL counts what the fills explain (0.1 ETH less the fee), not the coins held before.
    expect(Number(after.unrealisedPnl)).toBeCloseTo((mark - avg) * received, 4);
  });

  it('sorts positions by USDT value, largest first, when asked', async () => {
    const sorted = listOf(await leader(ORDER_PATHS.integratedPositions, { needSort: true }));
    const values = sorted.map((p: Row) => Number(p.size) * Number(p.markPrice));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(new Set(sorted.map((p) => p.coin))).toEqual(new Set(['BTC', 'ETH']));
  });
});
