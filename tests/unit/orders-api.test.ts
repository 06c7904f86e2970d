import { afterEach, describe, expect, it } from 'vitest';
import { startRuntime, type ContractRuntime } from '../../mocks/runtime/contractKit';
import { callerFor, marketableBuyPrice, place, restingBuy, restingBuyPrice, touchOf } from '../../mocks/http/orders/orderCallKit';
import {
  cancelAllOrders,
  cancelAllPlanOrders,
  cancelOrder,
  cancelPlanOrder,
  getOpenOrders,
  getOpenPlanOrders,
  getOrderHistory,
  getTradeHistory,
  parseOrderList,
  parseTradeInfo,
} from '../../src/data/api/orders';
import { fetchServerTime } from '../../src/data/api/serverTime';
import { ApiError, MalformedResponseError } from '../../src/data/http';

/**
 * The order calls across the seam: the embedded exchange's handlers (msw/node)
 * read through the page's own client and parsers, signed in by a session
 * token the backend reads for every request (the page's fetch sends no cookie here).
 */
const DAY_MS = 86_400_000;
let running: ContractRuntime | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

async function signedIn(userId: string | null) {
  let token: string | null = null;
  const rt = await startRuntime('msw/node', { tokenOf: () => token });
  running = rt;
  if (userId !== null) token = await rt.signIn(userId);
  return { rt, call: await callerFor(rt, userId) };
}

