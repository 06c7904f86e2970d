// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { amount } from '../exchange/testKit';
import type { AlgoParams } from './algoDesk';
import { strategyOfOrder, strategyTradeFrom, typeOfStrategyId } from './algoTags';
import { algoSetUp, created, U } from './algoTestKit';

const twap: AlgoParams = { strategyType: 'twap', symbol: 'BTCUSDT', side: 'Buy', size: '0.01', durationSec: 300, intervalSec: 60 };
const iceberg: AlgoParams = { strategyType: 'iceberg', symbol: 'BTCUSDT', side: 'Buy', size: '0.01', price: '59000', visibleSize: '0.002' };
const chase: AlgoParams = { strategyType: 'chase', symbol: 'BTCUSDT', side: 'Buy', size: '0.01', chasePercentE4: 0 };

describe('creating a strategy: the rules, each refused with the field it is about', () => {
  const { h, desk } = algoSetUp();
  const refusal = (params: Partial<AlgoParams> & Record<string, unknown>, base: AlgoParams = twap, user = U) => {
    const r = desk.create(user, { ...base, ...params } as AlgoParams, h.t);
    return r.ok ? null : [r.error.code, r.error.field];
  };

  it('common inputs', () => {
    expect(refusal({ strategyType: 'webhook' as never })).toEqual([170130, 'strategyType']);
    expect(refusal({ symbol: 'NOPEUSDT' })).toEqual([170121, 'symbol']);
    expect(refusal({ side: 'buy' as never })).toEqual([170130, 'side']);
    expect(refusal({ size: '0.0000001' })).toEqual([170137, 'size']);
    expect(refusal({ size: '0.00001' })).toEqual([170136, 'size']);
    expect(refusal({ size: 'lots' })).toEqual([170130, 'size']);
    expect(refusal({}, twap, 'nobody')).toEqual([170130, 'account']);
  });

  it('the whole size must be paid for at create', () => {
    // 100,000 USDT buys about 1.65 BTC at 60,001 + 0.5 %; the account holds 2 BTC to sell.
    expect(refusal({ size: '1.7' })).toEqual([170131, 'size']);
    expect(refusal({ size: '1.6' })).toBeNull();
    expect(refusal({ side: 'Sell', size: '2.1' })).toEqual([170131, 'size']);
    expect(refusal({ size: '1.7', price: '50000' }, iceberg)).toBeNull();
    const r = desk.create(U, { ...chase, size: '3' }, h.t);
    expect(!r.ok && r.error.message).toMatch(/Balance insufficient: the whole size needs 180000 USDT free/);
  });

  it('twap', () => {
    expect(refusal({ durationSec: 299 })).toEqual([170130, 'durationSec']);
    expect(refusal({ durationSec: 86_401 })).toEqual([170130, 'durationSec']);
    expect(refusal({ intervalSec: 4 })).toEqual([170130, 'intervalSec']);
    expect(refusal({ intervalSec: 60.5 })).toEqual([170130, 'intervalSec']);
    expect(refusal({ durationSec: 300, intervalSec: 301 })).toEqual([170130, 'intervalSec']);
    // 0.0002 BTC in 300 / 5 = 60 slices is 3 lots a slice, below the 48-lot minimum.
    expect(refusal({ size: '0.0002', intervalSec: 5 })).toEqual([170136, 'size']);
    expect(refusal({ priceLimit: '60000.001' })).toEqual([170134, 'priceLimit']);
  });

  it('iceberg', () => {
    expect(refusal({ visibleSize: '0.02' }, iceberg)).toEqual([170130, 'visibleSize']);
    expect(refusal({ visibleSize: '0.00001' }, iceberg)).toEqual([170136, 'visibleSize']);
    expect(refusal({ price: '70000' }, iceberg)).toEqual([170193, 'price']);
    expect(refusal({ price: undefined }, iceberg)).toEqual([170130, 'price']);
  });

  it('chase', () => {
    expect(refusal({ chasePercentE4: 10_001 }, chase)).toEqual([170130, 'chasePercentE4']);
    expect(refusal({ chasePercentE4: -1 }, chase)).toEqual([170130, 'chasePercentE4']);
    expect(refusal({ maxChasePrice: '0' }, chase)).toEqual([170133, 'maxChasePrice']);
  });

  it('an account the exchange refuses orders from, and a new listing in its first 5 minutes', () => {
    h.ex.addAccount({ userId: 'liq', kind: 'UTA', demo: false, liquidation: true }, { USDT: amount('1000') });
    expect(refusal({}, twap, 'liq')).toEqual([81001, 'account']);
    const fresh = algoSetUp();
    const inst = fresh.h.ex.instrument('BTCUSDT')!;
    inst.rules.openTime = fresh.h.t - 60_000;
    const r = fresh.desk.create(U, twap, fresh.h.t);
    expect(!r.ok && r.error.code).toBe(170152);
  });
});

describe('strategy ids and child tags', () => {
  it('ids are 18 digits carrying the type; children are tagged with their specialTradeFrom', () => {
    const kit = algoSetUp();
    const ids = [twap, iceberg, chase].map((p) => created(kit.desk.create(U, p, kit.h.t)).strategyId);
    kit.settle();
    for (const id of ids) expect(id).toMatch(/^7[123]\d{16}$/);
    expect(ids.map(typeOfStrategyId)).toEqual(['twap', 'iceberg', 'chase']);
    const children = [...kit.h.ex.orderHistory(U), ...kit.h.ex.openOrders(U)];
    expect(children.map((o) => strategyTradeFrom(o)).sort()).toEqual([1, 2, 3]);
    expect(children.every((o) => ids.includes(strategyOfOrder(o)!))).toBe(true);
    expect(strategyTradeFrom({ clientOrderId: 'grid-600000000001-1' })).toBeNull();
    expect(strategyTradeFrom({ clientOrderId: 'algo-7912345678901234567-1' })).toBeNull();
  });
});
