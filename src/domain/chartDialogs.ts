/**
 * Rules behind the pro chart's dialogs (spec 1 §2.3, §5, §9): indicator
 * parameters, the indicator and compare lists, and the chart settings
 * (colours, timezone). Pure: time is a parameter.
 */
import { isKnownTimeZone, timezoneOffsetMinutes } from './chartTime';
import { MAX_INDICATORS } from './indicators';
import {
  DEFAULT_CHART_SETTINGS,
  INDICATOR_IDS,
  type ChartSettings,
  type IndicatorConfig,
  type IndicatorId,
} from './chartModel';

// One cap for saved lists (the indicator module's parseIndicatorConfigs) and the dialog.
export { MAX_INDICATORS } from './indicators';
export const MAX_COMPARE = 3;

// ---- indicator parameters ---------------------------------------------------

/** What the dialog needs to know of one indicator parameter (the indicator module defines them). */
export interface IndicatorParamRule {
  key: string;
  min: number;
  max: number;
  integer: boolean;
  default: number;
}

export type ParamError = 'notNumber' | 'notInteger' | 'belowMin' | 'aboveMax';
export type ParamCheck = { ok: true; value: number } | { ok: false; error: ParamError };

const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * One typed parameter. Unlike a price input, a parameter is refused rather
 * than clamped: silently turning "500" into "200" would change the study.
 */
export function checkIndicatorParam(raw: string, rule: IndicatorParamRule): ParamCheck {
  const text = raw.trim();
  if (!NUMBER_TEXT.test(text)) return { ok: false, error: 'notNumber' };
  const value = Number(text);
  if (!Number.isFinite(value)) return { ok: false, error: 'notNumber' };
  if (rule.integer && !Number.isInteger(value)) return { ok: false, error: 'notInteger' };
  if (value < rule.min) return { ok: false, error: 'belowMin' };
  if (value > rule.max) return { ok: false, error: 'aboveMax' };
  return { ok: true, value };
}

/**
 * The value after one press of the up or down arrow in a parameter field:
 * one `step` on, kept within min and max, without float noise (0.1 + 0.2).
 * A field that does not hold a valid value starts again from the default.
 */
export function stepIndicatorParam(raw: string, rule: IndicatorParamRule & { step: number }, direction: 1 | -1): number {
  const check = checkIndicatorParam(raw, rule);
  if (!check.ok) return rule.default;
  const step = rule.step > 0 && Number.isFinite(rule.step) ? rule.step : 1;
  const decimals = Math.min(10, (String(step).split('.')[1] ?? '').length);
  const next = Number((check.value + direction * step).toFixed(decimals));
  return Math.min(rule.max, Math.max(rule.min, next));
}

function validParam(value: unknown, rule: IndicatorParamRule): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!rule.integer || Number.isInteger(value)) &&
    value >= rule.min &&
    value <= rule.max
  );
}

/** Parameters from a save, one per rule: a missing or invalid one takes the rule's default. */
export function normalizeIndicatorParams(params: unknown, rules: readonly IndicatorParamRule[]): number[] {
  const list = Array.isArray(params) ? (params as unknown[]) : [];
  return rules.map((rule, i) => (validParam(list[i], rule) ? (list[i] as number) : rule.default));
}

/** A key not yet used in the list: "MA-1", then "MA-2" for a second MA. */
export function nextIndicatorKey(id: IndicatorId, list: readonly Pick<IndicatorConfig, 'key'>[]): string {
  const used = new Set(list.map((c) => c.key));
  let n = 1;
  while (used.has(`${id}-${n}`)) n += 1;
  return `${id}-${n}`;
}

/** Adds an indicator with its default parameters; the list is returned unchanged when it is full. */
export function addIndicator(
  list: readonly IndicatorConfig[],
  id: IndicatorId,
  rules: readonly IndicatorParamRule[],
): IndicatorConfig[] {
  if (list.length >= MAX_INDICATORS) return [...list];
  return [...list, { key: nextIndicatorKey(id, list), id, params: rules.map((r) => r.default) }];
}

