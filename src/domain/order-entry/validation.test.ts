import { describe, expect, it } from 'vitest';
import { firstOrderError, orderFormErrors } from './validation';
import { btcContext, form } from './testKit';
import type { OrderFormInputs } from './types';
import type { LeverageSettings } from './leverage';

const keys = (inputs: OrderFormInputs, ctx = btcContext()) => orderFormErrors(inputs, ctx).map((e) => e.key);
const first = (inputs: OrderFormInputs, ctx = btcContext()) => firstOrderError(inputs, ctx)?.key ?? null;

describe('step 1: empty fields, buy and sell messages', () => {
  it('limit: price then quantity', () => {
    expect(keys(form({ side: 'Buy' }))).toEqual(['missingBuyingPrice', 'missingBuyingQuantity']);
    expect(keys(form({ side: 'Sell' }))).toEqual(['missingSellingPrice', 'missingSellingQuantity']);
  });
  it('market buy by value asks for the value; market sell for the quantity', () => {
    expect(keys(form({ side: 'Buy', type: 'market' }))).toEqual(['missingBuyingValue']);
    expect(keys(form({ side: 'Sell', type: 'market' }))).toEqual(['missingSellingQuantity']);
    expect(keys(form({ side: 'Buy', type: 'market', marketUnit: 'baseCoin' }))).toEqual(['missingBuyingQuantity']);
  });
  it('conditional limit: trigger, price, quantity — in that order', () => {
    expect(keys(form({ type: 'conditional' }))).toEqual(['missingTriggerPrice', 'missingBuyingPrice', 'missingBuyingQuantity']);
    expect(keys(form({ type: 'conditional', planKind: 'market' }))).toEqual(['missingTriggerPrice', 'missingBuyingValue']);
    expect(keys(form({ type: 'stopLimit', side: 'Sell' }))).toEqual(['missingTriggerPrice', 'missingSellingPrice', 'missingSellingQuantity']);
    expect(keys(form({ type: 'tpsl', planKind: 'market', side: 'Sell' }))).toEqual(['missingTriggerPrice', 'missingSellingQuantity']);
  });
  it('trailing needs its distance and a quantity', () => {
    expect(keys(form({ type: 'trailing', side: 'Sell' }))).toEqual(['missingTrailingValue', 'missingSellingQuantity']);
  });
  it('a size written as a value counts: the quantity follows from it and the price', () => {
    expect(keys(form({ price: '60000', amount: '600', sizeDriver: 'amount' }))).toEqual([]);
  });
});

describe('the chain runs in the spec order and stops at the first failure', () => {
  it('step 2 before step 4: a price under the tick is named before a small quantity', () => {
    expect(keys(form({ price: '0.001', quantity: '0.00001' }))).toEqual(['orderPriceLowerLimit', 'orderQtyLowerLimit', 'buyAmountLowerLimit']);
    expect(first(form({ price: '0.001', quantity: '0.00001' }))).toBe('orderPriceLowerLimit');
  });
  it('step 3: trigger under the tick', () => {
    expect(first(form({ type: 'stopLimit', triggerPrice: '0.001', price: '60000', quantity: '0.01' }))).toBe('planTradingTriggerPriceLowerLimit');
  });
  it('step 4: quantity under the minimum and over the maximum', () => {
    expect(first(form({ price: '60000', quantity: '0.00001' }))).toBe('orderQtyLowerLimit');
    expect(first(form({ price: '0.01', quantity: '2000000' }))).toBe('orderQtyUpperLimit');
  });
  it('step 5: amount limits, buy and sell messages', () => {
    expect(first(form({ price: '10000', quantity: '0.00005' }))).toBe('buyAmountLowerLimit');
    expect(first(form({ side: 'Sell', price: '10000', quantity: '0.00005' }))).toBe('sellAmountLowerLimit');
    const rich = btcContext({ account: null });
    expect(first(form({ price: '90000', quantity: '50' }), rich)).toBe('maxAmountCoinTip');
  });
  it('step 6: a classic account must hold what it spends; a unified one is left to the exchange', () => {
    expect(first(form({ price: '60000', quantity: '2' }))).toBe('balanceNotEnough');
    expect(first(form({ side: 'Sell', price: '60000', quantity: '1.5' }))).toBe('balanceNotEnough');
    const uta = btcContext({ account: { ...btcContext().account!, isUnified: true } });
    expect(first(form({ price: '60000', quantity: '2' }), uta)).toBeNull();
  });
  it('step 6: a unified account beyond its balance goes through the leverage check (spec 1 §5)', () => {
    const base: LeverageSettings = { spotMargin: false, leverage: 10, confirmed: true, quizPassed: true, marginMode: 'REGULAR_MARGIN' };
    const uta = (leverage: LeverageSettings) => btcContext({ account: { ...btcContext().account!, isUnified: true, leverage } });
    expect(first(form({ price: '60000', quantity: '2' }), uta(base))).toBe('leverage_off_trade_tip');
    expect(first(form({ price: '60000', quantity: '2' }), uta({ ...base, confirmed: false }))).toBe('leverageNotConfirmedTip');
    expect(first(form({ price: '60000', quantity: '2' }), uta({ ...base, spotMargin: true, marginMode: 'ISOLATED_MARGIN' }))).toBe('isolatedModeNotSupportNewTip');
    expect(first(form({ price: '60000', quantity: '2' }), uta({ ...base, spotMargin: true }))).toBeNull();
    expect(first(form({ price: '60000', quantity: '1' }), uta(base))).toBeNull();
  });
  it('step 6: the innovation-zone quota left today', () => {
    const ctx = btcContext({ account: { ...btcContext().account!, innovationRemain: '500' } });
    expect(first(form({ price: '60000', quantity: '0.01' }), ctx)).toBe('innovateTradeFail');
    expect(first(form({ side: 'Sell', price: '60000', quantity: '0.01' }), ctx)).toBeNull();
  });
  it('step 7: conditional and stop-limit prices within 90 %–110 % of the trigger', () => {
    const base = { triggerPrice: '60000', quantity: '0.01' };
    expect(first(form({ type: 'conditional', ...base, price: '66001' }))).toBe('conditionalBuyPriceAbove110');
    expect(first(form({ type: 'conditional', side: 'Sell', ...base, price: '53999' }))).toBe('conditionalSellPriceBelow90');
    expect(first(form({ type: 'stopLimit', ...base, price: '66001' }))).toBe('order_buy_not_greater_than_110');
    expect(first(form({ type: 'stopLimit', side: 'Sell', ...base, price: '53999' }))).toBe('order_sell_not_less_than_90');
    expect(first(form({ type: 'stopLimit', ...base, price: '66000' }))).toBeNull();
  });
});

