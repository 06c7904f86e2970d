import { describe, expect, it } from 'vitest';
import { initialScaled, reduceScaled, scaledErrors, scaledSlices, scaledSummary, type ScaledInputs } from './scaledOrder';
import { BTC_RULES, btcContext } from './testKit';

const buy: ScaledInputs = { ...initialScaled('Buy'), lower: '59000', upper: '60000', count: '5', qty: '1' };
const keys = (inputs: ScaledInputs, ctx = btcContext()) => scaledErrors(inputs, ctx).map((e) => e.key);

describe('scaledSlices', () => {
  it('spaces the prices evenly from lower to upper, both included, with equal sizes when flat', () => {
    expect(scaledSlices(buy, BTC_RULES)).toEqual([
      { price: '59000.00', qty: '0.200000' },
      { price: '59250.00', qty: '0.200000' },
      { price: '59500.00', qty: '0.200000' },
      { price: '59750.00', qty: '0.200000' },
      { price: '60000.00', qty: '0.200000' },
    ]);
  });

  it('grows the sizes towards the upper price (increasing) or the lower (decreasing), the total exact', () => {
    // Weights 1, 2, 3 of 6: 1/6 is cut to the lot; the remainder goes to the largest.
    const up = scaledSlices({ ...buy, count: '3', distribution: 'increasing' }, BTC_RULES);
    expect(up.map((s) => s.qty)).toEqual(['0.166666', '0.333333', '0.500001']);
    const down = scaledSlices({ ...buy, count: '3', distribution: 'decreasing' }, BTC_RULES);
    expect(down.map((s) => s.qty)).toEqual(['0.500001', '0.333333', '0.166666']);
    expect(down.map((s) => s.price)).toEqual(['59000.00', '59500.00', '60000.00']);
  });

  it('puts uneven steps on the tick; no slices while the inputs do not read', () => {
    expect(scaledSlices({ ...buy, lower: '1', upper: '2', count: '3' }, { ...BTC_RULES, tick: '0.1' }).map((s) => s.price)).toEqual(['1.0', '1.5', '2.0']);
    expect(scaledSlices({ ...buy, upper: '' }, BTC_RULES)).toEqual([]);
    expect(scaledSlices({ ...buy, count: '1' }, BTC_RULES)).toEqual([]);
    expect(scaledSlices({ ...buy, upper: '58000' }, BTC_RULES)).toEqual([]);
  });
});

describe('scaledSummary', () => {
  it('adds up the value, the average price and the most the fee can be', () => {
    const summary = scaledSummary(buy, btcContext());
    expect(summary.value).toBe('59500');
    expect(summary.averagePrice).toBe('59500');
    expect(summary.fee).toBe('59.5');
  });
});

describe('scaledErrors (in order)', () => {
  it('blocks a banned side first', () => {
    expect(keys(buy, btcContext({ rules: { ...BTC_RULES, isBanBuy: true } }))).toEqual(['buyBanned']);
  });

  it('asks for both prices, a count of 2 to 20 and a quantity', () => {
    expect(keys({ ...buy, lower: '', upper: '', count: '21', qty: '' })).toEqual(['scaledLowerMissing', 'scaledUpperMissing', 'scaledCountRange', 'missingBuyingQuantity']);
    expect(keys({ ...buy, count: '1' })).toEqual(['scaledCountRange']);
    expect(keys({ ...buy, count: '2.5' })).toEqual(['scaledCountRange']);
  });

  it('wants a range wide enough for one tick between orders', () => {
    expect(keys({ ...buy, upper: '59000' })).toEqual(['scaledRangeInvalid']);
    expect(keys({ ...buy, upper: '59000.03' })).toEqual(['scaledRangeTooNarrow']);
    expect(keys({ ...buy, lower: '0' })).toEqual(['orderPriceLowerLimit']);
  });

  it('checks every order against the minimum quantity and value, then the balance for all of them', () => {
    expect(keys({ ...buy, qty: '0.0001' })).toEqual(['scaledSliceQtyBelowMin']);
    expect(keys({ ...buy, qty: '0.0005' }, btcContext({ rules: { ...BTC_RULES, minAmount: '10' } }))).toEqual(['scaledSliceValueBelowMin']);
    expect(keys({ ...buy, qty: '2' })).toEqual(['balanceNotEnough']);
    expect(keys({ ...buy, side: 'Sell', qty: '1.5' })).toEqual(['balanceNotEnough']);
    expect(keys(buy)).toEqual([]);
  });
});

describe('reduceScaled', () => {
  it("cuts each field to its decimals: prices to the tick's, the count to whole orders", () => {
    const rules = BTC_RULES;
    expect(reduceScaled(buy, { type: 'field', field: 'lower', text: '59000.123', rules }).lower).toBe('59000.12');
    expect(reduceScaled(buy, { type: 'field', field: 'count', text: '7.5', rules }).count).toBe('7');
    expect(reduceScaled(buy, { type: 'field', field: 'qty', text: 'abc', rules }).qty).toBe('1');
    expect(reduceScaled(buy, { type: 'field', field: 'qty', text: '1,234.5', rules }).qty).toBe('1234.5');
    expect(reduceScaled(buy, { type: 'placed' }).qty).toBe('');
  });
});
