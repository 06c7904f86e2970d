import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartConfig, ChartLayoutState } from '../domain/chartModel';
import { DEFAULT_CHART_LAYOUT } from '../domain/chartSave';
import { DEFAULT_CHART_DISPLAY } from '../domain/chartDisplay';
import { chartSaveQueryKeys, useChartCloudSave } from './chartSaves';

/** A small stateful stand-in for the exchange's chart-save calls (the real ones are tested in mocks/). */
let saved: { version: number; saveData: string } | null = null;
let config: ChartConfig | null = null;
let uploads = 0;
const server = setupServer(
  http.get('*/spot/api/account/get_kline_config', () => HttpResponse.json({ code: 0, success: true, result: config })),
  http.post('*/spot/api/account/set_kline_config', async ({ request }) => {
    config = (await request.json()) as ChartConfig;
    return HttpResponse.json({ code: 0, success: true, result: config });
  }),
  http.get('*/spot/api/account/get_kline', ({ request }) => {
    if (!saved) return HttpResponse.json({ code: 0, success: true, result: null });
    const known = new URL(request.url).searchParams.get('version');
    const klinePath = known === String(saved.version) ? null : `/spot/api/account/kline_file/u/${saved.version}.json`;
    return HttpResponse.json({ code: 0, success: true, result: { version: saved.version, indicatorVersion: 1, klinePath } });
  }),
  http.get('*/spot/api/account/kline_file/u/:file', () => HttpResponse.json({ ...saved, indicatorVersion: 1 })),
  http.post('*/spot/api/account/upload_kline', async ({ request }) => {
    const body = (await request.json()) as { version: number; saveData: string };
    uploads += 1;
    const current = saved?.version ?? 0;
    if (body.version < current) return HttpResponse.json({ code: 10409, success: false, message: 'stale', result: { version: current } });
    saved = { version: current + 1, saveData: body.saveData };
    return HttpResponse.json({ code: 0, success: true, result: { version: saved.version } });
  }),
);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
beforeEach(() => {
  saved = null;
  config = null;
  uploads = 0;
});

const LINE: ChartLayoutState = { ...DEFAULT_CHART_LAYOUT, style: 'line' };
const BARS: ChartLayoutState = { ...DEFAULT_CHART_LAYOUT, style: 'bar', indicators: [{ key: 'rsi', id: 'RSI', params: [14] }] };

let client: QueryClient;
function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function mount(props: { symbolId: string; loggedIn: boolean; isDemo: boolean }) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderHook((p: typeof props) => useChartCloudSave(p), { wrapper, initialProps: props });
}

/** Lets the hook's timers run on a fake clock, then waits for the calls they start. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const USER = { symbolId: 'BTCUSDT', loggedIn: true, isDemo: false };

describe('useChartCloudSave', () => {
  it('a visitor keeps the layout in local storage only', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { result } = mount({ ...USER, loggedIn: false });
    expect(result.current.loaded).toBe(true);
    act(() => result.current.saveLayout(LINE));
    await advance(20_000);
    expect(result.current.layout).toEqual(LINE);
    expect(JSON.parse(localStorage.getItem('SPOT_kline_layout_v1') ?? 'null')).toEqual(LINE);
    expect(uploads).toBe(0);
  });

  it('reads the local copy first, then the cloud save once it answers', async () => {
    localStorage.setItem('SPOT_kline_layout_v1', JSON.stringify(BARS));
    saved = { version: 3, saveData: JSON.stringify(LINE) };
    const { result } = mount(USER);
    expect(result.current.layout).toEqual(BARS);
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current.layout).toEqual(LINE);
    expect(result.current.remoteRevision).toBe(0);
  });

  it('uploads 5 s after the last edit (not inside the first 5 s of the symbol), then a refetch is not "remote"', async () => {
    const { result } = mount(USER);
    await waitFor(() => expect(result.current.loaded).toBe(true));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // The page just opened the symbol: its first 5 s are quiet.
    await advance(5_000);
    act(() => result.current.saveLayout(LINE));
    await advance(3_000);
    act(() => result.current.saveLayout(BARS));
    await advance(4_900);
    expect(uploads).toBe(0);
    await advance(200);
    vi.useRealTimers();
    await waitFor(() => expect(saved).toEqual({ version: 1, saveData: JSON.stringify(BARS) }));
    expect(uploads).toBe(1);
    await act(() => client.refetchQueries({ queryKey: chartSaveQueryKeys.save }));
    expect(result.current.remoteRevision).toBe(0);
    expect(result.current.layout).toEqual(BARS);
  });

  it('an edit right after a symbol change is not uploaded; demo accounts never upload', async () => {
    const { result, rerender } = mount(USER);
    await waitFor(() => expect(result.current.loaded).toBe(true));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await advance(6_000);
    rerender({ ...USER, symbolId: 'ETHUSDT' });
    act(() => result.current.saveLayout(LINE));
    await advance(20_000);
    expect(uploads).toBe(0);
    expect(JSON.parse(localStorage.getItem('SPOT_kline_layout_v1') ?? 'null')).toEqual(LINE);

    const demo = mount({ ...USER, isDemo: true });
    expect(demo.result.current.loaded).toBe(true);
    await advance(6_000);
    act(() => demo.result.current.saveLayout(BARS));
    await advance(20_000);
    expect(uploads).toBe(0);
  });

  it('another device saving (layout or config) bumps remoteRevision and brings its layout', async () => {
    saved = { version: 1, saveData: JSON.stringify(LINE) };
    const { result } = mount(USER);
    await waitFor(() => expect(result.current.loaded).toBe(true));
    saved = { version: 2, saveData: JSON.stringify(BARS) };
    await act(() => client.refetchQueries({ queryKey: chartSaveQueryKeys.save }));
    await waitFor(() => expect(result.current.remoteRevision).toBe(1));
    expect(result.current.layout).toEqual(BARS);

    config = { klineType: 'lightChart', interval: '1h', pinnedIntervals: ['1h'], display: DEFAULT_CHART_DISPLAY };
    await act(() => client.refetchQueries({ queryKey: chartSaveQueryKeys.config }));
    await waitFor(() => expect(result.current.remoteRevision).toBe(2));
    expect(result.current.config).toEqual(config);
  });

  it('its own config save is not a remote change', async () => {
    const { result } = mount(USER);
    await waitFor(() => expect(result.current.loaded).toBe(true));
    const mine: ChartConfig = { klineType: 'tradingview', interval: '4h', pinnedIntervals: ['4h', '1d'], display: DEFAULT_CHART_DISPLAY };
    act(() => result.current.saveConfig(mine));
    await waitFor(() => expect(config).toEqual(mine));
    await act(() => client.refetchQueries({ queryKey: chartSaveQueryKeys.config }));
    expect(result.current.config).toEqual(mine);
    expect(result.current.remoteRevision).toBe(0);
  });

  it('a stale upload (another device saved meanwhile) is retried on top of the newer save', async () => {
    const { result } = mount(USER);
    await waitFor(() => expect(result.current.loaded).toBe(true));
    saved = { version: 4, saveData: JSON.stringify(LINE) };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await advance(5_000);
    act(() => result.current.saveLayout(BARS));
    await advance(5_000);
    vi.useRealTimers();
    await waitFor(() => expect(saved).toEqual({ version: 5, saveData: JSON.stringify(BARS) }));
    expect(uploads).toBe(2);
  });
});
