import { describe, expect, it } from 'vitest';
import type { EditableOrder, EditContext } from './orderEdit';
import { lineField, lineMove, linePrice, snapToTick, stepByTicks } from './orderLineMove';

const limitBuy: EditableOrder = { side: 'Buy', type: 'LIMIT', planType: -1, price: '60000', triggerPrice: '0', qty: '0.5', executedQty: '0', isLeverage: false };
const conditional: EditableOrder = { ...limitBuy, type: 'MARKET', planType: 11, price: '0', triggerPrice: '59000' };
const stopLimit: EditableOrder = { ...limitBuy, planType: 1, price: '58900', triggerPrice: '59000' };
const ctx: EditContext = { tick: '0.01', minQty: '0.000048', baseCoin: 'BTC', marketPrice: '61000', isUnified: false };

describe('lineField', () => {
  it('moves an ordinary limit price, a plan trigger and a waiting trailing activation; nothing else', () => {
    expect(lineField(limitBuy)).toBe('price');
    expect(lineField(conditional)).toBe('trigger');
    expect(lineField(stopLimit)).toBe('trigger');
    expect(lineField({ ...limitBuy, type: 'MARKET' })).toBeNull();
    expect(lineField({ ...limitBuy, planType: 4, type: 'MARKET', activationPrice: '62000' })).toBe('activation');
    expect(lineField({ ...limitBuy, planType: 4, type: 'MARKET', activationPrice: '0' })).toBeNull();
    expect(linePrice(stopLimit, 'trigger')).toBe('59000');
  });
});

describe('snapToTick and stepByTicks', () => {
  it('puts a pointer price on the nearest tick, never under one tick', () => {
    expect(snapToTick(60123.456, '0.01')).toBe('60123.46');
    expect(snapToTick(60123.454, '0.01')).toBe('60123.45');
    expect(snapToTick(12.4, '5')).toBe('10');
    expect(snapToTick(-3, '0.01')).toBe('0.01');
    expect(snapToTick(null, '0.01')).toBe('');
    expect(snapToTick(Number.NaN, '0.01')).toBe('');
  });

  it('moves by whole ticks from the tick the price is on', () => {
    expect(stepByTicks('60000', '0.01', 1)).toBe('60000.01');
    expect(stepByTicks('60000', '0.01', -10)).toBe('59999.90');
    expect(stepByTicks('0.02', '0.01', -5)).toBe('0.01');
    expect(stepByTicks('0.1', '0.1', 1)).toBe('0.2');
  });
});

describe('lineMove (the row edit flow, one field changed)', () => {
  it('sends a move below the market as the modify body, the quantity always', () => {
    expect(lineMove(limitBuy, 'price', '59500.00', ctx)).toEqual({ kind: 'send', fields: { quantity: '0.5', price: '59500' } });
    expect(lineMove(conditional, 'trigger', '58000.00', ctx)).toEqual({ kind: 'send', fields: { quantity: '0.5', trigger_price: '58000' } });
  });

  it('does nothing when dropped where it was', () => {
    expect(lineMove(limitBuy, 'price', '60000.00', ctx)).toEqual({ kind: 'unchanged' });
  });

  it('asks before a buy dragged above the market, or a trigger dropped on it', () => {
    const above = lineMove(limitBuy, 'price', '61500.00', ctx);
    expect(above.kind).toBe('ask');
    expect(above.kind === 'ask' && above.hints.map((h) => h.key)).toEqual(['modifyBuyAboveMarketHint']);
    expect(above.kind === 'ask' && above.fields).toEqual({ quantity: '0.5', price: '61500' });
    const atMarket = lineMove(stopLimit, 'trigger', '61000.00', ctx);
    expect(atMarket.kind === 'ask' && atMarket.hints.map((h) => h.key)).toEqual(['modifyTriggerAtMarketHint']);
  });

  it('refuses what the row edit refuses, first refusal first', () => {
    expect(lineMove({ ...limitBuy, isLeverage: true }, 'price', '59000.00', ctx)).toEqual({ kind: 'refused', issue: { key: 'modifyLeverageErrorTips', field: null } });
    expect(lineMove(limitBuy, 'price', '', ctx)).toEqual({ kind: 'refused', issue: { key: 'missingBuyingPrice', field: 'price' } });
  });
});
