/**
 * Spec 1 §5 "depth options": the merge steps the order book offers, read from
 * the symbol's `digitMerge`, and which one is chosen by default.
 */
import { Decimal } from 'decimal.js';

export interface DepthStep {
  /** canonical decimal text of the step: "0.01", "1", "100" */
  step: string;
  /**
   * The `dumpScale` the quote socket expects for this step: its decimals, or
   * minus its trailing zeros from 1 up ("10" → -1), as the gateway reads it.
   */
  dumpScale: number;
}

const ONLY_ZERO_ONE_DOT = /^[01.]+$/;

/** A positive power of ten as a Decimal, or null ("0.11" is made of 0, 1 and dots but is no merge step). */
function powerOfTen(entry: string): Decimal | null {
  let value: Decimal;
  try {
    value = new Decimal(entry);
  } catch {
    return null;
  }
  if (!value.isFinite() || value.lte(0)) return null;
  const exponent = value.e;
  return value.eq(new Decimal(10).pow(exponent)) ? value : null;
}

/**
 * The merge steps of a `digitMerge` comma list, in the order given: only
 * entries made of 0, 1 and the dot (spec), that are a power of ten (no other
 * merge can be expressed as a dumpScale); the same step written twice
 * ("0.1" and "0.10") is kept once. Anything that is not a string gives none.
 */
export function depthStepsOf(digitMerge: unknown): DepthStep[] {
  if (typeof digitMerge !== 'string') return [];
  const steps: DepthStep[] = [];
  const seen = new Set<string>();
  for (const raw of digitMerge.split(',')) {
    const entry = raw.trim();
    if (!ONLY_ZERO_ONE_DOT.test(entry)) continue;
    const value = powerOfTen(entry);
    if (!value) continue;
    const step = value.toFixed();
    if (seen.has(step)) continue;
    seen.add(step);
    // `|| 0`: the step 1 has dumpScale 0, not -0.
    steps.push({ step, dumpScale: -value.e || 0 });
  }
  return steps;
}

/**
 * The step shown when the book opens: the saved choice while the symbol still
 * offers it; else the first step not coarser than the price precision (its
 * decimals reach the price's decimals); else the last step. None offered → undefined.
 */
export function defaultDepthStep(steps: readonly DepthStep[], pricePrecision: number, saved?: string | null): DepthStep | undefined {
  if (saved) {
    const kept = steps.find((s) => s.step === saved);
    if (kept) return kept;
  }
  return steps.find((s) => s.dumpScale >= pricePrecision) ?? steps[steps.length - 1];
}

/** Decimals a price shows at this step: a step of 1 or more shows whole numbers. */
export function priceDecimalsOf(step: DepthStep): number {
  return Math.max(0, step.dumpScale);
}
