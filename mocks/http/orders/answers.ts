/**
 * What the order calls share: their answers (code 0, or 200 for order lists),
 * the engine's refusals as REST refusals, the account checks made before the
 * engine, and the trace header echoed on every order call.
 */
import { HttpResponse, type HttpHandler } from 'msw';
import type { AccountProfile } from '../../accounts/profiles';
import { ERR, exchangeError, type ExchangeError, type Result } from '../../exchange';
import { answerFor, Refusal } from '../errors';
import { route, type RouteContext } from '../route';

/** Refusal codes the order calls add to the engine's (docs/api/orders.md). */
export const ORDER_ERRORS = {
  /** spec 2 §5: an overrun margin status blocks new orders (the page shows overrunErrorInfo) */
  marginOverrun: 81002,
  /** a margin order (is_leverage) from a unified account whose spot margin is off */
  spotMarginOff: 170229,
  /** more new orders than the per-second limit (the same code as the demo top-up limit) */
  tooManyRequests: 10006,
} as const;

/** Spec 2 §7: "A trace header is sent on order calls"; the answer carries it back so a log can join both ends. */
export const TRACE_HEADER = 'x-trace-id';
const MAX_TRACE_CHARS = 128;

/** code 0: a single order or a computed value. */
export const answer = (result: unknown) => HttpResponse.json({ code: 0, success: true, message: 'success', result });

/** Spec 2 §7: "Order list response code 200 expected". */
export const listAnswer = (result: unknown) => HttpResponse.json({ code: 200, success: true, message: 'success', result });

export const refusalOf = (error: ExchangeError) => new Refusal(error.code, error.message);

/** The engine's value, or its refusal (code and text) thrown for route() to answer. */
export function valueOf<T>(result: Result<T>): T {
  if (!result.ok) throw refusalOf(result.error);
  return result.value;
}

export const notUnified = (what: string) => refusalOf(exchangeError(ERR.NOT_SUPPORTED, `${what} need a unified trading account`));

/** Calls only a unified account may make (getUTAOrders, the integrated v5 calls): a classic account gets 170227. */
export function requireUnified(profile: AccountProfile, what: string): void {
  if (profile.accountType !== 'UTA') throw notUnified(what);
}

/** An account in liquidation may neither place nor cancel (81001, the engine's answer, given before any lookup). */
export function refuseLiquidation(profile: AccountProfile): void {
  if (profile.marginStatus === 'liquidation') throw refusalOf(exchangeError(ERR.LIQUIDATION));
}

/**
 * New orders are refused by margin health before anything is locked or
 * borrowed: liquidation as the engine answers it (81001), overrun 81002.
 */
export function refuseBlockedMargin(profile: AccountProfile): void {
  refuseLiquidation(profile);
  if (profile.marginStatus === 'overrun') throw new Refusal(ORDER_ERRORS.marginOverrun, 'margin overrun: new orders are blocked');
}

/**
 * A POST order call: refusals answered inside (not by route()) so the trace
 * header goes back on them too.
 */
export function orderCall(context: RouteContext, path: string, run: (request: Request) => Promise<Response> | Response): HttpHandler {
  return route(
    context,
    path,
    async (request) => {
      let response: Response;
      try {
        response = await run(request);
      } catch (error) {
        response = answerFor(error);
      }
      const trace = request.headers.get(TRACE_HEADER);
      if (trace && trace.length <= MAX_TRACE_CHARS) response.headers.set(TRACE_HEADER, trace);
      return response;
    },
    'post',
  );
}
