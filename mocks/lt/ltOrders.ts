/**
 * LT orders as plain data, the refusal chain of spec 2 §5 (docs/api/lt.md,
 * codes 176001–176010, in that order) and the fill maths. Amounts are the
 * engine's (bigint, 1e-18 of a token), so what is locked, spent and credited
 * is exact; the NAV used is the 8-decimal one the order shows.
 */
import { AMOUNT_DECIMALS, formatAmount, parseAmount, stepAmount, type Amount } from '../exchange/amount';
import type { LtStatusCode } from './navBars';
import type { LtSpec } from './registry';
import type { RiskState } from './tokenState';

export const LT_ERRORS = {
  emptyInput: 176001,
  notEnough: 176002,
  closed: 176003,
  changePosition: 176004,
  closePosition: 176005,
  invalidValue: 176006,
  wearPosition: 176007,
  /** subscription: above maxPurchase; redemption: below minRedeem */
  limit8: 176008,
  /** subscription: below minPurchase; redemption: above maxRedeem */
  limit9: 176009,
  dailyCap: 176010,
  notForAccount: 176011,
} as const;

export const SUBSCRIPTION = 1;
export const REDEMPTION = 2;
export type LtOrderType = typeof SUBSCRIPTION | typeof REDEMPTION;

export const LT_DONE = 1;
export const LT_IN_PROGRESS = 2;
export const LT_FAILED = 3;
export type LtOrderStatus = typeof LT_DONE | typeof LT_IN_PROGRESS | typeof LT_FAILED;

export type LtFailReason = 'closed' | 'change_position' | 'close_position' | 'invalid_value' | 'wear_position';
export const FAIL_REASONS: readonly LtFailReason[] = ['closed', 'change_position', 'close_position', 'invalid_value', 'wear_position'];

/** docs/api/lt.md: an order waits this long of exchange time before it is processed. */
export const PROCESS_DELAY_MS = 3_000;

/** An LT order as the desk keeps (and saves) it; decimals as the engine's amount texts. */
export interface LtOrderState {
  orderId: string;
  userId: string;
  symbolId: string;
  orderType: LtOrderType;
  /** quote amount (subscription) or tokens (redemption), what was locked */
  quantity: string;
  status: LtOrderStatus;
  nav: string | null;
  fee: string | null;
  fillQuantity: string | null;
  failReason: LtFailReason | null;
  createdTime: number;
  updatedTime: number;
}

/** The order as the calls and pushes show it (docs/api/lt.md "An LT order"): no owner, the coins named. */
export type LtOrderView = Omit<LtOrderState, 'userId' | 'quantity'> & { token: string; quote: string; orderQuantity: string };

export function orderView(o: LtOrderState, spec: LtSpec): LtOrderView {
  return {
    orderId: o.orderId, symbolId: o.symbolId, token: spec.token, quote: spec.quote, orderType: o.orderType,
    orderQuantity: o.quantity, status: o.status, nav: o.nav, fee: o.fee, fillQuantity: o.fillQuantity, failReason: o.failReason,
    createdTime: o.createdTime, updatedTime: o.updatedTime,
  };
}

export interface LtRefusal {
  code: number;
  message: string;
}

/** What the checks look at: the token's state now and the user's figures. */
export interface CheckState {
  st: LtStatusCode;
  riskState: RiskState;
  riskSwitch: 0 | 1;
  nav: number;
}

const refusal = (code: number, message: string): LtRefusal => ({ code, message });
const amountOf = (text: string) => parseAmount(text) ?? 0n;

/** Why an order of this type cannot go through in this state (the shared middle of both chains), or null. */
export function stateFailure(orderType: LtOrderType, s: CheckState): LtFailReason | null {
  const closed = orderType === SUBSCRIPTION ? s.st === 3 || s.st === 4 : s.st === 2 || s.st === 4;
  if (closed) return 'closed';
  if (s.st === 5) return 'change_position';
  if (s.riskState === 4 && s.riskSwitch === 1) return 'close_position';
  if (!(s.nav > 0)) return 'invalid_value';
  if (orderType === SUBSCRIPTION && s.riskState === 5) return 'wear_position';
  return null;
}

