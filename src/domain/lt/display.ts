/**
 * How the LT forms and the detail page write their numbers (UI.md): grouped
 * for the locale, cut (never rounded up) to at most `max` decimals, trailing
 * zeros dropped down to `min` decimals, so "4.82100000" reads "4.8210" at
 * min 4 and a fee of "0.07500000" reads "0.075".
 */
import { Decimal } from 'decimal.js';
import { formatDecimal } from '../format';
import { significantDecimals } from '../units';

export function formatTrimmed(value: string | null | undefined, locale: string, max = 8, min = 0): string {
  if (value === null || value === undefined || value === '') return '—';
  let d: Decimal;
  try {
    d = new Decimal(value);
  } catch {
    return '—';
  }
  if (!d.isFinite()) return '—';
  const cut = d.toDecimalPlaces(max, Decimal.ROUND_DOWN);
  const decimals = Math.min(max, Math.max(min, significantDecimals(cut.toFixed())));
  return formatDecimal(cut.toFixed(), decimals, locale) ?? '—';
}

/** A rate ("0.0005") as a percent with its own decimals ("0.05%"). */
export function ratePercent(rate: string, locale: string): string {
  let d: Decimal;
  try {
    d = new Decimal(rate).times(100);
  } catch {
    return '—';
  }
  return `${formatTrimmed(d.toFixed(), locale, 6, 2)}%`;
}
