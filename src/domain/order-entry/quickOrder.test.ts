import { describe, expect, it } from 'vitest';
import { checkQuickOrder, hoverOrderPrice, quickOrderForm, typeQuickQty, type QuickOrder } from './quickOrder';
import { BTC_RULES, btcContext } from './testKit';

const limitBuy: QuickOrder = { kind: 'limit', side: 'Buy', price: '59000', qty: '0.5' };
const keyOf = (order: QuickOrder, ctx = btcContext()) => {
  const check = checkQuickOrder(order, ctx);
  return check.kind === 'refused' ? check.error.key : check.kind;
};

describe('checkQuickOrder (spec 1 §5, spec 2 §5 quick and hover order rules)', () => {
  it('sends a visitor to log in before anything else is checked', () => {
    expect(keyOf({ ...limitBuy, qty: '' }, btcContext({ account: null }))).toBe('login');
  });

  it('blocks a side the pair bans, then asks for a quantity, then a price above 0', () => {
    const banned = btcContext({ rules: { ...BTC_RULES, isBanBuy: true } });
    expect(keyOf({ ...limitBuy, qty: '' }, banned)).toBe('buyBanned');
    expect(keyOf({ ...limitBuy, side: 'Sell' }, banned)).toBe('ok');
    expect(keyOf({ ...limitBuy, qty: '' })).toBe('quick_order_0_tip');
    expect(keyOf({ ...limitBuy, qty: '0' })).toBe('quick_order_0_tip');
    expect(keyOf({ ...limitBuy, qty: 'abc' })).toBe('quick_order_0_tip');
    expect(keyOf({ ...limitBuy, price: '0' })).toBe('quickLimitOrderPriceError');
    expect(keyOf({ ...limitBuy, price: '' })).toBe('quickLimitOrderPriceError');
    // A market trade has no price of its own.
    expect(keyOf({ ...limitBuy, kind: 'market', price: '' })).toBe('ok');
  });

  it('wants a multiple of a quantity step above 1 (qtyErrorTickTip)', () => {
    const lots = btcContext({ rules: { ...BTC_RULES, lot: '10', minQty: '10' } });
    expect(keyOf({ ...limitBuy, price: '1', qty: '25' }, lots)).toBe('qtyErrorTickTip');
    expect(keyOf({ ...limitBuy, price: '1', qty: '30' }, lots)).toBe('ok');
    // A step of 1 or under is the form's own rounding, not this rule.
    expect(keyOf({ ...limitBuy, qty: '0.5000001' })).not.toBe('qtyErrorTickTip');
  });

  it("then runs the order form's chain: minimum quantity, balance", () => {
    expect(keyOf({ ...limitBuy, qty: '0.00001' })).toBe('orderQtyLowerLimit');
    expect(keyOf({ ...limitBuy, qty: '3' })).toBe('balanceNotEnough');
    expect(keyOf({ kind: 'market', side: 'Sell', price: '', qty: '2' })).toBe('balanceNotEnough');
  });

  it('gives the order form a passing order is sent as', () => {
    const check = checkQuickOrder(limitBuy, btcContext());
    expect(check.kind === 'ok' && check.form).toMatchObject({ side: 'Buy', type: 'limit', price: '59000', quantity: '0.5', sizeDriver: 'quantity' });
    expect(quickOrderForm({ kind: 'market', side: 'Buy', price: '59000', qty: '1,5' })).toMatchObject({ type: 'market', price: '', marketUnit: 'baseCoin' });
  });
});

describe('hoverOrderPrice', () => {
  it('trims the pointer price to the precision, then rounds it up to the tick; no price off the chart', () => {
    expect(hoverOrderPrice(60123.459, '0.01')).toBe('60123.45');
    expect(hoverOrderPrice(1.23, '0.5')).toBe('1.5');
    expect(hoverOrderPrice(60123.45, '0.01')).toBe('60123.45');
    expect(hoverOrderPrice(12, '5')).toBe('15');
    expect(hoverOrderPrice(null, '0.01')).toBe('');
    expect(hoverOrderPrice(-1, '0.01')).toBe('');
  });
});

describe('typeQuickQty', () => {
  it("cuts to the lot's decimals, reads a pasted number, keeps the field on text", () => {
    expect(typeQuickQty('', '0.1234567', '0.000001')).toBe('0.123456');
    expect(typeQuickQty('', '1,234.5', '0.000001')).toBe('1234.5');
    expect(typeQuickQty('0.5', 'abc', '0.000001')).toBe('0.5');
    expect(typeQuickQty('', '12.7', '1')).toBe('12');
  });
});
