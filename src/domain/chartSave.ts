/**
 * Chart saves (spec 1 §4, §7, §9): when the pro chart's layout may go to the
 * cloud, the auto-save timing, and the safe reading of saved configurations and
 * layouts. Pure: time is always a parameter.
 */
import {
  CHART_STYLES,
  DEFAULT_CHART_SETTINGS,
  DEFAULT_CHART_STYLE,
  INDICATOR_IDS,
  type ChartConfig,
  type ChartLayoutState,
  type ChartSettings,
  type ChartStyle,
  type IndicatorConfig,
  type IndicatorId,
} from './chartModel';
import { parseChartDisplay } from './chartDisplay';
import { parseInterval, type Interval } from './intervals';

/** spec 1 §9: auto-save debounce 5 s */
export const SAVE_DEBOUNCE_MS = 5_000;
/** spec 1 §9: chart save interval 5000 ms (at most one upload per interval) */
export const SAVE_INTERVAL_MS = 5_000;
/** spec 1 §4: no cloud save during the first 5 s after a symbol change (the chart is still loading) */
export const SYMBOL_CHANGE_QUIET_MS = 5_000;

/** spec 1 §9: the current interval preference defaults to 30 minutes. */
export const DEFAULT_INTERVAL: Interval = '30m';
export const DEFAULT_PINNED_INTERVALS: readonly Interval[] = ['1m', '15m', '1h', '4h', '1d'];

export type CloudSkipReason = 'loggedOut' | 'demo' | 'symbolChange';

export interface SaveAccount {
  loggedIn: boolean;
  isDemo: boolean;
}

/**
 * Spec 1 §4/§6: why a cloud save must not happen now, or null when it may.
 * Logged out → the layout is kept locally only; demo accounts have no cloud
 * save; right after a symbol change the chart's own reload is not a user edit.
 */
export function cloudSaveSkip(account: SaveAccount, symbolChangedAt: number | null, now: number): CloudSkipReason | null {
  if (!account.loggedIn) return 'loggedOut';
  if (account.isDemo) return 'demo';
  if (symbolChangedAt !== null && now - symbolChangedAt < SYMBOL_CHANGE_QUIET_MS) return 'symbolChange';
  return null;
}

export interface AutoSaveState {
  /** an edit waits for its upload */
  pending: boolean;
  lastChangeAt: number | null;
  lastUploadAt: number | null;
  symbolChangedAt: number | null;
}

export const INITIAL_AUTO_SAVE: AutoSaveState = { pending: false, lastChangeAt: null, lastUploadAt: null, symbolChangedAt: null };

export type AutoSaveEvent =
  /** the user changed the layout */
  | { type: 'change'; account: SaveAccount }
  | { type: 'symbolChange' }
  /** the timer asked for by `wakeAt` fired */
  | { type: 'timer'; account: SaveAccount };

export interface AutoSaveStep {
  state: AutoSaveState;
  /** when to send the next `timer` event; null: no timer needed */
  wakeAt: number | null;
  /** upload the current layout now */
  upload: boolean;
  /** set when a change or a due save was dropped by a skip rule */
  skipped: CloudSkipReason | null;
}

/**
 * Debounced after the last change, never sooner than one interval after the
 * last upload, and never inside the quiet window after a symbol change.
 */
function dueAt(state: AutoSaveState): number {
  return Math.max(
    (state.lastChangeAt ?? 0) + SAVE_DEBOUNCE_MS,
    state.lastUploadAt === null ? 0 : state.lastUploadAt + SAVE_INTERVAL_MS,
    state.symbolChangedAt === null ? 0 : state.symbolChangedAt + SYMBOL_CHANGE_QUIET_MS,
  );
}

/**
 * The auto-save scheduler as a state machine: the caller keeps the state,
 * feeds events with the time they happened and runs one timer at `wakeAt`.
 */
export function autoSaveStep(state: AutoSaveState, event: AutoSaveEvent, now: number): AutoSaveStep {
  if (event.type === 'symbolChange') {
    // A user edit made before the switch still goes up (the layout is not per symbol), after the quiet window.
    const next = { ...state, symbolChangedAt: now };
    return { state: next, wakeAt: next.pending ? dueAt(next) : null, upload: false, skipped: null };
  }
  if (event.type === 'change') {
    // Changes inside the quiet window are the chart rebuilding for the new symbol, not the user's.
    const skipped = cloudSaveSkip(event.account, state.symbolChangedAt, now);
    if (skipped === 'symbolChange') return { state, wakeAt: state.pending ? dueAt(state) : null, upload: false, skipped };
    if (skipped) return { state: { ...state, pending: false }, wakeAt: null, upload: false, skipped };
    const next = { ...state, pending: true, lastChangeAt: now };
    return { state: next, wakeAt: dueAt(next), upload: false, skipped: null };
  }
  if (!state.pending) return { state, wakeAt: null, upload: false, skipped: null };
  const due = dueAt(state);
  if (now < due) return { state, wakeAt: due, upload: false, skipped: null };
  // The account may have changed while the save waited (sign-out, switch to demo).
  const skipped = cloudSaveSkip(event.account, state.symbolChangedAt, now);
  if (skipped) return { state: { ...state, pending: false }, wakeAt: null, upload: false, skipped };
  return { state: { ...state, pending: false, lastUploadAt: now }, wakeAt: null, upload: true, skipped: null };
}

