// @vitest-environment jsdom
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChartLayoutState } from '../../domain/chartModel';
import { DEFAULT_CHART_LAYOUT, DEFAULT_PINNED_INTERVALS } from '../../domain/chartSave';
import { DEFAULT_CHART_DISPLAY } from '../../domain/chartDisplay';
import { ApiError, MalformedResponseError } from '../http';
import {
  fetchChartConfig, fetchChartSave, isChartSaveConflict, parseChartSaveFile, saveChartConfig, uploadChartSave,
} from './chartSaves';

const LAYOUT: ChartLayoutState = { style: 'line', indicators: [{ key: 'ma', id: 'MA', params: [7] }], compare: ['ETHUSDT'], settings: DEFAULT_CHART_LAYOUT.settings };

let answers: Record<string, JsonBodyType> = {};
const seen: { path: string; body?: unknown }[] = [];
const server = setupServer(
  http.all('*/spot/api/account/:call', async ({ request, params }) => {
    const call = String(params.call);
    seen.push({ path: new URL(request.url).pathname + new URL(request.url).search, body: request.method === 'POST' ? await request.json() : undefined });
    return HttpResponse.json(answers[call]);
  }),
  http.get('*/spot/api/account/kline_file/:user/:file', () => HttpResponse.json(answers.file)),
);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  answers = {};
  seen.length = 0;
});

const ok = (result: JsonBodyType) => ({ code: 0, success: true, result });

describe('kline config', () => {
  it('reads null as "none saved" and a stored config field by field', async () => {
    answers.get_kline_config = ok(null);
    expect(await fetchChartConfig()).toBeNull();
    answers.get_kline_config = ok({ klineType: 'lightChart', interval: '9m', pinnedIntervals: 'x', display: { trade: false, avgBuyLineDays: 1 } });
    expect(await fetchChartConfig()).toEqual({
      klineType: 'lightChart', interval: '30m', pinnedIntervals: [...DEFAULT_PINNED_INTERVALS], display: { ...DEFAULT_CHART_DISPLAY, trade: false },
    });
  });

  it('an answer that is not an object is malformed', async () => {
    answers.get_kline_config = ok('config');
    await expect(fetchChartConfig()).rejects.toBeInstanceOf(MalformedResponseError);
  });

  it('posts the config as the body', async () => {
    const config = { klineType: 'tradingview', interval: '1h', pinnedIntervals: ['1h'], display: DEFAULT_CHART_DISPLAY } as const;
    answers.set_kline_config = ok(config);
    expect(await saveChartConfig({ ...config, pinnedIntervals: ['1h'] })).toEqual(config);
    expect(seen[0]).toEqual({ path: '/spot/api/account/set_kline_config', body: config });
  });
});

describe('chart save upload', () => {
  it('sends the layout as a JSON string with the versions and answers the new version', async () => {
    answers.upload_kline = ok({ version: 4 });
    expect(await uploadChartSave(3, LAYOUT)).toBe(4);
    expect(seen[0]?.body).toEqual({ version: 3, saveData: JSON.stringify(LAYOUT), indicatorVersion: 1 });
  });

  it('a stale upload is a recognisable conflict; other refusals are not', async () => {
    answers.upload_kline = { code: 10409, success: false, message: 'newer', result: { version: 9 } };
    const error = await uploadChartSave(1, LAYOUT).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(isChartSaveConflict(error)).toBe(true);
    expect(isChartSaveConflict(new ApiError(10005, 'demo'))).toBe(false);
  });

  it('a missing version in the answer is malformed', async () => {
    answers.upload_kline = ok({ version: -1 });
    await expect(uploadChartSave(0, LAYOUT)).rejects.toBeInstanceOf(MalformedResponseError);
  });
});

describe('chart save download', () => {
  it('asks with the known version, then reads the file at klinePath', async () => {
    answers.get_kline = ok({ version: 5, indicatorVersion: 1, klinePath: '/spot/api/account/kline_file/u-uta/5.json' });
    answers.file = { version: 5, indicatorVersion: 1, saveData: JSON.stringify(LAYOUT) };
    expect(await fetchChartSave(4)).toEqual({ version: 5, indicatorVersion: 1, saveData: LAYOUT });
    expect(seen[0]?.path).toBe('/spot/api/account/get_kline?version=4');
  });

  it('null when nothing is saved; unchanged when the caller has that version', async () => {
    answers.get_kline = ok(null);
    expect(await fetchChartSave(null)).toBeNull();
    expect(seen[0]?.path).toBe('/spot/api/account/get_kline');
    answers.get_kline = ok({ version: 5, indicatorVersion: 1, klinePath: null });
    expect(await fetchChartSave(5)).toEqual({ unchanged: 5 });
  });

  it.each(['https://evil.example/x.json', '//evil.example/x.json', '/a/../../x', 7])('refuses a klinePath of %j as malformed', async (klinePath) => {
    answers.get_kline = ok({ version: 5, klinePath });
    await expect(fetchChartSave(null)).rejects.toBeInstanceOf(MalformedResponseError);
  });

  it('reads bad saveData safely: unreadable → default layout, bad fields → defaults', () => {
    expect(parseChartSaveFile({ version: 2, saveData: '{oops' })).toEqual({ version: 2, indicatorVersion: 1, saveData: DEFAULT_CHART_LAYOUT });
    expect(parseChartSaveFile({ version: 2, indicatorVersion: 1, saveData: JSON.stringify({ style: 'renko', indicators: [{ id: 'MA' }] }) }).saveData).toEqual({ ...DEFAULT_CHART_LAYOUT, indicators: [] });
    expect(() => parseChartSaveFile({ saveData: '{}' })).toThrow(MalformedResponseError);
    expect(() => parseChartSaveFile('file')).toThrow(MalformedResponseError);
  });
});
