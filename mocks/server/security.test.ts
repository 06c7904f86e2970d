// @vitest-environment node
/**
 * The attacks of issue 31 part 3 sent to a running local server, each seen
 * refused, and the same calls made properly seen served. The table they
 * print is the one the closing note quotes.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ManualScheduler } from '../market/hub';
import { TEST_START, sharedDemoSets } from '../market/hub/testMarket';
import { CONTROL_TOKEN_HEADER, GUARD_ERRORS } from './guard';
import { startLocalServer, type LocalServer } from './server';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { code?: number; success?: boolean; result?: unknown };
}

let server: LocalServer;
let port: number;
const table: string[] = [];

/** A raw request: node:http lets the test send any Host and Origin, as an attacker's browser or DNS would. */
function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        let parsed: Answer['body'] = {};
        try {
          parsed = JSON.parse(text) as Answer['body'];
        } catch {
          parsed = {};
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const own = () => `http://127.0.0.1:${port}`;
const control = () => ({ [CONTROL_TOKEN_HEADER]: server.controlToken });
const replaySpeed = async () => ((await send('GET', '/mock/api/replay', control())).body.result as { speed: number }).speed;

function record(attack: string, answer: Answer): void {
  table.push(`  ${attack.padEnd(72)} → ${answer.status} code ${answer.body.code ?? '-'}`);
}

/** Opens a socket and says how its upgrade went: 'open', or the refusal's status. */
function upgrade(path: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers });
    socket.on('open', () => {
      socket.close();
      resolve('open');
    });
    socket.on('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
    socket.on('error', () => resolve('error'));
  });
}

beforeAll(async () => {
  server = await startLocalServer({ sets: sharedDemoSets(), scheduler: new ManualScheduler(TEST_START), port: 0 });
  port = Number(new URL(server.url).port);
  await server.backend.hub.ready();
});

afterAll(async () => {
  process.stdout.write(`local server attacks (issue 31 part 3):\n${table.join('\n')}\n`);
  await server.close();
});

