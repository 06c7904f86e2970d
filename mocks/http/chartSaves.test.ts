// @vitest-environment jsdom
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';
import { createChartStore, type ChartStore } from '../accounts/chartStore';
import { memoryPersistence } from '../accounts/userStore';
import { createHandlers } from './handlers';
import { createAccountService } from '../accounts/service';
import { sessionCookie } from '../accounts/testKit';

const accounts = createAccountService();
const cookieOf = (userId: string) => sessionCookie(accounts, userId);
import { GET_KLINE_CONFIG_PATH, GET_KLINE_PATH, SET_KLINE_CONFIG_PATH, UPLOAD_KLINE_PATH } from './chartSaves';

/** Contract of the chart configuration and chart save calls under msw/node, as the page calls them. */
const servers: ReturnType<typeof setupServer>[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

function backend(charts: ChartStore = createChartStore()) {
  const server = setupServer(...createHandlers({ charts , accounts }));
  server.listen({ onUnhandledFrame: 'error' });
  servers.push(server);
}

const UTA = cookieOf('u-uta');
const DEMO = cookieOf('u-demo');

interface Answer { code: number; success: boolean; result?: unknown; message?: string }

async function call(path: string, options: { cookie?: string; body?: unknown } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.cookie) headers.cookie = options.cookie;
  const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  const response = await fetch(path, { method: body === undefined ? 'GET' : 'POST', headers, body });
  return (await response.json()) as Answer;
}

const DISPLAY = {
  trade: true, position: true, limitTrade: true, entrust: false, dealHistory: true,
  avgBuyLine: true, avgSellLine: false, avgBuyLineDays: 365, avgSellLineDays: 30, grid: true,
};
const CONFIG = { klineType: 'lightChart', interval: '4h', pinnedIntervals: ['1m', '4h'], display: DISPLAY };
const LAYOUT = JSON.stringify({ style: 'line', indicators: [{ key: 'ma', id: 'MA', params: [7] }], compare: [], settings: {} });

describe('kline config', () => {
  it('refuses visitors with 10007', async () => {
    backend();
    expect(await call(GET_KLINE_CONFIG_PATH)).toMatchObject({ code: 10007, success: false, message: 'Login required' });
    expect(await call(SET_KLINE_CONFIG_PATH, { body: CONFIG })).toMatchObject({ code: 10007 });
  });

  it('is null until saved, then reads back per user', async () => {
    backend();
    expect(await call(GET_KLINE_CONFIG_PATH, { cookie: UTA })).toEqual({ code: 0, success: true, result: null });
    expect((await call(SET_KLINE_CONFIG_PATH, { cookie: UTA, body: { ...CONFIG, extra: 'dropped' } })).result).toEqual(CONFIG);
    expect((await call(GET_KLINE_CONFIG_PATH, { cookie: UTA })).result).toEqual(CONFIG);
    expect((await call(GET_KLINE_CONFIG_PATH, { cookie: cookieOf('u-standard') })).result).toBeNull();
  });

  it.each([
    ['not JSON', '{'],
    ['a list', '[]'],
    ['depth remembered', { ...CONFIG, klineType: 'deepChart' }],
    ['an unknown interval', { ...CONFIG, interval: '7m' }],
    ['no pinned intervals', { ...CONFIG, pinnedIntervals: [] }],
    ['a repeated pinned interval', { ...CONFIG, pinnedIntervals: ['1m', '1m'] }],
    ['a display flag that is not a boolean', { ...CONFIG, display: { ...DISPLAY, trade: 'yes' } }],
    ['days not offered', { ...CONFIG, display: { ...DISPLAY, avgBuyLineDays: 45 } }],
    ['no display', { ...CONFIG, display: undefined }],
  ])('refuses a body with %s (10001)', async (_what, body) => {
    backend();
    expect(await call(SET_KLINE_CONFIG_PATH, { cookie: UTA, body })).toMatchObject({ code: 10001, success: false });
    expect((await call(GET_KLINE_CONFIG_PATH, { cookie: UTA })).result).toBeNull();
  });
});

