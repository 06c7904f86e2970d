import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { initialOrderForm, reduceOrderForm, type OrderFormAction } from './form';
import { orderFormSummary, sliderAction } from './summary';
import { orderCreateBody, orderOutcome } from './request';
import { BTC_RULES, btcContext, form } from './testKit';

const rules = BTC_RULES;

describe('reduceOrderForm', () => {
  it('typing keeps the precision of the field and a trailing dot', () => {
    let s = initialOrderForm();
    s = reduceOrderForm(s, { type: 'input', field: 'price', text: '60000.129', rules });
    expect(s.price).toBe('60000.12');
    s = reduceOrderForm(s, { type: 'input', field: 'quantity', text: '0.', rules });
    expect(s.quantity).toBe('0.');
  });
  it('a paste of "1,234.5" or "1e3" reads as a number; "--1" and letters leave the field and say why', () => {
    let s = initialOrderForm();
    s = reduceOrderForm(s, { type: 'paste', field: 'price', text: '1,234.5', rules });
    expect(s.price).toBe('1234.50');
    s = reduceOrderForm(s, { type: 'paste', field: 'price', text: '1e3', rules });
    expect(s.price).toBe('1000.00');
    s = reduceOrderForm(s, { type: 'paste', field: 'price', text: '--1', rules });
    expect(s.price).toBe('1000.00');
    expect(s.notice).toEqual({ field: 'price', key: 'invalidNumber' });
    s = reduceOrderForm(s, { type: 'paste', field: 'quantity', text: 'abc', rules });
    expect(s.quantity).toBe('');
    expect(s.notice?.key).toBe('invalidNumber');
  });
  it('blur trims a price to the tick\'s precision, floors a quantity to the lot and caps it at the maximum, but never raises it to the minimum', () => {
    let s = form({ price: '60000.005', quantity: '0.0000019' });
    s = reduceOrderForm(s, { type: 'blur', field: 'price', rules });
    s = reduceOrderForm(s, { type: 'blur', field: 'quantity', rules });
    expect(s.price).toBe('60000.00');
    expect(s.quantity).toBe('0.000001');
    s = reduceOrderForm(form({ quantity: '5000000' }), { type: 'blur', field: 'quantity', rules });
    expect(s.quantity).toBe('1000000.000000');
  });
  it('writing a value makes it the size the quantity follows', () => {
    const s = reduceOrderForm(form({ price: '50000' }), { type: 'input', field: 'amount', text: '1000', rules });
    expect(s.sizeDriver).toBe('amount');
    expect(orderFormSummary(s, btcContext()).quantity).toBe('0.020000');
  });
  it('picking a price from the book on a market order turns it into a limit order at that price', () => {
    const s = reduceOrderForm(form({ type: 'market' }), { type: 'pickPrice', price: '59990.5' });
    expect(s).toMatchObject({ type: 'limit', price: '59990.5' });
  });
  it('a placed order clears the sizes and keeps the price for the next one', () => {
    const s = reduceOrderForm(form({ price: '1', quantity: '2', amount: '2', percent: 50 }), { type: 'placed' });
    expect(s).toMatchObject({ price: '1', quantity: '', amount: '', percent: null });
  });
  it('never yields NaN whatever is typed or pasted', () => {
    const field = fc.constantFrom('price', 'quantity', 'amount', 'triggerPrice', 'ocoTpPrice', 'trailingValue', 'slippage') as fc.Arbitrary<'price'>;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('input', 'paste', 'blur'), field, fc.string())), (steps) => {
        let s = initialOrderForm();
        for (const [kind, f, text] of steps) {
          const action = (kind === 'blur' ? { type: 'blur', field: f, rules } : { type: kind, field: f, text, rules }) as OrderFormAction;
          s = reduceOrderForm(s, action);
        }
        const summary = orderFormSummary(s, btcContext());
        expect(JSON.stringify({ s, summary })).not.toMatch(/NaN|Infinity/);
      }),
    );
  });
});

