// @vitest-environment node
/**
 * Market orders on hand-made BTCUSDT books: by quote value and by base
 * quantity, both sides; the slippage cap (ticks, percent) and the price band;
 * no liquidity and partial fills; fees and the balances a trader ends with.
 */
import { describe, expect, test } from 'vitest';
import { amount, harness, lots, px, type Harness } from './testKit';
import type { Order, OrderRequest, Slippage } from './types';

const U = 'u1';

function market(req: Partial<OrderRequest>, h: Harness): Order {
  const r = h.ex.create(U, { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Market', qty: '1', ...req } as OrderRequest, h.t);
  if (!r.ok) throw new Error(`refused ${r.error.code}: ${r.error.message}`);
  return r.value;
}

const line = (h: Harness, token: string) => h.ex.ledger.line(U, token);
const fillsOf = (h: Harness, orderId: string) => h.ex.fills(U).filter((f) => f.orderId === orderId).reverse();
const taken = (h: Harness, o: Order) => fillsOf(h, o.orderId).map((f) => [f.price, f.qty]);

/** Bids 59,999 (0.2) / 59,998 (1); asks 60,001 (0.1) / 60,002 (0.2) / 60,010 (5); mid 60,000. */
function book(): Harness {
  const h = harness();
  h.snapshot([['59999', '0.2'], ['59998', '1']], [['60001', '0.1'], ['60002', '0.2'], ['60010', '5']]);
  return h;
}

describe('market buy', () => {
  test('by quote value: spends up to the value, whole lots, fee in BTC', () => {
    const h = book();
    const o = market({ qty: '10000' }, h);
    expect(o).toMatchObject({ status: 'Filled', marketUnit: 'quoteCoin', executedQty: lots('0.166662'), qty: lots('0.166662') });
    expect(taken(h, o)).toEqual([[px('60001'), lots('0.1')], [px('60002'), lots('0.066662')]]);
    expect(o.executedValue).toBe(amount('9999.953324'));
    expect(o.fee).toBe(amount('0.000166662'));
    // The 10,000 USDT lock is gone: what was not spent is free again.
    expect(line(h, 'USDT')).toEqual({ token: 'USDT', free: amount('90000.046676'), locked: 0n });
    expect(line(h, 'BTC')).toEqual({ token: 'BTC', free: amount('2.166495338'), locked: 0n });
  });

  test('by base quantity: walks the asks for exactly that quantity', () => {
    const h = book();
    const o = market({ qty: '0.25', marketUnit: 'baseCoin' }, h);
    expect(o).toMatchObject({ status: 'Filled', executedQty: lots('0.25') });
    expect(taken(h, o)).toEqual([[px('60001'), lots('0.1')], [px('60002'), lots('0.15')]]);
    expect(line(h, 'USDT')).toEqual({ token: 'USDT', free: amount('100000') - amount('15000.4'), locked: 0n });
    expect(line(h, 'BTC')).toEqual({ token: 'BTC', free: amount('2.25') - amount('0.00025'), locked: 0n });
  });

  test('by base quantity: the lock is reckoned at the top of the price band (66,000 here)', () => {
    const h = book();
    const over = h.ex.create(U, { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Market', marketUnit: 'baseCoin', qty: '1.515152' }, h.t);
    expect(over.ok ? null : over.error.code).toBe(170131);
    const inside = market({ qty: '1.515151', marketUnit: 'baseCoin' }, h);
    expect(inside).toMatchObject({ status: 'Filled', executedQty: lots('1.515151') });
    expect(line(h, 'USDT').locked).toBe(0n);
  });

  test('two market orders do not take the same lots before the book changes', () => {
    const h = book();
    const a = market({ qty: '0.2', marketUnit: 'baseCoin' }, h);
    const b = market({ qty: '0.2', marketUnit: 'baseCoin' }, h);
    expect(taken(h, a)).toEqual([[px('60001'), lots('0.1')], [px('60002'), lots('0.1')]]);
    expect(taken(h, b)).toEqual([[px('60002'), lots('0.1')], [px('60010'), lots('0.1')]]);
  });
});

describe('market sell', () => {
  test('by base quantity (the default for sells): fee in USDT', () => {
    const h = book();
    const o = market({ side: 'Sell', qty: '0.5' }, h);
    expect(o).toMatchObject({ status: 'Filled', marketUnit: 'baseCoin', executedQty: lots('0.5') });
    expect(taken(h, o)).toEqual([[px('59999'), lots('0.2')], [px('59998'), lots('0.3')]]);
    expect(o.fee).toBe(amount('29.9992'));
    expect(line(h, 'BTC')).toEqual({ token: 'BTC', free: amount('1.5'), locked: 0n });
    expect(line(h, 'USDT')).toEqual({ token: 'USDT', free: amount('100000') + amount('29999.2') - amount('29.9992'), locked: 0n });
  });

  test('by quote value: sells the lots that value needs', () => {
    const h = book();
    const o = market({ side: 'Sell', qty: '15000', marketUnit: 'quoteCoin' }, h);
    expect(o).toMatchObject({ status: 'Filled', executedQty: lots('0.250005'), executedValue: amount('14999.99999') });
    expect(taken(h, o)).toEqual([[px('59999'), lots('0.2')], [px('59998'), lots('0.050005')]]);
    expect(line(h, 'BTC')).toEqual({ token: 'BTC', free: amount('1.749995'), locked: 0n });
    expect(line(h, 'USDT')).toEqual({ token: 'USDT', free: amount('114984.99999001'), locked: 0n });
  });

  test('cannot sell more than the account holds (170131)', () => {
    const h = book();
    const r = h.ex.create(U, { symbol: 'BTCUSDT', side: 'Sell', orderType: 'Market', qty: '2.000001' }, h.t);
    expect(r.ok ? null : r.error.code).toBe(170131);
    expect(market({ side: 'Sell', qty: '1.2' }, h).status).toBe('Filled');
  });
});

describe('how far a market order may walk', () => {
  const asks = (...levels: Array<[string, string]>) => {
    const h = harness();
    h.snapshot([['59999', '1']], levels);
    return h;
  };
  const buy = (h: Harness, slippage?: Slippage) => market({ qty: '0.5', marketUnit: 'baseCoin', slippage }, h);

  test('slippage cap in ticks from the best price', () => {
    const levels: Array<[string, string]> = [['60001', '0.1'], ['60002', '0.1'], ['60002.01', '1']];
    const capped = buy(asks(...levels), { kind: 'ticks', value: 100 });
    expect(capped).toMatchObject({ status: 'PartiallyFilledCanceled', executedQty: lots('0.2') });
    expect(capped.reason).toBeNull();
    const h = asks(...levels);
    const wider = buy(h, { kind: 'ticks', value: 101 });
    expect(wider).toMatchObject({ status: 'Filled', executedQty: lots('0.5') });
    expect(taken(h, wider).at(-1)).toEqual([px('60002.01'), lots('0.3')]);
  });

  test('slippage cap in percent of the best price', () => {
    // 0.01 % above 60,001 is 60,007.0001: 60,007 is inside, 60,007.01 is not.
    const h = asks(['60001', '0.1'], ['60007', '0.1'], ['60007.01', '1']);
    const o = buy(h, { kind: 'percent', value: '0.01' });
    expect(o).toMatchObject({ status: 'PartiallyFilledCanceled', executedQty: lots('0.2') });
    expect(taken(h, o).at(-1)).toEqual([px('60007'), lots('0.1')]);

    const s = harness();
    // 0.01 % below 59,999 is 59,993.0001: 59,993.01 is inside, 59,993 is not.
    s.snapshot([['59999', '0.1'], ['59993.01', '0.1'], ['59993', '1']], [['60001', '1']]);
    const sell = market({ side: 'Sell', qty: '0.5', slippage: { kind: 'percent', value: '0.01' } }, s);
    expect(sell).toMatchObject({ status: 'PartiallyFilledCanceled', executedQty: lots('0.2') });
  });

  test('the price band (±10 % of the last trade) bounds the walk', () => {
    const h = asks(['60001', '0.1'], ['66000', '0.1'], ['66000.01', '1']);
    h.trade('60000', '0.01', true);
    const o = buy(h);
    expect(o).toMatchObject({ status: 'PartiallyFilledCanceled', executedQty: lots('0.2') });
    expect(taken(h, o).at(-1)).toEqual([px('66000'), lots('0.1')]);

    const s = harness();
    s.snapshot([['59999', '0.1'], ['54000', '0.1'], ['53999.99', '1']], [['60001', '1']]);
    s.trade('60000', '0.01', true);
    const sell = market({ side: 'Sell', qty: '0.5' }, s);
    expect(sell).toMatchObject({ status: 'PartiallyFilledCanceled', executedQty: lots('0.2') });
    expect(taken(s, sell).at(-1)).toEqual([px('54000'), lots('0.1')]);
  });
});

describe('no liquidity and partial fills', () => {
  test('an empty side cancels the order with 170143 and locks nothing', () => {
    const h = harness();
    h.snapshot([['59999', '1']], []);
    const o = market({ qty: '1000' }, h);
    expect(o).toMatchObject({ status: 'Cancelled', executedQty: 0 });
    expect(o.reason?.code).toBe(170143);
    expect(line(h, 'USDT')).toEqual({ token: 'USDT', free: amount('100000'), locked: 0n });
  });

  test('asks only beyond the band are no liquidity either', () => {
    const h = harness();
    h.snapshot([['59999', '1']], [['70000', '1']]);
    h.trade('60000', '0.01', true);
    const o = market({ qty: '1000' }, h);
    expect(o.status).toBe('Cancelled');
    expect(o.reason?.code).toBe(170143);
  });

  test('a book too thin for the order: PartiallyFilledCanceled, the rest of the lock released', () => {
    const h = harness();
    h.snapshot([['59999', '1']], [['60001', '0.1']]);
    const o = market({ qty: '20000' }, h);
    expect(o).toMatchObject({ status: 'PartiallyFilledCanceled', executedQty: lots('0.1'), reason: null });
    expect(line(h, 'USDT')).toEqual({ token: 'USDT', free: amount('100000') - amount('6000.1'), locked: 0n });
    const sell = market({ side: 'Sell', qty: '1.5' }, h);
    expect(sell).toMatchObject({ status: 'PartiallyFilledCanceled', executedQty: lots('1') });
    expect(line(h, 'BTC')).toEqual({ token: 'BTC', free: amount('2.1') - amount('0.0001') - amount('1'), locked: 0n });
  });
});

describe('fills', () => {
  test('every fill is a taker fill with a trade id, price, qty and a 0.1 % fee', () => {
    const h = book();
    const o = market({ qty: '0.3', marketUnit: 'baseCoin' }, h);
    const fills = fillsOf(h, o.orderId);
    expect(fills.map((f) => ({ price: f.price, qty: f.qty, fee: f.fee, feeToken: f.feeToken, isMaker: f.isMaker }))).toEqual([
      { price: px('60001'), qty: lots('0.1'), fee: amount('0.0001'), feeToken: 'BTC', isMaker: false },
      { price: px('60002'), qty: lots('0.2'), fee: amount('0.0002'), feeToken: 'BTC', isMaker: false },
    ]);
    expect(fills.every((f) => /^\d+$/.test(f.tradeId))).toBe(true);
    expect(new Set(fills.map((f) => f.tradeId)).size).toBe(2);
    const statuses = h.events.flatMap((e) => (e.type === 'order' && e.order.orderId === o.orderId ? [e.order.status] : []));
    expect(statuses).toEqual(['Filled']);
  });
});
