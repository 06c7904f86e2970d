/**
 * Spec 1 §2.4: the header's statistics hide or show by available width.
 * The default set is day high, day low and day turnover; with more room the
 * last price, 24 h change and volume join. Items are dropped from the end of
 * the priority list until what remains fits.
 */
export type HeaderStat = 'high' | 'low' | 'turnover' | 'volume' | 'lastPrice' | 'change';

/** Most important first; the first three are the spec's default set. */
export const STAT_PRIORITY: readonly HeaderStat[] = ['high', 'low', 'turnover', 'change', 'lastPrice', 'volume'];
export const DEFAULT_STATS: readonly HeaderStat[] = ['high', 'low', 'turnover'];

/** The order the shown stats appear in, whatever their priority. */
const DISPLAY_ORDER: readonly HeaderStat[] = ['lastPrice', 'change', 'high', 'low', 'volume', 'turnover'];

/**
 * Which stats fit `available` px, given each stat's measured width and the
 * gap between them. Unknown widths (not measured yet) count as `fallbackWidth`.
 * At least nothing: a width of 0 shows no stats.
 */
export function visibleStats(
  available: number,
  widths: Partial<Record<HeaderStat, number>>,
  options: { gap?: number; fallbackWidth?: number } = {},
): HeaderStat[] {
  const gap = options.gap ?? 16;
  const fallback = options.fallbackWidth ?? 96;
  const shown: HeaderStat[] = [];
  let used = 0;
  for (const stat of STAT_PRIORITY) {
    const w = widths[stat] ?? fallback;
    const next = used + (shown.length ? gap : 0) + w;
    if (next > available) break;
    shown.push(stat);
    used = next;
  }
  return DISPLAY_ORDER.filter((s) => shown.includes(s));
}
