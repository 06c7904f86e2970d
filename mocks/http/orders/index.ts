/**
 * The order and trade REST calls of spec 2 §7 over the exchange engine
 * (docs/api-orders.md): create, modify and cancel (ordinary and plan), the
 * cancel-alls, the order lists, the user's fills and averages, and the
 * unified account's integrated calls.
 */
import type { HttpHandler } from 'msw';
import type { ExchangeContext } from '../accountContext';
import { amendHandlers } from './amend';
import { createHandler } from './create';
import { integratedHandlers } from './integrated';
import { createLeverageFlags } from './leverageFlags';
import { listHandlers } from './lists';
import { tradeHandlers } from './trades';
import { orderViews } from './view';

export { ORDER_PATHS } from './paths';
export { ORDER_ERRORS, TRACE_HEADER } from './answers';

export function orderHandlers(context: ExchangeContext): HttpHandler[] {
  const flags = createLeverageFlags();
  const views = orderViews(context.exchange, flags);
  return [
    createHandler(context, views, flags),
    ...amendHandlers(context, views, flags),
    ...listHandlers(context, views),
    ...tradeHandlers(context, views),
    ...integratedHandlers(context, views),
  ];
}
