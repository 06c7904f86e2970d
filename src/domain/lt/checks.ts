/**
 * The leveraged-token check chains of spec 2 §5, in the spec's exact order,
 * with the page keys of docs/api/lt.md (the exchange refuses with codes
 * 176001… in the same order). Each chain returns every failed check in
 * order; the first is the one the page shows (an error toast, spec 2 §8).
 * Checks that need a readable amount are skipped when there is none: the
 * first entry then already says so.
 */
import { Decimal } from 'decimal.js';
import { parseNumberInput } from '../order-entry/numeric';
import type { LtCheckError, LtLimits, LtTokenState } from './types';

// Room for any typed amount: decimal.js's default 20 digits would round a long one.
const D = Decimal.clone({ precision: 100 });

export const SUBSCRIPTION_KEYS = {
  inputAmount: 'lt_subscription_failed_input_amount',
  notEnough: 'lt_subscription_usdt_not_enough',
  closed: 'lt_subscription_failed_closed',
  changePosition: 'lt_subscription_failed_change_position',
  closePosition: 'lt_subscription_failed_close_position',
  invalidValue: 'lt_subscription_failed_invalid_value',
  wearPosition: 'lt_subscription_failed_wear_position',
  maxAmount: 'lt_subscription_max_amount',
  minAmount: 'lt_subscription_min_amount',
  largeAmount: 'lt_subscription_failed_large_amount',
} as const;

export const REDEMPTION_KEYS = {
  inputQuantity: 'lt_redemption_failed_input_quantity',
  notEnough: 'lt_redemption_token_not_enough',
  closed: 'lt_redemption_failed_closed',
  changePosition: 'lt_redemption_failed_change_position',
  closePosition: 'lt_redemption_failed_close_position',
  invalidValue: 'lt_redemption_failed_invalid_value',
  minQuantity: 'lt_redemption_min_quantity',
  maxQuantity: 'lt_redemption_max_quantity',
} as const;

/** A typed amount as a positive decimal, or null (empty, zero, letters, negative). */
export function positiveAmount(text: string): Decimal | null {
  const parsed = parseNumberInput(text);
  if (parsed.kind !== 'ok') return null;
  const value = new D(parsed.value);
  return value.gt(0) ? value : null;
}

/** A decimal string from the exchange, or null when it does not read (the check it feeds is then skipped). */
function known(value: string | null | undefined): Decimal | null {
  if (value === null || value === undefined) return null;
  try {
    const d = new D(value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** riskState 4 (closing position) only counts while the risk switch is on (spec 2 §5 "while turned on"). */
const closingPosition = (state: LtTokenState) => state.riskState === 4 && state.riskSwitchStatus === 1;
/** A NAV of zero (or one that does not read) is worthless: nothing can be priced against it. */
const worthless = (state: LtTokenState) => !(known(state.nav)?.gt(0) ?? false);

export interface SubscriptionCheckInput {
  /** the amount as typed, quote */
  amount: string;
  /** the quote coin's available balance; null while unknown (the exchange checks it then) */
  available: string | null;
  state: LtTokenState;
  limits: LtLimits;
}

/** Spec 2 §5 subscription checks, in order; the daily cap (lt_subscription_failed_large_amount) comes last. */
export function subscriptionChecks({ amount: text, available, state, limits }: SubscriptionCheckInput): LtCheckError[] {
  const out: LtCheckError[] = [];
  const amount = positiveAmount(text);
  if (!amount) out.push({ key: SUBSCRIPTION_KEYS.inputAmount });
  const free = known(available);
  if (amount && free && amount.gt(free)) out.push({ key: SUBSCRIPTION_KEYS.notEnough });
  if (state.st === 3 || state.st === 4) out.push({ key: SUBSCRIPTION_KEYS.closed });
  if (state.st === 5) out.push({ key: SUBSCRIPTION_KEYS.changePosition });
  if (closingPosition(state)) out.push({ key: SUBSCRIPTION_KEYS.closePosition });
  if (worthless(state)) out.push({ key: SUBSCRIPTION_KEYS.invalidValue });
  if (state.riskState === 5) out.push({ key: SUBSCRIPTION_KEYS.wearPosition });
  if (amount) {
    const max = known(limits.maxPurchase);
    const min = known(limits.minPurchase);
    if (max && amount.gt(max)) out.push({ key: SUBSCRIPTION_KEYS.maxAmount, params: { value: limits.maxPurchase } });
    if (min && amount.lt(min)) out.push({ key: SUBSCRIPTION_KEYS.minAmount, params: { value: limits.minPurchase } });
    const remaining = dailyRemaining(limits);
    if (remaining && amount.gt(remaining)) out.push({ key: SUBSCRIPTION_KEYS.largeAmount });
  }
  return out;
}

/** What the user may still subscribe today (cap − used, never below 0); null when the limits do not read. */
export function dailyRemaining(limits: Pick<LtLimits, 'dailyPurchaseCap' | 'dailyPurchaseUsed'>): Decimal | null {
  const cap = known(limits.dailyPurchaseCap);
  const used = known(limits.dailyPurchaseUsed);
  if (!cap || !used) return null;
  return D.max(cap.minus(used), 0);
}

export interface RedemptionCheckInput {
  /** the tokens as typed */
  quantity: string;
  /** the tokens held (available); null while unknown */
  held: string | null;
  state: LtTokenState;
  limits: LtLimits;
}

/** Spec 2 §5 redemption checks, in order (no wear-position or daily-cap step: the spec lists none). */
export function redemptionChecks({ quantity: text, held, state, limits }: RedemptionCheckInput): LtCheckError[] {
  const out: LtCheckError[] = [];
  const quantity = positiveAmount(text);
  if (!quantity) out.push({ key: REDEMPTION_KEYS.inputQuantity });
  const free = known(held);
  if (quantity && free && quantity.gt(free)) out.push({ key: REDEMPTION_KEYS.notEnough });
  if (state.st === 2 || state.st === 4) out.push({ key: REDEMPTION_KEYS.closed });
  if (state.st === 5) out.push({ key: REDEMPTION_KEYS.changePosition });
  if (closingPosition(state)) out.push({ key: REDEMPTION_KEYS.closePosition });
  if (worthless(state)) out.push({ key: REDEMPTION_KEYS.invalidValue });
  if (quantity) {
    const min = known(limits.minRedeem);
    const max = known(limits.maxRedeem);
    if (min && quantity.lt(min)) out.push({ key: REDEMPTION_KEYS.minQuantity, params: { value: limits.minRedeem } });
    if (max && quantity.gt(max)) out.push({ key: REDEMPTION_KEYS.maxQuantity, params: { value: limits.maxRedeem } });
  }
  return out;
}

const AMOUNT_KEYS: ReadonlySet<string> = new Set([
  SUBSCRIPTION_KEYS.inputAmount,
  SUBSCRIPTION_KEYS.notEnough,
  SUBSCRIPTION_KEYS.maxAmount,
  SUBSCRIPTION_KEYS.minAmount,
  SUBSCRIPTION_KEYS.largeAmount,
  REDEMPTION_KEYS.inputQuantity,
  REDEMPTION_KEYS.notEnough,
  REDEMPTION_KEYS.minQuantity,
  REDEMPTION_KEYS.maxQuantity,
]);

/** Whether a failure is the amount's fault (the field is marked invalid) or the token's state (nothing to fix in the field). */
export function isAmountError(key: string): boolean {
  return AMOUNT_KEYS.has(key);
}
