/**
 * The one input of both LT forms: an amount (quote to subscribe, tokens to
 * redeem) typed, pasted, picked as a share of the balance, or set to the
 * most allowed. Text that is not a number never reaches the form: it is
 * refused and the field keeps what it had, with a note the view can show.
 */
import { Decimal } from 'decimal.js';
import { decimalsOf } from '../units';
import { floorToStep, sanitizeTyping } from '../order-entry/numeric';

/** No balance or limit has more integer digits; longer text is a slip of the keyboard (or a paste of something else). */
export const MAX_INTEGER_DIGITS = 15;

export const QUICK_PERCENTS = [25, 50, 75, 100] as const;

export type AmountNote = 'notANumber' | 'tooLarge';

export interface LtAmountInputs {
  /** the field's text, cut to the step's decimals */
  text: string;
  /** the share of the balance last picked; null once the text is typed */
  percent: number | null;
  /** why the last keystroke or paste was refused; null when it was taken */
  note: AmountNote | null;
}

export type LtAmountAction =
  | { type: 'type'; text: string; step: string }
  | { type: 'percent'; percent: number; of: string | null; step: string }
  | { type: 'max'; value: string | null; step: string }
  | { type: 'clear' };

export const EMPTY_AMOUNT: LtAmountInputs = { text: '', percent: null, note: null };

function tooLarge(text: string): boolean {
  return (text.split('.')[0] ?? '').replace(/^0+/, '').length > MAX_INTEGER_DIGITS;
}

/** A value floored to the step (no trailing zeros), "" for nothing (zero or not a number): a cleared field rather than "0.0000". */
function stepped(value: Decimal.Value | null, step: string): string {
  if (value === null) return '';
  let d: Decimal;
  try {
    d = new Decimal(value);
  } catch {
    return '';
  }
  if (!d.isFinite() || d.lte(0)) return '';
  const floored = floorToStep(d.toFixed(), step);
  // Without the step's trailing zeros: "250", not "250.00000000", in a field the trader edits.
  return floored && new Decimal(floored).gt(0) ? new Decimal(floored).toFixed() : '';
}

export function reduceLtAmount(inputs: LtAmountInputs, action: LtAmountAction): LtAmountInputs {
  switch (action.type) {
    case 'clear':
      return EMPTY_AMOUNT;
    case 'type': {
      // sanitizeTyping also reads a paste ("1,234.5", "1e3"); null is text that is not a number.
      const typed = sanitizeTyping(action.text, decimalsOf(action.step));
      if (typed === null) return { ...inputs, note: 'notANumber' };
      if (tooLarge(typed)) return { ...inputs, note: 'tooLarge' };
      return { text: typed, percent: null, note: null };
    }
    case 'percent': {
      const percent = Math.min(100, Math.max(0, Math.round(action.percent)));
      if (action.of === null) return { ...inputs, percent, note: null };
      let share: Decimal | null;
      try {
        share = new Decimal(action.of).times(percent).div(100);
      } catch {
        share = null;
      }
      return { text: stepped(share, action.step), percent, note: null };
    }
    case 'max':
      return { text: stepped(action.value, action.step), percent: null, note: null };
  }
}
