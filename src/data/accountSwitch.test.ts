import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { reloadUserData, watchAccountSwitch } from './accountSwitch';
import { STORAGE_KEYS } from './storage';

describe('account switch seen through a storage event', () => {
  it('calls the handler for the account key only', () => {
    const handler = vi.fn();
    const stop = watchAccountSwitch(handler, { tokenReadable: false });
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated', newValue: 'x' }));
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.account, newValue: 'demo-42' }));
    expect(handler).toHaveBeenCalledExactlyOnceWith('demo-42');
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.account, newValue: 'other' }));
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("waits for the other tab's cookie before it reloads, so the reload asks for the new account", () => {
    vi.useFakeTimers();
    try {
      let token: string | null = 'token-unified';
      const seen: Array<[string | null, string | null]> = [];
      const stop = watchAccountSwitch((id) => seen.push([id, token]), { readToken: () => token, tokenReadable: true });
      // The storage event arrives first; the cookie a little later.
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.account, newValue: 'u-classic' }));
      vi.advanceTimersByTime(200);
      expect(seen).toEqual([]);
      token = 'token-classic';
      vi.advanceTimersByTime(30);
      expect(seen).toEqual([['u-classic', 'token-classic']]);
      // A log-out: the cookie goes.
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.account, newValue: null }));
      token = null;
      vi.advanceTimersByTime(30);
      expect(seen).toEqual([['u-classic', 'token-classic'], [null, null]]);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up waiting after the settle time (a cookie that never changes still reloads)', () => {
    vi.useFakeTimers();
    try {
      const handler = vi.fn();
      const stop = watchAccountSwitch(handler, { readToken: () => 'same', tokenReadable: true, settleMs: 1_000 });
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.account, newValue: 'u-other' }));
      vi.advanceTimersByTime(900);
      expect(handler).not.toHaveBeenCalled();
      vi.advanceTimersByTime(200);
      expect(handler).toHaveBeenCalledExactlyOnceWith('u-other');
      // Stopped: a pending wait is dropped with it.
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.account, newValue: 'u-third' }));
      stop();
      vi.advanceTimersByTime(2_000);
      expect(handler).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
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
