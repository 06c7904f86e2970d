// @vitest-environment node
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { line } from '../exchange/orderTestKit';
import { amount } from '../exchange/testKit';
import { gridBotOfOrder, GRID_SPECIAL_TRADE_FROM } from './gridBot';
import { botOrders, created, gridSetUp, SMALL, U } from './gridTestKit';

const DAY = 86_400_000;
const grid = (h: ReturnType<typeof gridSetUp>['h']) => botOrders(h).map((o) => [o.side, o.price / 100, o.qty]).sort();

describe('grid bot lifecycle', () => {
  it('NEW, then a start buy for the sell above and a limit at each level but the nearest: RUNNING', () => {
    const { h, desk, settle } = gridSetUp();
    const bot = created(desk.create(U, SMALL, h.t));
    expect(bot).toMatchObject({ status: 'NEW', levels: ['59000.00', '60000.00', '61000.00'], perGridQty: '0.001000', openOrders: 0 });
    expect(botOrders(h)).toHaveLength(0);
    settle();
    expect(desk.detail(U, bot.botId)).toMatchObject({ status: 'RUNNING', startPrice: '60000.00', startedAt: h.t, openOrders: 2 });
    expect(grid(h)).toEqual([['Buy', 59000, 1000], ['Sell', 61000, 1000]]);
    // The start buy by value: 60.4206 USDT buys 1,006 lots at 60,001; 1.006 lots go in fee.
    const start = h.ex.orderHistory(U).find((o) => o.orderType === 'Market')!;
    expect(start).toMatchObject({ side: 'Buy', status: 'Filled', executedQty: 1006, marketUnit: 'quoteCoin' });
    expect(desk.detail(U, bot.botId)!.holdings).toEqual({ quote: '59.059594', base: '0.001004994' });
  });

  it('tags its orders by client id (specialTradeFrom ≠ 0 for the views)', () => {
    const { h, desk, settle } = gridSetUp();
    const bot = created(desk.create(U, SMALL, h.t));
    settle();
    for (const o of botOrders(h)) expect(gridBotOfOrder(o)).toBe(bot.botId);
    expect(gridBotOfOrder({ clientOrderId: 'c19000' })).toBeNull();
    expect(GRID_SPECIAL_TRADE_FROM).not.toBe(0);
  });

  it('a start the account cannot pay is REJECTED, failed initiation, with nothing traded', () => {
    const { h, desk, settle } = gridSetUp();
    h.ex.addAccount({ userId: 'poor', kind: 'UTA', demo: false }, { USDT: amount('50') });
    const bot = created(desk.create('poor', SMALL, h.t));
    settle();
    expect(desk.detail('poor', bot.botId)).toMatchObject({ status: 'REJECTED', closeReason: 'failed initiation', failure: { code: 170131 }, endedAt: h.t });
    expect(h.ex.orderHistory('poor')).toHaveLength(0);
    expect(desk.list('poor', { status: 'completed' }).map((b) => b.botId)).toEqual([bot.botId]);
    expect(desk.list('poor', { status: 'running' })).toEqual([]);
  });

  it('waits for the entry price (AWAIT_ACTIVATION), then starts at the price then', () => {
    const { h, desk, settle, moveTo } = gridSetUp();
    const bot = created(desk.create(U, { ...SMALL, entryPrice: '59500' }, h.t));
    settle();
    expect(desk.detail(U, bot.botId)!.status).toBe('AWAIT_ACTIVATION');
    moveTo('59800', '0.01', false);
    expect(desk.detail(U, bot.botId)!.status).toBe('AWAIT_ACTIVATION');
    moveTo('59500', '0.01', false);
    // 59,500 is as near 59,000 as 60,000: the tie goes to the lower level, so both grids sell.
    expect(desk.detail(U, bot.botId)).toMatchObject({ status: 'RUNNING', startPrice: '59500.00' });
    expect(grid(h).map(([side, price]) => [side, price])).toEqual([['Sell', 60000], ['Sell', 61000]]);
  });

  it('a start buy the book fills above the 0.5 % buffer leaves the grid short: REJECTED, the base bought stays', () => {
    const { h, desk, trade } = gridSetUp();
    const bot = created(desk.create(U, { ...SMALL, entryPrice: '59500' }, h.t));
    // The last trade says 59,500 but the book still asks 60,001: 0.8 % above it.
    trade('59500', '0.01', false);
    expect(desk.detail(U, bot.botId)).toMatchObject({ status: 'REJECTED', closeReason: 'failed initiation', failure: { code: 170131 } });
    expect(botOrders(h)).toHaveLength(0);
    expect(line(h, 'BTC').free).toBeGreaterThan(amount('2'));
  });

  it('with order-entry latency it stays INITIALIZING until the start buy has filled', () => {
    const { h, desk, settle } = gridSetUp({ latencyMs: 50 });
    const bot = created(desk.create(U, SMALL, h.t));
    settle();
    expect(desk.detail(U, bot.botId)!.status).toBe('INITIALIZING');
    h.step(50);
    settle();
    expect(desk.detail(U, bot.botId)!.status).toBe('RUNNING');
    h.step(50);
    expect(grid(h)).toEqual([['Buy', 59000, 1000], ['Sell', 61000, 1000]]);
  });
});

