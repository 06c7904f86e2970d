import { Decimal } from 'decimal.js';
import { decimalsOf } from '../units';

/**
 * Order-form numbers (spec 2 §5). Values travel as plain decimal strings; the
 * maths runs in decimal.js with room for long inputs, so a typed price is never
 * bent by a float or by decimal.js's default 20-digit precision.
 */
const D = Decimal.clone({ precision: 100 });

export type ParsedNumber = { kind: 'empty' } | { kind: 'ok'; value: string } | { kind: 'invalid'; reason: 'notANumber' | 'negative' };

// Integer part: plain digits, correctly grouped thousands ("1,234,567"), or
// nothing (".5"). Strict grouping so a European "1,5" is refused rather than
// read as fifteen.
const NUMBER = /^(\d+|\d{1,3}(?:,\d{3})+)?(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?$/;
// Beyond this an exponent is a typo, and expanding it would make a huge string.
const MAX_EXPONENT = 100;

/**
 * What a pasted or typed text means as a decimal: trims spaces, accepts
 * thousands separators ("1,234.5" → "1234.5"), plain exponent ("1e3" → "1000"),
 * a leading "+"; refuses letters, "--1", several dots, negatives (quantities
 * and prices are never negative), empty → kind 'empty'. "-0" is zero, not a
 * negative. The value is canonical: no exponent, no trailing zeros.
 */
export function parseNumberInput(text: string): ParsedNumber {
  // U+2212 is what some keyboards and copied documents use for minus.
  let body = text.trim().replace(/\u2212/g, '-');
  if (body === '') return { kind: 'empty' };
  let negative = false;
  if (body[0] === '+' || body[0] === '-') {
    negative = body[0] === '-';
    body = body.slice(1);
  }
  const match = NUMBER.exec(body);
  // The regex lets both parts be empty ("." or "e5"): a number needs a digit.
  if (!match || (match[1] === undefined && !match[2])) return { kind: 'invalid', reason: 'notANumber' };
  if (match[3] !== undefined && Math.abs(Number(match[3])) > MAX_EXPONENT) return { kind: 'invalid', reason: 'notANumber' };
  const int = (match[1] ?? '0').replace(/,/g, '');
  const frac = match[2] ?? '';
  const exp = match[3] ?? '0';
  const value = new D(`${int}.${frac || '0'}e${exp}`);
  if (negative && !value.isZero()) return { kind: 'invalid', reason: 'negative' };
  return { kind: 'ok', value: value.toFixed() };
}

const TYPING = /^(\d*)(\.(\d*))?$/;

/**
 * Keeps at most `decimals` fraction digits while typing (cuts, never rounds),
 * keeps a trailing "." so typing "12." works, strips leading zeros ("007" →
 * "7", "0.5" stays, ".5" → "0.5"); returns the cleaned text or null when the
 * text is not a number being typed. A paste such as "1,234.5", "1e3" or "+5"
 * goes through parseNumberInput first; negatives are refused (null). With
 * `decimals` 0 no dot is kept at all. Empty text stays "" (a cleared field).
 */
export function sanitizeTyping(text: string, decimals: number): string | null {
  const places = Math.max(0, Math.floor(decimals));
  let source = text.replace(/\s+/g, '');
  if (source === '') return '';
  if (!TYPING.test(source)) {
    const parsed = parseNumberInput(source);
    if (parsed.kind !== 'ok') return null;
    source = parsed.value;
  }
  const [, rawInt = '', dot, rawFrac = ''] = TYPING.exec(source) ?? [];
  const int = rawInt.replace(/^0+(?=\d)/, '');
  // Without decimals a dot cannot start a fraction: drop it (a lone "." → "").
  if (!dot || places === 0) return int;
  return `${int || '0'}.${rawFrac.slice(0, places)}`;
}

export interface NumberRule {
  step: string;
  min?: string | null;
  max?: string | null;
  round?: 'up' | 'down' | 'nearest';
}

function validStep(step: string): Decimal {
  let d: Decimal;
  try {
    d = new D(step);
  } catch {
    throw new RangeError(`normalizeNumber: step "${step}" is not a decimal`);
  }
  if (!d.isFinite() || d.lte(0)) throw new RangeError(`normalizeNumber: step "${step}" must be positive`);
  return d;
}

function decimalOrNull(value: string | null | undefined): Decimal | null {
  if (value === null || value === undefined) return null;
  const parsed = parseNumberInput(value);
  if (parsed.kind === 'ok') return new D(parsed.value);
  // A negative bound is legal arithmetic even though our values never are.
  const neg = parsed.kind === 'invalid' && parsed.reason === 'negative' ? parseNumberInput(value.trim().slice(1)) : null;
  return neg?.kind === 'ok' ? new D(neg.value).neg() : null;
}

/** `value` as a whole number of steps, rounded with `mode`, back in value units. */
function toStep(value: Decimal, step: Decimal, mode: Decimal.Rounding): Decimal {
  return value.div(step).toDecimalPlaces(0, mode).times(step);
}

/**
 * Spec 2 §5: "Numeric inputs trim to precision, clamp to min and max and round
 * up to the tick". So 'up' (the default) first cuts digits finer than the step
 * ("0.0000001" at step "0.000001" → "0.000000": typing noise, not intent),
 * clamps, then rounds up to the tick (12 at tick 5 → 15). 'down' floors and
 * 'nearest' rounds half up, both after clamping.
 *
 * Bounds are moved inward to the nearest multiples of the step so the result
 * both stays within [min, max] and is a multiple of the step; when no multiple
 * fits, min wins (the exchange refuses below-minimum first). A missing min
 * means 0: prices and quantities are never negative. Text that is not a
 * number gives "" (an empty field); a step that is not positive throws, since
 * that is a bug in the caller's symbol data, not user input.
 *
 * Result: a plain decimal string with exactly decimalsOf(step) decimals.
 */
export function normalizeNumber(value: string, rule: NumberRule): string {
  const step = validStep(rule.step);
  const places = decimalsOf(step.toFixed());
  const parsed = decimalOrNull(value);
  if (parsed === null) return '';
  const mode = rule.round ?? 'up';

  const lower = toStep(decimalOrNull(rule.min) ?? new D(0), step, Decimal.ROUND_CEIL);
  const maxBound = decimalOrNull(rule.max);
  const upper = maxBound === null ? null : toStep(maxBound, step, Decimal.ROUND_FLOOR);

  let v = mode === 'up' ? parsed.toDecimalPlaces(places, Decimal.ROUND_DOWN) : parsed;
  if (upper !== null && v.gt(upper)) v = upper;
  if (v.lt(lower)) v = lower;
  const rounding = mode === 'up' ? Decimal.ROUND_CEIL : mode === 'down' ? Decimal.ROUND_FLOOR : Decimal.ROUND_HALF_UP;
  v = toStep(v, step, rounding);
  // Rounding can only step past a bound when the bound itself is the limit.
  if (upper !== null && v.gt(upper)) v = upper;
  if (v.lt(lower)) v = lower;
  // ceil(-0.3) is -0, which toFixed would print as "-0.00".
  return (v.isZero() ? new D(0) : v).toFixed(places);
}

/**
 * Floors a quantity to the lot step (quantities are never rounded up past what
 * the user can pay). Plain string with the step's decimals; "" when `value` is
 * not a number; throws on a step that is not positive.
 */
export function floorToStep(value: string, step: string): string {
  const s = validStep(step);
  const v = decimalOrNull(value);
  if (v === null) return '';
  return toStep(v, s, Decimal.ROUND_FLOOR).toFixed(decimalsOf(s.toFixed()));
}
