/**
 * The demo account's virtual wallet (spec 2 §4 demo recharge modal, §6, §7
 * "Demo recharge: bizScene SPOT_TRADE; reads result.resultCode", §8; issue 8
 * parts 3, 5, 7): top-ups within REFERENCE.md's per-request maxima, at most
 * one per user per minute of exchange time, and the reset action.
 */
import { HttpResponse } from 'msw';
import { startAmounts } from '../../accounts/exchangeAccounts';
import { createRateLimiter, type RateLimiter } from '../../accounts/rateLimit';
import { parseAmount, type Amount } from '../../exchange/amount';
import { ok } from '../../envelope';
import { badParam } from '../errors';
import { jsonObjectBody } from '../params';
import { route } from '../route';
import { ASSET_ERRORS, balancesOf, coin, demoUser, readAmount, type AssetContext } from './context';

export const DEMO_RECHARGE_PATH = '/spot/api/demo/recharge';
export const DEMO_RESET_PATH = '/spot/api/demo/reset';

/** REFERENCE.md: demo top-up per request at most BTC 15, ETH 200, USDT 100,000, USDC 100,000. */
export const DEMO_TOP_UP_MAX: Readonly<Record<string, string>> = { USDT: '100000', USDC: '100000', BTC: '15', ETH: '200' };
export const DEMO_TOP_UP_ACTION = 'demoTopUp';
export const DEMO_TOP_UP_WINDOW_MS = 60_000;

/** `result.resultCode` of a recharge answered with code 0 (spec 2 §8). */
export const RECHARGE_RESULT = {
  success: 0,
  /** the amount is above the per-request maximum, or not a positive number */
  badAmount: 3410020,
  /** the business scene is not spot trading (the page shows its generic recharge error) */
  badScene: 3410021,
} as const;

export function demoTopUpLimiter(): RateLimiter {
  return createRateLimiter({ [DEMO_TOP_UP_ACTION]: { limit: 1, windowMs: DEMO_TOP_UP_WINDOW_MS } });
}

const MAXIMA = new Map(Object.entries(DEMO_TOP_UP_MAX).map(([token, text]) => [token, parseAmount(text)!]));

/** The coins and amounts a valid request credits, or null when an amount is not allowed. */
function topUpPlan(coinName: string | null, amount: Amount | null): Array<[string, Amount]> | null {
  const coins = coinName ? [coinName] : [...MAXIMA.keys()];
  const plan: Array<[string, Amount]> = [];
  for (const token of coins) {
    const max = MAXIMA.get(token)!;
    const credit = amount ?? max;
    if (credit <= 0n || credit > max) return null;
    plan.push([token, credit]);
  }
  return plan;
}

export function demoHandlers(context: AssetContext) {
  const limiter = context.limiter ?? demoTopUpLimiter();
  return [
    route(
      context,
      DEMO_RECHARGE_PATH,
      async (request) => {
        const { userId } = demoUser(context, request);
        const body = await jsonObjectBody(request);
        const coinName = body.coin === undefined || body.coin === null || body.coin === '' ? null : body.coin;
        if (coinName !== null && (typeof coinName !== 'string' || !MAXIMA.has(coinName))) throw badParam(`coin must be one of ${[...MAXIMA.keys()].join(', ')}`);
        const askedAmount = body.amount === undefined || body.amount === null || body.amount === '' ? null : body.amount;
        const answer = (resultCode: number, credited: Array<[string, Amount]>) =>
          ok({
            resultCode,
            coin: coinName,
            amount: askedAmount === null ? null : String(askedAmount),
            credited: credited.map(([token, amount]) => ({ coin: token, amount: coin(amount) })),
            balances: balancesOf(context, userId),
          });
        if (body.bizScene !== 'SPOT_TRADE') return answer(RECHARGE_RESULT.badScene, []);
        const amount = askedAmount === null ? null : readAmount(askedAmount);
        const plan = askedAmount !== null && amount === null ? null : topUpPlan(coinName, amount);
        if (!plan) return answer(RECHARGE_RESULT.badAmount, []);
        // Only a top-up that goes through counts towards the limit.
        const now = context.now();
        const decision = limiter.take(userId, DEMO_TOP_UP_ACTION, now);
        if (!decision.ok) {
          const seconds = Math.ceil(decision.retryAfterMs / 1000);
          return HttpResponse.json({
            code: ASSET_ERRORS.tooManyRequests,
            success: false,
            message: `Too many requests: demo top-up is allowed once per minute; try again in ${seconds} s`,
            result: { retryAfterMs: decision.retryAfterMs },
          });
        }
        for (const [token, credit] of plan) context.exchange.credit(userId, token, credit);
        return answer(RECHARGE_RESULT.success, plan);
      },
      'post',
    ),

    route(
      context,
      DEMO_RESET_PATH,
      (request) => {
        const { userId } = demoUser(context, request);
        // Strategy orders end first (a TWAP between slices has no open child for the reset to cancel
        // and would trade on with the fresh balances); then open orders go with the balances.
        for (const s of context.algoOrders?.list(userId, { status: 2 }) ?? []) context.algoOrders!.cancel(userId, s.strategyId, context.now());
        context.exchange.resetAccount(userId, startAmounts(), context.now());
        context.margin.clear(userId);
        return ok({ balances: balancesOf(context, userId) });
      },
      'post',
    ),
  ];
}
