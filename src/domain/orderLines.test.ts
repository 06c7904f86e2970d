import { describe, expect, it } from 'vitest';
import { orderLines, type LineOrder } from './orderLines';

const order = (over: Partial<LineOrder>): LineOrder => ({
  orderId: '1',
  symbolId: 'BTCUSDT',
  side: 'Buy',
  type: 'LIMIT',
  planType: -1,
  price: '60000',
  triggerPrice: '0',
  activationPrice: '0',
  qty: '0.5',
  ...over,
});

describe('orderLines (chart entrust orders)', () => {
  it('puts a limit order at its price and a plan order at its trigger', () => {
    expect(orderLines([order({}), order({ orderId: '2', planType: 1, price: '59000', triggerPrice: '59500' })], 'BTCUSDT')).toEqual([
      { orderId: '1', side: 'Buy', price: 60000, at: 'price', planType: -1, type: 'LIMIT', qty: '0.5' },
      { orderId: '2', side: 'Buy', price: 59500, at: 'trigger', planType: 1, type: 'LIMIT', qty: '0.5' },
    ]);
  });

  it('puts a trailing order at its stop once it trails, before that at its activation price', () => {
    const trailing = order({ planType: 4, type: 'MARKET', price: '0', activationPrice: '65000' });
    expect(orderLines([trailing], 'BTCUSDT')[0]).toMatchObject({ price: 65000, at: 'activation' });
    expect(orderLines([{ ...trailing, planType: 5, triggerPrice: '64000' }], 'BTCUSDT')[0]).toMatchObject({ price: 64000, at: 'trigger' });
  });

  it('leaves out other symbols, market orders and prices that do not read', () => {
    expect(orderLines([order({ symbolId: 'ETHUSDT' }), order({ type: 'MARKET', price: '0' }), order({ price: 'NaN' }), order({ planType: 4, type: 'MARKET', price: '0' })], 'BTCUSDT')).toEqual([]);
  });
});