const objectOf = (raw: unknown): Record<string, unknown> =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};

/** A saved chart configuration, each unusable field replaced by its default. */
/** Depth is never remembered (spec 1 §9), so anything but the simple chart reads as the pro chart, the default. */
export function parseChartConfig(raw: unknown): ChartConfig {
  const value = objectOf(raw);
  const pinned = Array.isArray(value.pinnedIntervals)
    ? [...new Set(value.pinnedIntervals.map(parseInterval).filter((i): i is Interval => i !== null))]
    : [];
  return {
    klineType: value.klineType === 'lightChart' ? 'lightChart' : 'tradingview',
    interval: parseInterval(value.interval) ?? DEFAULT_INTERVAL,
    pinnedIntervals: pinned.length > 0 ? pinned : [...DEFAULT_PINNED_INTERVALS],
    display: parseChartDisplay(value.display),
  };
}

export const DEFAULT_CHART_LAYOUT: ChartLayoutState = {
  style: DEFAULT_CHART_STYLE,
  indicators: [],
  compare: [],
  settings: DEFAULT_CHART_SETTINGS,
};

/** Bounds of a saved layout: more would be a corrupt or hostile save, not a user's chart. */
export const MAX_SAVED_INDICATORS = 20;
export const MAX_INDICATOR_PARAMS = 8;
export const MAX_COMPARE = 5;

const COLOR = /^#[0-9a-fA-F]{6}$/;
const TIMEZONE = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;
const SYMBOL_ID = /^[A-Z0-9]{2,24}$/;
const KEY = /^[\w.:-]{1,40}$/;

function parseIndicator(raw: unknown): IndicatorConfig | null {
  const value = objectOf(raw);
  if (typeof value.key !== 'string' || !KEY.test(value.key)) return null;
  if (!(INDICATOR_IDS as readonly unknown[]).includes(value.id)) return null;
  if (!Array.isArray(value.params) || value.params.length > MAX_INDICATOR_PARAMS) return null;
  if (!value.params.every((p) => typeof p === 'number' && Number.isFinite(p))) return null;
  return { key: value.key, id: value.id as IndicatorId, params: [...(value.params as number[])] };
}

function parseSettings(raw: unknown): ChartSettings {
  const value = objectOf(raw);
  const d = DEFAULT_CHART_SETTINGS;
  const color = (v: unknown, fallback: string) => (typeof v === 'string' && COLOR.test(v) ? v : fallback);
  const flag = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);
  return {
    upColor: color(value.upColor, d.upColor),
    downColor: color(value.downColor, d.downColor),
    gridVertical: flag(value.gridVertical, d.gridVertical),
    gridHorizontal: flag(value.gridHorizontal, d.gridHorizontal),
    crosshair: value.crosshair === 'magnet' || value.crosshair === 'normal' ? value.crosshair : d.crosshair,
    priceScale: value.priceScale === 'log' || value.priceScale === 'percent' || value.priceScale === 'normal' ? value.priceScale : d.priceScale,
    timezone: typeof value.timezone === 'string' && TIMEZONE.test(value.timezone) ? value.timezone : d.timezone,
  };
}

/**
 * A saved pro-chart layout (local or cloud). Unknown styles and settings read
 * as defaults; indicators keep only well-shaped entries with unique keys — the
 * indicator module checks their parameters against its definitions.
 */
export function parseChartLayout(raw: unknown): ChartLayoutState {
  const value = objectOf(raw);
  const style = (CHART_STYLES as readonly unknown[]).includes(value.style) ? (value.style as ChartStyle) : DEFAULT_CHART_STYLE;
  const indicators: IndicatorConfig[] = [];
  const keys = new Set<string>();
  for (const entry of Array.isArray(value.indicators) ? value.indicators : []) {
    const indicator = parseIndicator(entry);
    if (!indicator || keys.has(indicator.key)) continue;
    keys.add(indicator.key);
    indicators.push(indicator);
    if (indicators.length === MAX_SAVED_INDICATORS) break;
  }
  const compare = Array.isArray(value.compare)
    ? [...new Set(value.compare.filter((s): s is string => typeof s === 'string' && SYMBOL_ID.test(s)))].slice(0, MAX_COMPARE)
    : [];
  return { style, indicators, compare, settings: parseSettings(value.settings) };
}
