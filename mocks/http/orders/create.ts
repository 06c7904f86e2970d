import type { HttpHandler } from 'msw';
import { signedIn, type ExchangeContext } from '../accountContext';
import { jsonObjectBody } from '../params';
import { answer, orderCall, refuseBlockedMargin, valueOf } from './answers';
import { readCreateCall } from './createRequest';
import type { LeverageFlags } from './leverageFlags';
import { borrowForOrder } from './margin';
import { ORDER_PATHS } from './paths';
import type { orderViews } from './view';

/**
 * orderCreate (spec 2 §7). Checked in this order: a visitor (10007), the
 * body (10001), margin health (81001 liquidation, 81002 overrun), then a
 * margin order's account and loan; then the engine's own checks.
 * A client_order_id used before answers the order it created, whatever the
 * rest of the body says, and borrows nothing again: that is what makes a
 * retry after a lost answer safe.
 */
export function createHandler(context: ExchangeContext, views: ReturnType<typeof orderViews>, flags: LeverageFlags): HttpHandler {
  const { exchange } = context;
  return orderCall(context, ORDER_PATHS.create, async (request) => {
    const profile = signedIn(context, request);
    const call = readCreateCall(await jsonObjectBody(request));
    refuseBlockedMargin(profile);
    const userId = profile.userId;
    const clientOrderId = call.request.clientOrderId;
    const first = clientOrderId ? exchange.getOrder(userId, { clientOrderId }) : undefined;
    if (first) return answer(views.order(first));
    const now = context.now();
    if (call.isLeverage) borrowForOrder(profile, exchange, context.margin, call.request, now);
    const order = valueOf(exchange.create(userId, call.request, now));
    if (call.isLeverage) flags.mark(order);
    return answer(views.order(order));
  });
}
