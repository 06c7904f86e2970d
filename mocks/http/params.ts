import { INTERVALS, intervalOfResolution, parseInterval, type Interval } from '../../src/domain/intervals';
import { DEFAULT_KLINE_LIMIT } from '../market/klines/series';
import { badParam } from './errors';

/** Spec 1 §9 asks 500 bars by default; Bybit v5 caps a page at 1000. */
export const MAX_KLINE_LIMIT = 1000;

const DIGITS = /^\d+$/;
// Year 275760 is where Date stops; a bigger `to` is a typo, not a time.
const MAX_TIME_MS = 8_640_000_000_000_000;

export function queryOf(request: Request): URLSearchParams {
  return new URL(request.url).searchParams;
}

export function requiredParam(query: URLSearchParams, name: string): string {
  const value = query.get(name)?.trim();
  if (!value) throw badParam(`${name} is required`);
  return value;
}

/** `A,B` → ['A', 'B']; null when the parameter is absent (meaning every symbol). */
export function symbolListParam(query: URLSearchParams, name: string): string[] | null {
  const raw = query.get(name);
  if (raw === null) return null;
  const ids = raw.split(',').map((s) => s.trim());
  if (ids.some((id) => id === '')) throw badParam(`${name} must be a comma list of symbol ids`);
  return [...new Set(ids)];
}

/** An interval id (`1m`, `1h`, `1M`) or a chart resolution code (`1`, `60`, `1D`, `D`). */
export function intervalParam(query: URLSearchParams): Interval {
  const raw = requiredParam(query, 'interval');
  const interval = parseInterval(raw) ?? intervalOfResolution(raw);
  if (!interval) throw badParam(`interval must be one of ${INTERVALS.join(', ')} or a chart resolution code`);
  return interval;
}

export function limitParam(query: URLSearchParams): number {
  const raw = query.get('limit');
  if (raw === null) return DEFAULT_KLINE_LIMIT;
  const limit = DIGITS.test(raw) ? Number(raw) : NaN;
  if (!(limit >= 1 && limit <= MAX_KLINE_LIMIT)) throw badParam(`limit must be an integer from 1 to ${MAX_KLINE_LIMIT}`);
  return limit;
}

/** Exclusive end of a history page, ms; undefined for "up to now". */
export function timeParam(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  const ms = DIGITS.test(raw) ? Number(raw) : NaN;
  if (!(ms <= MAX_TIME_MS)) throw badParam(`${name} must be a time in ms (a non-negative integer)`);
  return ms;
}

/** A POST body that must be a JSON object; anything else is a 10001 refusal. */
export async function jsonObjectBody(request: Request): Promise<Record<string, unknown>> {
  let value: unknown;
  try {
    value = await request.json();
  } catch {
    throw badParam('body must be JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badParam('body must be a JSON object');
  return value as Record<string, unknown>;
}