describe('step 8: OCO', () => {
  const leg = (trigger: string, price = '', kind: 'limit' | 'market' = 'limit') => ({ trigger, price, kind });
  it('both triggers are required, and limit prices with them', () => {
    expect(keys(form({ type: 'oco', side: 'Sell', quantity: '0.1' }))).toEqual([
      'ocoTakeProfitTriggerRequired', 'ocoTakeProfitPriceRequired', 'ocoStopLossTriggerRequired', 'ocoStopLossPriceRequired',
    ]);
  });
  it('a sell takes profit above the last price and stops below it; a buy the reverse', () => {
    const sell = form({ type: 'oco', side: 'Sell', quantity: '0.1', oco: { takeProfit: leg('65000', '64900'), stopLoss: leg('55000', '54900') } });
    expect(keys(sell)).toEqual([]);
    const wrong = { ...sell, oco: { takeProfit: leg('55000', '54900'), stopLoss: leg('65000', '64900') } };
    expect(keys(wrong)).toEqual(['ocoTakeProfitTriggerAboveLast', 'ocoStopLossTriggerBelowLast']);
    const buy = form({ type: 'oco', side: 'Buy', quantity: '0.1', oco: { takeProfit: leg('55000', '55100'), stopLoss: leg('65000', '65100') } });
    expect(keys(buy)).toEqual([]);
  });
  it('limit prices within 90 %–110 % of their trigger; a market leg has none', () => {
    const far = form({ type: 'oco', side: 'Sell', quantity: '0.1', oco: { takeProfit: leg('65000', '80000'), stopLoss: leg('55000', '', 'market') } });
    expect(keys(far)).toEqual(['ocoPriceOutOfTriggerBand']);
  });
});

describe('type ranges after the chain', () => {
  it('trailing percentage 0.1–20', () => {
    expect(keys(form({ type: 'trailing', side: 'Sell', quantity: '0.1', trailingValue: '25' }))).toEqual(['trailingPercentRange']);
    expect(keys(form({ type: 'trailing', side: 'Sell', quantity: '0.1', trailingValue: '2' }))).toEqual([]);
  });
  it('slippage cap ranges', () => {
    const m = { type: 'market' as const, amount: '100', slippageKind: 'ticks' as const };
    expect(keys(form({ ...m, slippage: '0' }))).toEqual(['slippageTicksRange']);
    expect(keys(form({ ...m, slippage: '5' }))).toEqual([]);
    expect(keys(form({ ...m, slippageKind: 'percent', slippage: '11' }))).toEqual(['slippagePercentRange']);
  });
});

describe("a limit order's attached TP/SL", () => {
  const limit = { price: '60000', quantity: '0.01', tpslOn: true };
  it('needs one of the two prices, each on the side of the price it closes', () => {
    expect(keys(form({ ...limit }))).toEqual(['missingTpSl']);
    expect(keys(form({ ...limit, takeProfit: '59000', stopLoss: '61000' }))).toEqual(['takeProfitAbovePrice', 'stopLossBelowPrice']);
    expect(keys(form({ ...limit, side: 'Sell', takeProfit: '61000', stopLoss: '59000' }))).toEqual(['takeProfitBelowPrice', 'stopLossAbovePrice']);
    expect(keys(form({ ...limit, takeProfit: '65000' }))).toEqual([]);
  });
  it('is off by default and ignored on other types', () => {
    expect(keys(form({ ...limit, tpslOn: false }))).toEqual([]);
  });
});
