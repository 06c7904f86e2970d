import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { createElement, type ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeKlinePages, olderKlinePageTo, type KlineBar } from '../../src/data/api/klines';
import { useKlineHistory, useNotice, useRouteLatencies, useRoutes, useServerTime, useTickerSnapshot } from '../../src/data/marketQueries';
import { createQueryClient } from '../../src/data/queries';
import { createHandlers } from '../../mocks/http/handlers';
import { BTC_BARS, createFakeMarket, MINUTE, T0 } from './fakeMarket';

/** The react-query hooks of the market REST against the embedded exchange's handlers. */

const server = setupServer(
  ...createHandlers({
    market: createFakeMarket().market,
    routes: [
      { id: 'slow', name: 'Slow', base: '/slow', latencyMs: 120 },
      { id: 'fast', name: 'Fast', base: '/fast', latencyMs: 5 },
    ],
  }),
);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

function wrapper({ children }: { children: ReactNode }) {
  return createElement(QueryClientProvider, { client: createQueryClient() }, children);
}

const bar = (time: number): KlineBar => ({ time, open: '1', high: '1', low: '1', close: '1', volume: '1' });

describe('kline paging rules', () => {
  it('asks for the next older page from the oldest bar while pages come back full, 3 times at most', () => {
    const full = (end: number) => [bar(end - 2), bar(end - 1)];
    expect(olderKlinePageTo([full(100)], 2)).toBe(98);
    expect(olderKlinePageTo([full(100), full(98), full(96)], 2)).toBe(94);
    expect(olderKlinePageTo([full(100), full(98), full(96), full(94)], 2)).toBeUndefined();
    expect(olderKlinePageTo([[bar(99)]], 2)).toBeUndefined();
    expect(olderKlinePageTo([[]], 2)).toBeUndefined();
  });

  it('merges pages fetched newest first into one series, oldest first', () => {
    expect(mergeKlinePages([[bar(3), bar(4)], [bar(1), bar(2)]]).map((b) => b.time)).toEqual([1, 2, 3, 4]);
  });
});

describe('market hooks', () => {
  it('useKlineHistory loads 500 bars, then 3 older pages, then stops', async () => {
    const { result } = renderHook(() => useKlineHistory('BTCUSDT', '1m'), { wrapper });
    await waitFor(() => expect(result.current.data).toHaveLength(500));
    for (let page = 2; page <= 4; page += 1) {
      expect(result.current.hasNextPage).toBe(true);
      await act(() => result.current.fetchNextPage());
      await waitFor(() => expect(result.current.data).toHaveLength(Math.min(page * 500, BTC_BARS)));
    }
    expect(result.current.hasNextPage).toBe(false);
    const times = result.current.data?.map((b) => b.time) ?? [];
    expect(times.at(-1)).toBe(T0 - MINUTE);
    expect(times.slice(1).every((t, i) => t - (times[i] ?? 0) === MINUTE)).toBe(true);
  });

  it('useTickerSnapshot, useNotice and useServerTime read their paths', async () => {
    const { result } = renderHook(() => ({ tickers: useTickerSnapshot(['BTCUSDT']), notice: useNotice('WIFUSDT'), time: useServerTime() }), { wrapper });
    await waitFor(() => expect(result.current.time.data).toBe(T0));
    await waitFor(() => expect(result.current.tickers.data?.[0]?.price24hPcntE6).toBe(19_000));
    await waitFor(() => expect(result.current.notice.data?.onlineTime).toBe(T0 + 5 * MINUTE));
  });

  it('useRouteLatencies probes every line, colours it and lets Auto pick the fastest', async () => {
    const { result } = renderHook(
      () => {
        const routes = useRoutes().data ?? [];
        return useRouteLatencies(routes);
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.routes.filter((r) => r.latencyMs !== null)).toHaveLength(2), { timeout: 3000 });
    expect(result.current.routes.map((r) => r.id)).toEqual(['slow', 'fast']);
    expect(result.current.routes.map((r) => r.level)).toEqual(['success', 'success']);
    expect(result.current.fastest?.id).toBe('fast');
  });
});
