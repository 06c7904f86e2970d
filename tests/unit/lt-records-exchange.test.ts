import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, pageCookieOptions } from '../../mocks/gateway/private/runtimeSockets';
import { startRuntime, type ContractRuntime } from '../../mocks/runtime/contractKit';
import { fetchLtOrders, subscribeLt, type LtOrder, type LtOrderPage } from '../../src/data/api/lt';
import { createLtPushMemory, ltOrderQueryKeys } from '../../src/data/ltOrders';
import { patchPrivatePush } from '../../src/data/privatePushes';
import { createQueryClient } from '../../src/data/queries';
import { createPrivateClient, type PrivateClient } from '../../src/data/realtime/private';

/**
 * The page's LT order handling against the embedded exchange (msw/node): a
 * subscription's pushes (lt_order and user.lt.order) reach the page once
 * each change, and the records cache they patch reads as the list call.
 */
let running: ContractRuntime | null = null;
let client: PrivateClient | null = null;
afterEach(async () => {
  client?.close();
  client = null;
  page.cookie = null;
  await running?.close();
  running = null;
});

describe('LT order pushes from the embedded exchange', { timeout: 30_000 }, () => {
  it('a unified account: a subscription is told once when it ends, and the records match the list call', async () => {
    let token: string | null = null;
    const rt = await startRuntime('msw/node', { ...pageCookieOptions, tokenOf: () => token });
    running = rt;
    token = await rt.signIn('u-uta');
    page.cookie = `spot_session=${token}`;
    const queries = createQueryClient();
    const key = ltOrderQueryKeys.list(1, 7);
    queries.setQueryData(key, { pages: [await fetchLtOrders({ orderType: 1, days: 7 })], pageParams: [null] });
    const told: LtOrder[] = [];
    const privateClient = createPrivateClient({ url: rt.privateSocketUrl, accountType: 'UTA', readToken: () => null });
    client = privateClient;
    const account = { isDemo: false, announceLt: (o: LtOrder) => told.push(o), ltMemory: createLtPushMemory() };
    privateClient.onEvent((event) => patchPrivatePush(queries, event, account));
    await vi.waitFor(() => expect(privateClient.state().live).toBe(true));

    const placed = await subscribeLt('BTC3LUSDT', '150');
    expect(placed.status).toBe(2);
    // The exchange sends the pushes once the call is answered (a 0 ms timer on its clock).
    await rt.scheduler.advance(1);
    await vi.waitFor(() => expect(told.map((o) => `${o.orderId}:${o.status}`)).toEqual([`${placed.orderId}:2`]));
    await rt.scheduler.advance(3_500);
    await vi.waitFor(() => expect(told.map((o) => o.status)).toEqual([2, 1]));
    const rows = () => queries.getQueryData<{ pages: LtOrderPage[] }>(key)?.pages.flatMap((p) => p.list);
    await vi.waitFor(async () => expect(rows()).toEqual((await fetchLtOrders({ orderType: 1, days: 7 })).list));
    expect(rows()?.[0]).toMatchObject({ orderId: placed.orderId, status: 1, orderQuantity: expect.stringMatching(/^150/) });
  });
});
