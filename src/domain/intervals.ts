/**
 * Kline intervals of spec 1 §2.3 / §9 as pure data. Time is always a parameter
 * and every boundary is UTC, so bucketing is the same on every machine whatever
 * its time zone or daylight-saving rules.
 */

export const INTERVALS = ['1s', '1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '6h', '12h', '1d', '1w', '1M'] as const;
export type Interval = (typeof INTERVALS)[number];

/** Chart resolution codes in the same order as INTERVALS. */
export const RESOLUTIONS = ['1S', '1', '3', '5', '15', '30', '60', '120', '240', '360', '720', '1D', '1W', '1M'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;

type FixedInterval = Exclude<Interval, '1M'>;

const FIXED_MS: Record<FixedInterval, number> = {
  '1s': SECOND_MS,
  '1m': MINUTE_MS,
  '3m': 3 * MINUTE_MS,
  '5m': 5 * MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '30m': 30 * MINUTE_MS,
  '1h': HOUR_MS,
  '2h': 2 * HOUR_MS,
  '4h': 4 * HOUR_MS,
  '6h': 6 * HOUR_MS,
  '12h': 12 * HOUR_MS,
  '1d': DAY_MS,
  '1w': WEEK_MS,
};

/**
 * Where the bucket grid of a fixed interval starts, relative to the epoch.
 * 1970-01-01 was a Thursday; weeks start on Monday, four days later.
 */
function originOf(interval: FixedInterval): number {
  return interval === '1w' ? 4 * DAY_MS : 0;
}

const RESOLUTION_OF = Object.fromEntries(INTERVALS.map((id, i) => [id, RESOLUTIONS[i]])) as Record<Interval, Resolution>;
const INTERVAL_OF = new Map<string, Interval>(RESOLUTIONS.map((r, i) => [r, INTERVALS[i] as Interval]));
// Charting libraries normalise "1D" to "D" and so on; accept both spellings.
for (const [alias, id] of [['S', '1s'], ['D', '1d'], ['W', '1w'], ['M', '1M']] as const) INTERVAL_OF.set(alias, id);

export function isInterval(value: unknown): value is Interval {
  return typeof value === 'string' && (INTERVALS as readonly string[]).includes(value);
}

/** The interval for an id such as "15m"; null when unknown. Case matters: "1m" is a minute, "1M" a month. */
export function parseInterval(value: unknown): Interval | null {
  return isInterval(value) ? value : null;
}

/** The chart resolution code of an interval ("1h" → "60"). */
export function resolutionOf(interval: Interval): Resolution {
  return RESOLUTION_OF[interval];
}

/** The interval for a chart resolution code ("240" → "4h", "1D" or "D" → "1d"); null when unsupported. */
export function intervalOfResolution(resolution: unknown): Interval | null {
  return typeof resolution === 'string' ? (INTERVAL_OF.get(resolution) ?? null) : null;
}

/** Length of one bucket in ms; null for 1M, whose length depends on the month. */
export function intervalMs(interval: Interval): number | null {
  return interval === '1M' ? null : FIXED_MS[interval];
}

/**
 * A typical bucket length, for rules that only need "about one period" (e.g.
 * rebuild a chart hidden for at least the interval period); 1M counts 30 days.
 */
export function nominalMs(interval: Interval): number {
  return interval === '1M' ? 30 * DAY_MS : FIXED_MS[interval];
}

function floorMod(a: number, m: number): number {
  return ((a % m) + m) % m;
}

function utcMonthStart(year: number, month: number): number {
  // setUTCFullYear rather than Date.UTC: Date.UTC maps years 0–99 to 1900–1999.
  const d = new Date(0);
  d.setUTCFullYear(year, month, 1);
  return d.getTime();
}

/** Open time (ms, UTC) of the bucket of `interval` that contains `t`. */
export function bucketStart(interval: Interval, t: number): number {
  if (interval === '1M') {
    const d = new Date(t);
    return utcMonthStart(d.getUTCFullYear(), d.getUTCMonth());
  }
  const ms = FIXED_MS[interval];
  return t - floorMod(t - originOf(interval), ms);
}

/** Open time of the bucket after the one containing `t` (= that bucket's exclusive end). */
export function nextBucketStart(interval: Interval, t: number): number {
  if (interval === '1M') {
    const d = new Date(t);
    return utcMonthStart(d.getUTCFullYear(), d.getUTCMonth() + 1);
  }
  return bucketStart(interval, t) + FIXED_MS[interval];
}

/**
 * True when every bucket of `finer` lies inside a single bucket of `coarser`,
 * i.e. `coarser` bars can be built by aggregating `finer` bars (a week is not
 * made of whole months, nor a month of whole weeks).
 */
export function divides(finer: Interval, coarser: Interval): boolean {
  if (finer === '1M') return coarser === '1M';
  const f = FIXED_MS[finer];
  if (coarser === '1M') return DAY_MS % f === 0;
  return FIXED_MS[coarser] % f === 0 && originOf(coarser) % f === originOf(finer) % f;
}
