// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { RUNTIMES } from '../../runtime/contractKit';
import { ORDER_PATHS } from './paths';
import { callerFor, runtimeWithCallers, expectOrderView, idsOf, listOf, place, restingBuy, restingBuyPrice, touchOf, type Caller, type Row } from './orderCallKit';

/** Cancel, modify and cancel-all, ordinary and plan, over both runtimes. */
describe.each(RUNTIMES)('order cancel and modify (%s)', (kind) => {
  const held = runtimeWithCallers(kind, ['u-uta', 'u-standard'] as const);
  // Read at call time: the runtime starts in beforeAll.
  const uta: Caller = (...args) => held.callers['u-uta'](...args);
  const standard: Caller = (...args) => held.callers['u-standard'](...args);

  /** A BTCUSDT stop-limit (8) or conditional (1) buy triggering 5 % over the ask. */
  const planBuy = (call: Caller, planType: number, extra: Row = {}) => {
    const t = touchOf(held.rt, 'BTCUSDT');
    return place(call, {
      symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', plan_type: planType, trigger_price: t.price(t.ask * 1.05), price: t.price(t.ask * 1.06), quantity: '0.001', ...extra,
    });
  };

  it('cancels by order id and by client order id: code 0, success, message "success", the order', async () => {
    const a = await restingBuy(held.rt, uta);
    const byId = await uta(ORDER_PATHS.cancel, { order_id: a.orderId }, { headers: { 'x-trace-id': 't-cancel' } });
    expect(byId).toMatchObject({ code: 0, success: true, message: 'success', result: { orderId: a.orderId, status: 'Cancelled' } });
    expect(byId.headers.get('x-trace-id')).toBe('t-cancel');
    expectOrderView(byId.result as Row);
    const b = await restingBuy(held.rt, uta, { client_order_id: 'c-cancel-me' });
    expect(await uta(ORDER_PATHS.cancel, { client_order_id: 'c-cancel-me' })).toMatchObject({ code: 0, result: { orderId: b.orderId, status: 'Cancelled' } });
    expect(await uta(ORDER_PATHS.cancel, { order_id: b.orderId })).toMatchObject({ code: 170190, success: false });
  });

  it('refuses cancel bodies that name no order (10001) and unknown orders (170213)', async () => {
    expect(await uta(ORDER_PATHS.cancel, {})).toMatchObject({ code: 10001, message: 'order_id or client_order_id is required' });
    expect(await uta(ORDER_PATHS.cancel, { order_id: 'abc' })).toMatchObject({ code: 10001, message: 'order_id must be an order id (digits)' });
    expect(await uta(ORDER_PATHS.cancel, { order_id: '1999999999999999999' })).toMatchObject({ code: 170213 });
  });

  it('keeps the kinds apart: the ordinary cancel does not touch a plan, the plan cancel checks plan_type', async () => {
    const plan = await planBuy(uta, 8);
    expect(await uta(ORDER_PATHS.cancel, { order_id: plan.orderId })).toMatchObject({ code: 170213 });
    expect(await uta(ORDER_PATHS.planCancel, { order_id: plan.orderId, plan_type: 10 })).toMatchObject({ code: 170213 });
    const done = await uta(ORDER_PATHS.planCancel, { order_id: plan.orderId, plan_type: 8 });
    expect(done).toMatchObject({ code: 0, success: true, message: 'success', result: { orderId: plan.orderId, status: 'Deactivated' } });
    const ordinary = await restingBuy(held.rt, uta);
    expect(await uta(ORDER_PATHS.planCancel, { order_id: ordinary.orderId })).toMatchObject({ code: 170213 });
  });

  it('modifies price and quantity of an ordinary order', async () => {
    const a = await restingBuy(held.rt, uta);
    const t = touchOf(held.rt, 'BTCUSDT');
    const price = t.price(t.bid * 0.94);
    const answer = await uta(ORDER_PATHS.modify, { order_id: a.orderId, symbol_id: 'BTCUSDT', price, quantity: '0.002' });
    expect(answer).toMatchObject({ code: 0, success: true, result: { orderId: a.orderId, price, origQty: '0.002000' } });
    expect(await uta(ORDER_PATHS.modify, { order_id: a.orderId, symbol_id: 'BTCUSDT' })).toMatchObject({ code: 10001, message: 'price or quantity is required' });
    expect(await uta(ORDER_PATHS.modify, { order_id: a.orderId, symbol_id: 'ETHUSDT', quantity: '0.003' })).toMatchObject({ code: 170213 });
    expect(await uta(ORDER_PATHS.modify, { order_id: a.orderId, quantity: '5' })).toMatchObject({ code: 170131 });
    expect(await standard(ORDER_PATHS.modify, { order_id: a.orderId, quantity: '0.003' })).toMatchObject({ code: 170213 });
  });

  it('modifies a plan order: trigger price, price and quantity', async () => {
    const plan = await planBuy(uta, 8);
    const t = touchOf(held.rt, 'BTCUSDT');
    const trigger = t.price(t.ask * 1.07);
    const price = t.price(t.ask * 1.08);
    const answer = await uta(ORDER_PATHS.planModify, { order_id: plan.orderId, symbol_id: 'BTCUSDT', plan_type: 8, trigger_price: trigger, price, quantity: '0.002' });
    expect(answer).toMatchObject({ code: 0, result: { orderId: plan.orderId, triggerPrice: trigger, price, origQty: '0.002000', status: 'Untriggered' } });
    expect(await uta(ORDER_PATHS.planModify, { order_id: plan.orderId })).toMatchObject({ code: 10001 });
    // The engine's own check: a limit price outside 90 %–110 % of the trigger.
    expect(await uta(ORDER_PATHS.planModify, { order_id: plan.orderId, price: t.price(t.ask * 1.5) })).toMatchObject({ code: 170132 });
    const ordinary = await restingBuy(held.rt, uta);
    expect(await uta(ORDER_PATHS.planModify, { order_id: ordinary.orderId, quantity: '0.002' })).toMatchObject({ code: 170213 });
  });

  it('cancels every ordinary order of some pairs or of all, and answers {list, count}', async () => {
    const ethPrice = restingBuyPrice(held.rt, 'ETHUSDT');
    const btc = await restingBuy(held.rt, standard);
    const eth = await place(standard, { symbol_id: 'ETHUSDT', side: 'Buy', type: 'limit', price: ethPrice, quantity: '0.01' });
    const plan = await planBuy(standard, 1);
    const some = await standard(ORDER_PATHS.cancelAll, { symbol_ids: 'ETHUSDT' });
    expect(some).toMatchObject({ code: 0, success: true, result: { count: 1 } });
    expect(idsOf(listOf(some))).toEqual([eth.orderId]);
    const all = await standard(ORDER_PATHS.cancelAll, { symbol_ids: '' });
    expect(idsOf(listOf(all))).toContain(btc.orderId);
    expect(listOf(all).every((o) => o.status === 'Cancelled' && o.planType === -1)).toBe(true);
    expect(idsOf(listOf(await standard(ORDER_PATHS.openPlanOrders)))).toContain(plan.orderId);
    expect(await standard(ORDER_PATHS.cancelAll, { symbol_ids: 'NOPEUSDT' })).toMatchObject({ code: 170121 });
    expect(await standard(ORDER_PATHS.cancelAll, { symbol_ids: 5 })).toMatchObject({ code: 10001 });
  });

  it('cancels plan orders by family: plan_type 1 takes conditional and stop-limit, 10 OCO', async () => {
    const sub = await callerFor(held.rt, 'u-sub');
    const conditional = await planBuy(sub, 1);
    const stopLimit = await planBuy(sub, 8);
    const t = touchOf(held.rt, 'BTCUSDT');
    const oco = await place(sub, {
      symbol_id: 'BTCUSDT', side: 'Sell', quantity: '0.001', plan_type: 10,
      oco: { take_profit: { trigger_price: t.price(t.bid * 1.05), type: 'market' }, stop_loss: { trigger_price: t.price(t.bid * 0.95), type: 'market' } },
    });
    const ordinary = await restingBuy(held.rt, sub);
    const stops = await sub(ORDER_PATHS.planCancelAll, { symbol_id: 'BTCUSDT', plan_type: 1 });
    expect(new Set(idsOf(listOf(stops)))).toEqual(new Set([conditional.orderId, stopLimit.orderId]));
    const rest = await sub(ORDER_PATHS.planCancelAll, {});
    expect(idsOf(listOf(rest))).toContain(oco.orderId);
    expect(listOf(rest).every((o) => o.status === 'Deactivated')).toBe(true);
    expect(idsOf(listOf(await sub(ORDER_PATHS.openOrders)))).toContain(ordinary.orderId);
    expect(await sub(ORDER_PATHS.planCancelAll, { plan_type: -1 })).toMatchObject({ code: 10001 });
  });

  it('refuses visitors on every write call', async () => {
    const visitor = await callerFor(held.rt, null);
    for (const path of [ORDER_PATHS.cancel, ORDER_PATHS.planCancel, ORDER_PATHS.modify, ORDER_PATHS.planModify, ORDER_PATHS.cancelAll, ORDER_PATHS.planCancelAll]) {
      expect(await visitor(path, {}), path).toMatchObject({ code: 10007, success: false });
    }
  });
});
