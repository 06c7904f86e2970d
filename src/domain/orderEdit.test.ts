import { describe, expect, it } from 'vitest';
import { checkEdit, editableFields, editInput, initialEditInputs, modifyFields, type EditableOrder, type EditContext } from './orderEdit';

const limitBuy: EditableOrder = { side: 'Buy', type: 'LIMIT', planType: -1, price: '60000', triggerPrice: '0', qty: '0.5', executedQty: '0', isLeverage: false };
const ctx: EditContext = { tick: '0.01', minQty: '0.000048', baseCoin: 'BTC', marketPrice: '61000', isUnified: false };
const keys = (order: EditableOrder, over: Partial<ReturnType<typeof initialEditInputs>>, c = ctx) => {
  const r = checkEdit(order, { ...initialEditInputs(order), ...over }, c);
  return { errors: r.errors.map((e) => e.key), hints: r.hints.map((h) => h.key) };
};

describe('editableFields', () => {
  it('gives each kind of order the fields it may change', () => {
    expect(editableFields(limitBuy)).toEqual(['price', 'qty']);
    expect(editableFields({ ...limitBuy, type: 'MARKET' })).toEqual([]);
    expect(editableFields({ ...limitBuy, planType: 1 })).toEqual(['trigger', 'price', 'qty']);
    expect(editableFields({ ...limitBuy, planType: 11, type: 'MARKET' })).toEqual(['trigger', 'qty']);
    expect(editableFields({ ...limitBuy, planType: 4, type: 'MARKET' })).toEqual(['trailing', 'qty']);
    expect(editableFields({ ...limitBuy, planType: 4, type: 'MARKET', activationPrice: '62000' })).toEqual(['activation', 'trailing', 'qty']);
    // Activated (a trailing profit order): the activation price is history.
    expect(editableFields({ ...limitBuy, planType: 5, type: 'MARKET', activationPrice: '62000' })).toEqual(['trailing', 'qty']);
  });
});

describe('checkEdit (spec 2 §5 edit checks)', () => {
  it('requires the quantity, then reads the prices shown', () => {
    expect(keys(limitBuy, { qty: '' }).errors).toEqual(['modifyQtyRequired']);
    expect(keys(limitBuy, { price: '', qty: '' }).errors).toEqual(['missingBuyingPrice', 'modifyQtyRequired']);
    expect(keys({ ...limitBuy, side: 'Sell' }, { price: 'x' }).errors).toEqual(['missingSellingPrice']);
    expect(keys({ ...limitBuy, planType: 1, triggerPrice: '59000' }, { trigger: '' }).errors).toEqual(['missingTriggerPrice']);
  });

  it('refuses a quantity under what has filled; asks when it equals it', () => {
    const part = { ...limitBuy, executedQty: '0.2' };
    expect(keys(part, { qty: '0.1' }).errors).toEqual(['modifyQtyLessTips']);
    expect(keys(part, { qty: '0.2' })).toEqual({ errors: [], hints: ['modifyQtyEqualsExecutedHint'] });
  });

  it('asks before a buy above the market or a sell below it; a plan order is not asked', () => {
    expect(keys(limitBuy, { price: '61500' }).hints).toEqual(['modifyBuyAboveMarketHint']);
    expect(keys({ ...limitBuy, side: 'Sell', price: '62000' }, { price: '60500' }).hints).toEqual(['modifySellBelowMarketHint']);
    expect(keys(limitBuy, { price: '60500' }).hints).toEqual([]);
    expect(keys({ ...limitBuy, planType: 1, triggerPrice: '61500' }, { price: '61800' }).hints).toEqual([]);
    expect(keys(limitBuy, { price: '61500' }, { ...ctx, marketPrice: null }).hints).toEqual([]);
  });

  it('asks when the new price or trigger equals the market price (spec 1 §2.3 hint confirm dialog)', () => {
    expect(keys(limitBuy, { price: '61000.00' }).hints).toEqual(['modifyPriceAtMarketHint']);
    expect(keys({ ...limitBuy, planType: 1, triggerPrice: '59000' }, { trigger: '61000' }).hints).toEqual(['modifyTriggerAtMarketHint']);
    // An unchanged trigger that happens to sit at the market is not the trader's new value.
    expect(keys({ ...limitBuy, planType: 1, triggerPrice: '61000' }, { qty: '0.4' }).hints).toEqual([]);
  });

  it('keeps a margin order of a classic account, and a market order, as they are', () => {
    expect(keys({ ...limitBuy, isLeverage: true }, { price: '59000' }).errors).toEqual(['modifyLeverageErrorTips']);
    expect(keys({ ...limitBuy, isLeverage: true }, { price: '59000' }, { ...ctx, isUnified: true }).errors).toEqual([]);
    expect(keys({ ...limitBuy, type: 'MARKET' }, {}).errors).toEqual(['modifyNotSupported']);
  });

  it('checks the tick and the minimum, and that something changed', () => {
    expect(keys(limitBuy, { price: '0' }).errors).toEqual(['orderPriceLowerLimit']);
    expect(keys(limitBuy, { qty: '0.00001' }).errors).toEqual(['orderQtyLowerLimit']);
    expect(keys(limitBuy, {}).errors).toEqual(['modifyNothingChanged']);
    expect(keys(limitBuy, { price: '60000.00', qty: '0.500' }).errors).toEqual(['modifyNothingChanged']);
  });
});

