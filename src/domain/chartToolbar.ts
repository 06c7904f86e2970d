// TEMPORARY stand-in (replaced by the i6-toolbar branch at merge).
import { INTERVALS, parseInterval, type Interval } from './intervals';
export const DEFAULT_PINNED_INTERVALS: Interval[] = ['1m', '15m', '1h', '4h', '1d'];
export function parsePinnedIntervals(raw: unknown): Interval[] {
  if (!Array.isArray(raw)) return DEFAULT_PINNED_INTERVALS;
  const set = new Set(raw.map(parseInterval).filter((i): i is Interval => i !== null));
  const list = INTERVALS.filter((i) => set.has(i));
  return list.length ? list : DEFAULT_PINNED_INTERVALS;
}
