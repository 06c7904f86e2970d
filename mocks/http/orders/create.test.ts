// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaultPlan, parseFaults } from '../../faults';
import { RUNTIMES, startRuntime, type ContractRuntime } from '../../runtime/contractKit';
import { ORDER_PATHS } from './paths';
import { callerFor, expectOrderView, idsOf, listOf, restingBuy, restingBuyPrice, touchOf, type Caller } from './orderCallKit';

/** orderCreate over both runtimes: fields, refusals before and in the engine, idempotence, the trace header. */
describe.each(RUNTIMES)('order create (%s)', (kind) => {
  let rt: ContractRuntime;
  let visitor: Caller;
  let uta: Caller;
  let standard: Caller;
  beforeAll(async () => {
    rt = await startRuntime(kind);
    visitor = await callerFor(rt, null);
    uta = await callerFor(rt, 'u-uta');
    standard = await callerFor(rt, 'u-standard');
  });
  afterAll(() => rt.close());

  it('places a limit order: code 0, every order field, the trace header echoed', async () => {
    const price = restingBuyPrice(rt, 'BTCUSDT');
    const answer = await uta(ORDER_PATHS.create, { symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', price, quantity: '0.001', client_order_id: 'c-fields' }, {
      headers: { 'x-trace-id': 'trace-123' },
    });
    expect(answer).toMatchObject({ code: 0, success: true });
    expect(answer.headers.get('x-trace-id')).toBe('trace-123');
    const order = answer.result as Record<string, unknown>;
    expectOrderView(order);
    expect(order).toMatchObject({
      clientOrderId: 'c-fields', symbolId: 'BTCUSDT', side: 'Buy', type: 'LIMIT', price, origQty: '0.001000', qty: '0.001000', orderQtyForView: '0.001000',
      executedQty: '0.000000', status: 'New', planType: -1, marketUnit: 'baseCoin', isLeverage: false, createType: 'CreateByUser', stopOrderType: '',
      baseTokenName: 'BTC', quoteTokenName: 'USDT', timeInForce: 'GTC', time: rt.backend.hub.now(),
    });
    expect(Number(order.amount)).toBeCloseTo(Number(price) * 0.001, 6);
  });

  it('echoes the trace header on refusals too', async () => {
    const answer = await visitor(ORDER_PATHS.create, { symbol_id: 'BTCUSDT' }, { headers: { 'x-trace-id': 't-visitor' } });
    expect(answer).toMatchObject({ code: 10007, success: false, message: 'Login required' });
    expect(answer.headers.get('x-trace-id')).toBe('t-visitor');
  });

  it.each([
    [{}, 'symbol_id is required'],
    [{ symbol_id: 'BTCUSDT', side: 'Up', type: 'limit', quantity: '1' }, 'side must be one of Buy, Sell'],
    [{ symbol_id: 'BTCUSDT', side: 'Buy', quantity: '1', price: '1' }, 'type is required'],
    [{ symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', quantity: 'lots', price: '1' }, 'quantity must be a decimal string'],
    [{ symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', quantity: '1', price: '1', time_in_force: 'DAY' }, 'time_in_force must be one of GTC, IOC, FOK, PostOnly'],
    [{ symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', quantity: '1', price: '1', is_leverage: 'yes' }, 'is_leverage must be true or false'],
    [{ symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', quantity: '1', price: '1', plan_type: 7 }, 'plan_type must be one of 1, 4, 5, 8, 10, 11'],
    [{ symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', quantity: '1', plan_type: 10 }, 'oco is required for plan_type 10'],
    [{ symbol_id: 'BTCUSDT', side: 'Buy', quantity: '1', oco: { take_profit: { type: 'limit' }, stop_loss: {} } }, 'oco.take_profit.trigger_price is required'],
    [{ symbol_id: 'BTCUSDT', side: 'Buy', type: 'market', quantity: '1', slippage_type: 'ticks' }, 'slippage_value is required with slippage_type'],
    [{ symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', quantity: '1', price: '1', client_order_id: 'x'.repeat(37) }, 'client_order_id must be 1 to 36 letters, digits or -_.:'],
  ])('refuses a malformed body with 10001 naming the field (%j)', async (body, message) => {
    expect(await uta(ORDER_PATHS.create, body)).toMatchObject({ code: 10001, success: false, message });
  });

  it('refuses a body that is not a JSON object', async () => {
    expect(await uta(ORDER_PATHS.create, 'not json')).toMatchObject({ code: 10001, message: 'body must be JSON' });
    expect(await uta(ORDER_PATHS.create, [1])).toMatchObject({ code: 10001, message: 'body must be a JSON object' });
  });

  it("passes the engine's refusals through: balance, symbol, price band", async () => {
    const price = restingBuyPrice(rt, 'BTCUSDT');
    expect(await uta(ORDER_PATHS.create, { symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', price, quantity: '5' })).toMatchObject({ code: 170131, message: 'Balance insufficient' });
    expect(await uta(ORDER_PATHS.create, { symbol_id: 'NOPEUSDT', side: 'Buy', type: 'limit', price: '1', quantity: '1' })).toMatchObject({ code: 170121 });
    const t = touchOf(rt, 'BTCUSDT');
    const tooHigh = await uta(ORDER_PATHS.create, { symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', price: t.price(t.ask * 1.5), quantity: '0.001' });
    expect(tooHigh.code).toBe(170193);
  });

  it('places plan orders: a stop-limit plan and an OCO pair (unified account)', async () => {
    const t = touchOf(rt, 'BTCUSDT');
    const stop = (await uta(ORDER_PATHS.create, {
      symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', plan_type: 8, trigger_price: t.price(t.ask * 1.05), price: t.price(t.ask * 1.06), quantity: '0.001',
    })).result as Record<string, unknown>;
    expectOrderView(stop);
    expect(stop).toMatchObject({ planType: 8, status: 'Untriggered', stopOrderType: 'StopLimit', triggerPrice: t.price(t.ask * 1.05) });
    const oco = await uta(ORDER_PATHS.create, {
      symbol_id: 'BTCUSDT', side: 'Sell', quantity: '0.001', plan_type: 10,
      oco: { take_profit: { trigger_price: t.price(t.bid * 1.05), type: 'limit', price: t.price(t.bid * 1.04) }, stop_loss: { trigger_price: t.price(t.bid * 0.95), type: 'market' } },
    });
    expect(oco).toMatchObject({ code: 0, result: { planType: 10, status: 'Untriggered', stopOrderType: 'OcoOrder', ocoRole: 'takeProfit' } });
  });

  it('answers the first order for a client_order_id used again, and makes no second one', async () => {
    const first = await restingBuy(rt, uta, { client_order_id: 'c-twice' });
    const again = await restingBuy(rt, uta, { client_order_id: 'c-twice', quantity: '0.002' });
    expect(again.orderId).toBe(first.orderId);
    expect(again.origQty).toBe('0.001000');
    const open = listOf(await uta(`${ORDER_PATHS.openOrders}?limit=100`));
    expect(open.filter((o) => o.clientOrderId === 'c-twice')).toHaveLength(1);
  });

  it('refuses new orders by margin health: liquidation 81001, overrun 81002', async () => {
    const liquidation = await callerFor(rt, 'u-liquidation');
    const overrun = await callerFor(rt, 'u-overrun');
    const body = { symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', price: restingBuyPrice(rt, 'BTCUSDT'), quantity: '0.001' };
    expect(await liquidation(ORDER_PATHS.create, body)).toMatchObject({ code: 81001, success: false });
    expect(await liquidation(ORDER_PATHS.cancel, { order_id: '1900000000000000001' })).toMatchObject({ code: 81001 });
    expect(await liquidation(ORDER_PATHS.cancelAll, { symbol_ids: '' })).toMatchObject({ code: 81001 });
    expect(await overrun(ORDER_PATHS.create, body)).toMatchObject({ code: 81002, success: false, message: 'margin overrun: new orders are blocked' });
  });

  it('refuses margin orders: a classic account 170227, a unified one without spot margin 170229', async () => {
    const body = { symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', price: restingBuyPrice(rt, 'BTCUSDT'), quantity: '0.001', is_leverage: true };
    expect(await standard(ORDER_PATHS.create, body)).toMatchObject({ code: 170227, success: false });
    expect(await uta(ORDER_PATHS.create, body)).toMatchObject({ code: 170229, success: false, message: 'spot margin is not enabled' });
  });

  it("keeps accounts apart: another user's order is not found and not listed", async () => {
    const mine = await restingBuy(rt, standard);
    expect(await uta(ORDER_PATHS.cancel, { order_id: mine.orderId })).toMatchObject({ code: 170213, success: false });
    expect(await uta(ORDER_PATHS.modify, { order_id: mine.orderId, quantity: '0.002' })).toMatchObject({ code: 170213 });
    expect(idsOf(listOf(await uta(ORDER_PATHS.openOrders)))).not.toContain(mine.orderId);
    expect(idsOf(listOf(await standard(ORDER_PATHS.openOrders)))).toContain(mine.orderId);
  });
});

/** The retry an idempotent client order id exists for: the first answer is lost after the order was made. */
describe.each(RUNTIMES)('order create across a lost connection (%s)', (kind) => {
  let rt: ContractRuntime;
  beforeAll(async () => {
    rt = await startRuntime(kind, { faults: new FaultPlan(parseFaults(`${ORDER_PATHS.create}:lost:1`)) });
  });
  afterAll(() => rt.close());

  it('makes one order; the retry with the same client_order_id answers it', async () => {
    const uta = await callerFor(rt, 'u-uta');
    const body = { symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', price: restingBuyPrice(rt, 'BTCUSDT'), quantity: '0.001', client_order_id: 'c-lost' };
    // The connection drops: fetch fails as on a network error.
    await expect(uta(ORDER_PATHS.create, body)).rejects.toBeInstanceOf(TypeError);
    const made = rt.backend.exchange.openOrders('u-uta');
    expect(made).toHaveLength(1);
    const retry = await uta(ORDER_PATHS.create, body);
    expect(retry).toMatchObject({ code: 0, success: true, result: { orderId: made[0]!.orderId, clientOrderId: 'c-lost' } });
    expect(rt.backend.exchange.openOrders('u-uta')).toHaveLength(1);
  });
});
