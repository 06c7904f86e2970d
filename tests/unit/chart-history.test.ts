import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHandlers } from '../../mocks/http/handlers';
import { KLINES_PATH, type KlineBar } from '../../src/data/api/klines';
import { CHART_RETRY_MS, useChartHistory, type ChartHistory } from '../../src/data/chartHistory';
import { getDatabase } from '../../src/data/db';
import { readCachedKlinePages, writeCachedKlinePages } from '../../src/data/klineCache';
import { pageStatus } from '../../src/data/pageStatus';
import type { Interval } from '../../src/domain/intervals';
import { BTC_BARS, createFakeMarket, MINUTE, T0 } from './fakeMarket';

/** The chart's kline history hook against the embedded exchange's REST handlers and a fake IndexedDB. */

const fake = createFakeMarket();
let networkDown = false;
const server = setupServer(...createHandlers({ market: fake.market, offline: () => networkDown }));
let klineRequests: URL[] = [];
server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  if (url.pathname.endsWith(KLINES_PATH)) klineRequests.push(url);
});

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => {
  networkDown = false;
  klineRequests = [];
});
afterEach(async () => {
  server.resetHandlers();
  vi.useRealTimers();
  pageStatus.setOnline(true);
  await getDatabase().klinePages.clear();
});
afterAll(() => server.close());

const bar = (time: number): KlineBar => ({ time, open: '1', high: '2', low: '0.5', close: '1.5', volume: '3' });
const timesAscending = (bars: readonly KlineBar[]) => bars.every((b, i) => i === 0 || b.time > (bars[i - 1]?.time ?? 0));

/** Holds every kline answer until `release()`; the cache can then be seen answering first. */
function holdKlines() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get(KLINES_PATH, async () => {
      await gate;
      return undefined;
    }),
  );
  return release;
}