describe('summary and slider', () => {
  it('limit: value = price × quantity; a buy pays its fee in base', () => {
    const s = orderFormSummary(form({ price: '60000', quantity: '0.5' }), btcContext());
    expect(s).toMatchObject({ amount: '30000', fee: '0.0005', feeCoin: 'BTC', available: '100000', availableCoin: 'USDT', percentOfMax: 30 });
  });
  it('market buy is counted at the best ask, a sell at the best bid', () => {
    expect(orderFormSummary(form({ type: 'market', amount: '600.0001' }), btcContext())).toMatchObject({ price: '60000.01', priceIsEstimate: true, sizeField: 'amount' });
    expect(orderFormSummary(form({ type: 'market', side: 'Sell', quantity: '0.1' }), btcContext())).toMatchObject({ price: '59999.99', amount: '5999.999', feeCoin: 'USDT' });
  });
  it('Max buy and Max sell come from account info', () => {
    expect(orderFormSummary(form({ price: '50000' }), btcContext())).toMatchObject({ maxAmount: '100000', maxQty: '2.000000' });
    expect(orderFormSummary(form({ side: 'Sell', price: '50000' }), btcContext())).toMatchObject({ maxQty: '1.000000', maxAmount: '50000' });
  });
  it('spec 1 §5: Max buy is the quote balance unless leverage is on, then account info; a unified order beyond it borrows and says how much', () => {
    const settings = { spotMargin: true, leverage: 5, confirmed: true, quizPassed: true, marginMode: 'REGULAR_MARGIN' as const };
    const uta = (leverage: typeof settings | null) =>
      btcContext({ account: { ...btcContext().account!, isUnified: true, quoteFree: '10000', baseFree: '1', maxBuyAmt: '50000', maxSellQty: '5', leverage } });
    expect(orderFormSummary(form({ price: '50000' }), uta({ ...settings, spotMargin: false }))).toMatchObject({ maxAmount: '10000', borrowed: null });
    expect(orderFormSummary(form({ side: 'Sell', price: '50000' }), uta(null))).toMatchObject({ maxQty: '1.000000' });
    const on = orderFormSummary(form({ price: '50000', quantity: '0.5' }), uta(settings));
    // A buy locks its value and the 0.1 % fee headroom, as the exchange does.
    expect(on).toMatchObject({ maxAmount: '50000', amount: '25000', borrowed: '15025' });
    expect(orderFormSummary(form({ side: 'Sell', price: '50000', quantity: '3' }), uta(settings))).toMatchObject({ maxQty: '5.000000', borrowed: '2' });
    expect(orderCreateBody(form({ price: '50000', quantity: '0.5' }), uta(settings)).is_leverage).toBe(true);
    expect(orderCreateBody(form({ price: '50000', quantity: '0.5' }), uta({ ...settings, spotMargin: false })).is_leverage).toBeUndefined();
  });
  it('spec 1 §5: an innovation buy is capped by the quota left, down to nothing', () => {
    const ctx = (innovationRemain: string) => btcContext({ account: { ...btcContext().account!, innovationRemain } });
    expect(orderFormSummary(form({ price: '50000' }), ctx('500'))).toMatchObject({ maxAmount: '500', maxQty: '0.010000' });
    expect(orderFormSummary(form({ price: '50000' }), ctx('0'))).toMatchObject({ maxAmount: '0', maxQty: '0.000000' });
  });
  it('the slider spends a share of the maximum, floored to the steps', () => {
    const buy = sliderAction(form({ price: '60000' }), btcContext(), 25);
    expect(buy).toEqual({ type: 'percent', percent: 25, amount: '25000', quantity: '0.416666', driver: 'quantity' });
    const sell = sliderAction(form({ side: 'Sell', price: '60000' }), btcContext(), 75);
    expect(sell).toMatchObject({ quantity: '0.75', amount: '45000' });
    const noPrice = sliderAction(form(), btcContext(), 50);
    expect(noPrice).toMatchObject({ driver: 'amount', amount: '50000' });
  });
});

describe('orderCreateBody', () => {
  const ctx = btcContext();
  it('limit', () => {
    expect(orderCreateBody(form({ price: '60000', quantity: '0.01', timeInForce: 'PostOnly' }), ctx)).toEqual({
      symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', price: '60000', quantity: '0.010000', time_in_force: 'PostOnly',
    });
  });
  it('market by value with a slippage cap', () => {
    expect(orderCreateBody(form({ type: 'market', amount: '100', slippageKind: 'percent', slippage: '0.5' }), ctx)).toEqual({
      symbol_id: 'BTCUSDT', side: 'Buy', type: 'market', market_unit: 'quoteCoin', quantity: '100', slippage_type: 'percent', slippage_value: '0.5',
    });
  });
  it('plans: conditional, stop-limit, OCO, trailing', () => {
    expect(orderCreateBody(form({ type: 'conditional', triggerPrice: '61000', price: '61100', quantity: '0.01' }), ctx)).toMatchObject({ type: 'limit', plan_type: 1, trigger_price: '61000', price: '61100' });
    expect(orderCreateBody(form({ type: 'stopLimit', triggerPrice: '61000', price: '61100', quantity: '0.01' }), ctx)).toMatchObject({ plan_type: 8 });
    const oco = orderCreateBody(form({ type: 'oco', side: 'Sell', quantity: '0.1', oco: { takeProfit: { trigger: '65000', kind: 'limit', price: '64900' }, stopLoss: { trigger: '55000', kind: 'market', price: '' } } }), ctx);
    expect(oco).toMatchObject({ plan_type: 10, quantity: '0.100000', oco: { take_profit: { trigger_price: '65000', type: 'limit', price: '64900' }, stop_loss: { trigger_price: '55000', type: 'market' } } });
    expect(oco).not.toHaveProperty('type');
    expect(orderCreateBody(form({ type: 'trailing', side: 'Sell', quantity: '0.1', trailingValue: '2' }), ctx)).toMatchObject({ plan_type: 4, trailing_percentage: '2', market_unit: 'baseCoin' });
  });
});

describe('orderOutcome (spec 2 §8)', () => {
  it('flags', () => {
    expect(orderOutcome(0, 'success')).toEqual({ kind: 'placed' });
    expect(orderOutcome(32241, 'x')).toMatchObject({ tryLimit: true, standardAccountLimit: false });
    expect(orderOutcome(32329, 'x')).toMatchObject({ tryLimit: false, standardAccountLimit: true });
    expect(orderOutcome(81001, 'x')).toMatchObject({ key: 'liquidationErrorInfo' });
    expect(orderOutcome(99999, 'odd')).toMatchObject({ key: null, message: 'odd' });
  });
});

describe('a limit order with TP/SL', () => {
  it('sends the attached trigger prices only when switched on', () => {
    const ctx = btcContext();
    const base = { price: '60000', quantity: '0.01', takeProfit: '65000', stopLoss: '55000' };
    expect(orderCreateBody(form({ ...base, tpslOn: true }), ctx)).toMatchObject({ tp_trigger_price: '65000', sl_trigger_price: '55000' });
    expect(orderCreateBody(form({ ...base, tpslOn: false }), ctx)).not.toHaveProperty('tp_trigger_price');
  });
});
