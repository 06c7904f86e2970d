import { describe, expect, it } from 'vitest';
import { AVG_LINE_DAYS, DEFAULT_CHART_DISPLAY, avgLineDaysLabel, parseChartDisplay, visibleDisplayOptions, type DisplayViewer } from './chartDisplay';

const GLOBAL = { syncApp: true, hiddenChartOptions: [] };
const viewer = (patch: Partial<DisplayViewer> = {}): DisplayViewer => ({ loggedIn: true, isDemo: false, isUnified: true, site: GLOBAL, syncFeatureFlag: true, ...patch });

describe('chart display defaults and parsing', () => {
  it('has everything on except the average lines, 30 days each', () => {
    expect(DEFAULT_CHART_DISPLAY).toEqual({
      trade: true, position: true, limitTrade: true, entrust: true, dealHistory: true,
      avgBuyLine: false, avgSellLine: false, avgBuyLineDays: 30, avgSellLineDays: 30, grid: true,
    });
  });

  it('keeps valid fields and replaces each bad one by its default', () => {
    expect(parseChartDisplay({ trade: false, entrust: 'no', avgBuyLine: true, avgBuyLineDays: 730, avgSellLineDays: 45, grid: 0 })).toEqual({
      ...DEFAULT_CHART_DISPLAY, trade: false, avgBuyLine: true, avgBuyLineDays: 730,
    });
  });

  it.each([null, undefined, 'x', 3, [true], { avgBuyLineDays: '30' }])('reads %j as the defaults', (raw) => {
    expect(parseChartDisplay(raw)).toEqual(DEFAULT_CHART_DISPLAY);
  });

  it('labels day choices of 365 or more in years', () => {
    expect(AVG_LINE_DAYS.map(avgLineDaysLabel)).toEqual([
      { unit: 'days', count: 7 }, { unit: 'days', count: 30 }, { unit: 'days', count: 60 }, { unit: 'days', count: 90 },
      { unit: 'days', count: 180 }, { unit: 'years', count: 1 }, { unit: 'years', count: 2 }, { unit: 'years', count: 3 },
    ]);
  });
});

describe('visible display options', () => {
  it('visitors see quick market trade only', () => {
    expect(visibleDisplayOptions(viewer({ loggedIn: false }))).toEqual(['trade']);
  });

  it('signed-in users see every option in the spec order, sync last', () => {
    expect(visibleDisplayOptions(viewer())).toEqual(['trade', 'dealHistory', 'entrust', 'limitTrade', 'avgBuyLine', 'avgSellLine', 'position', 'grid', 'syncApp']);
  });

  it('the position line is a unified account\'s only (a classic account has no positions)', () => {
    expect(visibleDisplayOptions(viewer({ isUnified: false }))).toEqual(['trade', 'dealHistory', 'entrust', 'limitTrade', 'avgBuyLine', 'avgSellLine', 'grid', 'syncApp']);
  });

  it('sync to app needs both the feature flag and the compliance setting, and is not for demo accounts', () => {
    expect(visibleDisplayOptions(viewer({ syncFeatureFlag: false }))).not.toContain('syncApp');
    expect(visibleDisplayOptions(viewer({ site: { ...GLOBAL, syncApp: false } }))).not.toContain('syncApp');
    expect(visibleDisplayOptions(viewer({ isDemo: true }))).toEqual(['trade', 'dealHistory', 'entrust', 'limitTrade', 'avgBuyLine', 'avgSellLine', 'position', 'grid']);
  });

  it('the compliance configuration hides the options it names, for visitors too', () => {
    expect(visibleDisplayOptions(viewer({ site: { syncApp: true, hiddenChartOptions: ['avgBuyLine', 'avgSellLine'] } }))).toEqual([
      'trade', 'dealHistory', 'entrust', 'limitTrade', 'position', 'grid', 'syncApp',
    ]);
    expect(visibleDisplayOptions(viewer({ loggedIn: false, site: { syncApp: true, hiddenChartOptions: ['trade'] } }))).toEqual([]);
  });
});
