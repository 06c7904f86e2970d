import { describe, expect, it } from 'vitest';
import { algoCreateBody, algoErrors, algoSummary, initialAlgo, reduceAlgo, twapSliceCount, type AlgoInputs } from './algoOrder';
import { BTC_RULES, btcContext } from './testKit';

const twap: AlgoInputs = { ...initialAlgo('twap'), size: '1', durationMin: '10', intervalSec: '60' };
const iceberg: AlgoInputs = { ...initialAlgo('iceberg'), size: '1', price: '59000', visibleSize: '0.3' };
const chase: AlgoInputs = { ...initialAlgo('chase'), size: '0.5', chasePercent: '0.05' };
const keys = (inputs: AlgoInputs, ctx = btcContext()) => algoErrors(inputs, ctx).map((e) => e.key);

describe('reduceAlgo', () => {
  it('cuts each field to its decimals and keeps a field when the text is not a number', () => {
    let inputs = reduceAlgo(twap, { type: 'field', field: 'size', text: '0.12345678', rules: BTC_RULES });
    expect(inputs.size).toBe('0.123456');
    inputs = reduceAlgo(inputs, { type: 'field', field: 'durationMin', text: '15.5', rules: BTC_RULES });
    expect(inputs.durationMin).toBe('15');
    inputs = reduceAlgo(inputs, { type: 'field', field: 'priceLimit', text: 'abc', rules: BTC_RULES });
    expect(inputs.priceLimit).toBe('');
    expect(reduceAlgo(chase, { type: 'field', field: 'chasePercent', text: '0.123456', rules: BTC_RULES }).chasePercent).toBe('0.1234');
  });

  it('empties the size once placed, keeping the rest for the next one', () => {
    expect(reduceAlgo(iceberg, { type: 'placed' })).toEqual({ ...iceberg, size: '' });
  });
});

describe('algoSummary', () => {
  it('TWAP: one slice per interval, each the size over the slices cut to the lot, valued at the best ask', () => {
    expect(twapSliceCount({ durationMin: '10', intervalSec: '45' })).toBe(14);
    const summary = algoSummary(twap, btcContext());
    expect(summary).toMatchObject({ slices: 10, sliceSize: '0.100000', value: '60000.01', fee: '60.00001' });
    expect(summary.max).toBe('1.666666');
  });

  it('TWAP with a price limit is valued at the limit: the most a buy can pay', () => {
    expect(algoSummary({ ...twap, priceLimit: '61000' }, btcContext()).value).toBe('61000');
  });

  it('iceberg: parts of the visible size at its price; a sell is capped by the base held', () => {
    expect(algoSummary(iceberg, btcContext())).toMatchObject({ slices: 4, sliceSize: '0.300000', value: '59000' });
    expect(algoSummary({ ...iceberg, side: 'Sell' }, btcContext()).max).toBe('1.000000');
  });

  it('figures nothing it cannot read', () => {
    expect(algoSummary({ ...initialAlgo('iceberg') }, btcContext())).toMatchObject({ slices: null, sliceSize: null, value: null, fee: null });
    expect(algoSummary(chase, btcContext({ account: null })).max).toBeNull();
  });
});

describe('algoErrors', () => {
  it('passes sound orders of every kind', () => {
    expect(keys(twap)).toEqual([]);
    expect(keys(iceberg)).toEqual([]);
    expect(keys(chase)).toEqual([]);
  });

  it('puts a banned side first, then a missing size', () => {
    expect(keys(twap, btcContext({ rules: { ...BTC_RULES, isBanBuy: true } }))).toEqual(['buyBanned']);
    expect(keys({ ...twap, size: '' })).toEqual(['missingBuyingQuantity']);
    expect(keys({ ...twap, side: 'Sell', size: '0' })).toEqual(['missingSellingQuantity']);
  });

  it('TWAP: duration and interval in range, the interval within the duration, slices above the minimum', () => {
    expect(keys({ ...twap, durationMin: '2' })).toEqual(['algoDurationRange']);
    expect(keys({ ...twap, intervalSec: '1' })).toEqual(['algoIntervalRange']);
    expect(keys({ ...twap, durationMin: '5', intervalSec: '600' })).toEqual(['algoIntervalOverDuration']);
    expect(keys({ ...twap, size: '0.0001' })).toEqual(['algoSliceBelowMin']);
  });

  it('iceberg: a price, a visible part no larger than the size and above the minimum (its randomised floor too)', () => {
    expect(keys({ ...iceberg, price: '' })).toEqual(['algoPriceMissing']);
    expect(keys({ ...iceberg, visibleSize: '' })).toEqual(['algoVisibleMissing']);
    expect(keys({ ...iceberg, visibleSize: '2' })).toEqual(['algoVisibleOverSize']);
    expect(keys({ ...iceberg, visibleSize: '0.00005' })).toEqual([]);
    expect(keys({ ...iceberg, visibleSize: '0.00005', randomize: true })).toEqual(['algoSliceBelowMin']);
  });

  it('chase: at most 1 % from the best price; a cap, if any, on the tick', () => {
    expect(keys({ ...chase, chasePercent: '1.5' })).toEqual(['algoChaseRange']);
    expect(keys({ ...chase, chasePercent: '' })).toEqual(['algoChaseRange']);
    expect(keys({ ...chase, maxChasePrice: '0.001' })).toEqual(['orderPriceLowerLimit']);
  });

  it('then the pair minimums, then the balance for all of it', () => {
    expect(keys({ ...chase, size: '0.00001' })).toEqual(['algoSizeBelowMin']);
    expect(keys({ ...iceberg, price: '1', size: '0.5', visibleSize: '0.5' })).toEqual(['algoValueBelowMin']);
    expect(keys({ ...twap, size: '2' })).toEqual(['balanceNotEnough']);
    expect(keys({ ...chase, side: 'Sell', size: '1.5' })).toEqual(['balanceNotEnough']);
  });
});

describe('algoCreateBody', () => {
  it('says each kind in the exchange\'s words', () => {
    expect(algoCreateBody({ ...twap, priceLimit: '61000' }, BTC_RULES)).toEqual({
      strategyType: 'twap', symbol: 'BTCUSDT', category: 'UTA_SPOT', side: 'Buy', size: '1', durationSec: 600, intervalSec: 60, priceLimit: '61000',
    });
    expect(algoCreateBody({ ...iceberg, randomize: true }, BTC_RULES)).toMatchObject({ strategyType: 'iceberg', price: '59000', visibleSize: '0.3', randomize: true });
    expect(algoCreateBody(chase, BTC_RULES)).toEqual({ strategyType: 'chase', symbol: 'BTCUSDT', category: 'UTA_SPOT', side: 'Buy', size: '0.5', chasePercentE4: 500 });
  });
});
