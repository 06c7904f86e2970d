import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../mocks/http/handlers';
import { serviceSignedInAs } from '../../mocks/accounts/testKit';
import { fetchChartConfig, fetchChartSave, isChartSaveConflict, saveChartConfig, uploadChartSave } from '../../src/data/api/chartSaves';
import { ApiError } from '../../src/data/http';
import { DEFAULT_CHART_DISPLAY } from '../../src/domain/chartDisplay';
import type { ChartConfig, ChartLayoutState } from '../../src/domain/chartModel';
import { DEFAULT_CHART_LAYOUT } from '../../src/domain/chartSave';

/**
 * The chart-save calls across the seam: the embedded exchange's handlers
 * read and written through the page's own client, so the two cannot drift.
 */
const servers: ReturnType<typeof setupServer>[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

function backend(user: string | null) {
  const server = setupServer(...createHandlers({ accounts: serviceSignedInAs(user) }));
  server.listen({ onUnhandledFrame: 'error' });
  servers.push(server);
}

const CONFIG: ChartConfig = { klineType: 'lightChart', interval: '15m', pinnedIntervals: ['1s', '15m', '1M'], display: { ...DEFAULT_CHART_DISPLAY, avgSellLine: true, avgSellLineDays: 1095 } };
const LAYOUT: ChartLayoutState = { ...DEFAULT_CHART_LAYOUT, style: 'baseline', indicators: [{ key: 'boll', id: 'BOLL', params: [20, 2] }], compare: ['ETHUSDT'] };

describe('chart saves through the page client', () => {
  it('round-trips the configuration and the layout', async () => {
    backend('u-uta');
    expect(await fetchChartConfig()).toBeNull();
    expect(await saveChartConfig(CONFIG)).toEqual(CONFIG);
    expect(await fetchChartConfig()).toEqual(CONFIG);

    expect(await fetchChartSave(null)).toBeNull();
    expect(await uploadChartSave(0, LAYOUT)).toBe(1);
    expect(await fetchChartSave(null)).toEqual({ version: 1, indicatorVersion: 1, saveData: LAYOUT });
    expect(await fetchChartSave(1)).toEqual({ unchanged: 1 });
  });

  it('a stale upload is a conflict; a demo upload and a visitor are refused', async () => {
    backend('u-uta');
    await uploadChartSave(0, LAYOUT);
    expect(isChartSaveConflict(await uploadChartSave(0, LAYOUT).catch((e: unknown) => e))).toBe(true);
    servers.splice(0).forEach((s) => s.close());
    backend('u-demo');
    await expect(uploadChartSave(0, LAYOUT)).rejects.toMatchObject({ code: 10005 });
    servers.splice(0).forEach((s) => s.close());
    backend(null);
    const refused = await fetchChartConfig().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 10007 });
  });
});
