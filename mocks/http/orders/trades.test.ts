// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIMES, startRuntime, type ContractRuntime } from '../../runtime/contractKit';
import { ORDER_PATHS } from './paths';
import { callerFor, marketableBuyPrice, place, touchOf, type Caller, type Row } from './orderCallKit';

const DAY_MS = 86_400_000;
const DECIMAL = /^\d+(\.\d+)?$/;
const sum = (rows: readonly Row[], field: string) => rows.reduce((s, r) => s + Number(r[field]), 0);

/** The user's fills and averages over both runtimes, after a buy and a sell filled against the replayed book. */
describe.each(RUNTIMES)('trades and averages (%s)', (kind) => {
  let rt: ContractRuntime;
  let trader: Caller;
  let other: Caller;
  let buy: Row;
  let sell: Row;
  beforeAll(async () => {
    rt = await startRuntime(kind);
    trader = await callerFor(rt, 'u-eaa');
    other = await callerFor(rt, 'u-uta');
    buy = await place(trader, { symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', price: marketableBuyPrice(rt, 'BTCUSDT'), quantity: '0.002' });
    const t = touchOf(rt, 'BTCUSDT');
    sell = await place(trader, { symbol_id: 'BTCUSDT', side: 'Sell', type: 'limit', price: t.price(t.bid * 0.99), quantity: '0.001' });
    await rt.scheduler.advance(1000);
  });
  afterAll(() => rt.close());

  it('lists the deal history split by side with the trade fields', async () => {
    const answer = await trader(`${ORDER_PATHS.tradeInfo}?symbol_id=BTCUSDT&start_time=${rt.backend.hub.now() - DAY_MS}&end_time=${rt.backend.hub.now()}`);
    expect(answer).toMatchObject({ code: 0, success: true });
    const { buys, sells, lastTradeId } = answer.result as { buys: Row[]; sells: Row[]; lastTradeId: string };
    expect(buys.length).toBeGreaterThan(0);
    expect(sells.length).toBeGreaterThan(0);
    expect(sum(buys, 'quantity')).toBeCloseTo(0.002, 9);
    expect(sum(sells, 'quantity')).toBeCloseTo(0.001, 9);
    for (const fill of [...buys, ...sells]) {
      expect(fill).toMatchObject({ symbolId: 'BTCUSDT', orderType: 'LIMIT' });
      for (const field of ['price', 'amount', 'quantity', 'tokenFee']) expect(fill[field], field).toMatch(DECIMAL);
      expect(fill.tradeId).toMatch(/^\d+$/);
      expect(Number.isInteger(fill.matchTime)).toBe(true);
      expect(typeof fill.isMaker).toBe('boolean');
    }
    expect(buys.every((f) => f.orderId === buy.orderId)).toBe(true);
    expect(sells.every((f) => f.orderId === sell.orderId)).toBe(true);
    const ids = [...buys, ...sells].map((f) => BigInt(f.tradeId as string));
    expect(lastTradeId).toBe(ids.reduce((a, b) => (a > b ? a : b)).toString());
  });

  it('pages the deal history: the `limit` newest fills older than `last_trade_id`', async () => {
    const all = (await trader(`${ORDER_PATHS.tradeInfo}?symbol_id=BTCUSDT`)).result as { buys: Row[]; sells: Row[] };
    const ids = [...all.buys, ...all.sells].map((f) => BigInt(f.tradeId as string)).sort((a, b) => (b > a ? 1 : -1));
    expect(ids.length).toBeGreaterThan(1);
    const page = async (query: string) => {
      const r = (await trader(`${ORDER_PATHS.tradeInfo}?symbol_id=BTCUSDT&${query}`)).result as { buys: Row[]; sells: Row[] };
      return [...r.buys, ...r.sells].map((f) => BigInt(f.tradeId as string)).sort((a, b) => (b > a ? 1 : -1));
    };
    expect(await page('limit=1')).toEqual([ids[0]]);
    expect(await page(`limit=1&last_trade_id=${ids[0]}`)).toEqual([ids[1]]);
    expect(await page(`limit=500&last_trade_id=${ids[ids.length - 1]}`)).toEqual([]);
    expect(await trader(`${ORDER_PATHS.tradeInfo}?symbol_id=BTCUSDT&last_trade_id=abc`)).toMatchObject({ code: 10001 });
    expect(await trader(`${ORDER_PATHS.tradeInfo}?symbol_id=BTCUSDT&limit=0`)).toMatchObject({ code: 10001 });
  });

  it('reaches 90 days back at most (an older start is moved up) and refuses a reversed range', async () => {
    const now = rt.backend.hub.now();
    expect(await trader(`${ORDER_PATHS.tradeInfo}?start_time=${now - 400 * DAY_MS}`)).toMatchObject({ code: 0 });
    expect(await trader(`${ORDER_PATHS.tradeInfo}?start_time=${now}&end_time=${now - 1}`)).toMatchObject({ code: 10001 });
    expect(await trader(`${ORDER_PATHS.tradeInfo}?symbol_id=NOPEUSDT`)).toMatchObject({ code: 170121 });
  });

  it("keeps one user's fills from another", async () => {
    const { buys, sells, lastTradeId } = (await other(ORDER_PATHS.tradeInfo)).result as { buys: Row[]; sells: Row[]; lastTradeId: string };
    expect([...buys, ...sells].some((f) => f.orderId === buy.orderId || f.orderId === sell.orderId)).toBe(false);
    expect(lastTradeId).toBe('0');
  });

  it('answers the chart marks of a symbol', async () => {
    const answer = await trader(`${ORDER_PATHS.tradeInfoKline}?contractType=6&symbol=BTCUSDT`);
    expect(answer).toMatchObject({ code: 0, success: true, result: { maxMarginVersion: 0 } });
    const list = (answer.result as { list: Row[] }).list;
    expect(list.length).toBeGreaterThan(1);
    for (const mark of list) {
      expect(Object.keys(mark).sort()).toEqual(['amount', 'feeTokenId', 'matchTime', 'orderId', 'price', 'quantity', 'side', 'tokenFee', 'tradeId']);
      expect(['Buy', 'Sell']).toContain(mark.side);
    }
    expect(await trader(`${ORDER_PATHS.tradeInfoKline}?contractType=1&symbol=BTCUSDT`)).toMatchObject({ code: 10001, message: 'contractType must be 6 (spot)' });
    expect(await trader(`${ORDER_PATHS.tradeInfoKline}?contractType=6`)).toMatchObject({ code: 10001, message: 'symbol is required' });
  });

  it('sums the buys (side 1) or sells (side 2) of a day span for the average price line', async () => {
    const trades = (await trader(`${ORDER_PATHS.tradeInfo}?symbol_id=BTCUSDT`)).result as { buys: Row[]; sells: Row[] };
    const buys = (await trader(`${ORDER_PATHS.tradeAvgKline}?contractType=6&symbol=BTCUSDT&side=1&daySpan=30`)).result as Row;
    expect(buys).toMatchObject({ sumExecQty: '0.002000', maxMarginVersion: 0 });
    expect(Number(buys.sumExecValue)).toBeCloseTo(sum(trades.buys, 'amount'), 6);
    const sells = (await trader(`${ORDER_PATHS.tradeAvgKline}?contractType=6&symbol=BTCUSDT&side=2&daySpan=30`)).result as Row;
    expect(sells.sumExecQty).toBe('0.001000');
    expect(await trader(`${ORDER_PATHS.tradeAvgKline}?contractType=6&symbol=BTCUSDT&side=0&daySpan=30`)).toMatchObject({ code: 10001 });
    expect(await trader(`${ORDER_PATHS.tradeAvgKline}?contractType=6&symbol=BTCUSDT&side=1&daySpan=91`)).toMatchObject({ code: 10001, message: 'daySpan must be an integer from 1 to 90' });
  });

  it('totals the most recent fills of a side, at most `limit` of them', async () => {
    const trades = (await trader(`${ORDER_PATHS.tradeInfo}?symbol_id=BTCUSDT`)).result as { buys: Row[] };
    const all = (await trader(`${ORDER_PATHS.tradeAvgInfo}?symbol_id=BTCUSDT&side=Buy&limit=1000&daySpan=90`)).result as Row;
    expect(all).toMatchObject({ quantitySum: '0.002000', lastTradeId: trades.buys[0]!.tradeId });
    expect(Number(all.priceTotal)).toBeCloseTo(sum(trades.buys, 'amount'), 6);
    const newest = (await trader(`${ORDER_PATHS.tradeAvgInfo}?symbol_id=BTCUSDT&side=0&limit=1`)).result as Row;
    expect(newest).toMatchObject({ quantitySum: trades.buys[0]!.quantity, priceTotal: trades.buys[0]!.amount });
    expect(await trader(`${ORDER_PATHS.tradeAvgInfo}?symbol_id=BTCUSDT&side=Buy&limit=1001`)).toMatchObject({ code: 10001 });
    expect(await trader(`${ORDER_PATHS.tradeAvgInfo}?symbol_id=BTCUSDT&side=Both`)).toMatchObject({ code: 10001 });
  });

  it('refuses visitors', async () => {
    const visitor = await callerFor(rt, null);
    for (const path of [ORDER_PATHS.tradeInfo, ORDER_PATHS.tradeInfoKline, ORDER_PATHS.tradeAvgKline, ORDER_PATHS.tradeAvgInfo]) {
      expect(await visitor(path), path).toMatchObject({ code: 10007 });
    }
  });
});