describe('editInput and modifyFields', () => {
  it('keeps the decimals a field may hold and reads a paste, never NaN', () => {
    const start = initialEditInputs(limitBuy);
    expect(editInput(start, 'price', '60000.129', 2).price).toBe('60000.12');
    expect(editInput(start, 'price', '1,234.5', 2).price).toBe('1234.5');
    expect(editInput(start, 'price', 'abc', 2).price).toBe('60000');
    expect(editInput(start, 'qty', '', 6).qty).toBe('');
  });

  it('sends only what changed, the quantity always', () => {
    expect(modifyFields(limitBuy, { price: '59000', qty: '0.5', trigger: '0', activation: '0', trailing: '0' })).toEqual({ price: '59000', quantity: '0.5' });
    expect(modifyFields(limitBuy, { price: '60000.00', qty: '0.4', trigger: '0', activation: '0', trailing: '0' })).toEqual({ quantity: '0.4' });
    const plan = { ...limitBuy, planType: 1, triggerPrice: '59000' };
    expect(modifyFields(plan, { price: '60000', qty: '0.5', trigger: '58000', activation: '0', trailing: '0' })).toEqual({ quantity: '0.5', trigger_price: '58000' });
  });
});

describe('trailing orders (spec 2 §7 planOrderModify fields)', () => {
  const trailingSell: EditableOrder = {
    ...limitBuy,
    side: 'Sell',
    type: 'MARKET',
    planType: 4,
    price: '0',
    activationPrice: '62000',
    trailingValue: '0',
    trailingPercentage: '1.5',
  };

  it('edits the distance in the unit it was placed with', () => {
    expect(initialEditInputs(trailingSell).trailing).toBe('1.5');
    expect(initialEditInputs({ ...trailingSell, trailingPercentage: '0', trailingValue: '25' }).trailing).toBe('25');
    expect(modifyFields(trailingSell, { ...initialEditInputs(trailingSell), trailing: '2' })).toEqual({ quantity: '0.5', trailing_percentage: '2' });
    const byValue = { ...trailingSell, trailingPercentage: '0', trailingValue: '25' };
    expect(modifyFields(byValue, { ...initialEditInputs(byValue), trailing: '30', activation: '63000' })).toEqual({
      quantity: '0.5',
      activation_price: '63000',
      trailing_value: '30',
    });
  });

  it('checks the distance against the exchange ranges, and that something changed', () => {
    expect(keys(trailingSell, { trailing: '' }).errors).toEqual(['missingTrailingValue']);
    expect(keys(trailingSell, { trailing: '25' }).errors).toEqual(['trailingPercentRange']);
    expect(keys(trailingSell, { trailing: '0.05' }).errors).toEqual(['trailingPercentRange']);
    expect(keys({ ...trailingSell, trailingPercentage: '0', trailingValue: '25' }, { trailing: '0.001' }).errors).toEqual(['trailingValueLowerLimit']);
    expect(keys(trailingSell, { activation: '0.001' }).errors).toEqual(['planTradingTriggerPriceLowerLimit']);
    expect(keys(trailingSell, {}).errors).toEqual(['modifyNothingChanged']);
    expect(keys(trailingSell, { trailing: '2' })).toEqual({ errors: [], hints: [] });
  });
});
