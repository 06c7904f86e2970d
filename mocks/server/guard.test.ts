import { describe, expect, it } from 'vitest';
import { checkRequest, checkUpgrade, CONTROL_TOKEN_HEADER, GUARD_ERRORS, hostNameOf, httpOnlyCookie, type GuardConfig, type GuardRequest } from './guard';

const config: GuardConfig = { hosts: new Set(['127.0.0.1', 'localhost', '::1', 'trade.test']), controlToken: 'secret-token' };
const OWN = 'http://127.0.0.1:4180';

function request(method: string, url: string, headers: GuardRequest['headers'] = {}): GuardRequest {
  return { method, url, headers: { host: '127.0.0.1:4180', ...headers } };
}
const codeOf = (r: GuardRequest) => {
  const verdict = checkRequest(r, config);
  return verdict.ok ? 0 : verdict.code;
};

describe('hostNameOf', () => {
  it('reads names, IPv4 and bracketed IPv6 with or without a port, and refuses what is not a host', () => {
    expect(hostNameOf('127.0.0.1:4180')).toBe('127.0.0.1');
    expect(hostNameOf('LocalHost.')).toBe('localhost');
    expect(hostNameOf('[::1]:4180')).toBe('::1');
    expect(hostNameOf('evil.example:4180')).toBe('evil.example');
    expect(hostNameOf(undefined)).toBeNull();
    expect(hostNameOf('')).toBeNull();
    expect(hostNameOf('a b')).toBeNull();
    expect(hostNameOf('127.0.0.1:4180@evil.example')).toBeNull();
  });
});