const FAILURE_REFUSAL: Readonly<Record<LtFailReason, LtRefusal>> = {
  closed: refusal(LT_ERRORS.closed, 'the token is closed for this'),
  change_position: refusal(LT_ERRORS.changePosition, 'the token is rebalancing (position change)'),
  close_position: refusal(LT_ERRORS.closePosition, 'the token is closing its position'),
  invalid_value: refusal(LT_ERRORS.invalidValue, 'the token has no value (NAV 0)'),
  wear_position: refusal(LT_ERRORS.wearPosition, 'the token is in wear position: subscription is closed'),
};

/** Spec 2 §5 subscription chain. `amount` null: empty. */
export function subscriptionRefusal(spec: LtSpec, amount: Amount | null, free: Amount, s: CheckState, usedToday: Amount): LtRefusal | null {
  if (amount === null || amount === 0n) return refusal(LT_ERRORS.emptyInput, 'enter an amount');
  if (amount > free) return refusal(LT_ERRORS.notEnough, `not enough ${spec.quote}`);
  const failure = stateFailure(SUBSCRIPTION, s);
  if (failure) return FAILURE_REFUSAL[failure];
  if (amount > amountOf(spec.maxPurchase)) return refusal(LT_ERRORS.limit8, `at most ${spec.maxPurchase} ${spec.quote} an order`);
  if (amount < amountOf(spec.minPurchase)) return refusal(LT_ERRORS.limit9, `at least ${spec.minPurchase} ${spec.quote} an order`);
  if (usedToday + amount > amountOf(spec.dailyPurchaseCap)) {
    return refusal(LT_ERRORS.dailyCap, `at most ${spec.dailyPurchaseCap} ${spec.quote} a day; ${formatAmount(usedToday)} used today`);
  }
  return null;
}

/** Spec 2 §5 redemption chain. `quantity` null: empty. */
export function redemptionRefusal(spec: LtSpec, quantity: Amount | null, held: Amount, s: CheckState): LtRefusal | null {
  if (quantity === null || quantity === 0n) return refusal(LT_ERRORS.emptyInput, 'enter a quantity');
  if (quantity > held) return refusal(LT_ERRORS.notEnough, `not enough ${spec.token}`);
  const failure = stateFailure(REDEMPTION, s);
  if (failure) return FAILURE_REFUSAL[failure];
  if (quantity < amountOf(spec.minRedeem)) return refusal(LT_ERRORS.limit8, `at least ${spec.minRedeem} ${spec.token} an order`);
  if (quantity > amountOf(spec.maxRedeem)) return refusal(LT_ERRORS.limit9, `at most ${spec.maxRedeem} ${spec.token} an order`);
  return null;
}

/** The NAV an order is filled at: the one it shows, 8 decimals. */
export const navText = (nav: number) => (nav > 0 ? nav.toFixed(8) : '0.00000000');

const SCALE = 10n ** BigInt(AMOUNT_DECIMALS);
const floorTo = (amount: Amount, step: Amount) => amount - (amount % step);

export interface Fill {
  fee: Amount;
  /** tokens (subscription) or quote (redemption) credited */
  received: Amount;
}

/** fee = amount × rate; tokens = (amount − fee) / NAV, down to the token step. */
export function subscriptionFill(spec: LtSpec, amount: Amount, nav: string): Fill {
  const fee = (amount * amountOf(spec.purchaseFeeRate)) / SCALE;
  const navAmount = amountOf(nav);
  const tokens = navAmount > 0n ? ((amount - fee) * SCALE) / navAmount : 0n;
  return { fee, received: floorTo(tokens, stepAmount(spec.tokenStep)) };
}

/** gross = quantity × NAV; fee = gross × rate; gross − fee down to the quote step. */
export function redemptionFill(spec: LtSpec, quantity: Amount, nav: string): Fill {
  const gross = (quantity * amountOf(nav)) / SCALE;
  const fee = (gross * amountOf(spec.redeemFeeRate)) / SCALE;
  return { fee, received: floorTo(gross - fee, stepAmount(spec.quoteStep)) };
}

/** An amount on a step (a decimal text such as "0.0001"). */
export function onStep(amount: Amount, step: string): boolean {
  return amount % stepAmount(step) === 0n;
}
