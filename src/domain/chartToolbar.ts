/**
 * Rules of the pro chart's toolbar (spec 1 §2.3, §5, §9): pinned intervals
 * (`SPOT_tv_intervals`), the default time frames, the scroll indicators, the
 * chart locale and the numeric inputs. Pure: time is always a parameter.
 */
import { Decimal } from 'decimal.js';
import { INTERVALS, DAY_MS, intervalOfResolution, isInterval, type Interval, type Resolution } from './intervals';
import { localeForBrowserTag } from './locale';

// ---- pinned intervals -------------------------------------------------------

export const DEFAULT_PINNED_INTERVALS: readonly Interval[] = ['1m', '15m', '1h', '4h', '1d'];

/** In the order of the all-intervals list, whatever order they were pinned in. */
function inIntervalOrder(set: ReadonlySet<Interval>): Interval[] {
  return INTERVALS.filter((i) => set.has(i));
}

/** An interval id ("4h") or, as older saves wrote them, a resolution code ("240", "1D"). */
function asInterval(value: unknown): Interval | null {
  if (isInterval(value)) return value;
  return intervalOfResolution(value);
}

/**
 * The pinned intervals from storage: a JSON text or an already parsed array.
 * Unknown entries and duplicates are dropped; nothing usable gives the default
 * list, so a broken save never leaves the toolbar without quick buttons.
 */
export function parsePinnedIntervals(stored: unknown): Interval[] {
  let value = stored;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [...DEFAULT_PINNED_INTERVALS];
    }
  }
  if (!Array.isArray(value)) return [...DEFAULT_PINNED_INTERVALS];
  const set = new Set<Interval>();
  for (const entry of value) {
    const interval = asInterval(entry);
    if (interval) set.add(interval);
  }
  return set.size > 0 ? inIntervalOrder(set) : [...DEFAULT_PINNED_INTERVALS];
}

/** Pin or unpin one interval. The last pinned interval stays: the bar is never empty. */
export function togglePinned(list: readonly Interval[], interval: Interval): Interval[] {
  const set = new Set(list);
  if (set.has(interval)) {
    if (set.size === 1) return inIntervalOrder(set);
    set.delete(interval);
  } else {
    set.add(interval);
  }
  return inIntervalOrder(set);
}

