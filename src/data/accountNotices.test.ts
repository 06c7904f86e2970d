import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_ALERT_PREF_KEY } from '../domain/accountNotices';
import { fetchPreferences, savePreferences } from './api/user';
import { RESTRICTIVE_SITE_CONFIG } from './api/site';
import { testProfile } from './profile.testkit';
import { useAccountNotices } from './accountNotices';
import { createQueryClient, queryKeys } from './queries';

vi.mock('./api/user', async (importOriginal) => ({ ...(await importOriginal<typeof import('./api/user')>()), fetchPreferences: vi.fn(), savePreferences: vi.fn() }));

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);

beforeEach(() => {
  client = createQueryClient();
  for (const key of [queryKeys.profile, queryKeys.site]) client.setQueryDefaults(key, { staleTime: Number.POSITIVE_INFINITY });
  client.setQueryData(queryKeys.site, RESTRICTIVE_SITE_CONFIG);
  vi.mocked(fetchPreferences).mockReset();
  vi.mocked(savePreferences).mockReset();
});
afterEach(() => {
  cleanup();
  client.clear();
});

describe('useAccountNotices', () => {
  it('closing the offline notice saves the timestamp through setPrefSetting and hides it at once', async () => {
    client.setQueryData(queryKeys.profile, testProfile({ accountType: 'CLASSIC' }));
    vi.mocked(fetchPreferences).mockResolvedValue({});
    let saved: Record<string, string> = {};
    vi.mocked(savePreferences).mockImplementation(async (values) => (saved = values));
    const { result } = renderHook(() => useAccountNotices(), { wrapper });
    await waitFor(() => expect(result.current.visible).toEqual(['standardOffline']));

    const before = Date.now();
    act(() => result.current.close('standardOffline'));
    await waitFor(() => expect(result.current.visible).toEqual([]));
    expect(savePreferences).toHaveBeenCalledTimes(1);
    expect(Number(saved[OFFLINE_ALERT_PREF_KEY])).toBeGreaterThanOrEqual(before);
  });

  it('a stored timestamp keeps it closed from the first answer on', async () => {
    client.setQueryData(queryKeys.profile, testProfile({ accountType: 'CLASSIC' }));
    vi.mocked(fetchPreferences).mockResolvedValue({ [OFFLINE_ALERT_PREF_KEY]: '1793610000000' });
    const { result } = renderHook(() => useAccountNotices(), { wrapper });
    await waitFor(() => expect(fetchPreferences).toHaveBeenCalled());
    await act(async () => {});
    expect(result.current.visible).toEqual([]);
  });
});
