/**
 * The order and trade REST calls of spec 2 §7 over the exchange engine
 * (docs/api/orders.md): create, modify and cancel (ordinary and plan), the
 * cancel-alls, the order lists, the user's fills and averages, realised
 * P&L, and the unified account's integrated calls.
 */
import type { HttpHandler } from 'msw';
import type { ExchangeContext } from '../accountContext';
import { amendHandlers } from './amend';
import { createHandler } from './create';
import { integratedHandlers } from './integrated';
import { createLeverageFlags, type LeverageFlags } from './leverageFlags';
import { listHandlers } from './lists';
import { pnlHandler } from './pnl';
import { tradeHandlers } from './trades';
import { orderViews, type OrderViews } from './view';

export { createLeverageFlags, type LeverageFlags } from './leverageFlags';
export { orderViews, type OrderViews } from './view';

export { ORDER_PATHS } from './paths';
export { ORDER_ERRORS, TRACE_HEADER } from './answers';

/** `shared` lets the private socket push orders exactly as these calls answer them (one set of margin flags). */
export function orderHandlers(context: ExchangeContext, shared?: { flags: LeverageFlags; views: OrderViews }): HttpHandler[] {
  const flags = shared?.flags ?? createLeverageFlags();
  const views = shared?.views ?? orderViews(context.exchange, flags);
  return [
    createHandler(context, views, flags),
    ...amendHandlers(context, views, flags),
    ...listHandlers(context, views),
    ...tradeHandlers(context, views),
    pnlHandler(context),
    ...integratedHandlers(context, views),
  ];
}
