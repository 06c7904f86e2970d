import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchLtOrders, parseLtOrder, type LtOrder } from './api/lt';
import type { Profile } from './api/profile';
import { testProfile } from './profile.testkit';
import { createLtPushMemory, LT_RECORDS_PAGE_SIZE, useLtOrders } from './ltOrders';
import { createQueryClient, queryKeys } from './queries';
import { ltOrderView } from './realtime/private/privateSocket.testkit';

vi.mock('./api/lt', async (importOriginal) => ({ ...(await importOriginal<typeof import('./api/lt')>()), fetchLtOrders: vi.fn() }));

const lt = (id: string, status: 1 | 2 | 3): LtOrder => parseLtOrder(ltOrderView(id, status));

const profile = (over: Partial<Profile> = {}): Profile => testProfile({ accountType: 'UTA', userId: 'u-uta', ...over });

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);

beforeEach(() => {
  client = createQueryClient();
  client.setQueryDefaults(queryKeys.profile, { staleTime: Number.POSITIVE_INFINITY });
  vi.mocked(fetchLtOrders).mockReset();
});

afterEach(() => {
  cleanup();
  client.clear();
});

describe('useLtOrders (spec 2 §2 records, §6)', () => {
  it('reads a record type a page at a time by cursor, each order once', async () => {
    client.setQueryData(queryKeys.profile, profile());
    vi.mocked(fetchLtOrders)
      .mockResolvedValueOnce({ list: [lt('lt-3', 2), lt('lt-2', 1)], nextCursor: 'c1' })
      // A new order went on top meanwhile: the next page starts with the last one already shown.
      .mockResolvedValueOnce({ list: [lt('lt-2', 1), lt('lt-1', 3)], nextCursor: null });
    const { result } = renderHook(() => useLtOrders('redemption', 30), { wrapper });
    await waitFor(() => expect(result.current.data?.map((o) => o.orderId)).toEqual(['lt-3', 'lt-2']));
    expect(vi.mocked(fetchLtOrders).mock.calls[0]![0]).toEqual({ orderType: 2, days: 30, cursor: null, limit: LT_RECORDS_PAGE_SIZE });
    expect(result.current.hasMore).toBe(true);
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.data?.map((o) => o.orderId)).toEqual(['lt-3', 'lt-2', 'lt-1']));
    expect(vi.mocked(fetchLtOrders).mock.calls[1]![0]).toMatchObject({ orderType: 2, days: 30, cursor: 'c1' });
    expect(result.current.hasMore).toBe(false);
  });

  it('never asks for a demo or non-compliant account (the exchange would refuse with 176011)', async () => {
    for (const over of [{ isDemo: true }, { eaaRestricted: true }, { loggedIn: false }]) {
      client.setQueryData(queryKeys.profile, profile(over));
      const { result, unmount } = renderHook(() => useLtOrders('subscription', 7), { wrapper });
      await act(async () => {});
      expect(result.current.data).toBeUndefined();
      unmount();
    }
    expect(fetchLtOrders).not.toHaveBeenCalled();
  });
});

describe('createLtPushMemory', () => {
  it('takes each change once, in the order given', () => {
    const memory = createLtPushMemory();
    expect(memory.take([lt('lt-1', 2), lt('lt-1', 2), lt('lt-2', 2)]).map((o) => o.orderId)).toEqual(['lt-1', 'lt-2']);
    expect(memory.take([lt('lt-1', 1), lt('lt-2', 2)]).map((o) => `${o.orderId}:${o.status}`)).toEqual(['lt-1:1']);
  });

  it('forgets the oldest orders beyond its bound', () => {
    const memory = createLtPushMemory(2);
    memory.take([lt('lt-1', 2), lt('lt-2', 2), lt('lt-3', 2)]);
    expect(memory.take([lt('lt-3', 2)])).toEqual([]);
    expect(memory.take([lt('lt-1', 2)]).map((o) => o.orderId)).toEqual(['lt-1']);
  });
});
