/**
 * The moving averages every indicator is built from, with TradingView's Pine
 * conventions (ta.sma, ta.ema, ta.rma, ta.stdev):
 * - a value is null until `length` values have been seen (the window is full);
 * - ta.ema (alpha 2/(n+1)) and ta.rma (Wilder, alpha 1/n) are seeded with the
 *   SMA of their first `length` values, so their first value equals the SMA's;
 * - ta.stdev is the population standard deviation (divides by n, not n − 1).
 * Inputs may start with nulls (an indicator of an indicator, e.g. MACD's
 * signal line over DIF): the window starts at the first value, and a null
 * after that restarts it, as Pine's na does. Each is one O(n) pass.
 */

export type Series = readonly (number | null)[];

/** Simple moving average over `length` values (rolling sum). */
export function sma(values: Series, length: number): (number | null)[] {
  const out: (number | null)[] = new Array<number | null>(values.length).fill(null);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    if (value === null || value === undefined) {
      sum = 0;
      count = 0;
      continue;
    }
    sum += value;
    count += 1;
    if (count > length) sum -= values[i - length] as number;
    if (count >= length) out[i] = sum / length;
  }
  return out;
}

/** An exponential average with smoothing `alpha`, seeded by the SMA of the first `length` values. */
function seededExponential(values: Series, length: number, alpha: number): (number | null)[] {
  const out: (number | null)[] = new Array<number | null>(values.length).fill(null);
  let count = 0;
  let sum = 0;
  let average = 0;
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    if (value === null || value === undefined) {
      count = 0;
      sum = 0;
      continue;
    }
    count += 1;
    if (count < length) {
      sum += value;
      continue;
    }
    if (count === length) average = (sum + value) / length;
    else average = alpha * value + (1 - alpha) * average;
    out[i] = average;
  }
  return out;
}

/** ta.ema: alpha = 2 / (length + 1), first value = SMA of the first `length` values. */
export function ema(values: Series, length: number): (number | null)[] {
  return seededExponential(values, length, 2 / (length + 1));
}

/** ta.rma (Wilder's smoothing, used by RSI): alpha = 1 / length, seeded with the SMA. */
export function rma(values: Series, length: number): (number | null)[] {
  return seededExponential(values, length, 1 / length);
}

/**
 * ta.stdev: population standard deviation over `length` plain numbers,
 * paired with their SMA. Rolling sums of the values minus the first one keep
 * the subtraction E[x²] − E[x]² free of the price's magnitude (a BTC price
 * of 60,000 would otherwise swallow a spread of a few dollars); a flat window
 * gives exactly 0, and rounding can never make the variance negative.
 */
export function smaAndStdev(values: readonly number[], length: number): { mean: (number | null)[]; stdev: (number | null)[] } {
  const mean: (number | null)[] = new Array<number | null>(values.length).fill(null);
  const stdev: (number | null)[] = new Array<number | null>(values.length).fill(null);
  const shift = values[0] ?? 0;
  let sum = 0;
  let sumSquares = 0;
  for (let i = 0; i < values.length; i += 1) {
    const d = (values[i] as number) - shift;
    sum += d;
    sumSquares += d * d;
    if (i >= length) {
      const old = (values[i - length] as number) - shift;
      sum -= old;
      sumSquares -= old * old;
    }
    if (i >= length - 1) {
      const meanShifted = sum / length;
      mean[i] = shift + meanShifted;
      stdev[i] = Math.sqrt(Math.max(0, sumSquares / length - meanShifted * meanShifted));
    }
  }
  return { mean, stdev };
}

/** The closes of the bars as a plain array (the usual source). */
export function closesOf(bars: readonly { close: number }[]): number[] {
  const out = new Array<number>(bars.length);
  for (let i = 0; i < bars.length; i += 1) out[i] = (bars[i] as { close: number }).close;
  return out;
}
