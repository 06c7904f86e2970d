import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '../db';
import { STORAGE_KEYS } from '../storage';
import { netStore } from './netStore';
import { deviceId, PROBE_PATH, probe } from './probe';

const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2026, 0, 10, 9, 0, 0);

/** A controllable clock for `probe(…, now)`. */
function clock(start = START) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

/** The probe endpoint as a fake `fetch`: answers `body` (JSON unless a string), or never when `hang`. */
function fakeProbe(body: () => unknown, options: { status?: number; hang?: boolean } = {}) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (options.hang) {
      return new Promise((_, reject) => {
        const signal = init?.signal;
        signal?.addEventListener('abort', () => reject(signal.reason));
      });
    }
    const value = body();
    return new Response(typeof value === 'string' ? value : JSON.stringify(value), { status: options.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const WHITELISTED = { err_code: 0, result: { res_code: 1, monitor_switch: 1 } };
const queryOf = (call: unknown[] | undefined) => new URL(String(call?.[0]), 'http://page.invalid');

beforeEach(async () => {
  netStore.reset();
  await getDatabase().netProbes.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('probe: GET /spot/api/proxy-switch, cached 24 h per user', () => {
  it('the first call asks the origin with the full query', async () => {
    const fetch = fakeProbe(() => WHITELISTED);
    const { now } = clock();
    const result = await probe('u-uta', '1.2.3', now);
    expect(result).toEqual({ errCode: 0, resCode: 1, monitorSwitch: true, receivedAt: START, cached: false });
    expect(fetch).toHaveBeenCalledTimes(1);
    const url = queryOf(fetch.mock.calls[0]);
    expect(String(fetch.mock.calls[0]?.[0]).startsWith(`${PROBE_PATH}?`)).toBe(true); // the origin, not an alternative host
    const q = url.searchParams;
    expect([...q.keys()].sort()).toEqual(['app', 'bu', 'device_id', 'os', 'seq_id', 'v']);
    expect(q.get('seq_id')).toMatch(/^\d+$/);
    expect(q.get('device_id')).toBe(deviceId());
    expect(q.get('app')).toBe('web');
    expect(q.get('os')).not.toBe('');
    expect(q.get('bu')).toBe('spot');
    expect(q.get('v')).toBe('1.2.3');
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include' });
  });

  it('the probe goes to the origin even when the layer accelerates other calls', async () => {
    netStore.setConfig({ sdkLevel: 1, hosts: { accelerated: 'https://h3.sim.invalid', cdn: 'https://cdn.sim.invalid' }, excludes: [], refreshMs: 30_000 });
    const fetch = fakeProbe(() => WHITELISTED);
    await probe('u-uta', 'web', clock().now);
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/^\/spot\/api\/proxy-switch\?/);
  });

  it('each call has a new seq_id; the device_id is made once and kept', async () => {
    const fetch = fakeProbe(() => ({ err_code: 10001 }));
    await probe('visitor', 'web', clock().now);
    await probe('visitor', 'web', clock().now);
    const [a, b] = fetch.mock.calls.map((call) => queryOf(call).searchParams);
    expect(Number(b?.get('seq_id'))).toBeGreaterThan(Number(a?.get('seq_id')));
    expect(a?.get('device_id')).toBe(b?.get('device_id'));
    expect(localStorage.getItem(STORAGE_KEYS.deviceId)).toBe(a?.get('device_id'));
  });

  it('a second call within 24 h reads the cache without asking; after 24 h it asks again', async () => {
    const fetch = fakeProbe(() => WHITELISTED);
    const t = clock();
    await probe('u-uta', 'web', t.now);
    t.advance(DAY - 1);
    expect(await probe('u-uta', 'web', t.now)).toEqual({ errCode: 0, resCode: 1, monitorSwitch: true, receivedAt: START, cached: true });
    expect(fetch).toHaveBeenCalledTimes(1);
    t.advance(1);
    expect(await probe('u-uta', 'web', t.now)).toEqual({ errCode: 0, resCode: 1, monitorSwitch: true, receivedAt: START + DAY, cached: false });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(await getDatabase().netProbes.get('u-uta')).toMatchObject({ receivedAt: START + DAY });
  });

  it('the cache is per user', async () => {
    let answer: unknown = WHITELISTED;
    const fetch = fakeProbe(() => answer);
    const t = clock();
    await probe('u-uta', 'web', t.now);
    answer = { err_code: 0, result: { res_code: 0, monitor_switch: 0 } };
    expect(await probe('u-other', 'web', t.now)).toMatchObject({ resCode: 0, monitorSwitch: false, cached: false });
    expect(await probe('u-uta', 'web', t.now)).toMatchObject({ resCode: 1, cached: true });
    expect(await probe('u-other', 'web', t.now)).toMatchObject({ resCode: 0, monitorSwitch: false, cached: true });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a cached row dated in the future is not trusted', async () => {
    await getDatabase().netProbes.put({ userKey: 'u-uta', errCode: 0, resCode: 1, monitorSwitch: true, receivedAt: START + 60_000 });
    const fetch = fakeProbe(() => ({ err_code: 0, result: { res_code: 0, monitor_switch: 1 } }));
    expect(await probe('u-uta', 'web', clock().now)).toMatchObject({ resCode: 0, cached: false });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('an answer with err_code other than 0 is returned but not cached', async () => {
    const fetch = fakeProbe(() => ({ err_code: 10001 }));
    const t = clock();
    expect(await probe('u-uta', 'web', t.now)).toEqual({ errCode: 10001, resCode: null, monitorSwitch: false, receivedAt: START, cached: false });
    expect(await getDatabase().netProbes.get('u-uta')).toBeUndefined();
    t.advance(1000);
    await probe('u-uta', 'web', t.now);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('junk is no answer, and nothing is cached', async () => {
    for (const body of ['not json', '{"result":{"res_code":1}}', '[]', 'null', { err_code: '0', result: { res_code: 1 } }]) {
      fakeProbe(() => body);
      expect(await probe('u-uta', 'web', clock().now), JSON.stringify(body)).toBeNull();
    }
    expect(await getDatabase().netProbes.count()).toBe(0);
  });

  it('an HTTP error or a network error is no answer', async () => {
    fakeProbe(() => WHITELISTED, { status: 502 });
    expect(await probe('u-uta', 'web', clock().now)).toBeNull();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await probe('u-uta', 'web', clock().now)).toBeNull();
    expect(await getDatabase().netProbes.count()).toBe(0);
  });

  it('a hung server: null after 3000 ms', async () => {
    // AbortSignal.timeout runs on the platform's own timer; give it one the fake clock drives.
    const timeouts: number[] = [];
    vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms: number) => {
      timeouts.push(ms);
      const controller = new AbortController();
      setTimeout(() => controller.abort(new DOMException('signal timed out', 'TimeoutError')), ms);
      return controller.signal;
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetch = fakeProbe(() => WHITELISTED, { hang: true });
    let settled = false;
    const pending = probe('u-uta', 'web', clock().now).then((r) => {
      settled = true;
      return r;
    });
    // (not vi.waitFor: under fake timers it moves the clock on) the cache read is real IndexedDB work
    for (let i = 0; i < 200 && fetch.mock.calls.length === 0; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(timeouts).toEqual([3000]);
    await vi.advanceTimersByTimeAsync(2999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBeNull();
    expect(settled).toBe(true);
  });
});
