/**
 * What the asset, account, demo and recents calls share: their context, the
 * account-kind gates, their own refusal codes, parameter readers and the
 * decimal formats of their answers (docs/api/assets.md).
 */
import type { AccountProfile } from '../../accounts/profiles';
import type { SpotMarginDesk } from '../../accounts/margin';
import type { RateLimiter } from '../../accounts/rateLimit';
import { formatAmount, parseAmount, type Amount } from '../../exchange/amount';
import { ERR, exchangeError } from '../../exchange/errors';
import type { Instrument } from '../../exchange/instruments';
import { balanceView } from '../../exchange/render';
import { signedIn, type ExchangeContext } from '../accountContext';
import { badParam, Refusal, unknownSymbol } from '../errors';
import type { AlgoDesk } from '../../strategies/algoDesk';
import type { RecentsStore } from './recentsStore';

export interface AssetContext extends ExchangeContext {
  margin: SpotMarginDesk;
  /** signed-in users' recently visited symbols (memory when absent) */
  recents?: RecentsStore;
  /** the demo top-up limit (one per user per minute when absent) */
  limiter?: RateLimiter;
  /** strategy orders, which a demo reset ends with the account's orders */
  algoOrders?: Pick<AlgoDesk, 'list' | 'cancel'>;
}

/** Refusal codes of these calls beside the common and engine ones. */
export const ASSET_ERRORS = {
  /** a demo-only call by another account (Bybit's "permission denied" family, as the chart saves use it) */
  notSupported: 10005,
  /** a rate limit was hit; `result.retryAfterMs` says when to try again */
  tooManyRequests: 10006,
  /** a unified-account call by a classic account (the engine's "not supported") */
  unifiedOnly: ERR.NOT_SUPPORTED,
} as const;

/** Upper-case coin names (USDT, BTC3L, 1000PEPE …). */
const COIN = /^[A-Z0-9]{1,20}$/;
const ONE = 10n ** 18n;

export function unifiedUser(context: ExchangeContext, request: Request): AccountProfile {
  const profile = signedIn(context, request);
  if (profile.accountType !== 'UTA') throw new Refusal(ASSET_ERRORS.unifiedOnly, exchangeError(ERR.NOT_SUPPORTED, 'unified trading account only').message);
  return profile;
}

export function demoUser(context: ExchangeContext, request: Request): AccountProfile {
  const profile = signedIn(context, request);
  if (!profile.isDemo) throw new Refusal(ASSET_ERRORS.notSupported, 'Operation not supported for this account');
  return profile;
}

/** A listed pair named by `name`; absent → null unless `required`. */
export function instrumentParam(context: ExchangeContext, query: URLSearchParams, name: string, required: boolean): Instrument | null {
  const raw = query.get(name)?.trim();
  if (!raw) {
    if (required) throw badParam(`${name} is required`);
    return null;
  }
  const inst = context.exchange.instrument(raw.toUpperCase());
  if (!inst) throw unknownSymbol(raw);
  return inst;
}

export function coinText(value: unknown, name: string): string {
  if (typeof value !== 'string' || !COIN.test(value)) throw badParam(`${name} must be a coin name such as USDT`);
  return value;
}

/** A positive decimal, as text or a JSON number; `null` for absent / empty. */
export function positiveAmount(value: unknown, name: string): Amount | null {
  if (value === undefined || value === null || value === '') return null;
  const amount = readAmount(value);
  if (amount === null || amount <= 0n) throw badParam(`${name} must be a positive decimal number`);
  return amount;
}

/** A positive decimal from text or a JSON number; null when it is neither (1e-7, -1, "abc"). */
export function readAmount(value: unknown): Amount | null {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  return typeof text === 'string' ? parseAmount(text.trim()) : null;
}

export function booleanParam(query: URLSearchParams, name: string, fallback: boolean): boolean {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw badParam(`${name} must be true or false`);
}

/** USDT values in answers: 2 decimals, cut. */
export const usdt = (amount: Amount) => formatAmount(amount, 2, true);
/** Coin amounts the engine holds: as many decimals as they have. */
export const coin = (amount: Amount) => formatAmount(amount);
/** Coin amounts computed by division (what could be borrowed): 8 decimals, cut. */
export const coinCut = (amount: Amount) => formatAmount(amount, 8);
/** a × b for Amounts (quantity × price) */
export const times = (a: Amount, b: Amount): Amount => (a * b) / ONE;
/** a ÷ b for Amounts (value ÷ price), rounded down */
export const per = (a: Amount, b: Amount): Amount => (b > 0n ? (a * ONE) / b : 0n);

/** Every balance line as the engine renders them. */
export const balancesOf = (context: ExchangeContext, userId: string) => context.exchange.balances(userId).map(balanceView);
