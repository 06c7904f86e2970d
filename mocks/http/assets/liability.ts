/**
 * Borrowing of unified accounts (spec 2 §6 "UTA users load the borrow and
 * liability list", §7 liability list): what is owed per coin and what more
 * could be borrowed, the spot-margin switch and leverage, and repaying.
 * Classic accounts are refused (170227); demo accounts may use all of it.
 */
import { gradeLeverageQuiz } from '../../accounts/leverageQuiz';
import { ISOLATED_MODE_CODE, LEVERAGE_NOT_CONFIRMED_CODE, MARGIN_MODES, MAX_LEVERAGE, MIN_LEVERAGE, type MarginMode } from '../../accounts/margin';
import { ok } from '../../envelope';
import { badParam, Refusal } from '../errors';
import { jsonObjectBody, queryOf } from '../params';
import { route } from '../route';
import { booleanParam, coin, coinCut, coinText, positiveAmount, unifiedUser, type AssetContext } from './context';

export const LIABILITY_LIST_PATH = '/unified/api/liability/list';
export const LIABILITY_REPAY_PATH = '/unified/api/liability/repay';
export const SPOT_MARGIN_SETTINGS_PATH = '/unified/api/spot_margin/settings';
export const LEVERAGE_CONFIRM_PATH = '/unified/api/spot_margin/confirm';
export const LEVERAGE_QUIZ_PATH = '/unified/api/spot_margin/quiz';

function marginModeOf(value: unknown): MarginMode | undefined {
  if (value === undefined) return undefined;
  if (!(MARGIN_MODES as readonly unknown[]).includes(value)) throw badParam(`marginMode must be one of ${MARGIN_MODES.join(', ')}`);
  return value as MarginMode;
}

/** Coins a unified account may borrow or owe: USDT, USDC, the base coins of USDT pairs, and whatever it holds or owes. */
function liabilityCoins(context: AssetContext, userId: string): string[] {
  const coins = new Set(['USDT', 'USDC']);
  for (const inst of context.exchange.options.instruments) if (inst.quote === 'USDT') coins.add(inst.base);
  for (const line of context.exchange.balances(userId)) coins.add(line.token);
  for (const token of Object.keys(context.margin.loans(userId))) coins.add(token);
  return [...coins].sort();
}

function leverageOf(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  // Bybit's set-leverage takes the number as text ("4"); a JSON number is fine too.
  const n = typeof value === 'string' && /^\d{1,2}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < MIN_LEVERAGE || n > MAX_LEVERAGE) {
    throw badParam(`leverage must be an integer from ${MIN_LEVERAGE} to ${MAX_LEVERAGE}`);
  }
  return n;
}

export function liabilityHandlers(context: AssetContext) {
  const { margin } = context;
  return [
    route(context, LIABILITY_LIST_PATH, (request) => {
      const query = queryOf(request);
      const settle = query.get('settleCoin')?.trim();
      const settleCoin = settle ? coinText(settle.toUpperCase(), 'settleCoin') : null;
      const ignoreZero = booleanParam(query, 'ignoreZeroBorrowSize', false);
      const { userId } = unifiedUser(context, request);
      const now = context.now();
      const list = (settleCoin ? [settleCoin] : liabilityCoins(context, userId))
        .map((token) => ({ token, size: margin.borrowSize(userId, token) }))
        .filter(({ size }) => !ignoreZero || size > 0n)
        .map(({ token, size }) => ({ coin: token, borrowSize: coin(size), interest: coin(margin.interest(userId, token, now)), availableToBorrow: coinCut(margin.borrowable(userId, token)) }));
      return ok({ list });
    }),

    route(context, SPOT_MARGIN_SETTINGS_PATH, (request) => ok(margin.settings(unifiedUser(context, request).userId))),

    route(
      context,
      SPOT_MARGIN_SETTINGS_PATH,
      async (request) => {
        const { userId } = unifiedUser(context, request);
        const body = await jsonObjectBody(request);
        if (body.spotMargin !== undefined && typeof body.spotMargin !== 'boolean') throw badParam('spotMargin must be true or false');
        const leverage = leverageOf(body.leverage);
        const marginMode = marginModeOf(body.marginMode);
        if (body.spotMargin === undefined && leverage === undefined && marginMode === undefined) throw badParam('spotMargin, leverage or marginMode is required');
        if (body.spotMargin === true) {
          // Spec 1 §5: leverage needs the confirmation, a passed test, and a margin mode that offers it.
          const now = margin.settings(userId);
          if ((marginMode ?? now.marginMode) === 'ISOLATED_MARGIN') throw new Refusal(ISOLATED_MODE_CODE, 'spot margin is not offered in isolated margin mode');
          if (!now.confirmed || !now.quizPassed) throw new Refusal(LEVERAGE_NOT_CONFIRMED_CODE, 'confirm the leverage risks and pass the quiz before switching spot margin on');
        }
        return ok(margin.setSettings(userId, { spotMargin: body.spotMargin as boolean | undefined, leverage, marginMode }));
      },
      'post',
    ),

    route(context, LEVERAGE_CONFIRM_PATH, (request) => ok(margin.setSettings(unifiedUser(context, request).userId, { confirmed: true })), 'post'),

    route(
      context,
      LEVERAGE_QUIZ_PATH,
      async (request) => {
        const { userId } = unifiedUser(context, request);
        const body = await jsonObjectBody(request);
        if (!margin.settings(userId).confirmed) throw new Refusal(LEVERAGE_NOT_CONFIRMED_CODE, 'confirm the leverage risks before the quiz');
        const grade = gradeLeverageQuiz(body.answers);
        const settings = grade.passed ? margin.setSettings(userId, { quizPassed: true }) : margin.settings(userId);
        return ok({ ...grade, settings });
      },
      'post',
    ),

    route(
      context,
      LIABILITY_REPAY_PATH,
      async (request) => {
        const { userId } = unifiedUser(context, request);
        const body = await jsonObjectBody(request);
        const token = coinText(body.coin, 'coin');
        const amount = positiveAmount(body.amount, 'amount');
        const paid = margin.repay(userId, token, amount, context.now());
        if (!paid.ok) throw new Refusal(paid.code, paid.message);
        return ok({ coin: token, repaid: coin(paid.repaid), borrowSize: coin(margin.borrowSize(userId, token)) });
      },
      'post',
    ),
  ];
}
