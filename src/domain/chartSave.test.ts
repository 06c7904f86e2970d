import { describe, expect, it } from 'vitest';
import { MAX_INDICATORS } from './indicators';
import { DEFAULT_CHART_SETTINGS } from './chartModel';
import {
  DEFAULT_CHART_LAYOUT, DEFAULT_PINNED_INTERVALS, INITIAL_AUTO_SAVE,
  autoSaveStep, cloudSaveSkip, parseChartConfig, parseChartLayout, type AutoSaveEvent, type AutoSaveState,
} from './chartSave';
import { DEFAULT_CHART_DISPLAY } from './chartDisplay';

const USER = { loggedIn: true, isDemo: false };
const change = (account = USER): AutoSaveEvent => ({ type: 'change', account });
const timer = (account = USER): AutoSaveEvent => ({ type: 'timer', account });

/**
 * A fake clock driving the machine like the hook does: events at given times,
 * the one timer fired whenever the clock passes `wakeAt`. Answers the upload times.
 */
function run(script: [number, AutoSaveEvent][], until: number, start: AutoSaveState = INITIAL_AUTO_SAVE) {
  let state = start;
  let wakeAt: number | null = null;
  const uploads: number[] = [];
  const skips: string[] = [];
  const apply = (event: AutoSaveEvent, now: number) => {
    const step = autoSaveStep(state, event, now);
    state = step.state;
    wakeAt = step.wakeAt;
    if (step.upload) uploads.push(now);
    if (step.skipped) skips.push(step.skipped);
  };
  const queue = [...script];
  for (let now = 0; now <= until; now += 100) {
    while (queue.length > 0 && queue[0]![0] <= now) apply(queue.shift()![1], now);
    if (wakeAt !== null && wakeAt <= now) apply(timer(), now);
  }
  return { uploads, skips, state };
}

describe('cloud save skip rules', () => {
  it('logged out → local only; demo → none; within 5000 ms of a symbol change → skipped', () => {
    expect(cloudSaveSkip({ loggedIn: false, isDemo: false }, null, 0)).toBe('loggedOut');
    expect(cloudSaveSkip({ loggedIn: true, isDemo: true }, null, 0)).toBe('demo');
    expect(cloudSaveSkip(USER, 10_000, 14_999)).toBe('symbolChange');
    expect(cloudSaveSkip(USER, 10_000, 15_000)).toBeNull();
    expect(cloudSaveSkip(USER, null, 0)).toBeNull();
  });
});

describe('auto-save scheduler', () => {
  it('uploads once, 5 s after the last of a burst of changes', () => {
    const { uploads } = run([[1000, change()], [2000, change()], [4500, change()]], 30_000);
    expect(uploads).toEqual([9500]);
  });

  it('never uploads twice within 5000 ms', () => {
    const after = { ...INITIAL_AUTO_SAVE, lastUploadAt: 10_000 };
    // A change arriving just before the last upload's interval ends still waits for its own debounce.
    expect(autoSaveStep(after, change(), 9_000).wakeAt).toBe(15_000);
    // The timer firing early (a throttled tab wakes late or a clock goes back) does not upload.
    const pending = { ...after, pending: true, lastChangeAt: 4_000 };
    expect(autoSaveStep(pending, timer(), 12_000)).toMatchObject({ upload: false, wakeAt: 15_000 });
    expect(autoSaveStep(pending, timer(), 15_000)).toMatchObject({ upload: true });
  });

  it('a timer with nothing pending does nothing', () => {
    expect(autoSaveStep(INITIAL_AUTO_SAVE, timer(), 50_000)).toEqual({ state: INITIAL_AUTO_SAVE, wakeAt: null, upload: false, skipped: null });
  });

  it('keeps uploading edits spaced out over time', () => {
    const { uploads } = run([[0, change()], [6000, change()], [20_000, change()]], 40_000);
    expect(uploads).toEqual([5000, 11_000, 25_000]);
  });

  it('ignores changes during the 5 s after a symbol change, but not a pending edit made before it', () => {
    const quiet = run([[1000, { type: 'symbolChange' }], [2000, change()], [5900, change()]], 20_000);
    expect(quiet.uploads).toEqual([]);
    expect(quiet.skips).toEqual(['symbolChange', 'symbolChange']);
    const before = run([[0, change()], [3000, { type: 'symbolChange' }], [4000, change()]], 20_000);
    expect(before.uploads).toEqual([8000]);
    const later = run([[1000, { type: 'symbolChange' }], [6000, change()]], 20_000);
    expect(later.uploads).toEqual([11_000]);
  });

  it('skips demo accounts and logged-out users, also when the account changed while a save waited', () => {
    expect(run([[0, change({ loggedIn: true, isDemo: true })]], 20_000)).toMatchObject({ uploads: [], skips: ['demo'] });
    expect(run([[0, change({ loggedIn: false, isDemo: false })]], 20_000)).toMatchObject({ uploads: [], skips: ['loggedOut'] });
    const waiting = autoSaveStep(INITIAL_AUTO_SAVE, change(), 0).state;
    expect(autoSaveStep(waiting, timer({ loggedIn: false, isDemo: false }), 5000)).toMatchObject({ upload: false, skipped: 'loggedOut' });
  });
});