describe('chart saves', () => {
  it('uploads, counts versions, answers the file path and serves the file to its owner only', async () => {
    backend();
    expect(await call(GET_KLINE_PATH, { cookie: UTA })).toEqual({ code: 0, success: true, result: null });
    expect((await call(UPLOAD_KLINE_PATH, { cookie: UTA, body: { version: 0, saveData: LAYOUT, indicatorVersion: 1 } })).result).toEqual({ version: 1 });
    expect((await call(UPLOAD_KLINE_PATH, { cookie: UTA, body: { version: 1, saveData: LAYOUT, indicatorVersion: 1 } })).result).toEqual({ version: 2 });
    const got = await call(GET_KLINE_PATH, { cookie: UTA });
    expect(got.result).toEqual({ version: 2, indicatorVersion: 1, klinePath: '/spot/api/account/kline_file/u-uta/2.json' });
    // The caller that already has version 2 has nothing to download.
    expect((await call(`${GET_KLINE_PATH}?version=2`, { cookie: UTA })).result).toEqual({ version: 2, indicatorVersion: 1, klinePath: null });
    const file = await fetch('/spot/api/account/kline_file/u-uta/2.json', { headers: { cookie: UTA } });
    expect(await file.json()).toEqual({ version: 2, indicatorVersion: 1, saveData: LAYOUT });
    expect((await fetch('/spot/api/account/kline_file/u-uta/1.json', { headers: { cookie: UTA } })).status).toBe(404);
    expect((await fetch('/spot/api/account/kline_file/u-uta/2.json', { headers: { cookie: cookieOf('u-standard') } })).status).toBe(404);
    expect(await (await fetch('/spot/api/account/kline_file/u-uta/2.json')).json()).toMatchObject({ code: 10007 });
  });

  it('answers 404, not a server error, for a file path whose user segment is badly percent-encoded', async () => {
    backend();
    await call(UPLOAD_KLINE_PATH, { cookie: UTA, body: { version: 0, saveData: LAYOUT, indicatorVersion: 1 } });
    for (const segment of ['%E0%A4%A', '%', '%ED%A0%80']) {
      const file = await fetch(`/spot/api/account/kline_file/${segment}/1.json`, { headers: { cookie: UTA } });
      expect(file.status, segment).toBe(404);
    }
    expect((await fetch('/spot/api/account/kline_file/u%2Duta/1.json', { headers: { cookie: UTA } })).status).toBe(200);
  });

  it('answers a stale upload with the conflict code and the current version, and keeps the newer save', async () => {
    backend();
    await call(UPLOAD_KLINE_PATH, { cookie: UTA, body: { version: 0, saveData: LAYOUT, indicatorVersion: 1 } });
    await call(UPLOAD_KLINE_PATH, { cookie: UTA, body: { version: 1, saveData: LAYOUT, indicatorVersion: 1 } });
    const stale = await call(UPLOAD_KLINE_PATH, { cookie: UTA, body: { version: 1, saveData: '{"style":"bar"}', indicatorVersion: 1 } });
    expect(stale).toMatchObject({ code: 10409, success: false, result: { version: 2 } });
    expect((await call(GET_KLINE_PATH, { cookie: UTA })).result).toMatchObject({ version: 2 });
  });

  it('refuses visitors (10007) and demo accounts (10005)', async () => {
    backend();
    const body = { version: 0, saveData: LAYOUT, indicatorVersion: 1 };
    expect(await call(UPLOAD_KLINE_PATH, { body })).toMatchObject({ code: 10007 });
    expect(await call(GET_KLINE_PATH)).toMatchObject({ code: 10007 });
    expect(await call(UPLOAD_KLINE_PATH, { cookie: DEMO, body })).toMatchObject({ code: 10005, success: false, message: expect.stringContaining('Demo') });
    expect((await call(GET_KLINE_PATH, { cookie: DEMO })).result).toBeNull();
  });

  it.each([
    ['a negative version', { version: -1, saveData: LAYOUT, indicatorVersion: 1 }],
    ['a text version', { version: '1', saveData: LAYOUT, indicatorVersion: 1 }],
    ['saveData that is not JSON', { version: 0, saveData: '{x', indicatorVersion: 1 }],
    ['saveData that is a list', { version: 0, saveData: '[]', indicatorVersion: 1 }],
    ['saveData as an object, not a string', { version: 0, saveData: {}, indicatorVersion: 1 }],
    ['saveData too big', { version: 0, saveData: JSON.stringify({ x: 'a'.repeat(200_001) }), indicatorVersion: 1 }],
    ['no indicatorVersion', { version: 0, saveData: LAYOUT }],
  ])('refuses an upload with %s (10001)', async (_what, body) => {
    backend();
    expect(await call(UPLOAD_KLINE_PATH, { cookie: UTA, body })).toMatchObject({ code: 10001, success: false });
  });

  it('refuses a bad version query (10001)', async () => {
    backend();
    expect(await call(`${GET_KLINE_PATH}?version=abc`, { cookie: UTA })).toMatchObject({ code: 10001 });
  });

  it('persists through its text store, and reads unusable stored text as empty', async () => {
    const persistence = memoryPersistence();
    const first = createChartStore(persistence);
    first.setConfig('u-uta', CONFIG);
    first.upload('u-uta', 0, LAYOUT, 1);
    const again = createChartStore(persistence);
    expect(again.config('u-uta')).toEqual(CONFIG);
    expect(again.save('u-uta')).toEqual({ version: 1, saveData: LAYOUT, indicatorVersion: 1 });
    persistence.save('{broken');
    expect(createChartStore(persistence).save('u-uta')).toBeNull();
    persistence.save(JSON.stringify({ 'u-uta': { config: 3, save: { version: 'x' } } }));
    expect(createChartStore(persistence).config('u-uta')).toBeNull();
  });
});
