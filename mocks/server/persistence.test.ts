// @vitest-environment node
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualScheduler } from '../market/hub';
import { TEST_START, sharedDemoSets } from '../market/hub/testMarket';
import { dataFolderStores } from '../runtime/fileStores';
import { startLocalServer } from './server';
import { CONTROL_TOKEN_HEADER } from './guard';

/** The local server keeps accounts, sessions, orders and balances in its data folder across a restart. */
describe('local server persistence', () => {
  const folder = mkdtempSync(join(tmpdir(), 'spot-data-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const start = () => startLocalServer({ sets: sharedDemoSets(), scheduler: new ManualScheduler(TEST_START), port: 0, controlToken: control[CONTROL_TOKEN_HEADER], ...dataFolderStores(folder) });
  // Every server here is started with this control token: the tests are scripts, not the server's page.
  const control = { [CONTROL_TOKEN_HEADER]: 'persistence-test' };
  const call = async (base: string, path: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...control };
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

  it('sets a state it cannot restore aside, never overwriting it; the text can be downloaded, then let go', async () => {
    const newer = '{"format":"exchange-snapshot","version":2,"accounts":{"u-1":"kept"}}';
    writeFileSync(join(folder, 'exchange.json'), newer);
    const server = await start();
    await server.backend.hub.ready();
    const status = await call(server.url, '/mock/api/storage');
    expect(status.result.setAside).toMatchObject({ kind: 'foreign', bytes: newer.length, detail: expect.stringContaining('version 2') });
    // The fresh state is saved over the state file at once (a restart reads it, not the text again); the newer
    // build's text stays beside it.
    expect(JSON.parse(readFileSync(join(folder, 'exchange.json'), 'utf8'))).toMatchObject({ format: 'exchange-snapshot', version: 1 });
    expect(readFileSync(join(folder, 'exchange.set-aside.json'), 'utf8')).toContain('version\\":2');
    const download = await fetch(`${server.url}mock/api/storage/set-aside`, { headers: control });
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect(await download.text()).toBe(newer);

    expect((await call(server.url, '/mock/api/storage', { action: 'discardSetAside' })).result).toEqual({ setAside: null });
    expect(existsSync(join(folder, 'exchange.set-aside.json'))).toBe(false);
    expect((await fetch(`${server.url}mock/api/storage/set-aside`, { headers: control })).status).toBe(404);
    expect((await call(server.url, '/mock/api/storage', { action: 'other' })).code).toBe(10002);
    await server.close();
    const restarted = await start();
    expect((await call(restarted.url, '/mock/api/storage')).result.setAside).toBeNull();
    await restarted.close();
  });

  it('says a state file that is not JSON is one, and keeps its text', async () => {
    writeFileSync(join(folder, 'exchange.json'), '{"format":"exchange-sn');
    const server = await start();
    await server.backend.hub.ready();
    expect((await call(server.url, '/mock/api/storage')).result.setAside).toMatchObject({ kind: 'notJson', bytes: 22 });
    expect(await (await fetch(`${server.url}mock/api/storage/set-aside`, { headers: control })).text()).toBe('{"format":"exchange-sn');
    await server.close();
  });
});
