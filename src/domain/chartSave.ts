/**
 * Chart saves (spec 1 §4, §7, §9): when the pro chart's layout may go to the
 * cloud, the auto-save timing, and the safe reading of saved configurations and
 * layouts. Pure: time is always a parameter.
 */
import {
  CHART_STYLES,
  DEFAULT_CHART_SETTINGS,
  DEFAULT_CHART_STYLE,
  type ChartConfig,
  type ChartLayoutState,
  type ChartStyle,
} from './chartModel';
import { DEFAULT_INTERVAL } from './chartKind';
import { MAX_COMPARE, normalizeChartSettings } from './chartDialogs';
import { parseChartDisplay } from './chartDisplay';
import { parsePinnedIntervals } from './chartToolbar';
import { defaultIndicatorConfig, parseIndicatorConfigs } from './indicators';
import { parseInterval } from './intervals';

/** spec 1 §9: auto-save debounce 5 s */
export const SAVE_DEBOUNCE_MS = 5_000;
/** spec 1 §9: chart save interval 5000 ms (at most one upload per interval) */
export const SAVE_INTERVAL_MS = 5_000;
/** spec 1 §4: no cloud save during the first 5 s after a symbol change (the chart is still loading) */
export const SYMBOL_CHANGE_QUIET_MS = 5_000;

/** spec 1 §9: the current interval preference defaults to 30 minutes. */
export { DEFAULT_INTERVAL } from './chartKind';
export { DEFAULT_PINNED_INTERVALS } from './chartToolbar';

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
  return {
    klineType: value.klineType === 'lightChart' ? 'lightChart' : 'tradingview',
    interval: parseInterval(value.interval) ?? DEFAULT_INTERVAL,
    pinnedIntervals: parsePinnedIntervals(value.pinnedIntervals),
    display: parseChartDisplay(value.display),
  };
}

/** A new pro chart looks like an exchange's: candles, MA(7), MA(25) and volume. */
export const DEFAULT_CHART_LAYOUT: ChartLayoutState = {
  style: DEFAULT_CHART_STYLE,
  indicators: [defaultIndicatorConfig('MA', 'MA-1', 0), defaultIndicatorConfig('MA', 'MA-2', 1), defaultIndicatorConfig('VOL', 'VOL-1', 0)],
  compare: [],
  settings: DEFAULT_CHART_SETTINGS,
};


const SYMBOL_ID = /^[A-Z0-9]{2,24}$/;

/**
 * A saved pro-chart layout (local or cloud). Unknown styles and settings read
 * as defaults; indicators keep only well-shaped entries with unique keys — the
 * indicator module checks their parameters against its definitions.
 */
export function parseChartLayout(raw: unknown): ChartLayoutState {
  const value = objectOf(raw);
  const style = (CHART_STYLES as readonly unknown[]).includes(value.style) ? (value.style as ChartStyle) : DEFAULT_CHART_STYLE;
  // No list at all (a first save, a broken one) means the default set; an empty list is the user's choice.
  const indicators = Array.isArray(value.indicators) ? parseIndicatorConfigs(value.indicators) : DEFAULT_CHART_LAYOUT.indicators;
  const compare = Array.isArray(value.compare)
    ? [...new Set(value.compare.filter((s): s is string => typeof s === 'string' && SYMBOL_ID.test(s)))].slice(0, MAX_COMPARE)
    : [];
  return { style, indicators, compare, settings: normalizeChartSettings(value.settings) };
}
