import { describe, expect, it } from 'vitest';
import { ownAt, ownOrderLevels, type OwnOrder } from './ownOrderLevels';

const order = (o: Partial<OwnOrder>): OwnOrder => ({ symbolId: 'BTCUSDT', side: 'Buy', price: '60000.55', qty: '0.5', executedQty: '0', planType: -1, ...o });

describe('ownOrderLevels', () => {
  it('sums the unfilled size per row at the step, bids down and asks up', () => {
    const orders = [order({}), order({ price: '60000.51', qty: '0.2', executedQty: '0.05' }), order({ side: 'Sell', price: '60010.01', qty: '1' })];
    const bids = ownOrderLevels(orders, 'BTCUSDT', 'buy', 1);
    expect([...bids]).toEqual([['60000.5', '0.65']]);
    const asks = ownOrderLevels(orders, 'BTCUSDT', 'sell', 1);
    expect([...asks]).toEqual([['60010.1', '1']]);
    expect(ownAt(bids, '60000.50', 1)).toBe('0.65');
    expect(ownAt(bids, '60000.4', 1)).toBeNull();
  });
  it('leaves out other pairs, plan orders, filled and malformed orders', () => {
    const orders = [
      order({ symbolId: 'ETHUSDT' }),
      order({ planType: 1 }),
      order({ executedQty: '0.5' }),
      order({ price: 'abc' }),
      order({ price: '0' }),
    ];
    expect(ownOrderLevels(orders, 'BTCUSDT', 'buy', 2).size).toBe(0);
  });
});
