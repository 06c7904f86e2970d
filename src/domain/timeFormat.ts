/** The spec's time formats (spec 1 §9: `YYYY-MM-DD HH:mm:ss`; trade times `HH:mm:ss`); zone-aware dates live in chartTime.ts. */
import { chartDateTime } from './chartTime';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * HH:mm:ss of `ms` in a zone `offsetMinutes` east of UTC (the browser's local
 * offset at that instant is `-new Date(ms).getTimezoneOffset()`).
 */
export function clockTimeOf(ms: number, offsetMinutes: number): string {
  if (!Number.isFinite(ms) || !Number.isFinite(offsetMinutes)) return '--:--:--';
  const day = 86_400_000;
  const local = (((ms + offsetMinutes * 60_000) % day) + day) % day;
  const seconds = Math.floor(local / 1000);
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/** spec 1 §9 time format, in UTC: `YYYY-MM-DD HH:mm:ss` (the chart's formatter with its default zone). */
export function utcDateTime(ms: number): string {
  return chartDateTime(ms, 'UTC');
}
