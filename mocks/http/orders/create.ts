import type { HttpHandler } from 'msw';
import { signedIn, type ExchangeContext } from '../accountContext';
import { jsonObjectBody } from '../params';
import { createRateLimiter } from '../../accounts/rateLimit';
import { Refusal } from '../errors';
import { answer, ORDER_ERRORS, orderCall, refuseBlockedMargin, valueOf } from './answers';

export const ORDER_CREATE_ACTION = 'orderCreate';
/** Bybit v5 spot: 20 order creations per second per UID. */
export const ORDER_CREATE_LIMIT = 20;

const orderCreateLimiter = () => createRateLimiter({ [ORDER_CREATE_ACTION]: { limit: ORDER_CREATE_LIMIT, windowMs: 1000 } });
import { readCreateCall } from './createRequest';
import type { LeverageFlags } from './leverageFlags';
import { borrowForOrder } from './margin';
import { ORDER_PATHS } from './paths';
import type { orderViews } from './view';

/**
 * orderCreate (spec 2 §7). Checked in this order: a visitor (10007), the
 * body (10001), margin health (81001 liquidation, 81002 overrun), then a
 * margin order's account and loan; then the engine's own checks.
 * New orders are limited to ORDER_CREATE_LIMIT a second per user (10006),
 * as Bybit limits spot order creation per UID.
 * A client_order_id used before answers the order it created, whatever the
 * rest of the body says, and borrows nothing again: that is what makes a
 * retry after a lost answer safe.
 */
export function createHandler(context: ExchangeContext, views: ReturnType<typeof orderViews>, flags: LeverageFlags): HttpHandler {
  const { exchange } = context;
  const limiter = orderCreateLimiter();
  return orderCall(context, ORDER_PATHS.create, async (request) => {
    const profile = signedIn(context, request);
    const call = readCreateCall(await jsonObjectBody(request));
    refuseBlockedMargin(profile);
    const userId = profile.userId;
    const clientOrderId = call.request.clientOrderId;
    const first = clientOrderId ? exchange.getOrder(userId, { clientOrderId }) : undefined;
    if (first) return answer(views.order(first));
    const now = context.now();
    // A retry of an order already made (above) is not a new order: only new ones count.
    const decision = limiter.take(userId, ORDER_CREATE_ACTION, now);
    if (!decision.ok) {
      throw new Refusal(ORDER_ERRORS.tooManyRequests, `Too many requests: at most ${ORDER_CREATE_LIMIT} new orders per second; try again in ${decision.retryAfterMs} ms`);
    }
    if (call.isLeverage) borrowForOrder(profile, exchange, context.margin, call.request, now);
    if (call.tpsl && !context.attached) throw new Refusal(10001, 'attached TP/SL is not available on this exchange');
    const order = valueOf(exchange.create(userId, call.request, now));
    if (call.isLeverage) flags.mark(order);
    if (call.tpsl) context.attached?.attach({ userId, orderId: order.orderId, ...call.tpsl });
    return answer(views.order(order));
  });
}
