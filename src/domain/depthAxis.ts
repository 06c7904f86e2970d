/**
 * Axis ticks for the depth chart: round values (1, 2 or 5 × a power of ten)
 * inside a range, and how many decimals their labels need.
 */

export interface AxisTicks {
  values: number[];
  /** decimals that show every tick exactly (the step's decimals) */
  decimals: number;
}

/** About `count` round ticks within [min, max]; none for an empty or unusable range. */
export function niceTicks(min: number, max: number, count: number): AxisTicks {
  if (!Number.isFinite(min) || !Number.isFinite(max) || !(max > min) || !(count >= 1)) return { values: [], decimals: 0 };
  const rough = (max - min) / count;
  const power = Math.floor(Math.log10(rough));
  const magnitude = 10 ** power;
  const fraction = rough / magnitude;
  const factor = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  const step = factor * magnitude;
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const values: number[] = [];
  // Integer multiples of the step, rounded to its decimals so 0.1 + 0.2 never prints as 0.30000000000000004.
  for (let i = Math.ceil(min / step); i * step <= max + step * 1e-9; i += 1) {
    values.push(Number((i * step).toFixed(decimals)));
    if (values.length > count * 3) break;
  }
  return { values, decimals };
}
