// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildInstrument } from '../exchange/instruments';
import { instrumentsFor, LISTINGS } from '../exchange/testKit';
import type { GridParams } from './gridTypes';
import { checkParams, type CheckContext } from './gridValidate';

const inst = instrumentsFor(['BTCUSDT'])[0]!;
const ctx = (over: Partial<CheckContext> = {}): CheckContext => ({
  inst, account: { userId: 'u', kind: 'UTA', demo: false }, reference: 6_000_000, makerFeePpm: 1000, takerFeePpm: 1000, ...over,
});
const base: GridParams = { symbol: 'BTCUSDT', minPrice: '55000', maxPrice: '65000', gridNumber: 10, type: 'arithmetic', quoteInvestment: '1000' };
const refusal = (params: Partial<GridParams>, context = ctx()) => {
  const r = checkParams({ ...base, ...params }, context);
  return r.ok ? null : { key: r.error.key, code: r.error.code };
};

describe('grid bot inputs', () => {
  it('accepts a plain grid: settings in ticks, a per-grid quantity and a start trade', () => {
    const r = checkParams(base, ctx());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.settings).toMatchObject({ minPrice: 5_500_000, maxPrice: 6_500_000, gridNumber: 10, quoteInvestment: '1000', baseInvestment: '0', entryPrice: null, trailing: false });
    expect(r.value.plan.levels).toHaveLength(11);
    expect(r.value.plan.sides.filter((s) => s === 'Buy')).toHaveLength(5);
    expect(r.value.plan.qty).toBeGreaterThan(inst.minQtyLots);
    expect(r.value.plan.trade?.side).toBe('Buy');
  });

  it('refuses the number of grids, the type and the range', () => {
    expect(refusal({ gridNumber: 1 })).toEqual({ key: 'gridNumber', code: 170130 });
    expect(refusal({ gridNumber: 201 })).toEqual({ key: 'gridNumber', code: 170130 });
    expect(refusal({ gridNumber: 2.5 })).toEqual({ key: 'gridNumber', code: 170130 });
    expect(refusal({ type: 'log' as GridParams['type'] })).toEqual({ key: 'type', code: 170130 });
    expect(refusal({ minPrice: '55000.001' })).toEqual({ key: 'minPrice', code: 170134 });
    expect(refusal({ maxPrice: 'abc' })).toEqual({ key: 'maxPrice', code: 170130 });
    expect(refusal({ minPrice: '65000' })).toEqual({ key: 'priceRange', code: 170130 });
  });

  it('refuses grids too close to pay the fees of a round trip', () => {
    expect(refusal({ minPrice: '59990', maxPrice: '60010' })).toEqual({ key: 'gridTooDense', code: 170130 });
    expect(refusal({ minPrice: '59990', maxPrice: '60010' }, ctx({ makerFeePpm: 0, takerFeePpm: 0 }))).toBeNull();
  });

  it('trailing needs five grids', () => {
    expect(refusal({ gridNumber: 4, trailing: true })).toEqual({ key: 'trailing', code: 170130 });
    expect(refusal({ gridNumber: 5, trailing: true })).toBeNull();
  });

  it('refuses an investment that is missing, malformed or finer than its token', () => {
    expect(refusal({ quoteInvestment: undefined })).toEqual({ key: 'investment', code: 170130 });
    expect(refusal({ quoteInvestment: '0', baseInvestment: '' })).toEqual({ key: 'investment', code: 170130 });
    expect(refusal({ quoteInvestment: '-5' })).toEqual({ key: 'investment', code: 170130 });
    expect(refusal({ quoteInvestment: '1.123456789' })).toEqual({ key: 'investment', code: 170148 });
    expect(refusal({ quoteInvestment: undefined, baseInvestment: '0.0000001' })).toEqual({ key: 'investment', code: 170137 });
    expect(refusal({ quoteInvestment: undefined, baseInvestment: '0.1' })).toBeNull();
  });

  it('needs a price inside the range, or an entry price inside it', () => {
    expect(refusal({}, ctx({ reference: null }))).toEqual({ key: 'noPrice', code: 170143 });
    expect(refusal({}, ctx({ reference: 7_000_000 }))).toEqual({ key: 'priceOutOfRange', code: 170130 });
    expect(refusal({ entryPrice: '60000' }, ctx({ reference: 7_000_000 }))).toBeNull();
    expect(refusal({ entryPrice: '66000' })).toEqual({ key: 'entryPrice', code: 170130 });
  });

  it('stop-loss below the range, take-profit above it', () => {
    expect(refusal({ stopLossPrice: '55000' })).toEqual({ key: 'stopLossPrice', code: 170130 });
    expect(refusal({ stopLossPrice: '54999.99' })).toBeNull();
    expect(refusal({ takeProfitPrice: '65000' })).toEqual({ key: 'takeProfitPrice', code: 170130 });
    expect(refusal({ takeProfitPrice: '65000.01' })).toBeNull();
    expect(refusal({ takeProfitPrice: '1.001' })).toEqual({ key: 'takeProfitPrice', code: 170134 });
  });

  it('refuses a grid whose orders would be below the minimum order, saying how small', () => {
    // 10 USDT over 10 grids: about 0.000016 BTC a grid, under the 0.000048 minimum.
    const r = checkParams({ ...base, quoteInvestment: '10' }, ctx());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ key: 'perGridBelowMinimum', code: 170136 });
    expect(r.error.message).toContain('the minimum order is 0.000048 BTC');
    // A pair with a 5 USDT minimum value: 40 USDT over 10 grids is about 4 USDT a grid.
    const dear = buildInstrument({ ...LISTINGS.find((l) => l.symbolId === 'BTCUSDT')!, minTradeAmount: '5' });
    expect(refusal({ quoteInvestment: '40' }, ctx({ inst: dear }))).toEqual({ key: 'perGridBelowMinimum', code: 170140 });
  });

  it('refuses what the account or the pair may not do', () => {
    expect(refusal({}, ctx({ account: { userId: 'u', kind: 'UTA', demo: false, liquidation: true } }))).toEqual({ key: 'account', code: 81001 });
    expect(refusal({}, ctx({ account: undefined }))).toEqual({ key: 'account', code: 170130 });
    const closed = buildInstrument({ ...LISTINGS.find((l) => l.symbolId === 'BTCUSDT')!, tradeStatus: 2 });
    expect(refusal({}, ctx({ inst: closed }))).toEqual({ key: 'notTrading', code: 170151 });
  });
});
