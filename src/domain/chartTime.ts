/**
 * Times on the chart (spec 1 §9): `YYYY-MM-DD HH:mm:ss` in the chart's time
 * zone, UTC by default. Bars are stored and bucketed in UTC; only the labels
 * move to the chosen zone, so a zone change never refetches or re-buckets.
 */

const pad = (n: number) => String(n).padStart(2, '0');

interface ZoneParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  if (!formatters.has(timeZone)) {
    try {
      formatters.set(
        timeZone,
        new Intl.DateTimeFormat('en-US', {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
          second: 'numeric',
        }),
      );
    } catch {
      // An unknown zone name (stored or remote data) falls back to UTC.
      formatters.set(timeZone, null);
    }
  }
  return formatters.get(timeZone) ?? null;
}

/** True when `timeZone` is an IANA zone this browser knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  return timeZone === 'UTC' || formatterFor(timeZone) !== null;
}

function partsIn(ms: number, timeZone: string): ZoneParts {
  const formatter = timeZone === 'UTC' ? null : formatterFor(timeZone);
  if (!formatter) {
    const d = new Date(ms);
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatter.formatToParts(ms)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1, hour: (parts.hour ?? 0) % 24, minute: parts.minute ?? 0, second: parts.second ?? 0 };
}

/** Minutes the zone is ahead of UTC at `atMs` (daylight saving included); null for an unknown zone. */
export function timezoneOffsetMinutes(timeZone: string, atMs: number): number | null {
  if (!isKnownTimeZone(timeZone) || !Number.isFinite(atMs)) return null;
  const p = partsIn(atMs, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const secondStart = atMs - (((atMs % 1000) + 1000) % 1000);
  return Math.round((wall - secondStart) / 60_000);
}

/** `YYYY-MM-DD HH:mm:ss` of `ms` in `timeZone` (UTC when the zone is unknown). */
export function chartDateTime(ms: number, timeZone = 'UTC'): string {
  if (!Number.isFinite(ms)) return '';
  const p = partsIn(ms, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

export type TickLevel = 'year' | 'month' | 'day' | 'time' | 'seconds';

/** A short time-axis label: the year, `MM-DD`… coarse marks name the larger unit, fine ones the clock. */
export function chartTickLabel(ms: number, level: TickLevel, timeZone = 'UTC'): string {
  if (!Number.isFinite(ms)) return '';
  const p = partsIn(ms, timeZone);
  switch (level) {
    case 'year':
      return String(p.year);
    case 'month':
      return `${p.year}-${pad(p.month)}`;
    case 'day':
      return `${pad(p.month)}-${pad(p.day)}`;
    case 'time':
      return `${pad(p.hour)}:${pad(p.minute)}`;
    case 'seconds':
      return `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
  }
}
