// @vitest-environment jsdom
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openExchangeAccounts } from '../../accounts/exchangeAccounts';
import { createAccountService } from '../../accounts/service';
import { sessionCookie } from '../../accounts/testKit';
import { amount, harness } from '../../exchange/testKit';
import { formatAmount, type Amount } from '../../exchange';
import { FaultPlan } from '../../faults';
import type { DeskResult, ExchangeContext, MarginDesk } from '../accountContext';
import { orderHandlers } from './index';
import { ORDER_PATHS } from './paths';

/**
 * Margin orders (`is_leverage`) against a fake margin desk, under msw/node
 * with the order handlers alone (createHandlers has no margin option yet).
 * The book: best bid 59,999, best ask 60,001 (1 BTC) then 60,002 (2 BTC);
 * every account holds 100,000 USDT and 1 BTC.
 */
const BORROW_REFUSED = { code: 175001, message: 'borrow limit reached' };

function fakeDesk(exchange: ReturnType<typeof harness>['ex'], enabled: ReadonlySet<string>, limit: Amount) {
  const loans: Array<{ userId: string; token: string; shortfall: string }> = [];
  const desk: MarginDesk = {
    settings: (userId) => ({ spotMargin: enabled.has(userId), leverage: 5, confirmed: true, quizPassed: true, marginMode: 'REGULAR_MARGIN' }),
    borrow(userId, token, shortfall): DeskResult {
      if (shortfall > limit) return { ok: false, ...BORROW_REFUSED };
      loans.push({ userId, token, shortfall: formatAmount(shortfall) });
      exchange.credit(userId, token, shortfall);
      return { ok: true };
    },
  };
  return { desk, loans };
}

describe('margin orders (msw/node, fake margin desk)', () => {
  const accounts = createAccountService();
  const h = harness();
  openExchangeAccounts(h.ex, accounts.directory);
  h.snapshot([['59999', '1'], ['59998', '2']], [['60001', '1'], ['60002', '2']]);
  const margin = fakeDesk(h.ex, new Set(['u-uta', 'u-eaa', 'u-sub', 'u-leader', 'u-demo']), amount('60000'));
  const context: ExchangeContext = { faults: new FaultPlan([]), offline: () => false, accounts, now: () => h.t, exchange: h.ex, margin: margin.desk };
  const server = setupServer(...orderHandlers(context));
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    margin.loans.splice(0);
  });
  afterAll(() => server.close());

  async function create(userId: string, body: Record<string, unknown>) {
    const response = await fetch(ORDER_PATHS.create, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: sessionCookie(accounts, userId) },
      body: JSON.stringify({ symbol_id: 'BTCUSDT', is_leverage: true, ...body }),
    });
    return (await response.json()) as { code: number; message?: string; result?: Record<string, unknown> };
  }

  it('borrows the quote a limit buy needs beyond the free balance (with 0.1 % fee headroom)', async () => {
    const answer = await create('u-uta', { side: 'Buy', type: 'limit', price: '60000', quantity: '2.5' });
    expect(answer).toMatchObject({ code: 0, result: { isLeverage: true, status: 'New', origQty: '2.500000' } });
    expect(margin.loans).toEqual([{ userId: 'u-uta', token: 'USDT', shortfall: '50150' }]);
    const open = h.ex.openOrders('u-uta');
    expect(open.map((o) => o.orderId)).toEqual([answer.result!.orderId]);
  });

  it('borrows nothing when the free balance covers the order, and still marks it a margin order', async () => {
    expect(await create('u-eaa', { side: 'Buy', type: 'limit', price: '60000', quantity: '0.5' })).toMatchObject({ code: 0, result: { isLeverage: true } });
    expect(margin.loans).toEqual([]);
  });

  it('borrows the base a sell needs beyond the holding', async () => {
    expect(await create('u-sub', { side: 'Sell', type: 'limit', price: '61000', quantity: '3' })).toMatchObject({ code: 0, result: { side: 'Sell', isLeverage: true } });
    expect(margin.loans).toEqual([{ userId: 'u-sub', token: 'BTC', shortfall: '2' }]);
  });

  it('covers what the engine locks for a market buy by quantity (the top of the price band), and the order fills', async () => {
    const answer = await create('u-leader', { side: 'Buy', type: 'market', market_unit: 'baseCoin', quantity: '2' });
    // 2 BTC × (mid 60,000.50 of the book users see, with u-uta's bid at 60,000) × 1.1 × 1.001 − 100,000 free.
    expect(margin.loans).toEqual([{ userId: 'u-leader', token: 'USDT', shortfall: '32133.1011' }]);
    expect(answer).toMatchObject({ code: 0, result: { type: 'MARKET', status: 'Filled', executedQty: '2.000000', isLeverage: true } });
  });

  it('borrows the value of a market buy by value', async () => {
    expect(await create('u-demo', { side: 'Buy', type: 'market', quantity: '120000' })).toMatchObject({ code: 0, result: { marketUnit: 'quoteCoin' } });
    expect(margin.loans).toEqual([{ userId: 'u-demo', token: 'USDT', shortfall: '20000' }]);
  });

  it("answers the desk's refusal and makes no order", async () => {
    const before = h.ex.openOrders('u-uta').length;
    expect(await create('u-uta', { side: 'Buy', type: 'limit', price: '50000', quantity: '50' })).toMatchObject({ code: BORROW_REFUSED.code, message: BORROW_REFUSED.message });
    expect(h.ex.openOrders('u-uta')).toHaveLength(before);
  });

  it('does not borrow again for a retried client_order_id', async () => {
    const body = { side: 'Buy', type: 'limit', price: '59000', quantity: '1', client_order_id: 'm-retry' };
    const first = await create('u-eaa', body);
    const loansAfterFirst = margin.loans.length;
    const again = await create('u-eaa', body);
    expect(again.result!.orderId).toBe(first.result!.orderId);
    expect(margin.loans).toHaveLength(loansAfterFirst);
  });

  it('refuses a unified account with spot margin off (170229) and a classic account (170227), borrowing nothing', async () => {
    expect(await create('u-overrun', { side: 'Buy', type: 'limit', price: '60000', quantity: '0.1' })).toMatchObject({ code: 81002 });
    expect(await create('u-standard', { side: 'Buy', type: 'limit', price: '60000', quantity: '0.1' })).toMatchObject({ code: 170227 });
    const off = fakeDesk(h.ex, new Set(), amount('1'));
    server.resetHandlers(...orderHandlers({ ...context, margin: off.desk }));
    expect(await create('u-uta', { side: 'Buy', type: 'limit', price: '60000', quantity: '0.1' })).toMatchObject({ code: 170229, message: 'spot margin is not enabled' });
    server.resetHandlers(...orderHandlers({ ...context, margin: undefined }));
    expect(await create('u-uta', { side: 'Buy', type: 'limit', price: '60000', quantity: '0.1' })).toMatchObject({ code: 170229 });
    expect(margin.loans).toEqual([]);
  });
});
