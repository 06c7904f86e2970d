// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { backtestGrid, BACKTEST_WINDOW } from '../strategies/gridBacktest';
import type { GridParams } from '../strategies/gridBot';
import { GRID_NOT_FOR_ACCOUNT, GRID_PATHS, readGridParams } from './gridBot';
import { callerFor, runtimeWithCallers, touchOf } from './orders/orderCallKit';

const body = { symbol: 'BTCUSDT', minPrice: '50000', maxPrice: '60000', gridNumber: 10, type: 'arithmetic', quoteInvestment: '1000' };
const refused = (patch: Record<string, unknown>) => {
  try {
    readGridParams({ ...body, ...patch });
    return null;
  } catch (error) {
    return (error as { code: number; message: string }).message;
  }
};

describe('readGridParams (the create body, read strictly)', () => {
  it('reads a well-formed body, optional prices only when given', () => {
    expect(readGridParams({ ...body, stopLossPrice: '', trailing: true })).toEqual({ ...body, trailing: true });
    expect(readGridParams({ ...body, entryPrice: '52000' })).toMatchObject({ entryPrice: '52000' });
  });

  it('refuses each field of the wrong shape, naming it', () => {
    expect(refused({ symbol: 'btc/usdt' })).toBe('symbol must be a pair id');
    expect(refused({ gridNumber: '10' })).toBe('gridNumber must be a whole number');
    expect(refused({ gridNumber: 2.5 })).toBe('gridNumber must be a whole number');
    expect(refused({ type: 'fibonacci' })).toBe('type must be arithmetic or geometric');
    expect(refused({ minPrice: -5 })).toBe('minPrice must be a decimal string');
    expect(refused({ maxPrice: undefined })).toBe('minPrice and maxPrice are required');
    expect(refused({ quoteInvestment: '1e3' })).toBe('quoteInvestment must be a decimal string');
    expect(refused({ trailing: 'yes' })).toBe('trailing must be true or false');
  });
});

/** The backtest call on the msw/node runtime, a minute into the demo sessions. */
describe('POST /spot/api/grid/v1/backtest', () => {
  const held = runtimeWithCallers('msw/node', ['u-uta', 'u-demo', 'u-liquidation']);
  let around: Record<string, unknown>;
  beforeAll(async () => {
    await held.rt.scheduler.advance(60_000);
    const t = touchOf(held.rt, 'BTCUSDT');
    around = { ...body, minPrice: t.price(t.bid * 0.98), maxPrice: t.price(t.ask * 1.02), gridNumber: 4, quoteInvestment: '1000' };
  });

  it('answers the report of the desk run over the loaded session (its whole first loop, a minute in), as backtestGrid does on the hub\'s events', async () => {
    const answer = await held.callers['u-uta'](GRID_PATHS.backtest, around);
    expect(answer).toMatchObject({ code: 0, success: true });
    const { hub, exchange } = held.rt.backend;
    const { makerFeePpm, takerFeePpm, latencyMs, queue } = exchange.options;
    const direct = backtestGrid(around as unknown as GridParams, { instrument: exchange.instrument('BTCUSDT')!, ...hub.recordedEvents('BTCUSDT', BACKTEST_WINDOW)! }, {
      makerFeePpm, takerFeePpm, latencyMs, queue, account: exchange.account('u-uta'),
    });
    expect(direct.ok && answer.result).toEqual(direct.ok && direct.value);
    const r = answer.result as Record<string, unknown>;
    expect(r).toMatchObject({ symbol: 'BTCUSDT', status: 'RUNNING' });
    // A minute in, the window is the recording's first loop: from the set's start to its end, ahead of the clock.
    const period = hub.status().duration;
    expect(r.to as number).toBeGreaterThan(hub.now());
    expect(r.to as number).toBeLessThanOrEqual(hub.now() - 60_000 + period);
    expect(r.spanMs).toBeGreaterThan(period / 2);
    for (const key of ['fills', 'roundTrips', 'spanMs', 'from', 'to', 'events', 'startedAt']) expect(Number.isInteger(r[key]), key).toBe(true);
    for (const key of ['gridProfit', 'totalProfit']) expect(r[key], key).toMatch(/^-?\d+(\.\d+)?$/);
    for (const key of ['startPrice', 'endPrice', 'investment']) expect(r[key], key).toMatch(/^\d+(\.\d+)?$/);
    expect(r.apr).toEqual({ grid: expect.stringMatching(/^-?\d+\.\d\d$/), total: expect.stringMatching(/^-?\d+\.\d\d$/) });
  });

  it('refuses as the create call does: the same code and text for the same body', async () => {
    const uta = held.callers['u-uta'];
    for (const bad of [{ gridNumber: 1 }, { maxPrice: '1' }, { quoteInvestment: '0.5' }, { symbol: 'NOPEUSDT' }]) {
      const created = await uta(GRID_PATHS.create, { ...around, ...bad });
      expect(created.code, JSON.stringify(bad)).not.toBe(0);
      expect(await uta(GRID_PATHS.backtest, { ...around, ...bad })).toMatchObject({ code: created.code, success: false, message: created.message });
    }
    expect(await uta(GRID_PATHS.backtest, { ...around, gridNumber: '5' })).toMatchObject({ code: 10001, message: 'gridNumber must be a whole number' });
  });

  it('refuses visitors, accounts the grid bot is not offered to, and accounts the engine refuses', async () => {
    const visitor = await callerFor(held.rt, null);
    expect(await visitor(GRID_PATHS.backtest, around)).toMatchObject({ code: 10007 });
    expect(await held.callers['u-demo'](GRID_PATHS.backtest, around)).toMatchObject({ code: GRID_NOT_FOR_ACCOUNT });
    const liquidation = await held.callers['u-liquidation'](GRID_PATHS.create, around);
    expect(liquidation.code).not.toBe(0);
    expect(await held.callers['u-liquidation'](GRID_PATHS.backtest, around)).toMatchObject({ code: liquidation.code, message: liquidation.message });
  });

  it('answers an empty report for a pair with no trades yet (a listing not open)', async () => {
    const answer = await held.callers['u-uta'](GRID_PATHS.backtest, { ...body, symbol: 'WIFUSDT', minPrice: '1', maxPrice: '2', gridNumber: 2, quoteInvestment: '100' });
    expect(answer).toMatchObject({
      code: 0,
      result: { symbol: 'WIFUSDT', status: 'NO_TRADES', events: 0, fills: 0, roundTrips: 0, gridProfit: '0', totalProfit: '0', from: null, to: null, spanMs: 0 },
    });
  });
});
