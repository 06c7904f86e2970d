// @vitest-environment jsdom
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIMES, startRuntime, type ContractRuntime } from '../../runtime/contractKit';
import { ORDER_PATHS } from './paths';
import { callerFor, marketableBuyPrice, place, touchOf, type Caller, type Row } from './orderCallKit';

const DAY_MS = 86_400_000;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const total = (rows: readonly Row[], field: string) => rows.reduce((s, r) => s.plus(r[field] as string), new Decimal(0));

/** Realised P&L over both runtimes, from fills made against the replayed book. */
describe.each(RUNTIMES)('realised P&L (%s)', (kind) => {
  let rt: ContractRuntime;
  let trader: Caller;
  const pnl = (query = '') => trader(`${ORDER_PATHS.pnl}${query}`);
  const fills = async () => {
    const { buys, sells } = (await trader(`${ORDER_PATHS.tradeInfo}?symbol_id=BTCUSDT`)).result as { buys: Row[]; sells: Row[] };
    return { buys, sells };
  };
  beforeAll(async () => {
    rt = await startRuntime(kind);
    trader = await callerFor(rt, 'u-uta');
    await place(trader, { symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', price: marketableBuyPrice(rt, 'BTCUSDT'), quantity: '0.002' });
    const t = touchOf(rt, 'BTCUSDT');
    await place(trader, { symbol_id: 'BTCUSDT', side: 'Sell', type: 'limit', price: t.price(t.bid * 0.99), quantity: '0.001' });
    await rt.scheduler.advance(1000);
  });
  afterAll(() => rt.close());

  it('answers a pair with its volumes, fees and the P&L of the sell at the buys’ average cost', async () => {
    const answer = await pnl();
    expect(answer).toMatchObject({ code: 0, success: true });
    const result = answer.result as { pairs: Row[]; totals: Row[]; skipped: number; startTime: number; endTime: number };
    const { buys, sells } = await fills();
    expect(buys.length).toBeGreaterThan(0);
    expect(sells.length).toBeGreaterThan(0);
    // Every buy came before every sell, and the buy fee is in BTC: avg = value / (qty − fee).
    const held = total(buys, 'quantity').minus(total(buys, 'tokenFee'));
    const avg = total(buys, 'amount').div(held);
    const expected = total(sells, 'amount').minus(total(sells, 'tokenFee')).minus(avg.times(total(sells, 'quantity')));
    const [pair] = result.pairs;
    expect(result.pairs).toHaveLength(1);
    expect(pair).toMatchObject({ symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', trades: buys.length + sells.length, unexplainedQty: '0' });
    expect(pair!.buyVolume).toBe(total(buys, 'amount').toFixed());
    expect(pair!.sellVolume).toBe(total(sells, 'amount').toFixed());
    expect(new Decimal(pair!.realisedPnl as string).minus(expected).abs().lte('1e-17')).toBe(true);
    expect(new Decimal(pair!.realisedPnl as string).isNegative()).toBe(true);
    for (const field of ['buyVolume', 'sellVolume', 'fees', 'realisedPnl', 'unexplainedQty']) expect(pair![field], field).toMatch(DECIMAL);
    expect(result.totals).toEqual([{ quote: 'USDT', buyVolume: pair!.buyVolume, sellVolume: pair!.sellVolume, fees: pair!.fees, trades: pair!.trades, realisedPnl: pair!.realisedPnl }]);
    expect(result.skipped).toBe(0);
  });

  it('defaults to the last 7 days of exchange time', async () => {
    const now = rt.backend.hub.now();
    const result = (await pnl()).result as Row;
    expect(result.endTime).toBe(now);
    expect(result.startTime).toBe(now - 7 * DAY_MS);
    const ended = (await pnl(`?end_time=${now - DAY_MS}`)).result as Row;
    expect(ended).toMatchObject({ startTime: now - 8 * DAY_MS, endTime: now - DAY_MS, pairs: [], totals: [] });
  });

  it('a window after the buys keeps their cost; a sell beyond them reports what it could not explain', async () => {
    const { buys, sells } = await fills();
    const held = total(buys, 'quantity').minus(total(buys, 'tokenFee')).minus(total(sells, 'quantity'));
    const cost = total(buys, 'amount').div(held.plus(total(sells, 'quantity'))).times(held);
    const start = rt.backend.hub.now();
    const t = touchOf(rt, 'BTCUSDT');
    // u-uta starts with 1 BTC: selling 0.003 sells more than the fills explain.
    await place(trader, { symbol_id: 'BTCUSDT', side: 'Sell', type: 'limit', price: t.price(t.bid * 0.99), quantity: '0.003' });
    await rt.scheduler.advance(1000);
    const late = (await fills()).sells.filter((f) => (f.matchTime as number) >= start);
    const [pair] = ((await pnl(`?start_time=${start}&end_time=${rt.backend.hub.now()}`)).result as { pairs: Row[] }).pairs;
    expect(pair).toMatchObject({ trades: late.length, buyVolume: '0', sellVolume: total(late, 'amount').toFixed(), unexplainedQty: new Decimal('0.003').minus(held).toFixed() });
    const explained = total(late, 'amount').minus(total(late, 'tokenFee')).times(held).div('0.003');
    expect(new Decimal(pair!.realisedPnl as string).minus(explained.minus(cost)).abs().lte('1e-17')).toBe(true);
  });

  it('refuses a reversed range and a span over 180 days (10001), a bad time, and visitors', async () => {
    const now = rt.backend.hub.now();
    expect(await pnl(`?start_time=${now}&end_time=${now - 1}`)).toMatchObject({ code: 10001, message: 'start_time must not be after end_time' });
    expect(await pnl(`?start_time=${now - 181 * DAY_MS}&end_time=${now}`)).toMatchObject({ code: 10001, message: 'start_time must be within 180 days of end_time' });
    expect(await pnl(`?start_time=${now - 180 * DAY_MS}&end_time=${now}`)).toMatchObject({ code: 0 });
    expect(await pnl('?start_time=yesterday')).toMatchObject({ code: 10001 });
    expect(await (await callerFor(rt, null))(ORDER_PATHS.pnl)).toMatchObject({ code: 10007 });
  });

  it("keeps one user's fills from another; a demo account reaches 7 days back at most", async () => {
    const other = await callerFor(rt, 'u-standard');
    expect((await other(ORDER_PATHS.pnl)).result).toMatchObject({ pairs: [], totals: [], skipped: 0 });
    const demo = await callerFor(rt, 'u-demo');
    const now = rt.backend.hub.now();
    expect((await demo(`${ORDER_PATHS.pnl}?start_time=${now - 30 * DAY_MS}&end_time=${now}`)).result).toMatchObject({ startTime: now - 7 * DAY_MS, endTime: now });
  });
});