describe('parseChartConfig', () => {
  it('keeps a valid configuration', () => {
    const config = { klineType: 'lightChart', interval: '4h', pinnedIntervals: ['1s', '1M'], display: { ...DEFAULT_CHART_DISPLAY, trade: false } };
    expect(parseChartConfig(config)).toEqual(config);
  });

  it('gives defaults for anything unusable: depth is never remembered, unknown intervals dropped', () => {
    expect(parseChartConfig({ klineType: 'deepChart', interval: '7m', pinnedIntervals: ['1h', 'x', '1h', 3], display: 'no' })).toEqual({
      klineType: 'tradingview', interval: '30m', pinnedIntervals: ['1h'], display: DEFAULT_CHART_DISPLAY,
    });
    expect(parseChartConfig(null)).toEqual({ klineType: 'tradingview', interval: '30m', pinnedIntervals: [...DEFAULT_PINNED_INTERVALS], display: DEFAULT_CHART_DISPLAY });
    expect(parseChartConfig({ pinnedIntervals: [] }).pinnedIntervals).toEqual(DEFAULT_PINNED_INTERVALS);
  });
});

describe('parseChartLayout', () => {
  it('keeps a valid layout', () => {
    const layout = {
      style: 'heikinAshi',
      indicators: [{ key: 'ma-1', id: 'MA', params: [7] }, { key: 'macd', id: 'MACD', params: [12, 26, 9] }],
      compare: ['ETHUSDT'],
      settings: { ...DEFAULT_CHART_SETTINGS, upColor: '#00ff00', crosshair: 'magnet', priceScale: 'log', timezone: 'Asia/Singapore' },
    };
    expect(parseChartLayout(layout)).toEqual(layout);
  });

  it('drops bad indicators and compare ids, defaults a bad style and bad settings fields', () => {
    expect(
      parseChartLayout({
        style: 'renko',
        indicators: [{ key: 'a', id: 'ZZ', params: [] }, { key: 'b', id: 'RSI', params: ['14'] }, { key: 'c', id: 'RSI', params: [14] }, { key: 'c', id: 'EMA', params: [9] }, 'x'],
        compare: ['eth', 'ETHUSDT', 'ETHUSDT', 5],
        settings: { upColor: 'red', gridVertical: 'yes', timezone: '../etc', crosshair: 'magnet' },
      }),
    ).toEqual({
      style: 'candle',
      // A parameter of the wrong type falls back to the indicator's default; a repeated key is dropped.
      indicators: [{ key: 'b', id: 'RSI', params: [14] }, { key: 'c', id: 'RSI', params: [14] }],
      compare: ['ETHUSDT'],
      settings: { ...DEFAULT_CHART_SETTINGS, crosshair: 'magnet' },
    });
    expect(parseChartLayout('garbage')).toEqual(DEFAULT_CHART_LAYOUT);
  });

  it('caps the number of indicators', () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ key: `k${i}`, id: 'MA', params: [i + 1] }));
    expect(parseChartLayout({ indicators: many }).indicators).toHaveLength(MAX_INDICATORS);
  });
});