describe('order calls through the page client', () => {
  it('lists open orders (code 200) with the page status, cancels one, and finds it in the history', async () => {
    const { rt, call } = await signedIn('u-uta');
    const first = await restingBuy(rt, call);
    const second = await restingBuy(rt, call, { client_order_id: 'mine-2' });
    const open = await getOpenOrders();
    expect(open.map((o) => o.orderId)).toEqual([second.orderId, first.orderId]);
    expect(open[0]).toMatchObject({ symbolId: 'BTCUSDT', side: 'Buy', type: 'LIMIT', planType: -1, serverStatus: 'New', status: 'NEW', qty: '0.001000', clientOrderId: 'mine-2' });

    const cancelled = await cancelOrder(open[0]!);
    expect(cancelled).toMatchObject({ orderId: second.orderId, status: 'CANCELED' });
    expect((await getOpenOrders()).map((o) => o.orderId)).toEqual([first.orderId]);

    const now = await fetchServerTime();
    for (const days of [7, 30, 180]) {
      const history = await getOrderHistory({ startTime: now - days * DAY_MS, endTime: now });
      expect(history.map((o) => [o.orderId, o.status])).toEqual([[second.orderId, 'CANCELED']]);
    }
  });

  it('lists, cancels and cancels all plan orders; cancelled plans are ORDER_CANCELED', async () => {
    const { rt, call } = await signedIn('u-uta');
    const t = touchOf(rt, 'BTCUSDT');
    const body = { symbol_id: 'BTCUSDT', side: 'Buy', type: 'market', trigger_price: t.price(t.ask * 1.05), quantity: '0.001', market_unit: 'baseCoin' };
    const conditional = await place(call, { ...body, plan_type: 1 });
    const tpsl = await place(call, { ...body, plan_type: 11 });
    const plans = await getOpenPlanOrders();
    expect(plans.map((o) => [o.orderId, o.planType, o.status])).toEqual([
      [tpsl.orderId, 11, 'ORDER_NEW'],
      [conditional.orderId, 1, 'ORDER_NEW'],
    ]);
    expect(await cancelPlanOrder(plans[0]!)).toMatchObject({ orderId: tpsl.orderId, status: 'ORDER_CANCELED' });
    const all = await cancelAllPlanOrders();
    expect(all.count).toBe(1);
    expect(all.orders.map((o) => o.orderId)).toEqual([conditional.orderId]);
    expect(await getOpenPlanOrders()).toEqual([]);
    const now = await fetchServerTime();
    const history = await getOrderHistory({ startTime: now - 7 * DAY_MS, endTime: now, planTypes: [1, 11] });
    expect(history.map((o) => [o.orderId, o.status])).toEqual([
      [tpsl.orderId, 'ORDER_CANCELED'],
      [conditional.orderId, 'ORDER_CANCELED'],
    ]);
  });

  it('reads every page of the open orders (past 100), and the history 100 at a time from the last order seen', async () => {
    const { rt, call } = await signedIn('u-uta');
    const placed: string[] = [];
    for (let i = 0; i < 130; i++) {
      placed.push(String((await restingBuy(rt, call)).orderId));
      // 20 new orders a second per user: the exchange's clock moves on between bursts.
      if (i % 20 === 19) await rt.scheduler.advance(1000);
    }
    const open = await getOpenOrders();
    expect(open.map((o) => o.orderId)).toEqual([...placed].reverse());
    await cancelAllOrders();
    const now = await fetchServerTime();
    const window = { startTime: now - DAY_MS, endTime: now };
    const first = await getOrderHistory(window);
    expect(first).toHaveLength(100);
    const next = await getOrderHistory(window, undefined, first[99]!.orderId);
    expect(next).toHaveLength(30);
    expect(new Set([...first, ...next].map((o) => o.orderId))).toEqual(new Set(placed));
  }, 30_000);

  it('cancels every ordinary order at once', async () => {
    const { rt, call } = await signedIn('u-uta');
    await restingBuy(rt, call);
    await place(call, { symbol_id: 'ETHUSDT', side: 'Buy', type: 'limit', price: restingBuyPrice(rt, 'ETHUSDT'), quantity: '0.01' });
    const all = await cancelAllOrders();
    expect(all.count).toBe(2);
    expect(all.orders.every((o) => o.status === 'CANCELED')).toBe(true);
    expect(await getOpenOrders()).toEqual([]);
  });

  it('reads the fills of both sides as one list, newest first', async () => {
    const { rt, call } = await signedIn('u-uta');
    await place(call, { symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', price: marketableBuyPrice(rt, 'BTCUSDT'), quantity: '0.002' });
    const t = touchOf(rt, 'BTCUSDT');
    await place(call, { symbol_id: 'BTCUSDT', side: 'Sell', type: 'limit', price: t.price(t.bid * 0.99), quantity: '0.001' });
    await rt.scheduler.advance(1000);
    const fills = await getTradeHistory();
    expect(fills.length).toBeGreaterThanOrEqual(2);
    expect(fills[0]).toMatchObject({ side: 'Sell', symbolId: 'BTCUSDT', feeTokenId: 'USDT' });
    expect(fills.at(-1)).toMatchObject({ side: 'Buy', feeTokenId: 'BTC' });
    for (let i = 1; i < fills.length; i++) expect(fills[i - 1]!.matchTime).toBeGreaterThanOrEqual(fills[i]!.matchTime);
  });

  it('refusals are ApiErrors with the server code: a visitor 10007, a missing order 170213, liquidation 81001', async () => {
    await signedIn(null);
    await expect(getOpenOrders()).rejects.toMatchObject({ code: 10007 });
    await running!.close();
    await signedIn('u-uta');
    const missing = await cancelOrder({ orderId: '1900000000000000999', clientOrderId: '' }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing).toMatchObject({ code: 170213 });
    await running!.close();
    await signedIn('u-liquidation');
    await expect(cancelAllOrders()).rejects.toMatchObject({ code: 81001 });
  });
});

describe('order parsers', () => {
  it('a list item that is not an order view makes the whole list malformed', () => {
    expect(() => parseOrderList({ list: [{ orderId: '1' }] })).toThrow(MalformedResponseError);
    expect(() => parseOrderList({})).toThrow(MalformedResponseError);
  });

  it('fills of the same millisecond are ordered by trade id', () => {
    const fill = (tradeId: string, side: string) => ({ tradeId, orderId: '1', symbolId: 'BTCUSDT', side, matchTime: 5, price: '1', quantity: '1', amount: '1', tokenFee: '0', feeTokenId: 'BTC', isMaker: false });
    const fills = parseTradeInfo({ buys: [fill('9', 'Buy')], sells: [fill('10', 'Sell')], lastTradeId: '10' });
    expect(fills.map((f) => f.tradeId)).toEqual(['10', '9']);
  });
});
