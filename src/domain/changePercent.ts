import { Decimal } from 'decimal.js';

/**
 * Spec 1 §5: a change percent shows 2 decimals with a sign prefix. `ratio` is
 * the exchange's change ratio ("0.0190" → "+1.90%"); exact decimal maths, so
 * "-0.00004" is "-0.00%" only when the sign is really negative, and a value
 * that is not a number gives null (the caller shows a dash).
 */
export function formatChangePercent(ratio: string): string | null {
  let value: Decimal;
  try {
    value = new Decimal(ratio).times(100);
  } catch {
    return null;
  }
  if (!value.isFinite()) return null;
  const fixed = value.toFixed(2, Decimal.ROUND_HALF_UP);
  if (fixed === '0.00' || fixed === '-0.00') return '0.00%';
  return `${value.isNegative() ? '' : '+'}${fixed}%`;
}

/** up, down or flat, for the colour of a change (never mirrored in RTL). */
export function changeDirection(ratio: string): 'up' | 'down' | 'flat' {
  const text = formatChangePercent(ratio);
  if (text === null || text === '0.00%') return 'flat';
  return text.startsWith('-') ? 'down' : 'up';
}
