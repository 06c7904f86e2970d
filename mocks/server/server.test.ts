// @vitest-environment node
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualScheduler } from '../market/hub';
import { TEST_START, sharedDemoSets } from '../market/hub/testMarket';
import { startLocalServer, type LocalServer } from './server';
import { CONTROL_TOKEN_HEADER } from './guard';

/** The local server's HTTP side: the same REST as the other runtimes, the built page, and cut connections for network faults. */
describe('local server runtime over HTTP', () => {
  let server: LocalServer;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'spot-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>page</title>');
    writeFileSync(join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
    server = await startLocalServer({ sets: sharedDemoSets(), scheduler: new ManualScheduler(TEST_START), port: 0, distDir: dist });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers the market REST with the exchange envelope', async () => {
    const body = (await (await fetch(`${server.url}spot/api/quote/v2/tickers?symbol=BTCUSDT`)).json()) as { code: number; result: { list: Array<{ symbol: string; lastPrice: string }> } };
    expect(body.code).toBe(0);
    expect(body.result.list[0]).toMatchObject({ symbol: 'BTCUSDT', lastPrice: expect.stringMatching(/^\d+\.\d{2}$/) });
  });

  it('takes replay controls as JSON and refuses bad ones with a code and a message', async () => {
    const post = (body: string) => fetch(`${server.url}mock/api/replay`, { method: 'POST', headers: { 'content-type': 'application/json', [CONTROL_TOKEN_HEADER]: server.controlToken }, body }).then((r) => r.json());
    await expect(post('{"action":"pause"}')).resolves.toMatchObject({ code: 0, result: { replay: { paused: true } } });
    await expect(post('{"action":"speed","speed":-1}')).resolves.toMatchObject({ code: 10002, success: false });
    await expect(post('not json')).resolves.toMatchObject({ code: 10001, success: false });
    await expect(post('{"action":"resume"}')).resolves.toMatchObject({ code: 0, result: { replay: { paused: false } } });
  });

  it('serves the built page: files, the shell for page routes, 404 for missing files, nothing outside the folder', async () => {
    const asset = await fetch(`${server.url}assets/app-abc.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toBe('console.log(1)');
    expect(await (await fetch(`${server.url}en/trade/spot/BTC/USDT`)).text()).toContain('<title>page</title>');
    expect((await fetch(`${server.url}assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${server.url}..%2F..%2Fetc%2Fpasswd`)).status).toBeGreaterThanOrEqual(400);
  });

  it('cuts the connection when the simulated network is down, and answers again after', async () => {
    await fetch(`${server.url}mock/api/faults`, { method: 'POST', headers: { 'content-type': 'application/json', [CONTROL_TOKEN_HEADER]: server.controlToken }, body: '{"kind":"offline"}' });
    await expect(fetch(`${server.url}spot/api/basic/server_time`)).rejects.toThrow('fetch failed');
    await fetch(`${server.url}mock/api/faults`, { method: 'POST', headers: { 'content-type': 'application/json', [CONTROL_TOKEN_HEADER]: server.controlToken }, body: '{"kind":"online"}' });
    expect((await fetch(`${server.url}spot/api/basic/server_time`)).status).toBe(200);
  });

  it('serves the origin answers on the alternative hosts, with CORS for its own page only', async () => {
    const page = server.url.replace(/\/$/, '');
    const { accelerated, cdn } = server.hostUrls;
    expect(new URL(cdn).hostname).toBe('127.0.0.1');
    const config = (await (await fetch(`${server.url}spot/api/basic/network_config`)).json()) as { result: { acceleratedHost: string; cdnHost: string } };
    expect(config.result).toMatchObject({ acceleratedHost: accelerated, cdnHost: cdn });

    const direct = await (await fetch(`${server.url}spot/api/basic/symbol_list`)).json();
    const viaCdn = await fetch(`${cdn}/spot/api/basic/symbol_list`, { headers: { origin: page } });
    expect(await viaCdn.json()).toEqual(direct);
    expect(viaCdn.headers.get('access-control-allow-origin')).toBe(page);
    expect(viaCdn.headers.get('access-control-allow-credentials')).toBe('true');
    expect(server.backend.net.snapshot().hosts.cdn.served).toBe(1);
    expect((await (await fetch(`${accelerated}/h3/detect`)).json())).toMatchObject({ code: 0, result: { h3: true } });

    const foreign = await fetch(`${cdn}/spot/api/basic/symbol_list`, { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect((await fetch(`${accelerated}/spot/api/basic/symbol_list`, { method: 'OPTIONS', headers: { origin: 'null' } })).status).toBe(403);

    const preflight = await fetch(`${accelerated}/monitor/api/report`, { method: 'OPTIONS', headers: { origin: page, 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('accept, content-type, authorization');
    expect(server.backend.net.snapshot().hosts.accelerated.served).toBe(0);
    // the controls are the origin's alone
    expect((await fetch(`${cdn}/mock/api/net`)).status).toBe(403);
    expect((await fetch(`${cdn}/mock/api/net`, { headers: { [CONTROL_TOKEN_HEADER]: server.controlToken } })).status).toBe(404);
  });
});
