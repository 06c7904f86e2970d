import { toUnits } from '../../src/domain/units';

const PLAIN = /^(\d{1,15})(?:\.(\d{1,15}))?$/;

/**
 * Integer steps of `step` in a decimal string, or why not: 'format' (not a
 * plain non-negative decimal) or 'decimals' (not a whole number of steps, the
 * exchange's "decimal too long"). Short inputs take a float-exact fast path
 * (≤ 15 digits each side), since this runs on every order call.
 */
export function parseSteps(value: string, step: string, stepDecimals: number, stepDigits: number): number | 'format' | 'decimals' {
  const m = PLAIN.exec(value);
  if (m) {
    const int = m[1]!;
    const frac = (m[2] ?? '').replace(/0+$/, '');
    if (frac.length > stepDecimals) return 'decimals';
    if (int.length + stepDecimals <= 15) {
      const scaled = Number(int + frac.padEnd(stepDecimals, '0'));
      if (scaled % stepDigits !== 0) return 'decimals';
      return scaled / stepDigits;
    }
  } else if (!/^\d+(\.\d+)?$/.test(value)) {
    return 'format';
  }
  const units = toUnits(value, step);
  return units === null ? 'decimals' : units;
}

export interface StepShape {
  decimals: number;
  digits: number;
}

/** A step's decimals and its digits as an integer ("0.05" → 2, 5). */
export function stepShape(step: string): StepShape {
  const dot = step.indexOf('.');
  const frac = dot < 0 ? '' : step.slice(dot + 1).replace(/0+$/, '');
  const digits = Number((dot < 0 ? step : step.slice(0, dot)) + frac);
  if (!Number.isSafeInteger(digits) || digits <= 0) throw new Error(`not a usable step: ${step}`);
  return { decimals: frac.length, digits };
}
