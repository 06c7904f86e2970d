import { http, type HttpHandler } from 'msw';
import { fail, ok } from '../envelope';
import { balanceView, orderView, type Exchange, type OrderRequest } from '../exchange';
import { readBody } from './body';

/**
 * Test controls of the exchange engine under /mock/api/exchange (docs/api.md):
 * place and cancel an order for any account and read its open orders and
 * balances, so a replay or an e2e test can put own orders on the book before
 * the page has an order form. They answer like the exchange does (its codes).
 */
export function exchangeControlHandlers(exchange: Exchange, now: () => number, commit: () => Promise<void> = () => Promise.resolve()): HttpHandler[] {
  const view = (order: Parameters<typeof orderView>[0]) => orderView(order, exchange.instrument(order.symbol)!);
  return [
    http.post('/mock/api/exchange/orders', async ({ request }) => {
      const body = await readBody(request);
      if (!body || typeof body.userId !== 'string') return fail(10002, 'body must be {userId, symbol, side, orderType, qty, price?, …}');
      const { userId, ...rest } = body;
      const result = exchange.create(userId, rest as unknown as OrderRequest, now());
      await commit();
      return result.ok ? ok(view(result.value)) : fail(result.error.code, result.error.message);
    }),
    http.post('/mock/api/exchange/cancel', async ({ request }) => {
      const body = await readBody(request);
      if (!body || typeof body.userId !== 'string') return fail(10002, 'body must be {userId, orderId | clientOrderId}');
      const result = exchange.cancel(body.userId, { orderId: str(body.orderId), clientOrderId: str(body.clientOrderId) }, now());
      await commit();
      return result.ok ? ok(view(result.value)) : fail(result.error.code, result.error.message);
    }),
    http.get('/mock/api/exchange/account', ({ request }) => {
      const userId = new URL(request.url).searchParams.get('userId') ?? '';
      if (!exchange.account(userId)) return fail(10002, 'unknown userId');
      return ok({
        openOrders: exchange.openOrders(userId).map(view),
        planOrders: exchange.openOrders(userId, { plan: true }).map(view),
        balances: exchange.balances(userId).map(balanceView),
      });
    }),
  ];
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