export function samePinned(a: readonly Interval[], b: readonly Interval[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

// ---- time frames ------------------------------------------------------------

export const TIME_FRAME_IDS = ['5y', '1y', '6m', '3m', '1m', '5d', '1d'] as const;
export type TimeFrameId = (typeof TIME_FRAME_IDS)[number];

export interface TimeFrame {
  id: TimeFrameId;
  /** the chart resolution the spec pairs with the frame */
  resolution: Resolution;
  interval: Interval;
  /** calendar months back (UTC) or whole days back */
  span: { months: number } | { days: number };
}

/** Spec 1 §9: 5y (1W), 1y (1W), 6m (120), 3m (60), 1m (30), 5d (5), 1d (1). */
export const DEFAULT_TIME_FRAMES: readonly TimeFrame[] = [
  { id: '5y', resolution: '1W', interval: '1w', span: { months: 60 } },
  { id: '1y', resolution: '1W', interval: '1w', span: { months: 12 } },
  { id: '6m', resolution: '120', interval: '2h', span: { months: 6 } },
  { id: '3m', resolution: '60', interval: '1h', span: { months: 3 } },
  { id: '1m', resolution: '30', interval: '30m', span: { months: 1 } },
  { id: '5d', resolution: '5', interval: '5m', span: { days: 5 } },
  { id: '1d', resolution: '1', interval: '1m', span: { days: 1 } },
];

export function timeFrameById(id: unknown): TimeFrame | null {
  return DEFAULT_TIME_FRAMES.find((f) => f.id === id) ?? null;
}

/** `t` moved back by whole UTC months; the day is clamped to the target month (31 Mar − 1 month = 28/29 Feb). */
function minusUtcMonths(t: number, months: number): number {
  const d = new Date(t);
  const totalMonths = d.getUTCFullYear() * 12 + d.getUTCMonth() - months;
  const year = Math.floor(totalMonths / 12);
  const month = totalMonths - year * 12;
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, month + 1, 0);
  const out = new Date(t);
  out.setUTCFullYear(year, month, Math.min(d.getUTCDate(), lastDay.getUTCDate()));
  return out.getTime();
}

/** The visible range a time-frame button asks for, ending now. */
export function timeFrameRange(frame: TimeFrame, nowMs: number): { from: number; to: number; interval: Interval } {
  const from = 'months' in frame.span ? minusUtcMonths(nowMs, frame.span.months) : nowMs - frame.span.days * DAY_MS;
  return { from, to: nowMs, interval: frame.interval };
}

// ---- scroll indicators ------------------------------------------------------

export const TOOLBAR_SCROLL_THRESHOLD_PX = 10;
export const TOOLBAR_SCROLL_THROTTLE_MS = 100;

/**
 * Whether more toolbar is hidden before the start and after the end (spec 1
 * §2.3: 10 px threshold). In right-to-left pages Chromium and Firefox report
 * scrollLeft from 0 down to negative values; older engines count up from 0.
 * The distance from the start is the absolute value either way.
 */
export function scrollIndicators(
  box: { scrollLeft: number; scrollWidth: number; clientWidth: number },
  threshold = TOOLBAR_SCROLL_THRESHOLD_PX,
): { start: boolean; end: boolean } {
  const range = Math.max(0, box.scrollWidth - box.clientWidth);
  const fromStart = Math.min(range, Math.abs(box.scrollLeft));
  return { start: fromStart > threshold, end: range - fromStart > threshold };
}

// ---- chart locale -----------------------------------------------------------

/** The 27 chart locales of spec 1 §3, spelled the chart's way. */
export const CHART_LOCALES = [
  'ar', 'pt', 'ca', 'cs', 'de', 'en', 'es', 'fa', 'fr', 'he', 'hu', 'id', 'it', 'ja',
  'ko', 'ms', 'pl', 'ru', 'sv', 'th', 'tr', 'vi', 'zh', 'zh_TW', 'el', 'nl', 'ro',
] as const;
export type ChartLocale = (typeof CHART_LOCALES)[number];

/** The chart's locale for a page locale: ar-SA → ar, zh-TW → zh_TW, pt-BR → pt, anything unknown → en. */
export function chartLocale(pageLocale: string | null | undefined): ChartLocale {
  const page = pageLocale ? localeForBrowserTag(pageLocale) : null;
  if (page === 'ar-SA') return 'ar';
  if (page === 'zh-TW') return 'zh_TW';
  return (CHART_LOCALES as readonly string[]).includes(page ?? '') ? (page as ChartLocale) : 'en';
}

// ---- numeric inputs ---------------------------------------------------------

export const CHART_TICKS = [1, 2, 5] as const;

export interface ChartNumberRule {
  min: number;
  max: number;
  /** decimals kept; more typed decimals are cut off, not rounded */
  precision: number;
  /** the step in units of the last kept decimal: 5 with precision 2 means multiples of 0.05 */
  tick?: number;
}

const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * A numeric chart input (spec 1 §5): trim to the precision, clamp to min and
 * max, round up to the tick (1, 2 or 5). When rounding up would pass the
 * maximum, the largest tick multiple within it is used. Null when the text is
 * not a number, the rule is invalid (another tick, a bad precision, min > max)
 * or no tick multiple lies between min and max.
 */
export function clampChartNumber(raw: string, rule: ChartNumberRule): { value: number; text: string } | null {
  const { min, max, precision } = rule;
  const tick = rule.tick ?? 1;
  if (!(CHART_TICKS as readonly number[]).includes(tick)) return null;
  if (!Number.isInteger(precision) || precision < 0 || precision > 20) return null;
  if (!Number.isFinite(min) || !Number.isFinite(max) || min > max) return null;
  const text = raw.trim();
  if (!DECIMAL_TEXT.test(text)) return null;

  const step = new Decimal(tick).div(new Decimal(10).pow(precision));
  const lo = new Decimal(min);
  const hi = new Decimal(max);
  const trimmed = new Decimal(text).toDecimalPlaces(precision, Decimal.ROUND_DOWN);
  const clamped = Decimal.min(hi, Decimal.max(lo, trimmed));
  let stepped = clamped.div(step).ceil().mul(step);
  if (stepped.gt(hi)) stepped = hi.div(step).floor().mul(step);
  if (stepped.lt(lo)) return null;
  if (stepped.isZero()) stepped = new Decimal(0); // no "-0.00"
  return { value: stepped.toNumber(), text: stepped.toFixed(precision) };
}
