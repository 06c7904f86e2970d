// @vitest-environment node
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualScheduler } from '../market/hub';
import { TEST_START, sharedDemoSets } from '../market/hub/testMarket';
import { startLocalServer } from '../server/server';
import { openSqliteDataFolder } from './sqliteStores';

/** The local server on the SQLite data folder keeps users, sessions, orders and balances across a restart. */
describe('local server on the SQLite data folder', () => {
  const folders: string[] = [];
  afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
  const newFolder = () => {
    const folder = mkdtempSync(join(tmpdir(), 'spot-sqlite-server-'));
    folders.push(folder);
    return folder;
  };

  const start = async (folder: string) => {
    const stores = openSqliteDataFolder(folder, { log: () => {} });
    const server = await startLocalServer({ sets: sharedDemoSets(), scheduler: new ManualScheduler(TEST_START), port: 0, ...stores });
    // A control token, when this build's server asks for one on /mock/api/*.
    const controlToken = (server as { controlToken?: string }).controlToken;
    const call = async (path: string, body?: unknown, token?: string) => {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...(controlToken ? { 'x-mock-control-token': controlToken } : {}) };
      if (token) headers.authorization = `Bearer ${token}`;
      const response = await fetch(`${server.url}${path.slice(1)}`, { method: body === undefined ? 'GET' : 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return (await response.json()) as { code: number; result: Record<string, unknown> };
    };
    const close = async () => {
      await server.close();
      stores.close();
    };
    return { server, call, close };
  };

  it('keeps a registered demo user, the session, its resting order and its balances', async () => {
    const folder = newFolder();
    const first = await start(folder);
    await first.server.backend.hub.ready();
    expect(existsSync(join(folder, 'exchange.db'))).toBe(true);
    const registered = await first.call('/user/api/register', { nickname: 'Restart' });
    const { token, userId } = registered.result as { token: string; userId: string };
    const placed = await first.call('/mock/api/exchange/orders', { userId, symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.01', price: '1000', clientOrderId: 'keep-me' });
    expect(placed.code).toBe(0);
    const before = await first.call(`/mock/api/exchange/account?userId=${userId}`);
    await first.close();

    const second = await start(folder);
    await second.server.backend.hub.ready();
    expect((await second.call('/user/api/profile', undefined, token)).result).toMatchObject({ userState: 1, userId, nickname: 'Restart', isDemo: true });
    const after = await second.call(`/mock/api/exchange/account?userId=${userId}`);
    expect(after.result.openOrders).toEqual(before.result.openOrders);
    expect(after.result.balances).toEqual(before.result.balances);
    expect((after.result.openOrders as Array<{ clientOrderId: string }>)[0]?.clientOrderId).toBe('keep-me');
    expect((await second.call('/mock/api/storage')).result.setAside).toBeNull();
    await second.close();
  }, 30_000);

  it('moves a damaged database file aside, starts fresh and reports it on the storage page until let go', async () => {
    const folder = newFolder();
    writeFileSync(join(folder, 'exchange.db'), 'not a database');
    const server = await start(folder);
    await server.server.backend.hub.ready();
    const moved = readdirSync(folder).filter((name) => name.startsWith('exchange.db.damaged-'));
    expect(moved).toHaveLength(1);
    expect((await server.call('/mock/api/storage')).result.setAside).toMatchObject({ kind: 'damaged', bytes: 14, detail: expect.stringContaining(moved[0]!) });
    const account = await server.call('/mock/api/exchange/account?userId=u-uta');
    expect(account.result.balances).toContainEqual(expect.objectContaining({ tokenId: 'USDT', free: expect.stringMatching(/^100000(\.0+)?$/) }));
    expect((await server.call('/mock/api/storage', { action: 'discardSetAside' })).result).toEqual({ setAside: null });
    await server.close();
    const restarted = await start(folder);
    expect((await restarted.call('/mock/api/storage')).result.setAside).toBeNull();
    await restarted.close();
  }, 30_000);
});
