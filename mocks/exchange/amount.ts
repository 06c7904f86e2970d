/**
 * Token amounts inside the engine: bigint in units of 1e-18 of a token, one
 * scale for every token. Prices and quantities stay integer ticks and lots;
 * only balances, values and fees (which mix instruments with different
 * steps) need this, and they change on orders and fills, never per book
 * event, so bigint costs nothing on the hot path.
 */
export type Amount = bigint;

export const AMOUNT_DECIMALS = 18;
const SCALE = 10n ** BigInt(AMOUNT_DECIMALS);
const DECIMAL = /^\d+(\.\d+)?$/;

/** A non-negative decimal string as an Amount; null when it is not one or has more than 18 decimals. */
export function parseAmount(text: string): Amount | null {
  if (!DECIMAL.test(text)) return null;
  const [int = '0', frac = ''] = text.split('.');
  if (frac.length > AMOUNT_DECIMALS) return null;
  return BigInt(int) * SCALE + BigInt(frac.padEnd(AMOUNT_DECIMALS, '0'));
}

/** The decimal text of an amount, cut (not rounded) to `decimals` and without trailing zeros unless `fixed`. */
export function formatAmount(amount: Amount, decimals = AMOUNT_DECIMALS, fixed = false): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const int = abs / SCALE;
  let frac = (abs % SCALE).toString().padStart(AMOUNT_DECIMALS, '0').slice(0, Math.max(0, decimals));
  if (!fixed) frac = frac.replace(/0+$/, '');
  const text = frac ? `${int}.${frac}` : `${int}`;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/** Amount of one step ("0.01" → 1e16). */
export function stepAmount(step: string): Amount {
  const amount = parseAmount(step);
  if (amount === null || amount === 0n) throw new Error(`not a usable step: ${step}`);
  return amount;
}

/** How a symbol's ticks and lots turn into token amounts. */
export interface UnitScale {
  /** amount of base token in one lot */
  lotAmount: Amount;
  /** amount of quote token of one tick × one lot (value units) */
  valueUnit: Amount;
}

export function unitScale(tick: string, lot: string): UnitScale {
  const tickAmount = stepAmount(tick);
  const lotAmount = stepAmount(lot);
  return { lotAmount, valueUnit: (tickAmount * lotAmount) / SCALE };
}

/** Quote value of `lots` at `ticks`. */
export const valueOf = (scale: UnitScale, ticks: number, lots: number): Amount => BigInt(ticks) * BigInt(lots) * scale.valueUnit;

export const baseOf = (scale: UnitScale, lots: number): Amount => BigInt(lots) * scale.lotAmount;

/** Whole lots that `value` buys at `ticks` (rounded down). */
export function lotsFor(scale: UnitScale, value: Amount, ticks: number): number {
  if (ticks <= 0 || value <= 0n) return 0;
  return Number(value / (BigInt(ticks) * scale.valueUnit));
}

/** `amount × numerator / denominator`, rounded down: fees never exceed the rate. */
export const mulDiv = (amount: Amount, numerator: bigint, denominator: bigint): Amount => (amount * numerator) / denominator;

export const minAmount = (a: Amount, b: Amount): Amount => (a < b ? a : b);
export const maxAmount = (a: Amount, b: Amount): Amount => (a > b ? a : b);
