// @vitest-environment jsdom
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';
import { createAccountService } from '../accounts/service';
import { sessionCookie } from '../accounts/testKit';
import { FaultPlan, parseFaults } from '../faults';
import { createNetState, type NetState } from '../net/netState';
import { netControlHandlers } from '../runtime/netControl';
import { createHandlers } from './handlers';
import { MONITOR_REPORT_PATH, NETWORK_CONFIG_PATH, PROXY_SWITCH_PATH } from './network';

/** The network layer's calls and the two alternative hosts under msw/node, as the page calls them (docs/api/network.md). */
const servers: ReturnType<typeof setupServer>[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

const ACC = 'https://h3.sim.invalid';
const CDN = 'https://cdn.sim.invalid';
const PROBE = `${PROXY_SWITCH_PATH}?seq_id=1&device_id=d1&app=spot&os=web&bu=spot&v=1.0.0`;

const accounts = createAccountService();
const UTA = sessionCookie(accounts, 'u-uta');

function backend(options: { faults?: string; offline?: () => boolean } = {}): NetState {
  const net = createNetState();
  const faults = new FaultPlan(parseFaults(options.faults));
  const server = setupServer(...netControlHandlers(net), ...createHandlers({ net, accounts, faults, offline: options.offline, scheduler: { now: () => 1_000 } }));
  server.listen({ onUnhandledFrame: 'error' });
  servers.push(server);
  return net;
}

async function json(url: string, init?: RequestInit) {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function timed(url: string, init?: RequestInit) {
  const start = performance.now();
  const answer = await json(url, init);
  return { ...answer, ms: performance.now() - start };
}

const control = (body: unknown) => json('/mock/api/net', { method: 'POST', body: JSON.stringify(body) });

describe('network_config and the probe', () => {
  it('tells the page the hosts, the SDK level and the excludes, and follows the control', async () => {
    backend();
    expect((await json(NETWORK_CONFIG_PATH)).body).toEqual({
      code: 0, success: true,
      result: { sdkLevel: 0, acceleratedHost: ACC, cdnHost: CDN, excludes: ['/spot/api/order/pnl'], refreshMs: 30000 },
    });
    expect((await control({ sdkLevel: 1, excludes: ['/spot/api/order/*'] })).body).toMatchObject({ code: 0, result: { sdkLevel: 1 } });
    expect((await json(NETWORK_CONFIG_PATH)).body.result).toMatchObject({ sdkLevel: 1, excludes: ['/spot/api/order/*'] });
  });

  it('answers res_code 1 to a whitelisted user, 0 to others and visitors, and the override to everyone', async () => {
    backend();
    expect((await json(PROBE, { headers: { cookie: UTA } })).body).toEqual({ err_code: 0, result: { res_code: 1, monitor_switch: 1 } });
    expect((await json(PROBE, { headers: { cookie: sessionCookie(accounts, 'u-demo') } })).body).toMatchObject({ result: { res_code: 0 } });
    expect((await json(PROBE)).body).toMatchObject({ result: { res_code: 0 } });
    await control({ resCode: 8, monitorSwitch: 0 });
    expect((await json(PROBE, { headers: { cookie: UTA } })).body).toEqual({ err_code: 0, result: { res_code: 8, monitor_switch: 0 } });
    await control({ resCode: null, whitelist: [] });
    expect((await json(PROBE, { headers: { cookie: UTA } })).body).toMatchObject({ result: { res_code: 0 } });
  });

  it('answers err_code 10001 and no result when a query field is missing or empty', async () => {
    backend();
    for (const drop of ['seq_id', 'device_id', 'app', 'os', 'bu', 'v']) {
      const url = new URL(PROBE, 'http://x');
      url.searchParams.delete(drop);
      const answer = (await json(url.pathname + url.search)).body;
      expect(answer.err_code, drop).toBe(10001);
      expect(answer).not.toHaveProperty('result');
    }
    expect((await json(PROBE.replace('v=1.0.0', 'v='))).body.err_code).toBe(10001);
  });

  it('fails with the network and takes ?mockFault= like every other call', async () => {
    let offline = false;
    backend({ faults: `${NETWORK_CONFIG_PATH}:error:1`, offline: () => offline });
    expect((await fetch(NETWORK_CONFIG_PATH)).status).toBe(500);
    expect((await fetch(NETWORK_CONFIG_PATH)).status).toBe(200);
    offline = true;
    await expect(fetch(PROBE)).rejects.toThrow(TypeError);
    // the controls stay reachable, or nothing could bring the network back
    expect((await json('/mock/api/net')).body).toMatchObject({ code: 0 });
  });
});

describe('quality reports', () => {
  const send = (body: unknown, contentType = 'text/plain;charset=UTF-8') =>
    json(MONITOR_REPORT_PATH, { method: 'POST', headers: { 'content-type': contentType }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const batch = (batchId: string, count: number) => ({ batchId, deviceId: 'd1', reports: Array.from({ length: count }, (_, i) => ({ type: 'httpQuality', t: i, url: '/x' })) });

  it('takes a beacon batch once, in order, and shows it to the control', async () => {
    backend();
    expect((await send(batch('d1-1', 2))).body).toEqual({ code: 0, success: true, result: { accepted: 2, duplicate: false } });
    expect((await send(batch('d1-1', 2), 'application/json')).body).toMatchObject({ result: { accepted: 0, duplicate: true } });
    expect((await send(batch('d1-2', 1))).body).toMatchObject({ result: { accepted: 1 } });
    expect((await json('/mock/api/net/reports')).body.result).toEqual({ batches: 2, reports: [...batch('x', 2).reports, ...batch('x', 1).reports] });
  });

  it('refuses more than 500 reports, a bad report or an oversized body with 10002, and a body that is not JSON with 10001', async () => {
    backend();
    expect((await send(batch('big', 501))).body).toMatchObject({ code: 10002, success: false });
    expect((await send({ batchId: 'b', deviceId: 'd', reports: [{ type: 'nope', t: 1 }] })).body).toMatchObject({ code: 10002 });
    expect((await send('not json')).body).toMatchObject({ code: 10001 });
    expect((await send('x'.repeat(1_000_001))).body).toMatchObject({ code: 10002 });
    expect((await json('/mock/api/net/reports')).body.result).toEqual({ batches: 0, reports: [] });
  });
});

describe('alternative hosts', () => {
  it('serve the origin answer after their latency, line paths included, and count it', async () => {
    const net = backend();
    await control({ host: 'cdn', latencyMs: 150 });
    const direct = await json('/spot/api/basic/symbol_list');
    const viaCdn = await timed(`${CDN}/spot/api/basic/symbol_list`);
    expect(viaCdn.body).toEqual(direct.body);
    expect(viaCdn.ms).toBeGreaterThanOrEqual(140);
    expect((await json(`${ACC}/line/2/spot/api/basic/symbol_list`)).body).toEqual(direct.body);
    expect((await json(`${ACC}/spot/api/quote/v2/tickers?symbol=NOPE`)).body).toEqual((await json('/spot/api/quote/v2/tickers?symbol=NOPE')).body);
    expect(net.snapshot().hosts).toMatchObject({ accelerated: { served: 2 }, cdn: { served: 1, latencyMs: 150 } });
    expect((await json('/mock/api/net')).body.result).toMatchObject({ hosts: { accelerated: { served: 2 }, cdn: { served: 1 } } });
  });

  it('keep the session cookie and the POST body', async () => {
    const net = backend();
    expect((await json(`${ACC}${PROBE}`, { headers: { cookie: UTA } })).body).toMatchObject({ result: { res_code: 1 } });
    const body = JSON.stringify({ batchId: 'via-host', deviceId: 'd1', reports: [{ type: 'http', t: 1 }] });
    expect((await json(`${CDN}${MONITOR_REPORT_PATH}`, { method: 'POST', body })).body).toMatchObject({ result: { accepted: 1 } });
    expect(net.collector.reports()).toEqual([{ type: 'http', t: 1 }]);
  });

  it('answer h3 detection on the accelerated host only, without counting it', async () => {
    const net = backend();
    expect((await json(`${ACC}/h3/detect`)).body).toEqual({ code: 0, success: true, result: { h3: true } });
    expect((await json(`${CDN}/h3/detect`)).status).toBe(404);
    expect(net.snapshot().hosts.accelerated.served).toBe(0);
  });

  it('never forward the simulator controls, however the path is spelled', async () => {
    backend();
    for (const path of ['/mock/api/net', '/MOCK/api/net', '/%6Dock/api/net', '/line/1/mock/api/replay', '/mock']) {
      expect((await json(`${ACC}${path}`, { method: 'POST', body: '{"sdkLevel":2}' })).status, path).toBe(404);
    }
    expect((await json(NETWORK_CONFIG_PATH)).body.result).toMatchObject({ sdkLevel: 0 });
    expect((await json(`${CDN}/no/such/path`)).status).toBe(404);
  });

  it('fail like a dropped connection when down or when the network is offline', async () => {
    let offline = false;
    backend({ offline: () => offline });
    await control({ host: 'accelerated', down: true });
    await expect(fetch(`${ACC}/h3/detect`)).rejects.toThrow(TypeError);
    await expect(fetch(`${ACC}/spot/api/basic/symbol_list`)).rejects.toThrow(TypeError);
    expect((await fetch(`${CDN}/spot/api/basic/symbol_list`)).status).toBe(200);
    offline = true;
    await expect(fetch(`${CDN}/spot/api/basic/symbol_list`)).rejects.toThrow(TypeError);
    offline = false;
    await control({ host: 'accelerated', down: false });
    expect((await fetch(`${ACC}/h3/detect`)).status).toBe(200);
  });

  it('the control refuses a bad body with 10002 and a non-object with 10001', async () => {
    backend();
    expect((await control({ host: 'cdn', down: 'yes' })).body).toMatchObject({ code: 10002, success: false });
    expect((await control([1])).body).toMatchObject({ code: 10001 });
  });
});
