/**
 * Exact conversion between decimal strings ("61837.63") and integer units of a
 * step ("0.01" → 6183763). Floats never touch the digits, so a price read from
 * a feed and written back is the same string.
 */
export function decimalsOf(step: string): number {
  const dot = step.indexOf('.');
  if (dot < 0) return 0;
  return step.length - dot - 1 - (step.match(/0*$/)?.[0].length ?? 0);
}

/** Significant decimals of a value ("1.54698000" → 5). */
export function significantDecimals(value: string): number {
  const dot = value.indexOf('.');
  if (dot < 0) return 0;
  const frac = value.slice(dot + 1).replace(/0+$/, '');
  return frac.length;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Integer units of `step` in `value`; null when `value` is not a decimal or
 * not a whole multiple of the step (the caller reports where).
 */
export function toUnits(value: string, step: string): number | null {
  if (!DECIMAL.test(value) || !DECIMAL.test(step)) return null;
  const scale = Math.max(decimalsOf(step), significantDecimals(value));
  const v = scaled(value, scale);
  const s = scaled(step, scale);
  if (s === 0n || v % s !== 0n) return null;
  const units = v / s;
  return units <= BigInt(Number.MAX_SAFE_INTEGER) && units >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(units) : null;
}

function scaled(value: string, scale: number): bigint {
  const negative = value.startsWith('-');
  const [int = '0', frac = ''] = (negative ? value.slice(1) : value).split('.');
  const digits = BigInt(int + frac.padEnd(scale, '0').slice(0, scale));
  return negative ? -digits : digits;
}

/** The decimal string of `units` × `step`, with exactly the step's decimals. */
export function fromUnits(units: number, step: string): string {
  const decimals = decimalsOf(step);
  const stepScaled = scaled(step, decimals);
  const total = BigInt(units) * stepScaled;
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${int}${decimals > 0 ? `.${frac}` : ''}`;
}

/** The step with `decimals` decimals: 2 → "0.01", 0 → "1". */
export function stepOfDecimals(decimals: number): string {
  return decimals <= 0 ? '1' : `0.${'0'.repeat(decimals - 1)}1`;
}
