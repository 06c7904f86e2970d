import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { createElement, type ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useNotice, useRouteLatencies, useRoutes, useServerTime, useTickerSnapshot } from '../../src/data/marketQueries';
import { createQueryClient } from '../../src/data/queries';
import { createHandlers } from '../../mocks/http/handlers';
import { createFakeMarket, MINUTE, T0 } from './fakeMarket';

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

describe('market hooks', () => {
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
