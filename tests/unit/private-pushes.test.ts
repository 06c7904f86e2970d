import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, pageCookieOptions } from '../../mocks/gateway/private/runtimeSockets';
import { startRuntime, type ContractRuntime } from '../../mocks/runtime/contractKit';
import { fetchBalances, type TokenBalance } from '../../src/data/api/assets';
import { getOpenOrders, type Order } from '../../src/data/api/orders';
import { balancesQueryKey } from '../../src/data/assets';
import { orderQueryKeys } from '../../src/data/orders';
import { patchPrivatePush } from '../../src/data/privatePushes';
import { createQueryClient } from '../../src/data/queries';
import { createPrivateClient, type PrivateAccountType, type PrivateClient } from '../../src/data/realtime/private';

/**
 * The page's private client against the embedded exchange (msw/node): signed
 * in by the page's session cookie, subscribed for the account type, and its
 * pushes patched into the caches give what the REST calls answer.
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

const ORDER = { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.001', price: '1000' };
const byToken = (list: readonly TokenBalance[] | undefined) => [...(list ?? [])].sort((a, b) => a.tokenId.localeCompare(b.tokenId));

async function signedIn(userId: string, accountType: PrivateAccountType) {
  let token: string | null = null;
  const runtime = await startRuntime('msw/node', { ...pageCookieOptions, tokenOf: () => token });
  running = runtime;
  token = await runtime.signIn(userId);
  page.cookie = `spot_session=${token}`;
  const queries = createQueryClient();
  queries.setQueryData(orderQueryKeys.open('ordinary'), await getOpenOrders());
  const privateClient = createPrivateClient({ url: runtime.privateSocketUrl, accountType, readToken: () => null });
  client = privateClient;
  privateClient.onEvent((event) => patchPrivatePush(queries, event, { isDemo: false }));
  await vi.waitFor(() => expect(privateClient.state().live).toBe(true));
  await vi.waitFor(() => expect(privateClient.state().feed).not.toBeNull());
  return { rt: runtime, queries, privateClient };
}

// The first start of an embedded exchange in a worker takes seconds (its market loads).
describe('private pushes from the embedded exchange', { timeout: 30_000 }, () => {
  it('a classic account: orders and the wallet as the REST calls give them', async () => {
    const { rt, queries, privateClient } = await signedIn('u-standard', 'CLASSIC');
    expect(byToken(queries.getQueryData(balancesQueryKey))).toEqual(byToken(await fetchBalances('CLASSIC')));
    expect(privateClient.state().feed?.interval).toBe(5000);

    const placed = await rt.call('/mock/api/exchange/orders', { body: { userId: 'u-standard', ...ORDER } });
    const { orderId } = placed.result as { orderId: string };
    await rt.scheduler.advance(100);
    await vi.waitFor(() => expect(queries.getQueryData<Order[]>(orderQueryKeys.open('ordinary'))?.map((o) => o.orderId)).toEqual([orderId]));
    expect(queries.getQueryData(orderQueryKeys.open('ordinary'))).toEqual(await getOpenOrders());
    await vi.waitFor(async () => expect(byToken(queries.getQueryData(balancesQueryKey))).toEqual(byToken(await fetchBalances('CLASSIC'))));

    await rt.call('/mock/api/exchange/cancel', { body: { userId: 'u-standard', orderId } });
    await vi.waitFor(() => expect(queries.getQueryData(orderQueryKeys.open('ordinary'))).toEqual([]));
  });

  it('a unified account: the wallet push reads as its own balance call (getUnifiedAsset)', async () => {
    const { rt, queries } = await signedIn('u-uta', 'UTA');
    const placed = await rt.call('/mock/api/exchange/orders', { body: { userId: 'u-uta', ...ORDER } });
    await rt.scheduler.advance(100);
    const { orderId } = placed.result as { orderId: string };
    await vi.waitFor(() => expect(queries.getQueryData<Order[]>(orderQueryKeys.open('ordinary'))?.map((o) => o.orderId)).toEqual([orderId]));
    const rest = byToken(await fetchBalances('UTA')).filter((b) => b.total !== '0');
    await vi.waitFor(() => expect(byToken(queries.getQueryData(balancesQueryKey))).toEqual(rest));
    expect(rest.find((b) => b.tokenId === 'USDT')?.locked).toBe('1');
  });

  it('the session ending signs the client out', async () => {
    const { rt, privateClient } = await signedIn('u-leader', 'UTA');
    const token = page.cookie!.split('=')[1]!;
    rt.backend.privateSocket.sessionEnded(token);
    await vi.waitFor(() => expect(privateClient.state()).toMatchObject({ live: false, signedIn: false }));
  });
});
