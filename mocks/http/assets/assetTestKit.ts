/**
 * What the asset contract tests share (vitest only): fresh demo users, signed-in
 * built-in users, typed reads of an answer's result, and prices as numbers.
 */
import { LEVERAGE_QUIZ_ANSWERS } from '../../accounts/leverageQuiz';
import { expect } from 'vitest';
import { fromUnits } from '../../../src/domain/units';
import type { CallOptions, ContractRuntime } from '../../runtime/contractKit';

export interface TestUser {
  userId: string;
  token: string;
}

/** A newly registered demo user (unified, demo, start balances): nobody else's state touches it. */
export async function newDemoUser(rt: ContractRuntime, nickname = 'Tester'): Promise<TestUser> {
  const answer = await rt.call('/user/api/register', { body: { nickname } });
  const user = answer.result as TestUser | undefined;
  if (!user?.token) throw new Error(`registration failed: ${answer.code} ${answer.message ?? ''}`);
  return { userId: user.userId, token: user.token };
}

export async function signedInUser(rt: ContractRuntime, userId: string): Promise<TestUser> {
  return { userId, token: await rt.signIn(userId) };
}

/** The result of a call that must answer code 0. */
export async function resultOf<T>(rt: ContractRuntime, path: string, user: TestUser | null, options: CallOptions = {}): Promise<T> {
  const answer = await rt.call(path, { ...options, token: user?.token ?? null });
  expect(answer, `${path}: ${answer.message ?? ''}`).toMatchObject({ code: 0, success: true });
  return answer.result as T;
}

/** Confirms the leverage risks and passes the quiz (what the page's onboarding does), so spot margin may be switched on. */
export async function onboardLeverage(rt: ContractRuntime, user: TestUser): Promise<void> {
  await resultOf(rt, '/unified/api/spot_margin/confirm', user, { body: {} });
  const grade = await resultOf<{ passed: boolean }>(rt, '/unified/api/spot_margin/quiz', user, { body: { answers: LEVERAGE_QUIZ_ANSWERS } });
  expect(grade.passed).toBe(true);
}

/** The last price of a pair as a number (the book middle before its first trade). */
export function priceOf(rt: ContractRuntime, symbol: string): number {
  const exchange = rt.backend.exchange;
  const inst = exchange.instrument(symbol)!;
  const last = exchange.lastPrice(symbol);
  if (last !== null) return Number(fromUnits(last, inst.tick));
  const book = exchange.bookView(symbol, 1)!;
  return Number(fromUnits(Math.round((book.b[0]![0] + book.a[0]![0]) / 2), inst.tick));
}

export const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

/** Paths of this part with their method, for the visitor check. */
export const ASSET_CALLS: ReadonlyArray<[string, 'GET' | 'POST', unknown?]> = [
  ['/spot/api/asset/wallet_balance', 'GET'],
  ['/spot/api/asset/balances', 'GET'],
  ['/spot/api/asset/unified_asset?symbolName=BTCUSDT&side=Buy&isMargin=0', 'GET'],
  ['/spot/api/account/info?symbol_id=BTCUSDT', 'GET'],
  ['/spot/api/order/innovation_remain?symbol_id=PEPEUSDT', 'GET'],
  ['/unified/api/liability/list', 'GET'],
  ['/unified/api/spot_margin/settings', 'GET'],
  ['/unified/api/spot_margin/settings', 'POST', { spotMargin: true }],
  ['/unified/api/liability/repay', 'POST', { coin: 'USDT' }],
  ['/spot/api/demo/recharge', 'POST', { bizScene: 'SPOT_TRADE' }],
  ['/spot/api/demo/reset', 'POST', {}],
  ['/spot/api/user/recents', 'GET'],
  ['/spot/api/user/recents', 'POST', { symbolId: 'BTCUSDT' }],
];
