/**
 * cancelOrder, cancelPlanOrder, orderModify, planOrderModify and the two
 * cancel-all calls (spec 2 §7, §8). The ordinary calls touch ordinary orders
 * only and the plan calls plan orders only: an id of the other kind, or of
 * another user, is "order not found" (170213), as the engine answers.
 */
import type { HttpHandler } from 'msw';
import type { AccountProfile } from '../../accounts/profiles';
import { ERR, exchangeError, PLAN, type ModifyRequest, type Order } from '../../exchange';
import { signedIn, type ExchangeContext } from '../accountContext';
import { strategyOfOrder } from '../../strategies/algoTags';
import { gridBotOfOrder } from '../../strategies/gridTags';
import { badParam, Refusal, unknownSymbol } from '../errors';
import { jsonObjectBody } from '../params';
import { answer, notUnified, orderCall, refusalOf, refuseLiquidation, valueOf } from './answers';
import type { LeverageFlags } from './leverageFlags';
import { optionalDecimal, optionalString, orderRefOf, planFilterOf, planTypesFilter, type Body } from './params';
import { ORDER_PATHS } from './paths';
import type { orderViews } from './view';

/** A grid bot's or a strategy's order: cancel-all leaves it to what placed it. */
const isToolOrder = (order: Readonly<Order>): boolean => gridBotOfOrder(order) !== null || strategyOfOrder(order) !== null;

type Kind = 'ordinary' | 'plan';
type Views = ReturnType<typeof orderViews>;

const notFound = () => refusalOf(exchangeError(ERR.ORDER_NOT_FOUND));

export function amendHandlers(context: ExchangeContext, views: Views, flags: LeverageFlags): HttpHandler[] {
  const { exchange } = context;

  /** The user's order the body names, when it is of the call's kind (and plan type, and symbol, when given). */
  function named(profile: AccountProfile, body: Body, kind: Kind): { orderId?: string; clientOrderId?: string } {
    const ref = orderRefOf(body);
    const planTypes = kind === 'plan' ? planFilterOf(body.plan_type, 'plan_type', false) : null;
    const symbol = optionalString(body, 'symbol_id');
    refuseLiquidation(profile);
    const order = exchange.getOrder(profile.userId, ref);
    // Not found at all: the engine gives its own answer (not found, or finished).
    if (!order) return ref;
    const isPlan = order.planType !== PLAN.ORDINARY;
    if (isPlan !== (kind === 'plan')) throw notFound();
    if (Array.isArray(planTypes) && !planTypes.includes(order.planType)) throw notFound();
    if (symbol !== undefined && symbol !== order.symbol) throw notFound();
    // Only its bot may move or end a grid order: a user's cancel would leave the grid with a hole.
    if (gridBotOfOrder(order)) throw new Refusal(ERR.NOT_SUPPORTED, 'this order belongs to a grid bot: close the bot instead');
    // A strategy's child likewise: an iceberg part resized by hand could show more than its visible size.
    if (strategyOfOrder(order)) throw new Refusal(ERR.NOT_SUPPORTED, 'this order belongs to a strategy order: cancel the strategy instead');
    return { orderId: order.orderId };
  }

  const cancel = (kind: Kind) => async (request: Request) => {
    const profile = signedIn(context, request);
    const ref = named(profile, await jsonObjectBody(request), kind);
    return answer(views.order(valueOf(exchange.cancel(profile.userId, ref, context.now()))));
  };

  const modify = (kind: Kind) => async (request: Request) => {
    const profile = signedIn(context, request);
    const body = await jsonObjectBody(request);
    const change: ModifyRequest = { price: optionalDecimal(body, 'price'), qty: optionalDecimal(body, 'quantity') };
    if (kind === 'plan') {
      change.triggerPrice = optionalDecimal(body, 'trigger_price');
      change.activationPrice = optionalDecimal(body, 'activation_price');
      change.trailingValue = optionalDecimal(body, 'trailing_value');
      change.trailingPercentage = optionalDecimal(body, 'trailing_percentage');
    }
    if (Object.values(change).every((v) => v === undefined)) {
      throw badParam(kind === 'plan' ? 'one of price, quantity, trigger_price, activation_price, trailing_value, trailing_percentage is required' : 'price or quantity is required');
    }
    for (const key of Object.keys(change) as Array<keyof ModifyRequest>) if (change[key] === undefined) delete change[key];
    const ref = named(profile, body, kind);
    const order = ref.orderId ? exchange.getOrder(profile.userId, ref) : undefined;
    // Spec 2 §5: margin orders cannot be edited on a non-unified account.
    if (order && flags.isLeverage(order) && profile.accountType !== 'UTA') throw notUnified('margin orders');
    return answer(views.order(valueOf(exchange.modify(profile.userId, { ...change, ...ref }, context.now()))));
  };

  const knownSymbols = (ids: string[]): string[] => {
    for (const id of ids) if (!exchange.instrument(id)) throw unknownSymbol(id);
    return ids;
  };

  const cancelled = (orders: Order[]) => answer({ list: orders.map((o) => views.order(o)), count: orders.length });

  return [
    orderCall(context, ORDER_PATHS.cancel, cancel('ordinary')),
    orderCall(context, ORDER_PATHS.planCancel, cancel('plan')),
    orderCall(context, ORDER_PATHS.modify, modify('ordinary')),
    orderCall(context, ORDER_PATHS.planModify, modify('plan')),
    orderCall(context, ORDER_PATHS.cancelAll, async (request) => {
      const profile = signedIn(context, request);
      const body = await jsonObjectBody(request);
      const raw = body.symbol_ids ?? '';
      const ids = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : null;
      if (ids === null || ids.some((id) => typeof id !== 'string')) throw badParam('symbol_ids must be a comma list of symbol ids, or empty for every pair');
      const symbols = knownSymbols((ids as string[]).map((id) => id.trim()).filter(Boolean));
      return cancelled(valueOf(exchange.cancelAll(profile.userId, { symbols, kind: 'ordinary', keep: isToolOrder }, context.now())));
    }),
    orderCall(context, ORDER_PATHS.planCancelAll, async (request) => {
      const profile = signedIn(context, request);
      const body = await jsonObjectBody(request);
      const symbol = optionalString(body, 'symbol_id');
      const planTypes = planTypesFilter(body.plan_type, body.plan_types, false);
      const symbols = symbol ? knownSymbols([symbol]) : [];
      const types = Array.isArray(planTypes) ? planTypes : undefined;
      return cancelled(valueOf(exchange.cancelAll(profile.userId, { symbols, kind: 'plan', planTypes: types }, context.now())));
    }),
  ];
}
