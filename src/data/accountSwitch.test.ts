import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { reloadUserData, watchAccountSwitch } from './accountSwitch';
import { STORAGE_KEYS } from './storage';

describe('account switch seen through a storage event', () => {
  it('calls the handler for the account key only', () => {
    const handler = vi.fn();
    const stop = watchAccountSwitch(handler);
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated', newValue: 'x' }));
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.account, newValue: 'demo-42' }));
    expect(handler).toHaveBeenCalledExactlyOnceWith('demo-42');
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.account, newValue: 'other' }));
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('refetches user-bound queries and leaves market data alone', async () => {
    const client = new QueryClient();
    const profile = vi.fn().mockResolvedValue({ userState: 0 });
    const symbols = vi.fn().mockResolvedValue([]);
    // Mounted widgets are active observers; those are what an invalidation refetches.
    const stopProfile = new QueryObserver(client, { queryKey: ['user', 'profile'], queryFn: profile }).subscribe(() => {});
    const stopSymbols = new QueryObserver(client, { queryKey: ['market', 'symbols'], queryFn: symbols }).subscribe(() => {});
    await vi.waitFor(() => expect(client.getQueryState(['user', 'profile'])?.status).toBe('success'));
    await reloadUserData(client);
    expect(profile).toHaveBeenCalledTimes(2);
    expect(symbols).toHaveBeenCalledTimes(1);
    stopProfile();
    stopSymbols();
  });
});
