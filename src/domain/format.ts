import { Decimal } from 'decimal.js';

/** Spec 1 §5: precision defaults when the symbol is unknown. */
export const DEFAULT_PRICE_PRECISION = 13;
export const DEFAULT_OTHER_PRECISION = 8;

export interface Precisions {
  price: number;
  quantity: number;
  amount: number;
}

/** The symbol's precisions, or the spec's defaults for an unknown symbol (or an unusable field). */
export function precisionsOf(
  symbol: { pricePrecision?: unknown; quantityPrecision?: unknown; amountPrecision?: unknown } | undefined,
): Precisions {
  const pick = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 18 ? v : fallback);
  return {
    price: pick(symbol?.pricePrecision, DEFAULT_PRICE_PRECISION),
    quantity: pick(symbol?.quantityPrecision, DEFAULT_OTHER_PRECISION),
    amount: pick(symbol?.amountPrecision, DEFAULT_OTHER_PRECISION),
  };
}

function toDecimal(value: string | number): Decimal | null {
  try {
    const d = new Decimal(value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

const UNITS = [
  { suffix: 'T', size: new Decimal('1e12') },
  { suffix: 'B', size: new Decimal('1e9') },
  { suffix: 'M', size: new Decimal('1e6') },
  { suffix: 'K', size: new Decimal('1e3') },
] as const;

/**
 * Spec 1 §5: large numbers abbreviate to K, M, B, T ("49668041.12" → "49.67M").
 * Below 1000 the value keeps `decimals` places. Rounds down, so an
 * abbreviation never shows more than there is. Not a number → null.
 */
export function abbreviate(value: string | number, decimals = 2): string | null {
  const d = toDecimal(value);
  if (d === null) return null;
  const abs = d.abs();
  for (const unit of UNITS) {
    if (abs.gte(unit.size)) return `${d.div(unit.size).toFixed(decimals, Decimal.ROUND_DOWN)}${unit.suffix}`;
  }
  return d.toFixed(decimals, Decimal.ROUND_DOWN);
}

/**
 * A decimal string to `decimals` places (half up), grouped for the locale
 * ("61140.5", 2, "en" → "61,140.50"). Exact: the digits never pass through a
 * float. Not a number → null.
 */
export function formatDecimal(value: string | number, decimals: number, locale = 'en'): string | null {
  const d = toDecimal(value);
  if (d === null) return null;
  const rounded = d.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
  // "-0.00" is not a negative number to a reader.
  const negative = rounded.isNegative() && !rounded.isZero();
  const [int = '0', frac] = rounded.abs().toFixed(decimals).split('.');
  const { group, decimal } = separatorsOf(locale);
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const body = frac === undefined ? grouped : `${grouped}${decimal}${frac}`;
  return negative ? `-${body}` : body;
}

/**
 * A decimal string as written (its own decimals), grouped for the locale: for
 * amounts the exchange already gave at their precision ("50000.5" → "50,000.5").
 * Text that is not a number is returned as it is.
 */
export function formatAsGiven(value: string, locale = 'en'): string {
  return formatDecimal(value, value.split('.')[1]?.length ?? 0, locale) ?? value;
}

const separators = new Map<string, { group: string; decimal: string }>();

function separatorsOf(locale: string) {
  let s = separators.get(locale);
  if (!s) {
    let parts: Intl.NumberFormatPart[];
    try {
      parts = new Intl.NumberFormat(locale, { numberingSystem: 'latn' }).formatToParts(1234567.5);
    } catch {
      parts = new Intl.NumberFormat('en').formatToParts(1234567.5);
    }
    s = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
    separators.set(locale, s);
  }
  return s;
}
