// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualScheduler } from '../market/hub';
import { TEST_START, sharedDemoSets } from '../market/hub/testMarket';
import { dataFolderStores } from '../runtime/fileStores';
import { startLocalServer } from './server';

/** The local server keeps accounts, sessions, orders and balances in its data folder across a restart. */
describe('local server persistence', () => {
  const folder = mkdtempSync(join(tmpdir(), 'spot-data-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const start = () => startLocalServer({ sets: sharedDemoSets(), scheduler: new ManualScheduler(TEST_START), port: 0, ...dataFolderStores(folder) });
  const call = async (base: string, path: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`${base}${path.slice(1)}`, { method: body === undefined ? 'GET' : 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return (await response.json()) as { code: number; result: Record<string, unknown> };
  };

  it('keeps a registered demo user, the session, its resting order and its balances', async () => {
    const first = await start();
    await first.backend.hub.ready();
    const registered = await call(first.url, '/user/api/register', { nickname: 'Restart' });
    const { token, userId } = registered.result as { token: string; userId: string };
    const placed = await call(first.url, '/mock/api/exchange/orders', { userId, symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.01', price: '1000', clientOrderId: 'keep-me' });
    expect(placed.code).toBe(0);
    const before = await call(first.url, `/mock/api/exchange/account?userId=${userId}`);
    await first.close();

    const second = await start();
    await second.backend.hub.ready();
    expect((await call(second.url, '/user/api/profile', undefined, token)).result).toMatchObject({ userState: 1, userId, nickname: 'Restart', isDemo: true });
    const after = await call(second.url, `/mock/api/exchange/account?userId=${userId}`);
    expect(after.result.openOrders).toEqual(before.result.openOrders);
    expect(after.result.balances).toEqual(before.result.balances);
    expect((after.result.openOrders as Array<{ clientOrderId: string }>)[0]?.clientOrderId).toBe('keep-me');
    await second.close();
  });

  it('starts clean, without failing, when the saved exchange state is damaged', async () => {
    writeFileSync(join(folder, 'exchange.json'), '{"format":"exchange-snapshot","version":1,"orders":"broken"}');
    const server = await start();
    await server.backend.hub.ready();
    const account = await call(server.url, '/mock/api/exchange/account?userId=u-uta');
    expect(account.result.balances).toContainEqual(expect.objectContaining({ tokenId: 'USDT', free: expect.stringMatching(/^100000(\.0+)?$/) }));
    await server.close();
  });
});
