// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { RUNTIMES } from '../../runtime/contractKit';
import { ORDER_PATHS } from './paths';
import { callerFor, runtimeWithCallers, expectOrderView, idsOf, listOf, marketableBuyPrice, place, restingBuy, restingBuyPrice, touchOf, type Caller } from './orderCallKit';

const DAY_MS = 86_400_000;

/** The order lists over both runtimes: code 200, fields, paging, filters, history ranges, the unified list. */
describe.each(RUNTIMES)('order lists (%s)', (kind) => {
  const held = runtimeWithCallers(kind, ['u-uta', 'u-standard'] as const);
  // Read at call time: the runtime starts in beforeAll.
  const uta: Caller = (...args) => held.callers['u-uta'](...args);
  const standard: Caller = (...args) => held.callers['u-standard'](...args);

  it('lists open orders newest first with code 200 and the list fields; from_order_id pages', async () => {
    const placed = [await restingBuy(held.rt, uta), await restingBuy(held.rt, uta), await restingBuy(held.rt, uta)];
    const eth = await place(uta, { symbol_id: 'ETHUSDT', side: 'Buy', type: 'limit', price: restingBuyPrice(held.rt, 'ETHUSDT'), quantity: '0.01' });
    const answer = await uta(`${ORDER_PATHS.openOrders}?from_order_id=0&limit=100&symbol_id=`);
    expect(answer).toMatchObject({ code: 200, success: true });
    const list = listOf(answer);
    expect(idsOf(list).slice(0, 4)).toEqual([eth.orderId, placed[2]!.orderId, placed[1]!.orderId, placed[0]!.orderId]);
    for (const order of list) {
      expectOrderView(order);
      expect(order).toHaveProperty('qty');
      expect(order).toHaveProperty('time');
    }
    const page = listOf(await uta(`${ORDER_PATHS.openOrders}?from_order_id=${placed[2]!.orderId}&limit=1`));
    expect(idsOf(page)).toEqual([placed[1]!.orderId]);
    const btcOnly = listOf(await uta(`${ORDER_PATHS.openOrders}?symbol_id=BTCUSDT`));
    expect(btcOnly.every((o) => o.symbolId === 'BTCUSDT')).toBe(true);
    expect(idsOf(btcOnly)).not.toContain(eth.orderId);
  });

  it.each([
    ['limit=0', 'limit must be an integer from 1 to 100'],
    ['limit=101', 'limit must be an integer from 1 to 100'],
    ['from_order_id=x', 'from_order_id must be an order id (digits)'],
  ])('refuses bad list parameters with 10001 (%s)', async (query, message) => {
    expect(await uta(`${ORDER_PATHS.openOrders}?${query}`)).toMatchObject({ code: 10001, success: false, message });
  });

  it('refuses an unknown symbol filter with 170121', async () => {
    expect(await uta(`${ORDER_PATHS.openOrders}?symbol_id=NOPEUSDT`)).toMatchObject({ code: 170121 });
  });

  it('lists open plan orders by plan type', async () => {
    const t = touchOf(held.rt, 'BTCUSDT');
    const body = { symbol_id: 'BTCUSDT', side: 'Buy', type: 'market', trigger_price: t.price(t.ask * 1.05), quantity: '0.001', market_unit: 'baseCoin' };
    const conditional = await place(uta, { ...body, plan_type: 1 });
    const tpsl = await place(uta, { ...body, plan_type: 11 });
    const all = await uta(`${ORDER_PATHS.openPlanOrders}?from_order_id=0&limit=100&symbol_id=BTCUSDT&plan_type=`);
    expect(all).toMatchObject({ code: 200, success: true });
    expect(idsOf(listOf(all)).slice(0, 2)).toEqual([tpsl.orderId, conditional.orderId]);
    for (const order of listOf(all)) expectOrderView(order);
    expect(idsOf(listOf(await uta(`${ORDER_PATHS.openPlanOrders}?plan_type=11`)))).toEqual([tpsl.orderId]);
    expect(idsOf(listOf(await uta(`${ORDER_PATHS.openPlanOrders}?plan_type=1`)))).toContain(conditional.orderId);
    expect(idsOf(listOf(await uta(ORDER_PATHS.openOrders)))).not.toContain(tpsl.orderId);
    expect(await uta(`${ORDER_PATHS.openPlanOrders}?plan_type=2`)).toMatchObject({ code: 10001 });
  });

  it('keeps finished orders in the history: a filled buy, a cancelled one, plan orders by plan_type', async () => {
    const filled = await place(uta, { symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', price: marketableBuyPrice(held.rt, 'BTCUSDT'), quantity: '0.001' });
    await held.rt.scheduler.advance(1000);
    const cancelled = await restingBuy(held.rt, uta);
    await uta(ORDER_PATHS.cancel, { order_id: cancelled.orderId });
    const history = await uta(`${ORDER_PATHS.history}?symbol_id=BTCUSDT&limit=100`);
    expect(history).toMatchObject({ code: 200, success: true });
    const rows = listOf(history);
    for (const order of rows) expectOrderView(order);
    expect(rows.find((o) => o.orderId === filled.orderId)).toMatchObject({ status: 'Filled', executedQty: '0.001000' });
    expect(Number(rows.find((o) => o.orderId === filled.orderId)!.avgPrice)).toBeGreaterThan(0);
    expect(rows.find((o) => o.orderId === cancelled.orderId)).toMatchObject({ status: 'Cancelled' });
    expect(rows.every((o) => o.planType === -1)).toBe(true);
    const plan = await uta(ORDER_PATHS.planCancelAll, { plan_type: 11 });
    const planRows = listOf(await uta(`${ORDER_PATHS.history}?plan_type=11`));
    expect(idsOf(planRows)).toEqual(idsOf(listOf(plan)));
    expect(idsOf(listOf(await standard(ORDER_PATHS.history)))).not.toContain(filled.orderId);
  });

  it('plan_types names exact plan types for the open list, the history and cancel-all', async () => {
    const t = touchOf(held.rt, 'BTCUSDT');
    const body = { symbol_id: 'BTCUSDT', side: 'Buy', type: 'market', trigger_price: t.price(t.ask * 1.05), quantity: '0.001', market_unit: 'baseCoin' };
    const conditional = await place(uta, { ...body, plan_type: 1 });
    const stopLimit = await place(uta, { ...body, type: 'limit', price: t.price(t.ask * 1.06), plan_type: 8 });
    const tpsl = await place(uta, { ...body, plan_type: 11 });
    const open = idsOf(listOf(await uta(`${ORDER_PATHS.openPlanOrders}?plan_types=1,11`)));
    expect(open).toEqual(expect.arrayContaining([conditional.orderId, tpsl.orderId]));
    expect(open).not.toContain(stopLimit.orderId);
    expect(await uta(`${ORDER_PATHS.openPlanOrders}?plan_types=1,2`)).toMatchObject({ code: 10001 });
    expect(await uta(`${ORDER_PATHS.openPlanOrders}?plan_type=1&plan_types=1`)).toMatchObject({ code: 10001 });
    // Cancel-all of the exact types leaves the stop-limit order that filter 1 would have taken too.
    const cancelled = idsOf(listOf(await uta(ORDER_PATHS.planCancelAll, { plan_types: [1, 11] })));
    expect(cancelled).toEqual(expect.arrayContaining([conditional.orderId, tpsl.orderId]));
    expect(cancelled).not.toContain(stopLimit.orderId);
    expect(idsOf(listOf(await uta(`${ORDER_PATHS.openPlanOrders}?plan_types=8`)))).toContain(stopLimit.orderId);
    const history = idsOf(listOf(await uta(`${ORDER_PATHS.history}?plan_types=1,11`)));
    expect(history).toEqual(expect.arrayContaining([conditional.orderId, tpsl.orderId]));
    await uta(ORDER_PATHS.planCancel, { order_id: stopLimit.orderId, plan_type: 8 });
  });

  it('refuses history ranges longer than 180 days or reversed', async () => {
    const now = held.rt.backend.hub.now();
    expect(await uta(`${ORDER_PATHS.history}?start_time=${now - 181 * DAY_MS}&end_time=${now}`)).toMatchObject({ code: 10001 });
    expect(await uta(`${ORDER_PATHS.history}?start_time=${now}&end_time=${now - 1}`)).toMatchObject({ code: 10001 });
    expect(await uta(`${ORDER_PATHS.history}?start_time=soon`)).toMatchObject({ code: 10001 });
  });

  it('answers a demo account only the last 7 days of history', async () => {
    const ex = held.rt.backend.exchange;
    const now = held.rt.backend.hub.now();
    const price = restingBuyPrice(held.rt, 'BTCUSDT');
    // Orders placed and cancelled 8 days ago: the engine's clock is set back for them, then forward again.
    ex.resetClock(now - 8 * DAY_MS);
    const old: Record<string, string> = {};
    for (const userId of ['u-demo', 'u-eaa']) {
      const made = ex.create(userId, { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.001', price }, now - 8 * DAY_MS);
      if (!made.ok) throw new Error(made.error.message);
      ex.cancel(userId, { orderId: made.value.orderId }, now - 8 * DAY_MS);
      old[userId] = made.value.orderId;
    }
    ex.resetClock(now);
    const range = `start_time=${now - 30 * DAY_MS}&end_time=${now}`;
    const demo = await callerFor(held.rt, 'u-demo');
    const eaa = await callerFor(held.rt, 'u-eaa');
    expect(idsOf(listOf(await demo(`${ORDER_PATHS.history}?${range}`)))).not.toContain(old['u-demo']);
    expect(idsOf(listOf(await eaa(`${ORDER_PATHS.history}?${range}`)))).toContain(old['u-eaa']);
    // Without a range the history is the last 7 days for everyone.
    expect(idsOf(listOf(await eaa(ORDER_PATHS.history)))).not.toContain(old['u-eaa']);
    const recent = await restingBuy(held.rt, demo);
    await demo(ORDER_PATHS.cancel, { order_id: recent.orderId });
    expect(idsOf(listOf(await demo(`${ORDER_PATHS.history}?${range}`)))).toContain(recent.orderId);
  });

  it('lists a unified account its open orders as result.result; a classic account gets 170227', async () => {
    const answer = await uta(`${ORDER_PATHS.utaOrders}?planType=&specialTradeFrom=&limit=100&base_token_id=&quote_token_id=`);
    expect(answer).toMatchObject({ code: 200, success: true });
    const rows = listOf(answer, 'result');
    const open = [...held.rt.backend.exchange.openOrders('u-uta'), ...held.rt.backend.exchange.openOrders('u-uta', { plan: true })];
    expect(new Set(idsOf(rows))).toEqual(new Set(open.map((o) => o.orderId)));
    for (const order of rows) expectOrderView(order);
    const eth = listOf(await uta(`${ORDER_PATHS.utaOrders}?base_token_id=ETH&quote_token_id=USDT`), 'result');
    expect(eth.length).toBeGreaterThan(0);
    expect(eth.every((o) => o.baseTokenName === 'ETH')).toBe(true);
    expect(listOf(await uta(`${ORDER_PATHS.utaOrders}?planType=-1`), 'result').every((o) => o.planType === -1)).toBe(true);
    expect(listOf(await uta(`${ORDER_PATHS.utaOrders}?specialTradeFrom=3`), 'result')).toEqual([]);
    expect(await standard(ORDER_PATHS.utaOrders)).toMatchObject({ code: 170227, success: false });
  });

  it('refuses visitors on every list', async () => {
    const visitor = await callerFor(held.rt, null);
    for (const path of [ORDER_PATHS.openOrders, ORDER_PATHS.openPlanOrders, ORDER_PATHS.history, ORDER_PATHS.utaOrders]) {
      expect(await visitor(path), path).toMatchObject({ code: 10007, success: false });
    }
  });
});
