// @vitest-environment node
/**
 * The server's refusals (errors.ts): for each code a request that triggers it
 * and one just inside the limit; account flags; and the idempotent client
 * order id. A refusal must leave balances, orders and events untouched.
 */
import { describe, expect, test } from 'vitest';
import { ERR, TRY_LIMIT_CODES } from './errors';
import { buildInstrument, type InstrumentListing, type InstrumentRules } from './instruments';
import { amount, harness, LISTINGS, type Harness } from './testKit';
import type { AccountSettings, ModifyRequest, Order, OrderRequest, Result } from './types';
import type { MarketEvent } from '../market/types';

const U = 'u1';
const BTC_LISTING = LISTINGS.find((l) => l.symbolId === 'BTCUSDT')!;

const req = (r: Partial<OrderRequest>): OrderRequest => ({ symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.01', price: '59000', ...r }) as OrderRequest;
const create = (h: Harness, r: Partial<OrderRequest>, user = U): Result<Order> => h.ex.create(user, req(r), h.t);
const modify = (h: Harness, r: ModifyRequest): Result<Order> => h.ex.modify(U, r, h.t);
const code = (r: Result<unknown>) => (r.ok ? 'ok' : r.error.code);
const line = (h: Harness, token: string, user = U) => h.ex.ledger.line(user, token);

/** Bids 59,999, asks 60,001: reference (mid) 60,000, band 54,000 – 66,000. */
function market(options = {}): Harness {
  const h = harness(options);
  h.snapshot([['59999', '1']], [['60001', '1']]);
  return h;
}

/** BTCUSDT with its listing or engine rules changed. */
function variant(listing: Partial<InstrumentListing>, rules: Partial<InstrumentRules> = {}): Harness {
  return harness({ instruments: [buildInstrument({ ...BTC_LISTING, ...listing }, rules)] });
}

/** A refused call changes nothing a trader could see: no order, no lock, no event. */
function expectNothingChanged(h: Harness, run: () => Result<unknown>, expected: number): void {
  const balances = h.ex.balances(U);
  const open = h.ex.openOrders(U).length + h.ex.openOrders(U, { plan: true }).length;
  const events = h.events.length;
  expect(code(run())).toBe(expected);
  expect(h.ex.balances(U)).toEqual(balances);
  expect(h.ex.openOrders(U).length + h.ex.openOrders(U, { plan: true }).length).toBe(open);
  expect(h.events.length).toBe(events);
}

describe('order fields', () => {
  test('170121 unknown symbol', () => {
    const h = market();
    expectNothingChanged(h, () => create(h, { symbol: 'NOPEUSDT' }), ERR.SYMBOL);
    expect(code(create(h, {}))).toBe('ok');
  });

  test('170130 a parameter that is not valid', () => {
    const h = market();
    for (const bad of [{ side: 'Hold' }, { orderType: 'Stop' }, { timeInForce: 'GTD' }, { price: undefined }, { qty: '-1' }, { planType: 7 }] as Array<Partial<OrderRequest>>) {
      expect(code(create(h, bad)), JSON.stringify(bad)).toBe(ERR.PARAM);
    }
    expect(code(create(h, { timeInForce: 'GTC' }))).toBe('ok');
  });

  test('170130 slippage outside 1–10000 ticks or 0.01–10 %', () => {
    const h = market();
    const m = (slippage: OrderRequest['slippage']) => code(create(h, { orderType: 'Market', price: undefined, qty: '10', slippage }));
    expect([m({ kind: 'ticks', value: 0 }), m({ kind: 'ticks', value: 10_001 }), m({ kind: 'percent', value: '0.001' }), m({ kind: 'percent', value: '10.01' })]).toEqual([
      ERR.PARAM, ERR.PARAM, ERR.PARAM, ERR.PARAM,
    ]);
    expect([m({ kind: 'ticks', value: 1 }), m({ kind: 'ticks', value: 10_000 }), m({ kind: 'percent', value: '0.01' }), m({ kind: 'percent', value: '10' })]).toEqual([
      'ok', 'ok', 'ok', 'ok',
    ]);
  });

  test('170134 price decimals and 170133 price too low', () => {
    const h = market();
    expectNothingChanged(h, () => create(h, { price: '59000.001' }), ERR.PRICE_DECIMALS);
    expect(code(create(h, { price: '59000.01' }))).toBe('ok');
    expectNothingChanged(h, () => create(h, { price: '0', qty: '100' }), ERR.PRICE_TOO_LOW);
    expect(code(create(h, { price: '0.01', qty: '100' }))).toBe('ok');
  });

  test('170137 quantity decimals', () => {
    const h = market();
    expectNothingChanged(h, () => create(h, { qty: '0.0100001' }), ERR.QTY_DECIMALS);
    expect(code(create(h, { qty: '0.010001' }))).toBe('ok');
  });

  test('170148 market value decimals (8 for USDT)', () => {
    const h = market();
    expectNothingChanged(h, () => create(h, { orderType: 'Market', price: undefined, qty: '10.123456789' }), ERR.AMOUNT_DECIMALS);
    expect(code(create(h, { orderType: 'Market', price: undefined, qty: '10.12345678' }))).toBe('ok');
  });

  test('170136 / 170135 quantity below the minimum or above the maximum', () => {
    const h = market();
    expectNothingChanged(h, () => create(h, { qty: '0.000047' }), ERR.QTY_TOO_LOW);
    expect(code(create(h, { qty: '0.000048' }))).toBe('ok');
    // The maximum (1,000,000 BTC) on a market with no book (no band), priced so the value stays under 4,000,000.
    const e = harness();
    e.ex.credit(U, 'BTC', amount('1000000'));
    expectNothingChanged(e, () => create(e, { side: 'Sell', price: '3.99', qty: '1000000.000001' }), ERR.QTY_TOO_HIGH);
    expect(code(create(e, { side: 'Sell', price: '3.99', qty: '1000000' }))).toBe('ok');
  });

  test('170140 / 170124 value below 1 USDT or above 4,000,000 USDT', () => {
    const h = market();
    h.ex.credit(U, 'USDT', amount('5000000'));
    expectNothingChanged(h, () => create(h, { price: '9999.99', qty: '0.0001' }), ERR.VALUE_TOO_LOW);
    expect(code(create(h, { price: '10000', qty: '0.0001' }))).toBe('ok');
    expectNothingChanged(h, () => create(h, { price: '60000', qty: '66.666667' }), ERR.VALUE_TOO_HIGH);
    expect(code(create(h, { price: '60000', qty: '66.666666' }))).toBe('ok');
    const m = (qty: string) => code(create(h, { orderType: 'Market', price: undefined, qty }));
    expect([m('0.99999999'), m('1'), m('4000000.00000001')]).toEqual([ERR.VALUE_TOO_LOW, 'ok', ERR.VALUE_TOO_HIGH]);
  });

  test('170131 balance insufficient', () => {
    const h = market();
    expectNothingChanged(h, () => create(h, { price: '60000', qty: '1.666667' }), ERR.BALANCE);
    expect(code(create(h, { price: '60000', qty: '1.666666' }))).toBe('ok');
    expect(line(h, 'USDT').free).toBe(amount('0.04'));
    expectNothingChanged(h, () => create(h, { side: 'Sell', price: '60500', qty: '2.000001' }), ERR.BALANCE);
    expect(code(create(h, { side: 'Sell', price: '60500', qty: '2' }))).toBe('ok');
  });
});

describe('price band (±10 % of the last trade, else the mid)', () => {
  test('170193 buy above the band, 170194 sell below it, with the limit price in the text', () => {
    const h = market();
    h.trade('60000', '0.01', true);
    const buy = create(h, { price: '66000.01' });
    expect(buy.ok ? null : buy.error).toEqual({ code: ERR.BUY_PRICE_BAND, message: 'Buy order price cannot be higher than 66000.00' });
    expect(code(create(h, { price: '66000', qty: '0.001' }))).toBe('ok');
    const sell = create(h, { side: 'Sell', price: '53999.99' });
    expect(sell.ok ? null : sell.error).toEqual({ code: ERR.SELL_PRICE_BAND, message: 'Sell order price cannot be lower than 54000.00' });
    expect(code(create(h, { side: 'Sell', price: '54000', qty: '0.001' }))).toBe('ok');
  });

  test('a modify into the band is refused the same way', () => {
    const h = market();
    const o = create(h, { price: '59000' });
    expect(code(modify(h, { orderId: o.ok ? o.value.orderId : '', price: '66000.01' }))).toBe(ERR.BUY_PRICE_BAND);
    expect(code(modify(h, { orderId: o.ok ? o.value.orderId : '', price: '65000' }))).toBe('ok');
  });

  test('a modify refusal names the limit price as create does', () => {
    const h = market();
    const o = create(h, { price: '59000' });
    const r = modify(h, { orderId: o.ok ? o.value.orderId : '', price: '66000.01' });
    expect(r.ok ? null : r.error.message).toBe('Buy order price cannot be higher than 66000.00');
  });

  test('170132 a plan limit price outside 90–110 % of its trigger', () => {
    const h = market();
    const stop = (side: 'Buy' | 'Sell', price: string) => code(create(h, { side, planType: 8, triggerPrice: '60000', price }));
    expect([stop('Buy', '66000.01'), stop('Buy', '66000'), stop('Sell', '53999.99'), stop('Sell', '54000')]).toEqual([ERR.PLAN_PRICE, 'ok', ERR.PLAN_PRICE, 'ok']);
  });
});

describe('instrument rules', () => {
  test('170219 a banned side', () => {
    const h = variant({ isBanBuy: true });
    h.snapshot([['59999', '1']], [['60001', '1']]);
    expectNothingChanged(h, () => create(h, {}), ERR.BAN_SIDE);
    expect(code(create(h, { side: 'Sell', price: '60500' }))).toBe('ok');
  });

  test('170151 a pair not trading', () => {
    const h = variant({ tradeStatus: 2 });
    h.snapshot([['59999', '1']], [['60001', '1']]);
    expectNothingChanged(h, () => create(h, {}), ERR.NOT_TRADING);
    // Both sides and every order type.
    expect(code(create(h, { side: 'Sell', orderType: 'Market', price: undefined }))).toBe(ERR.NOT_TRADING);
  });

  test('new listing: 170151 before the open, then 170152 for market and plan orders during the first 5 minutes', () => {
    const open = 100_000;
    const h = variant({}, { openTime: open });
    h.snapshot([['59999', '1']], [['60001', '1']]);
    const at = (now: number, r: Partial<OrderRequest>) => code(h.ex.create(U, req(r), now));
    const marketBuy = { orderType: 'Market', price: undefined, qty: '10' } as const;
    const plan = { planType: 1, triggerPrice: '61000', price: '61000' } as const;
    expect(at(open - 1, {})).toBe(ERR.NOT_TRADING);
    expect(at(open, {})).toBe('ok');
    expect(at(open, marketBuy)).toBe(ERR.NEW_LISTING);
    expect(at(open + 5 * 60_000 - 1, plan)).toBe(ERR.NEW_LISTING);
    expect(at(open + 5 * 60_000, marketBuy)).toBe('ok');
    expect(at(open + 5 * 60_000, plan)).toBe('ok');
  });

  test('170143 market and plan orders need a market to price them; a limit order does not', () => {
    const h = harness();
    expect(code(create(h, { orderType: 'Market', price: undefined, qty: '10' }))).toBe(ERR.NO_LIQUIDITY);
    expect(code(create(h, { planType: 1, triggerPrice: '61000', price: '61000' }))).toBe(ERR.NO_LIQUIDITY);
    expect(code(create(h, {}))).toBe('ok');
  });

  test('170228 the innovation-zone daily buy quota (PEPEUSDT, 20,000 USDT a UTC day)', () => {
    const h = harness({}, ['BTCUSDT', 'PEPEUSDT']);
    // PEPE units: price ticks of 0.00000001, lots of 1 PEPE. Asks: 400,000,000 PEPE at 0.0001.
    const pepe = (ch: 'snapshot', b: Array<[number, number]>, a: Array<[number, number]>) => {
      h.t += 1;
      h.ex.onMarket({ t: h.t, seq: h.t, ch, msg: { s: 'PEPEUSDT', b, a } } as MarketEvent, h.t);
    };
    pepe('snapshot', [[9_900, 400_000_000]], [[10_000, 400_000_000]]);
    const buy = (price: string, qty = '100000000') => create(h, { symbol: 'PEPEUSDT', price, qty });
    expect(h.ex.quotaLeft(U, 'PEPEUSDT')).toBe(amount('20000'));
    expect(buy('0.0001')).toMatchObject({ ok: true, value: { status: 'Filled' } });
    expect(h.ex.quotaLeft(U, 'PEPEUSDT')).toBe(amount('10000'));
    const over = buy('0.00010001');
    expect(over.ok ? null : over.error).toEqual({ code: ERR.INNOVATION_QUOTA, message: 'The purchase exceeds the remaining innovation-zone quota of 10000' });
    expect(code(buy('0.0001'))).toBe('ok');
    expect(code(buy('0.0001', '100000'))).toBe(ERR.INNOVATION_QUOTA);
    // Sells are not limited, and the next UTC day brings a fresh quota.
    expect(code(create(h, { symbol: 'PEPEUSDT', side: 'Sell', price: '0.0001', qty: '100000' }))).toBe('ok');
    h.step(86_400_000);
    expect(code(buy('0.0001', '100000'))).toBe('ok');
  });
});

test('resting bids cannot buy past the innovation quota', () => {
  const h = harness({}, ['BTCUSDT', 'PEPEUSDT']);
  const pepe = (ch: 'snapshot' | 'book', a: Array<[number, number]>) => {
    h.t += 1;
    h.ex.onMarket({ t: h.t, seq: h.t, ch, msg: { s: 'PEPEUSDT', b: ch === 'snapshot' ? [[9_900, 400_000_000]] : [], a } } as MarketEvent, h.t);
  };
  pepe('snapshot', [[10_100, 400_000_000]]);
  for (let i = 0; i < 3; i++) create(h, { symbol: 'PEPEUSDT', price: '0.0001', qty: '100000000' });
  // The asks come down to the bids: every bid still open fills.
  pepe('book', [[10_100, 0], [10_000, 400_000_000]]);
  const bought = h.ex.fills(U).filter((f) => f.symbol === 'PEPEUSDT').reduce((sum, f) => sum + f.value, 0n);
  expect(bought).toBeLessThanOrEqual(amount('20000'));
});

describe('accounts', () => {
  const flagged = (settings: Partial<AccountSettings>) => {
    const h = market();
    h.ex.addAccount({ userId: 'x', kind: 'UTA', demo: true, ...settings }, { USDT: amount('100000'), BTC: amount('2') });
    return h;
  };

  test('81001 an account in liquidation can neither place nor cancel', () => {
    const h = market();
    const o = create(h, {});
    h.ex.updateAccount(U, { liquidation: true });
    expectNothingChanged(h, () => create(h, {}), ERR.LIQUIDATION);
    expectNothingChanged(h, () => h.ex.cancel(U, { orderId: o.ok ? o.value.orderId : '' }, h.t), ERR.LIQUIDATION);
    expectNothingChanged(h, () => h.ex.cancelAll(U, {}, h.t), ERR.LIQUIDATION);
    expectNothingChanged(h, () => modify(h, { orderId: o.ok ? o.value.orderId : '', qty: '0.02' }), ERR.LIQUIDATION);
    h.ex.updateAccount(U, { liquidation: false });
    expect(code(h.ex.cancel(U, { orderId: o.ok ? o.value.orderId : '' }, h.t))).toBe('ok');
  });

  test('trade-try-limit codes refuse every order with the code the account carries', () => {
    for (const c of TRY_LIMIT_CODES) {
      const h = flagged({ tryLimitCode: c });
      expect(code(create(h, {}, 'x')), String(c)).toBe(c);
    }
    expect(code(create(flagged({}), {}, 'x'))).toBe('ok');
  });

  test('32329 a limited standard (CLASSIC) account; the same flag on a UTA account is inert', () => {
    const limited = flagged({ kind: 'CLASSIC', standardLimited: true });
    expect(code(create(limited, {}, 'x'))).toBe(ERR.STANDARD_LIMIT);
    expect(code(create(flagged({ kind: 'CLASSIC' }), {}, 'x'))).toBe('ok');
    expect(code(create(flagged({ kind: 'UTA', standardLimited: true }), {}, 'x'))).toBe('ok');
  });

  test('170227 trailing orders on a CLASSIC account, OCO on a demo account', () => {
    const trailing = { side: 'Sell', orderType: 'Market', planType: 4, trailingValue: '100', price: undefined } as const;
    expect(code(create(flagged({ kind: 'CLASSIC' }), trailing, 'x'))).toBe(ERR.NOT_SUPPORTED);
    expect(code(create(flagged({ kind: 'UTA' }), trailing, 'x'))).toBe('ok');
    const oco = {
      side: 'Sell', price: undefined,
      oco: { takeProfit: { triggerPrice: '61000', orderType: 'Limit', price: '61000' }, stopLoss: { triggerPrice: '59000', orderType: 'Market' } },
    } as const;
    expect(code(create(flagged({ demo: true }), oco, 'x'))).toBe(ERR.NOT_SUPPORTED);
    expect(code(create(flagged({ demo: false }), oco, 'x'))).toBe('ok');
  });

  test('170130 OCO legs on the wrong side of the last price', () => {
    const h = flagged({ demo: false });
    const oco = (tp: string, sl: string) => code(create(h, {
      side: 'Sell', price: undefined,
      oco: { takeProfit: { triggerPrice: tp, orderType: 'Market' }, stopLoss: { triggerPrice: sl, orderType: 'Market' } },
    }, 'x'));
    expect([oco('60000', '59000'), oco('61000', '60000'), oco('60000.01', '59999.99')]).toEqual([ERR.PARAM, ERR.PARAM, 'ok']);
  });
});

describe('caps', () => {
  test('170810 at 500 open orders per account', () => {
    const h = market();
    h.ex.credit(U, 'USDT', amount('1000000'));
    let first = '';
    for (let i = 0; i < 500; i++) {
      const r = create(h, { price: String(55000 + i), qty: '0.001' });
      if (!r.ok) throw new Error(`order ${i} refused ${r.error.code}`);
      if (i === 0) first = r.value.orderId;
    }
    expectNothingChanged(h, () => create(h, { price: '59999', qty: '0.001' }), ERR.TOO_MANY_ORDERS);
    h.ex.cancel(U, { orderId: first }, h.t);
    expect(code(create(h, { price: '59999', qty: '0.001' }))).toBe('ok');
  });
});

describe('orders that cannot be changed', () => {
  test('170213 unknown order (or another user\'s), 170190 a finished one', () => {
    const h = market();
    h.ex.addAccount({ userId: 'u2', kind: 'UTA', demo: true }, { USDT: amount('1000') });
    const o = create(h, {});
    const id = o.ok ? o.value.orderId : '';
    expect(code(h.ex.cancel(U, { orderId: '1900000000000000999' }, h.t))).toBe(ERR.ORDER_NOT_FOUND);
    expect(code(h.ex.cancel('u2', { orderId: id }, h.t))).toBe(ERR.ORDER_NOT_FOUND);
    expect(code(modify(h, { orderId: '1900000000000000999', qty: '0.02' }))).toBe(ERR.ORDER_NOT_FOUND);
    expect(code(h.ex.cancel(U, { orderId: id }, h.t))).toBe('ok');
    expect(code(h.ex.cancel(U, { orderId: id }, h.t))).toBe(ERR.ORDER_FINISHED);
    expect(code(modify(h, { orderId: id, qty: '0.02' }))).toBe(ERR.ORDER_FINISHED);
  });

  test('170313 a quantity below the filled part', () => {
    const h = market();
    const o = create(h, { side: 'Sell', price: '60001', qty: '0.5' });
    h.trade('60001', '1.2', true);
    const id = o.ok ? o.value.orderId : '';
    expect(code(modify(h, { orderId: id, qty: '0.199999' }))).toBe(ERR.MODIFY_QTY);
    expect(code(modify(h, { orderId: id, qty: '0.3' }))).toBe('ok');
  });

  test('170312 orders whose size cannot change: a market order in flight, a plan buying by value', () => {
    const h = market({ latencyMs: 100 });
    const m = create(h, { orderType: 'Market', price: undefined, qty: '100' });
    expect(code(modify(h, { orderId: m.ok ? m.value.orderId : '', qty: '200' }))).toBe(ERR.MODIFY_NOT_SUPPORTED);
    const plan = create(h, { orderType: 'Market', price: undefined, qty: '100', planType: 1, triggerPrice: '61000' });
    const id = plan.ok ? plan.value.orderId : '';
    expect(code(modify(h, { orderId: id, qty: '200' }))).toBe(ERR.MODIFY_NOT_SUPPORTED);
    expect(code(modify(h, { orderId: id, triggerPrice: '61500' }))).toBe('ok');
  });
});

describe('order results that carry a code', () => {
  test('170218 PostOnly that would take is Cancelled with the code; one that would not rests', () => {
    const h = market();
    const taker = create(h, { price: '60001', timeInForce: 'PostOnly' });
    expect(taker.ok && [taker.value.status, taker.value.reason?.code]).toEqual(['Cancelled', ERR.POST_ONLY]);
    const maker = create(h, { price: '60000.99', timeInForce: 'PostOnly' });
    expect(maker.ok && [maker.value.status, maker.value.reason]).toEqual(['New', null]);
  });

  test('PostOnly at a price whose liquidity own takers already consumed rests', () => {
    const h = market();
    expect(create(h, { price: '60001', qty: '1', timeInForce: 'IOC' })).toMatchObject({ ok: true, value: { status: 'Filled' } });
    expect(h.ex.bookView('BTCUSDT')!.a).toEqual([]);
    const post = create(h, { price: '60001', qty: '0.1', timeInForce: 'PostOnly' });
    expect(post.ok && post.value.status).toBe('New');
  });
});

describe('idempotent clientOrderId', () => {
  test('a repeated create returns the first order: no second order, no second lock', () => {
    const h = market();
    const first = create(h, { clientOrderId: 'abc-1', price: '59000', qty: '0.5' });
    const balances = h.ex.balances(U);
    const events = h.events.length;
    const again = create(h, { clientOrderId: 'abc-1', price: '59000', qty: '0.5' });
    const changed = create(h, { clientOrderId: 'abc-1', price: '58000', qty: '1' });
    expect(again.ok && again.value.orderId).toBe(first.ok && first.value.orderId);
    expect(changed.ok && [changed.value.orderId, changed.value.price]).toEqual([first.ok && first.value.orderId, first.ok && first.value.price]);
    expect(h.ex.openOrders(U)).toHaveLength(1);
    expect(h.ex.balances(U)).toEqual(balances);
    expect(h.events.length).toBe(events);
    // Still the first order once it is finished.
    h.ex.cancel(U, { clientOrderId: 'abc-1' }, h.t);
    const late = create(h, { clientOrderId: 'abc-1' });
    expect(late.ok && [late.value.orderId, late.value.status]).toEqual([first.ok && first.value.orderId, 'Cancelled']);
    expect(h.ex.openOrders(U)).toHaveLength(0);
  });

  test('a refused create is not remembered; another user may use the same id', () => {
    const h = market();
    expect(code(create(h, { clientOrderId: 'k', price: '60000', qty: '2' }))).toBe(ERR.BALANCE);
    const ok = create(h, { clientOrderId: 'k', price: '60000', qty: '1' });
    expect(ok.ok && ok.value.qty).toBe(1_000_000);
    h.ex.addAccount({ userId: 'u2', kind: 'UTA', demo: true }, { USDT: amount('100000') });
    const other = create(h, { clientOrderId: 'k' }, 'u2');
    expect(other.ok && other.value.userId).toBe('u2');
    expect(other.ok && ok.ok && other.value.orderId !== ok.value.orderId).toBe(true);
  });

  test('an order can be found by the clientOrderId the exchange gave it', () => {
    const h = market();
    const o = create(h, {});
    const id = o.ok ? o.value.clientOrderId : '';
    expect(id).not.toBe('');
    expect(code(h.ex.cancel(U, { clientOrderId: id }, h.t))).toBe('ok');
  });
});