describe('the local server refuses what other sites send it (issue 31)', () => {
  it('a cross-site simple POST (text/plain, foreign Origin) does not change the replay', async () => {
    const before = await replaySpeed();
    const answer = await send('POST', '/mock/api/replay', { origin: 'http://evil.example', 'content-type': 'text/plain' }, '{"action":"speed","speed":50}');
    record('cross-site text/plain POST /mock/api/replay (Origin evil.example)', answer);
    expect(answer).toMatchObject({ status: 403, body: { code: GUARD_ERRORS.foreignOrigin, success: false } });
    expect(await replaySpeed()).toBe(before);
  });

  it('a rebound name (DNS rebinding) can neither read, nor sign in, nor trade', async () => {
    const rebound = { host: `rebind.evil.example:${port}`, origin: `http://rebind.evil.example:${port}`, 'content-type': 'application/json' };
    const read = await send('GET', '/spot/api/basic/symbol_list', { host: rebound.host });
    const signIn = await send('POST', '/user/api/login', rebound, JSON.stringify({ userId: 'u-uta' }));
    const order = await send('POST', '/spot/api/order/create', rebound, JSON.stringify({ symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', price: '1000', quantity: '0.01' }));
    record('GET /spot/api/basic/symbol_list with Host rebind.evil.example', read);
    record('POST /user/api/login from rebind.evil.example', signIn);
    record('POST /spot/api/order/create from rebind.evil.example', order);
    for (const answer of [read, signIn, order]) expect(answer).toMatchObject({ status: 403, body: { code: GUARD_ERRORS.foreignHost } });
    expect(signIn.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a foreign or null Origin on a state-changing call, and a body that is not JSON', async () => {
    const signIn = JSON.stringify({ userId: 'u-uta' });
    const foreign = await send('POST', '/user/api/login', { origin: 'http://evil.example', 'content-type': 'application/json' }, signIn);
    const nullOrigin = await send('POST', '/user/api/login', { origin: 'null', 'content-type': 'application/json' }, signIn);
    const form = await send('POST', '/spot/api/order/create', { origin: own(), 'content-type': 'application/x-www-form-urlencoded' }, 'symbol=BTCUSDT');
    const plain = await send('POST', '/user/api/login', { 'content-type': 'text/plain' }, signIn);
    record('POST /user/api/login with Origin evil.example', foreign);
    record('POST /user/api/login with Origin null (sandboxed frame, file:)', nullOrigin);
    record('form POST /spot/api/order/create', form);
    record('text/plain POST /user/api/login (no Origin)', plain);
    expect(foreign).toMatchObject({ status: 403, body: { code: GUARD_ERRORS.foreignOrigin } });
    expect(nullOrigin).toMatchObject({ status: 403, body: { code: GUARD_ERRORS.foreignOrigin } });
    expect(form).toMatchObject({ status: 415, body: { code: GUARD_ERRORS.bodyType } });
    expect(plain).toMatchObject({ status: 415, body: { code: GUARD_ERRORS.bodyType } });
  });

  it('keeps the controls to the own page or the printed token', async () => {
    const script = await send('GET', '/mock/api/replay', {});
    const wrong = await send('POST', '/mock/api/faults', { [CONTROL_TOKEN_HEADER]: 'guess', 'content-type': 'application/json' }, '{"kind":"offline"}');
    record('GET /mock/api/replay from a script without the token', script);
    record('POST /mock/api/faults with a wrong token', wrong);
    expect(script).toMatchObject({ status: 403, body: { code: GUARD_ERRORS.controlRefused } });
    expect(wrong).toMatchObject({ status: 403, body: { code: GUARD_ERRORS.controlRefused } });
    expect((await send('GET', '/spot/api/basic/server_time', {})).status).toBe(200);
    expect(await send('GET', '/mock/api/replay', control())).toMatchObject({ status: 200, body: { code: 0 } });
    expect(await send('GET', '/mock/api/replay', { 'sec-fetch-site': 'same-origin' })).toMatchObject({ status: 200, body: { code: 0 } });
    expect(await send('POST', '/mock/api/replay', { origin: own(), 'content-type': 'application/json' }, '{"action":"pause"}')).toMatchObject({ status: 200, body: { code: 0 } });
    expect(await send('POST', '/mock/api/replay', { origin: own(), 'content-type': 'application/json' }, '{"action":"resume"}')).toMatchObject({ status: 200, body: { code: 0 } });
  });

  it('signs the own page in with an HttpOnly cookie', async () => {
    const answer = await send('POST', '/user/api/login', { origin: own(), 'content-type': 'application/json' }, JSON.stringify({ userId: 'u-uta' }));
    expect(answer.body).toMatchObject({ code: 0, success: true });
    const cookies = answer.headers['set-cookie'] ?? [];
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^spot_session=[^;]+;.*HttpOnly/);
    const out = await send('POST', '/logout', { origin: own(), cookie: String(cookies[0]).split(';')[0] ?? '' });
    expect(out.body).toMatchObject({ code: 0 });
    expect(out.headers['set-cookie']?.[0]).toMatch(/Max-Age=0.*HttpOnly/);
  });

  it('refuses a socket from another site or host name, and opens the own page\'s', async () => {
    const signIn = await send('POST', '/user/api/login', { 'content-type': 'application/json' }, JSON.stringify({ userId: 'u-uta' }));
    const cookie = String(signIn.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
    const hijack = await upgrade('/realtime_w', { origin: 'http://evil.example', cookie });
    const rebound = await upgrade('/realtime', { host: `rebind.evil.example:${port}`, origin: `http://rebind.evil.example:${port}` });
    table.push(`  ${'private socket from Origin evil.example with the victim\'s cookie'.padEnd(72)} → ${hijack}`);
    table.push(`  ${'quote socket through a rebound name'.padEnd(72)} → ${rebound}`);
    expect(hijack).toBe('403');
    expect(rebound).toBe('403');
    expect(await upgrade('/realtime_w', { origin: own(), cookie })).toBe('open');
    expect(await upgrade('/realtime', {})).toBe('open');
  });
});