describe('grid bot trading', () => {
  it('a filled buy goes up a level as a sell; its sell completes a round trip with the profit after fees', () => {
    const { h, desk, settle, trade } = gridSetUp();
    const bot = created(desk.create(U, SMALL, h.t));
    settle();
    trade('58990', '1', false);
    // 1,000 lots bought at 59,000, 1 lot of fee: a sell of 999 lots at 60,000.
    expect(grid(h)).toEqual([['Sell', 60000, 999], ['Sell', 61000, 1000]]);
    trade('60010', '1', true);
    expect(grid(h)).toEqual([['Buy', 59000, 1000], ['Sell', 61000, 1000]]);
    const d = desk.detail(U, bot.botId)!;
    // (60,000 − 59,000) × 0.000999 − 59.94 × 0.1 % − 0.000001 BTC × 59,000 = 0.999 − 0.05994 − 0.059
    expect(d.gridProfit).toBe('0.88006');
    expect([d.arbitrageCount, d.arbitrageCount24h]).toEqual([1, 1]);
    // Holdings: 59.059594 − 59 + 59.94 − 0.05994 USDT and 0.001004994 BTC; equity at the last price 60,010.
    expect(d.holdings).toEqual({ quote: '59.939654', base: '0.001004994' });
    expect(d.equity).toBe('120.24934394');
    expect(d.totalInvestment).toBe('119.4206');
    expect(d.totalProfit).toBe('0.82874394');
    expect(d.floatingProfit).toBe('-0.05131606');
  });

  it('APR over the running time; the 24 h count forgets a round trip a day later', () => {
    const { h, desk, settle, trade } = gridSetUp();
    const bot = created(desk.create(U, SMALL, h.t));
    settle();
    const started = desk.detail(U, bot.botId)!.startedAt!;
    trade('58990', '1', false);
    trade('60010', '1', true);
    h.step(DAY);
    const d = desk.detail(U, bot.botId)!;
    expect([d.arbitrageCount, d.arbitrageCount24h]).toEqual([1, 0]);
    const apr = (profit: string) => new Decimal(profit).div('119.4206').mul(365 * DAY).div(h.t - started).mul(100).toFixed(2, Decimal.ROUND_DOWN);
    expect(d.gridApr).toBe(apr('0.88006'));
    expect(Number(d.gridApr)).toBeGreaterThan(268);
    expect(d.totalApr).toBe(apr(d.totalProfit));
  });

  it('stop-loss: the grid is cancelled and the base sold at market', () => {
    const { h, desk, settle, trade } = gridSetUp();
    const bot = created(desk.create(U, { ...SMALL, stopLossPrice: '58000' }, h.t));
    settle();
    // Through the buy at 59,000 and down to the stop-loss.
    trade('57990', '1', false);
    const d = desk.detail(U, bot.botId)!;
    expect(d).toMatchObject({ status: 'COMPLETED', closeReason: 'stop loss', openOrders: 0, endedAt: h.t });
    expect(botOrders(h)).toHaveLength(0);
    const exit = h.ex.orderHistory(U).find((o) => o.orderType === 'Market' && o.side === 'Sell')!;
    // 0.001004994 + 0.000999 BTC held: 2,003 whole lots sold.
    expect(exit).toMatchObject({ status: 'Filled', executedQty: 2003 });
    // What is left is the fraction of a lot the fees left.
    expect(d.holdings.base).toBe('0.000000994');
    expect(desk.list(U, { status: 'completed' })).toHaveLength(1);
  });

  it('take-profit: the grid is cancelled; base under the minimum order stays', () => {
    const { h, desk, settle, trade } = gridSetUp();
    const bot = created(desk.create(U, { ...SMALL, takeProfitPrice: '62000' }, h.t));
    settle();
    trade('62010', '1', true);
    expect(desk.detail(U, bot.botId)).toMatchObject({ status: 'COMPLETED', closeReason: 'take profit', openOrders: 0, holdings: { base: '0.000004994' } });
    expect(h.ex.orderHistory(U).filter((o) => o.orderType === 'Market' && o.side === 'Sell')).toHaveLength(0);
  });

  it('closed manually: CANCELLING then COMPLETED; the base stays in the account', () => {
    const { h, desk, settle } = gridSetUp();
    const bot = created(desk.create(U, SMALL, h.t));
    settle();
    const closed = desk.close(U, bot.botId, h.t);
    expect(closed.ok && closed.value).toMatchObject({ status: 'COMPLETED', closeReason: 'closed manually', openOrders: 0 });
    expect(botOrders(h)).toHaveLength(0);
    expect(line(h, 'BTC').free).toBe(amount('2.001004994'));
    expect(line(h, 'USDT').locked).toBe(0n);
    expect(desk.close(U, bot.botId, h.t)).toMatchObject({ ok: false, error: { key: 'botFinished' } });
    expect(desk.close('someone', bot.botId, h.t)).toMatchObject({ ok: false, error: { key: 'botNotFound' } });
  });

  it('an order of the bot cancelled by someone else ends the bot, reason unknown', () => {
    const { h, desk, settle } = gridSetUp();
    const bot = created(desk.create(U, SMALL, h.t));
    settle();
    h.ex.cancel(U, { orderId: botOrders(h)[0]!.orderId }, h.t);
    settle();
    expect(desk.detail(U, bot.botId)).toMatchObject({ status: 'COMPLETED', closeReason: 'unknown' });
    expect(botOrders(h)).toHaveLength(0);
  });

  it('halt ends the live bots of a pair for the exchange\'s reason', () => {
    const { h, desk, settle } = gridSetUp();
    const bot = created(desk.create(U, SMALL, h.t));
    settle();
    expect(desk.halt({ symbol: 'BTCUSDT' }, 'symbol delisted', h.t)).toBe(1);
    expect(desk.detail(U, bot.botId)).toMatchObject({ status: 'COMPLETED', closeReason: 'symbol delisted' });
  });

  it('trailing: above the top, the lowest buy goes and a sell one level above the old top comes', () => {
    const { h, desk, settle, moveTo } = gridSetUp();
    const params = { ...SMALL, minPrice: '59000', maxPrice: '61500', gridNumber: 5, trailing: true, quoteInvestment: '1000' };
    const bot = created(desk.create(U, params, h.t));
    settle();
    const qty = desk.detail(U, bot.botId)!.perGridQty;
    expect(grid(h).map(([s, p]) => [s, p])).toEqual([['Buy', 59000], ['Buy', 59500], ['Sell', 60500], ['Sell', 61000], ['Sell', 61500]]);
    // Up through every sell: they all turn into buys one level down.
    moveTo('61600', '1', true);
    const d = desk.detail(U, bot.botId)!;
    expect([d.minPrice, d.maxPrice]).toEqual(['59500.00', '62000.00']);
    expect(grid(h).map(([s, p]) => [s, p])).toEqual([['Buy', 59500], ['Buy', 60000], ['Buy', 60500], ['Buy', 61000], ['Sell', 62000]]);
    // The 59,000 buy's quote bought base at 61,600.01: whole lots of it, less the fee, on sale at 62,000.
    const lots = Math.round(Number(qty) * 1e6);
    const bought = Math.floor((lots * 5_900_000) / 6_160_001);
    expect(botOrders(h).find((o) => o.side === 'Sell')!.qty).toBe(bought - Math.ceil(bought / 1000));
  });
});