describe('useChartHistory', () => {
  it('loads the newest 500 bars, oldest first, and caches them after', async () => {
    const { result } = renderHook(() => useChartHistory('BTCUSDT', '1m'));
    expect(result.current).toMatchObject({ status: 'loading', bars: [], canLoadOlder: false, pagesLoaded: 0 });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current).toMatchObject({ fromCache: false, offline: false, loadingOlder: false, canLoadOlder: true, pagesLoaded: 1 });
    expect(result.current.bars).toHaveLength(500);
    expect(result.current.bars.at(-1)?.time).toBe(T0 - MINUTE);
    expect(timesAscending(result.current.bars)).toBe(true);
    expect(klineRequests[0]?.searchParams.get('limit')).toBe('500');
    expect(klineRequests[0]?.searchParams.has('to')).toBe(false);
    await waitFor(async () => expect(await readCachedKlinePages('BTCUSDT', '1m')).toHaveLength(1));
  });

  it('loads 3 older pages from the oldest bar, then stops', async () => {
    const { result } = renderHook(() => useChartHistory('BTCUSDT', '1m'));
    await waitFor(() => expect(result.current.pagesLoaded).toBe(1));
    for (let pages = 2; pages <= 4; pages += 1) {
      const oldest = result.current.bars[0]?.time;
      const revision = result.current.revision;
      act(() => result.current.loadOlder());
      expect(result.current.loadingOlder).toBe(true);
      await waitFor(() => expect(result.current.pagesLoaded).toBe(pages));
      expect(klineRequests.at(-1)?.searchParams.get('to')).toBe(String(oldest));
      expect(result.current.bars).toHaveLength(Math.min(pages * 500, BTC_BARS));
      expect(result.current.revision).toBeGreaterThan(revision);
      expect(result.current.loadingOlder).toBe(false);
    }
    expect(timesAscending(result.current.bars)).toBe(true);
    expect(result.current.canLoadOlder).toBe(false);
    const asked = klineRequests.length;
    act(() => result.current.loadOlder());
    expect(result.current.loadingOlder).toBe(false);
    expect(klineRequests).toHaveLength(asked);
    await waitFor(async () => expect(await readCachedKlinePages('BTCUSDT', '1m')).toHaveLength(4));
  });

  it('asks for an older page once, however often the chart asks while it loads', async () => {
    const { result } = renderHook(() => useChartHistory('BTCUSDT', '1m'));
    await waitFor(() => expect(result.current.pagesLoaded).toBe(1));
    act(() => {
      result.current.loadOlder();
      result.current.loadOlder();
    });
    await waitFor(() => expect(result.current.pagesLoaded).toBe(2));
    expect(klineRequests).toHaveLength(2);
  });

  it('stops paging after a short page', async () => {
    const { result } = renderHook(() => useChartHistory('BTCUSDT', '1m'));
    await waitFor(() => expect(result.current.pagesLoaded).toBe(1));
    server.use(http.get(KLINES_PATH, () => HttpResponse.json({ code: 0, success: true, result: { symbol: 'BTCUSDT', interval: '1m', list: [['1000', '1', '1', '1', '1', '1']] } }), { once: true }));
    act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.pagesLoaded).toBe(2));
    expect(result.current.bars).toHaveLength(501);
    expect(result.current.bars[0]?.time).toBe(1000);
    expect(result.current.canLoadOlder).toBe(false);
  });

  it('cannot page a series whose first page is short', async () => {
    const { result } = renderHook(() => useChartHistory('ETHUSDT', '1m'));
    await waitFor(() => expect(result.current.pagesLoaded).toBe(1));
    expect(result.current).toMatchObject({ status: 'ready', bars: [], canLoadOlder: false });
  });

  it('a failed older page ends its loading and can be asked again', async () => {
    const { result } = renderHook(() => useChartHistory('BTCUSDT', '1m'));
    await waitFor(() => expect(result.current.pagesLoaded).toBe(1));
    networkDown = true;
    act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.loadingOlder).toBe(false));
    expect(result.current).toMatchObject({ status: 'ready', pagesLoaded: 1, canLoadOlder: true });
    expect(result.current.bars).toHaveLength(500);
    networkDown = false;
    act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.pagesLoaded).toBe(2));
  });

  it('a failed first page gives no data and is asked again every 1000 ms until it answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    networkDown = true;
    const { result } = renderHook(() => useChartHistory('BTCUSDT', '1m'));
    await until(() => result.current.status === 'error');
    expect(result.current).toMatchObject({ bars: [], fromCache: false, offline: false, canLoadOlder: false });
    expect(klineRequests).toHaveLength(1);

    await advance(CHART_RETRY_MS - 1);
    expect(klineRequests).toHaveLength(1);
    await advance(1);
    await until(() => klineRequests.length === 2);
    await advance(CHART_RETRY_MS);
    await until(() => klineRequests.length === 3);
    expect(result.current.status).toBe('error');

    networkDown = false;
    await advance(CHART_RETRY_MS);
    await until(() => result.current.status === 'ready');
    expect(result.current.bars).toHaveLength(500);
    await advance(5 * CHART_RETRY_MS);
    expect(klineRequests).toHaveLength(4);
  });

  it('an empty first page (no trade yet) is asked again every 1000 ms until bars exist, then no more', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let answers = 0;
    server.use(
      http.get(KLINES_PATH, () => {
        answers += 1;
        return answers <= 2 ? HttpResponse.json({ code: 0, success: true, result: { symbol: 'BTCUSDT', interval: '1m', list: [] } }) : undefined;
      }),
    );
    const { result } = renderHook(() => useChartHistory('BTCUSDT', '1m'));
    await until(() => result.current.status === 'ready');
    expect(result.current.bars).toEqual([]);
    await advance(CHART_RETRY_MS);
    await until(() => klineRequests.length === 2);
    expect(result.current.bars).toEqual([]);
    await advance(CHART_RETRY_MS);
    await until(() => result.current.bars.length === 500);
    await advance(5 * CHART_RETRY_MS);
    expect(klineRequests).toHaveLength(3);
  });

  it('stops retrying once unmounted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    networkDown = true;
    const { result, unmount } = renderHook(() => useChartHistory('BTCUSDT', '1m'));
    await until(() => result.current.status === 'error');
    unmount();
    await advance(3 * CHART_RETRY_MS);
    expect(klineRequests).toHaveLength(1);
  });

  it('an offline start shows the cached bars marked offline, then the network once it answers', async () => {
    await writeCachedKlinePages('BTCUSDT', '1m', [[bar(3 * MINUTE), bar(4 * MINUTE)], [bar(MINUTE), bar(2 * MINUTE)]]);
    networkDown = true;
    const { result } = renderHook(() => useChartHistory('BTCUSDT', '1m'));
    await waitFor(() => expect(result.current.offline).toBe(true));
    expect(result.current).toMatchObject({ status: 'error', fromCache: true, canLoadOlder: false, pagesLoaded: 0 });
    expect(result.current.bars.map((b) => b.time)).toEqual([1, 2, 3, 4].map((m) => m * MINUTE));
    expect(result.current.bars[0]).toEqual(bar(MINUTE));

    networkDown = false;
    await waitFor(() => expect(result.current.fromCache).toBe(false), { timeout: 3 * CHART_RETRY_MS });
    expect(result.current).toMatchObject({ status: 'ready', offline: false, pagesLoaded: 1 });
    expect(result.current.bars).toHaveLength(500);
    await waitFor(async () => expect((await readCachedKlinePages('BTCUSDT', '1m'))[0]).toHaveLength(500));
  });

  it('shows the cache at once while the network loads, then swaps in the answer', async () => {
    await writeCachedKlinePages('BTCUSDT', '1m', [[bar(MINUTE), bar(2 * MINUTE)]]);
    const release = holdKlines();
    const { result } = renderHook(() => useChartHistory('BTCUSDT', '1m'));
    await waitFor(() => expect(result.current.fromCache).toBe(true));
    expect(result.current).toMatchObject({ status: 'ready', offline: false, canLoadOlder: false });
    expect(result.current.bars).toHaveLength(2);
    act(() => pageStatus.setOnline(false));
    expect(result.current.offline).toBe(true);
    const revision = result.current.revision;
    release();
    await waitFor(() => expect(result.current.fromCache).toBe(false));
    expect(result.current.bars).toHaveLength(500);
    expect(result.current.offline).toBe(false);
    expect(result.current.revision).toBeGreaterThan(revision);
  });

  it('an interval change drops the old bars in the same render and loads the new interval', async () => {
    await writeCachedKlinePages('BTCUSDT', '5m', [[bar(MINUTE)]]);
    const seen: { interval: Interval; history: ChartHistory }[] = [];
    const { result, rerender } = renderHook(({ interval }) => {
      const history = useChartHistory('BTCUSDT', interval);
      seen.push({ interval, history });
      return history;
    }, { initialProps: { interval: '1m' as Interval } });
    await waitFor(() => expect(result.current.pagesLoaded).toBe(1));
    const revision = result.current.revision;
    const release = holdKlines();
    const from = seen.length;
    rerender({ interval: '5m' });
    expect(seen[from]?.history).toMatchObject({ bars: [], status: 'loading', pagesLoaded: 0 });
    expect(seen[from]?.history.revision).toBeGreaterThan(revision);
    await waitFor(() => expect(result.current.fromCache).toBe(true));
    expect(result.current.bars).toEqual([bar(MINUTE)]);
    release();
    await waitFor(() => expect(result.current.fromCache).toBe(false));
    expect(klineRequests.at(-1)?.searchParams.get('interval')).toBe('5m');
    // After the change, no render showed more than the 5m cache until the 5m answer.
    const afterChange = seen.slice(from).map((s) => s.history);
    const beforeAnswer = afterChange.slice(0, afterChange.findIndex((h) => !h.fromCache && h.status === 'ready'));
    expect(beforeAnswer.every((h) => h.bars.length <= 1)).toBe(true);
  });

  it('a symbol change ignores the old symbol’s late answer', async () => {
    const release = holdKlines();
    const { result, rerender } = renderHook(({ symbol }) => useChartHistory(symbol, '1m'), { initialProps: { symbol: 'BTCUSDT' } });
    rerender({ symbol: 'ETHUSDT' });
    server.resetHandlers();
    release();
    await waitFor(() => expect(result.current.pagesLoaded).toBe(1));
    expect(result.current.bars).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current.bars).toEqual([]);
  });

  it('a new rebuildKey refetches from scratch', async () => {
    const { result, rerender } = renderHook(({ rebuildKey }) => useChartHistory('BTCUSDT', '1m', { rebuildKey }), { initialProps: { rebuildKey: 0 } });
    await waitFor(() => expect(result.current.pagesLoaded).toBe(1));
    act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.pagesLoaded).toBe(2));
    const asked = klineRequests.length;
    rerender({ rebuildKey: 1 });
    expect(result.current.pagesLoaded).toBe(0);
    await waitFor(() => expect(result.current.pagesLoaded).toBe(1));
    expect(klineRequests).toHaveLength(asked + 1);
    expect(klineRequests.at(-1)?.searchParams.has('to')).toBe(false);
    expect(result.current.bars).toHaveLength(500);
  });

  it('asks nothing while disabled', async () => {
    const { result, rerender } = renderHook(({ enabled }) => useChartHistory('BTCUSDT', '1m', { enabled }), { initialProps: { enabled: false } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(klineRequests).toHaveLength(0);
    expect(result.current).toMatchObject({ status: 'loading', bars: [] });
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.pagesLoaded).toBe(1));
  });
});

/** With setTimeout faked, lets the mock network, IndexedDB and React run (they use other task queues) until `check` holds. */
async function until(check: () => boolean) {
  for (let i = 0; i < 500 && !check(); i += 1) {
    await act(async () => {
      vi.advanceTimersByTime(0);
      await new Promise<void>((resolve) => setImmediate(resolve));
    });
  }
  expect(check()).toBe(true);
}

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
    await new Promise<void>((resolve) => setImmediate(resolve));
  });
}