/** Indicators from a save: known ids, unique keys, valid parameters, at most MAX_INDICATORS. */
export function normalizeIndicators(
  value: unknown,
  rulesOf: (id: IndicatorId) => readonly IndicatorParamRule[],
): IndicatorConfig[] {
  if (!Array.isArray(value)) return [];
  const out: IndicatorConfig[] = [];
  for (const item of value as unknown[]) {
    if (out.length >= MAX_INDICATORS) break;
    if (typeof item !== 'object' || item === null) continue;
    const { id, key, params } = item as Record<string, unknown>;
    if (!(INDICATOR_IDS as readonly unknown[]).includes(id)) continue;
    const indicatorId = id as IndicatorId;
    const unique = typeof key === 'string' && key !== '' && !out.some((c) => c.key === key);
    out.push({
      key: unique ? key : nextIndicatorKey(indicatorId, out),
      id: indicatorId,
      params: normalizeIndicatorParams(params, rulesOf(indicatorId)),
    });
  }
  return out;
}

// ---- compare ----------------------------------------------------------------

export interface CompareSymbol {
  symbolId: string;
  base: string;
  quote: string;
}

const squash = (s: string) => s.toLowerCase().replace(/[\s/_-]/g, '');

/** Symbols that can be compared: not the one on the chart, matching the search (BTC, btcusdt, BTC/USDT). */
export function compareCandidates<T extends CompareSymbol>(symbols: readonly T[], current: string, query: string): T[] {
  const q = squash(query);
  return symbols.filter((s) => {
    if (s.symbolId === current) return false;
    if (q === '') return true;
    return squash(s.symbolId).includes(q) || squash(`${s.base}${s.quote}`).includes(q);
  });
}

/** Adds or removes a compared symbol; adding to a full list changes nothing. */
export function toggleCompare(list: readonly string[], symbolId: string, max = MAX_COMPARE): string[] {
  if (list.includes(symbolId)) return list.filter((s) => s !== symbolId);
  return list.length >= max ? [...list] : [...list, symbolId];
}

// ---- chart settings ---------------------------------------------------------

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** A colour as `#rrggbb` (lower case); null for anything else. */
export function parseHexColor(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  return HEX_COLOR.test(text) ? text.toLowerCase() : null;
}

/** True when the runtime knows the IANA zone. */
/** A zone name this browser knows (one rule for the dialog, saved layouts and the chart's labels). */
export function isKnownTimezone(zone: unknown): zone is string {
  return typeof zone === 'string' && zone !== '' && isKnownTimeZone(zone);
}

const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  (allowed as readonly unknown[]).includes(value) ? (value as T) : fallback;

/** Chart settings from a save or a remote sync: every bad field takes its default. */
export function normalizeChartSettings(value: unknown): ChartSettings {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const d = DEFAULT_CHART_SETTINGS;
  return {
    upColor: parseHexColor(v.upColor) ?? d.upColor,
    downColor: parseHexColor(v.downColor) ?? d.downColor,
    gridVertical: typeof v.gridVertical === 'boolean' ? v.gridVertical : d.gridVertical,
    gridHorizontal: typeof v.gridHorizontal === 'boolean' ? v.gridHorizontal : d.gridHorizontal,
    crosshair: pick(v.crosshair, ['normal', 'magnet'] as const, d.crosshair),
    priceScale: pick(v.priceScale, ['normal', 'log', 'percent'] as const, d.priceScale),
    timezone: isKnownTimezone(v.timezone) ? v.timezone : d.timezone,
  };
}

/** Zones offered besides UTC (spec 1 §9: UTC by default): the main trading hubs, west to east. */
export const CHART_TIMEZONES = [
  'UTC',
  'Pacific/Honolulu',
  'America/Los_Angeles',
  'America/Chicago',
  'America/New_York',
  'America/Sao_Paulo',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Istanbul',
  'Europe/Moscow',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Bangkok',
  'Asia/Singapore',
  'Asia/Hong_Kong',
  'Asia/Shanghai',
  'Asia/Taipei',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Australia/Sydney',
  'Pacific/Auckland',
] as const;

/** "UTC", "UTC+8", "UTC+5:30", "UTC-3". */
/** The zone offset lives with the other zone rules (chartTime.ts). */
export { timezoneOffsetMinutes };

export function utcOffsetLabel(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  const h = Math.floor(abs / 60);
  const m = abs % 60;
  return `UTC${sign}${h}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
}