describe('checkRequest', () => {
  it('refuses a Host it does not serve (DNS rebinding), whatever the call', () => {
    expect(codeOf(request('GET', '/spot/api/basic/symbol_list', { host: 'evil.example:4180' }))).toBe(GUARD_ERRORS.foreignHost);
    expect(codeOf(request('POST', '/user/api/login', { host: 'rebind.evil.example:4180', origin: 'http://rebind.evil.example:4180', 'content-type': 'application/json', 'content-length': '20' }))).toBe(GUARD_ERRORS.foreignHost);
    expect(codeOf(request('GET', '/', { host: undefined }))).toBe(GUARD_ERRORS.foreignHost);
    expect(checkRequest(request('GET', '/', { host: 'evil.example' }), config)).toMatchObject({ ok: false, status: 403 });
  });

  it('serves the loopback names and the configured host', () => {
    for (const host of ['127.0.0.1:4180', 'localhost:4180', '[::1]:4180', 'trade.test:4180']) {
      expect(codeOf(request('GET', '/spot/api/basic/symbol_list', { host }))).toBe(0);
    }
  });

  it('refuses a state-changing call from another origin, a null origin or a cross-site fetch', () => {
    const json = { 'content-type': 'application/json', 'content-length': '2' };
    expect(codeOf(request('POST', '/spot/api/order/create', { ...json, origin: 'http://evil.example' }))).toBe(GUARD_ERRORS.foreignOrigin);
    expect(codeOf(request('POST', '/spot/api/order/create', { ...json, origin: 'null' }))).toBe(GUARD_ERRORS.foreignOrigin);
    expect(codeOf(request('POST', '/spot/api/order/create', { ...json, origin: 'http://localhost:4180' }))).toBe(GUARD_ERRORS.foreignOrigin);
    expect(codeOf(request('POST', '/spot/api/order/create', { ...json, 'sec-fetch-site': 'cross-site' }))).toBe(GUARD_ERRORS.foreignOrigin);
    expect(codeOf(request('DELETE', '/spot/api/order', { origin: 'http://evil.example' }))).toBe(GUARD_ERRORS.foreignOrigin);
  });

  it('lets the own page and scripts without an Origin change state', () => {
    const json = { 'content-type': 'application/json; charset=utf-8', 'content-length': '2' };
    expect(codeOf(request('POST', '/spot/api/order/create', { ...json, origin: OWN }))).toBe(0);
    expect(codeOf(request('POST', '/spot/api/order/create', json))).toBe(0);
    expect(codeOf(request('POST', '/logout', { origin: OWN, 'content-length': '0' }))).toBe(0);
  });

  it('requires a JSON body: text/plain and forms are refused, except the upload and the beacon', () => {
    const body = { origin: OWN, 'content-length': '10' };
    expect(codeOf(request('POST', '/spot/api/order/create', { ...body, 'content-type': 'text/plain;charset=UTF-8' }))).toBe(GUARD_ERRORS.bodyType);
    expect(codeOf(request('POST', '/spot/api/order/create', { ...body, 'content-type': 'application/x-www-form-urlencoded' }))).toBe(GUARD_ERRORS.bodyType);
    expect(codeOf(request('POST', '/spot/api/order/create', { 'content-length': '10' }))).toBe(GUARD_ERRORS.bodyType);
    expect(codeOf(request('POST', '/spot/api/order/create', { 'transfer-encoding': 'chunked', 'content-type': 'multipart/form-data; boundary=x' }))).toBe(GUARD_ERRORS.bodyType);
    expect(checkRequest(request('POST', '/spot/api/order/create', { ...body, 'content-type': 'text/plain' }), config)).toMatchObject({ status: 415 });
    expect(codeOf(request('POST', '/mock/api/replay/upload?name=a.jsonl.gz', { ...body, 'content-type': 'application/octet-stream' }))).toBe(0);
    expect(codeOf(request('POST', '/monitor/api/report', { ...body, 'content-type': 'text/plain;charset=UTF-8' }))).toBe(0);
    // The beacon's exception is for the server's own page only.
    expect(codeOf(request('POST', '/monitor/api/report', { ...body, origin: 'http://evil.example', 'content-type': 'text/plain' }))).toBe(GUARD_ERRORS.foreignOrigin);
  });

  it('keeps the controls to the own page or the control token', () => {
    expect(codeOf(request('GET', '/mock/api/replay'))).toBe(GUARD_ERRORS.controlRefused);
    expect(codeOf(request('GET', '/mock/api/replay', { 'sec-fetch-site': 'none' }))).toBe(GUARD_ERRORS.controlRefused);
    expect(codeOf(request('GET', '/mock/api/replay', { [CONTROL_TOKEN_HEADER]: 'secret-tokeN' }))).toBe(GUARD_ERRORS.controlRefused);
    expect(codeOf(request('GET', '/mock/api/replay', { [CONTROL_TOKEN_HEADER]: 'secret' }))).toBe(GUARD_ERRORS.controlRefused);
    expect(codeOf(request('GET', '/mock/api/replay', { [CONTROL_TOKEN_HEADER]: 'secret-token' }))).toBe(0);
    expect(codeOf(request('GET', '/mock/api/replay', { 'sec-fetch-site': 'same-origin' }))).toBe(0);
    expect(codeOf(request('POST', '/mock/api/replay', { origin: OWN, 'content-type': 'application/json', 'content-length': '2' }))).toBe(0);
    // The attack of the issue: a cross-site simple POST.
    expect(codeOf(request('POST', '/mock/api/replay', { origin: 'http://evil.example', 'content-type': 'text/plain', 'content-length': '14' }))).toBe(GUARD_ERRORS.foreignOrigin);
    // An empty token never matches, even an empty header.
    expect(checkRequest(request('GET', '/mock/api/replay', { [CONTROL_TOKEN_HEADER]: '' }), { ...config, controlToken: '' }).ok).toBe(false);
  });

  it('trusts the origins it is told to (the alternative hosts trust the page)', () => {
    const trusting = { ...config, trustedOrigins: new Set([OWN]) };
    const onHost = (headers: GuardRequest['headers']) => checkRequest({ method: 'POST', url: '/monitor/api/report', headers: { host: '127.0.0.1:4181', 'content-type': 'application/json', 'content-length': '2', ...headers } }, trusting).ok;
    expect(onHost({ origin: OWN })).toBe(true);
    expect(onHost({ origin: 'http://evil.example' })).toBe(false);
  });
});

describe('checkUpgrade', () => {
  it('opens sockets for its own hosts and page, and for clients without an Origin', () => {
    expect(checkUpgrade(request('GET', '/realtime', { origin: OWN }), config).ok).toBe(true);
    expect(checkUpgrade(request('GET', '/realtime_w'), config).ok).toBe(true);
    expect(checkUpgrade(request('GET', '/realtime_w', { origin: 'http://evil.example' }), config)).toMatchObject({ ok: false, code: GUARD_ERRORS.foreignOrigin });
    expect(checkUpgrade(request('GET', '/realtime', { host: 'evil.example:4180' }), config)).toMatchObject({ ok: false, code: GUARD_ERRORS.foreignHost });
  });
});

describe('httpOnlyCookie', () => {
  it('adds HttpOnly once', () => {
    expect(httpOnlyCookie('spot_session=abc; Path=/; SameSite=Lax')).toBe('spot_session=abc; Path=/; SameSite=Lax; HttpOnly');
    expect(httpOnlyCookie('a=b; HttpOnly; Path=/')).toBe('a=b; HttpOnly; Path=/');
  });
});
