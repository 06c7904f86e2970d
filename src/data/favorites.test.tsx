import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useFavorites } from './favorites';

let signedIn = false;
let serverList: string[] = [];
const server = setupServer(
  http.get('*/user/api/profile', () =>
    HttpResponse.json({ code: 0, success: true, result: signedIn ? { userState: 1, userId: 'u-uta', accountType: 'UTA', isDemo: false } : { userState: 0 } }),
  ),
  http.get('*/spot/api/user/favorites', () => HttpResponse.json({ code: 0, success: true, result: { list: serverList } })),
  http.post('*/spot/api/user/favorites', async ({ request }) => {
    serverList = ((await request.json()) as { symbolIds: string[] }).symbolIds;
    return HttpResponse.json({ code: 0, success: true, result: { list: serverList } });
  }),
);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());
beforeEach(() => {
  localStorage.clear();
  signedIn = false;
  serverList = [];
});

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useFavorites', () => {
  it('a visitor toggles favorites in SPOT_favorite', async () => {
    const { result } = renderHook(() => useFavorites(), { wrapper });
    expect(result.current.source).toBe('local');
    act(() => result.current.toggle('BTCUSDT'));
    act(() => result.current.toggle('SOLUSDT'));
    expect(result.current.ids).toEqual(['BTCUSDT', 'SOLUSDT']);
    expect(localStorage.getItem('SPOT_favorite')).toBe('["BTCUSDT","SOLUSDT"]');
    act(() => result.current.toggle('BTCUSDT'));
    expect(result.current.isFavorite('BTCUSDT')).toBe(false);
  });

  it('a broken stored value reads as no favorites and is not a crash', () => {
    localStorage.setItem('SPOT_favorite', '{not json');
    const { result } = renderHook(() => useFavorites(), { wrapper });
    expect(result.current.ids).toEqual([]);
  });

  it('a signed-in user reads and writes the server list, not local storage', async () => {
    signedIn = true;
    serverList = ['ETHUSDT'];
    localStorage.setItem('SPOT_favorite', '["DOGEUSDT"]');
    const { result } = renderHook(() => useFavorites(), { wrapper });
    await waitFor(() => expect(result.current.ids).toEqual(['ETHUSDT']));
    expect(result.current.source).toBe('server');
    act(() => result.current.toggle('XRPUSDT'));
    await waitFor(() => expect(serverList).toEqual(['ETHUSDT', 'XRPUSDT']));
    expect(localStorage.getItem('SPOT_favorite')).toBe('["DOGEUSDT"]');
  });
});
