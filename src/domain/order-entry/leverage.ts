/**
 * Spot leverage (spot margin) of a unified account, as the order form sees
 * it (spec 1 §5 "Leverage check", §2.8; spec 2 §5 trade preferences): when
 * leverage is on, what the switch does when pressed, and what blocks an
 * order that spends more than the account holds.
 */
import { Decimal } from 'decimal.js';

export type MarginMode = 'REGULAR_MARGIN' | 'ISOLATED_MARGIN';

/** The account's spot-margin settings as the exchange answers them. */
export interface LeverageSettings {
  spotMargin: boolean;
  /** 2–10 */
  leverage: number;
  /** the leverage risk statement was confirmed */
  confirmed: boolean;
  /** the leverage quiz was passed */
  quizPassed: boolean;
  marginMode: MarginMode;
}

export const ISOLATED_MODE_TIP = 'isolatedModeNotSupportNewTip';
export const LEVERAGE_OFF_TIP = 'leverage_off_trade_tip';
export const LEVERAGE_NOT_CONFIRMED_TIP = 'leverageNotConfirmedTip';

export const MIN_LEVERAGE = 2;
export const MAX_LEVERAGE = 10;

const onboarded = (s: LeverageSettings) => s.confirmed && s.quizPassed;

/** Orders borrow what they lack: spot margin on, set up, and offered by the margin mode. */
export function leverageOn(settings: LeverageSettings | null): boolean {
  return settings !== null && settings.spotMargin && onboarded(settings) && settings.marginMode !== 'ISOLATED_MARGIN';
}

/** What pressing the spot-margin switch does. */
export type SwitchStep =
  | { kind: 'block'; messageKey: typeof ISOLATED_MODE_TIP }
  /** the confirmation first, then the quiz (`onboardingStep`) */
  | { kind: 'onboard'; step: 'confirm' | 'quiz' }
  | { kind: 'set'; spotMargin: boolean };

export function switchStep(settings: LeverageSettings): SwitchStep {
  if (settings.spotMargin) return { kind: 'set', spotMargin: false };
  if (settings.marginMode === 'ISOLATED_MARGIN') return { kind: 'block', messageKey: ISOLATED_MODE_TIP };
  if (!settings.confirmed) return { kind: 'onboard', step: 'confirm' };
  if (!settings.quizPassed) return { kind: 'onboard', step: 'quiz' };
  return { kind: 'set', spotMargin: true };
}

const finiteOrNull = (text: string | null | undefined): Decimal | null => {
  if (!text) return null;
  try {
    const d = new Decimal(text);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
};

/**
 * The leverage check of an order that spends `spend` where `free` is held
 * (spec 1 §5): nothing when it fits, or when leverage is on (the exchange
 * lends the rest within the account's maxima); else the message that blocks
 * it. Isolated margin mode offers no leverage; set up but switched off, the
 * trader is told to switch it on; not set up, to set it up.
 */
export function leverageCheck(settings: LeverageSettings | null, spend: string | null, free: string | null): string | null {
  const need = finiteOrNull(spend);
  const held = finiteOrNull(free);
  if (settings === null || need === null || held === null || need.lte(held)) return null;
  if (settings.marginMode === 'ISOLATED_MARGIN') return ISOLATED_MODE_TIP;
  if (leverageOn(settings)) return null;
  return onboarded(settings) ? LEVERAGE_OFF_TIP : LEVERAGE_NOT_CONFIRMED_TIP;
}

/** What a leveraged order borrows: what it spends beyond what is held (0 when it fits). */
export function borrowedAmount(spend: string | null, free: string | null): string | null {
  const need = finiteOrNull(spend);
  if (need === null) return null;
  const held = finiteOrNull(free) ?? new Decimal(0);
  return need.gt(held) ? need.minus(Decimal.max(held, 0)).toFixed() : '0';
}

/** The leverage quiz: each question's id and its options' ids (texts in the `trade` locale, answers only on the exchange). */
export const LEVERAGE_QUIZ: ReadonlyArray<{ id: string; options: readonly string[] }> = [
  { id: 'loss', options: ['unchanged', 'multiplied', 'capped'] },
  { id: 'owe', options: ['onlyProfit', 'loanAndInterest', 'nothing'] },
  { id: 'liquidation', options: ['waits', 'liquidated', 'refunded'] },
];

/** Every question answered with one of its options. */
export function quizComplete(answers: Readonly<Record<string, string>>): boolean {
  return LEVERAGE_QUIZ.every((q) => q.options.includes(answers[q.id] ?? ''));
}
