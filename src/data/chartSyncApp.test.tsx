import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SYNC_APP_NOTICE_READ_PREF_KEY } from '../domain/accountNotices';
import { SYNC_APP_FEATURE_FLAG, SYNC_APP_PREF_KEY, useSyncToApp } from './chartSyncApp';

let values: Record<string, string> = {};
const server = setupServer(
  http.get('*/user/api/profile', () => HttpResponse.json({ code: 0, success: true, result: { userState: 1, userId: 'u-uta', accountType: 'UTA', isDemo: false } })),
  http.get('*/spot/api/user/preferences', () => HttpResponse.json({ code: 0, success: true, result: { values } })),
  http.post('*/spot/api/user/preferences', async ({ request }) => {
    values = { ...values, ...((await request.json()) as { upsert_keys: Record<string, string> }).upsert_keys };
    return HttpResponse.json({ code: 0, success: true, result: { values } });
  }),
);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  values = {};
});

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useSyncToApp', () => {
  it('is on by default in the build (VITE_CHART_SYNC_APP unset)', () => {
    expect(SYNC_APP_FEATURE_FLAG).toBe(true);
  });

  it('saves Y then N through the preference call', async () => {
    const { result } = renderHook(() => useSyncToApp(), { wrapper });
    await waitFor(() => expect(result.current.on).toBe(false));
    act(() => result.current.toggle());
    await waitFor(() => expect(values[SYNC_APP_PREF_KEY]).toBe('Y'));
    await waitFor(() => expect(result.current.on).toBe(true));
    act(() => result.current.toggle());
    await waitFor(() => expect(values[SYNC_APP_PREF_KEY]).toBe('N'));
  });

  it("carries the unread dot until seen once: the user's read key on the server (spec 2 §3)", async () => {
    const first = renderHook(() => useSyncToApp(), { wrapper });
    await waitFor(() => expect(first.result.current.unread).toBe(true));
    act(() => first.result.current.markSeen());
    expect(first.result.current.unread).toBe(false);
    await waitFor(() => expect(values[SYNC_APP_NOTICE_READ_PREF_KEY]).toBe('Y'));
    // Another page (another device) reads the same key: no dot.
    const second = renderHook(() => useSyncToApp(), { wrapper });
    await waitFor(() => expect(second.result.current.on).toBe(false));
    expect(second.result.current.unread).toBe(false);
    expect(localStorage.getItem('SPOT_kline_sync_app_seen')).toBeNull();
  });
});
