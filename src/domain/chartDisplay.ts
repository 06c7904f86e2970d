/**
 * The chart's display options (spec 1 §2.3, §3, §6, §9): their defaults, the
 * safe reading of stored values, the average-line day choices and which
 * options a viewer is offered. Pure: no storage, no React.
 */
import type { ChartDisplaySettings } from './chartModel';

/** Spec 1 §9 average-line day choices; 365 or more are shown as years. */
export const AVG_LINE_DAYS = [7, 30, 60, 90, 180, 365, 730, 1095] as const;
export type AvgLineDays = (typeof AVG_LINE_DAYS)[number];
export const DEFAULT_AVG_LINE_DAYS: AvgLineDays = 30;

/** Everything on except the average lines, which need a choice of window first. */
export const DEFAULT_CHART_DISPLAY: ChartDisplaySettings = {
  trade: true,
  position: true,
  limitTrade: true,
  entrust: true,
  dealHistory: true,
  avgBuyLine: false,
  avgSellLine: false,
  avgBuyLineDays: DEFAULT_AVG_LINE_DAYS,
  avgSellLineDays: DEFAULT_AVG_LINE_DAYS,
  grid: true,
};

const FLAGS = ['trade', 'position', 'limitTrade', 'entrust', 'dealHistory', 'avgBuyLine', 'avgSellLine', 'grid'] as const;
export type DisplayFlag = (typeof FLAGS)[number];

export function isAvgLineDays(value: unknown): value is AvgLineDays {
  return typeof value === 'number' && (AVG_LINE_DAYS as readonly number[]).includes(value);
}

/** The label parts of a day choice: 30 → 30 days, 730 → 2 years. */
export function avgLineDaysLabel(days: AvgLineDays): { unit: 'days' | 'years'; count: number } {
  return days >= 365 ? { unit: 'years', count: Math.round(days / 365) } : { unit: 'days', count: days };
}

/** Stored or remote settings are untrusted: each unusable field reads as its default. */
export function parseChartDisplay(raw: unknown): ChartDisplaySettings {
  const value = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const out: ChartDisplaySettings = { ...DEFAULT_CHART_DISPLAY };
  for (const flag of FLAGS) {
    const v = value[flag];
    if (typeof v === 'boolean') out[flag] = v;
  }
  if (isAvgLineDays(value.avgBuyLineDays)) out.avgBuyLineDays = value.avgBuyLineDays;
  if (isAvgLineDays(value.avgSellLineDays)) out.avgSellLineDays = value.avgSellLineDays;
  return out;
}

/**
 * The entries of the display-options dropdown, in the spec's order. The ids are
 * the settings' own names (the compliance configuration's `hiddenChartOptions`
 * uses them too), plus `syncApp`, which is a server preference, not a setting.
 */
export const DISPLAY_OPTION_IDS = ['trade', 'dealHistory', 'entrust', 'limitTrade', 'avgBuyLine', 'avgSellLine', 'position', 'grid', 'syncApp'] as const;
export type DisplayOptionId = (typeof DISPLAY_OPTION_IDS)[number];

/** Which day setting belongs to an average line. */
export const AVG_LINE_DAYS_KEY = { avgBuyLine: 'avgBuyLineDays', avgSellLine: 'avgSellLineDays' } as const;

export interface DisplayViewer {
  loggedIn: boolean;
  isDemo: boolean;
  /** a unified account: only it has positions to draw */
  isUnified: boolean;
  site: { syncApp: boolean; hiddenChartOptions: readonly string[] };
  /** the sync-to-app feature flag of the build */
  syncFeatureFlag: boolean;
}

/**
 * Spec 1 §2.3/§6: visitors get quick market trade only; signed-in users also
 * trade info, entrust orders, the hover quick order and both average lines; sync to app needs the
 * feature flag and the compliance setting, and is not offered to demo accounts
 * (they have no cloud chart save to sync, spec 1 §6). The compliance
 * configuration hides any option it names.
 */
export function visibleDisplayOptions(viewer: DisplayViewer): DisplayOptionId[] {
  const hidden = new Set(viewer.site.hiddenChartOptions);
  const offered: DisplayOptionId[] = ['trade'];
  if (viewer.loggedIn) {
    // limitTrade (the hover quick order) is a spec 1 §3 display setting the dropdown's list does not name; it sits beside the entrust orders.
    offered.push('dealHistory', 'entrust', 'limitTrade', 'avgBuyLine', 'avgSellLine');
    // position and grid (spec 1 §3 display settings): the position's entry price, a unified account's; running grid bots' ranges.
    if (viewer.isUnified) offered.push('position');
    offered.push('grid');
    if (viewer.syncFeatureFlag && viewer.site.syncApp && !viewer.isDemo) offered.push('syncApp');
  }
  return offered.filter((id) => !hidden.has(id));
}
