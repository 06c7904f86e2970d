import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { REPLAY_START } from './support/market';
import { installClock, runExchangeInPage } from './support/clock';

// This spec drives the page's clock: the exchange runs in the page for all its tests (support/clock.ts).
test.beforeEach(({ context }) => runExchangeInPage(context));

/**
 * Issue 6, the chart area on the replayed BTCUSDT market with a controlled
 * clock: chart kinds and their memory, intervals, history paging, the
 * screenshot file and fullscreen.
 */
const FIRST_CHART_MS = 45_000;

test.describe.configure({ timeout: 120_000 });

const chart = (page: Page) => page.getByTestId('candle-chart');
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Chart tools' });

async function openChart(page: Page, path = '/en/trade/spot/BTC/USDT') {
  await installClock(page, { time: REPLAY_START });
  await page.goto(path);
  await expect(chart(page)).not.toHaveAttribute('data-bars', '0', { timeout: FIRST_CHART_MS });
}

test('the chart kind is remembered across reloads, except the depth chart', async ({ page }) => {
  await openChart(page);
  const kinds = page.getByRole('group', { name: 'Chart type' });
  await expect(kinds.getByRole('button', { name: 'Pro' })).toHaveAttribute('aria-pressed', 'true');
  await kinds.getByRole('button', { name: 'Simple' }).click();
  await expect(kinds.getByRole('button', { name: 'Simple' })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('SPOT_kline_type'))).toBe('lightChart');

  await kinds.getByRole('button', { name: 'Depth' }).click();
  await expect(kinds.getByRole('button', { name: 'Depth' })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('SPOT_kline_type'))).toBe('lightChart');

  await page.reload();
  await expect(page.getByRole('group', { name: 'Chart type' }).getByRole('button', { name: 'Simple' })).toHaveAttribute('aria-pressed', 'true', { timeout: FIRST_CHART_MS });
});

test('scrolling to the left loads three older pages, then stops', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('SPOT_kline_interval', '1m'));
  await openChart(page);
  await expect(chart(page)).toHaveAttribute('data-pages', '1');
  await expect(chart(page)).toHaveAttribute('data-bars', '500');
  const box = await chart(page).boundingBox();
  if (!box) throw new Error('chart not laid out');
  const dragBackInTime = async () => {
    // Zoomed out, a drag to the right moves back in time by hundreds of bars.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 6; i += 1) await page.mouse.wheel(0, 400);
    await page.mouse.move(box.x + 60, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 120, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await page.clock.runFor(500);
  };
  const seen = new Set<string>();
  await expect(async () => {
    await dragBackInTime();
    seen.add((await chart(page).getAttribute('data-pages')) ?? '');
    expect(await chart(page).getAttribute('data-pages')).toBe('4');
  }).toPass({ timeout: 90_000 });
  await expect(chart(page)).toHaveAttribute('data-bars', '2000');
  for (let i = 0; i < 4; i += 1) await dragBackInTime();
  await expect(chart(page)).toHaveAttribute('data-pages', '4');
  await expect(chart(page)).toHaveAttribute('data-bars', '2000');
  await expect(page.getByRole('status', { name: 'Loading older bars…' })).toHaveCount(0);
  expect([...seen].every((p) => Number(p) <= 4)).toBe(true);
});

test('the screenshot button downloads a PNG of the chart named after symbol and interval', async ({ page }) => {
  await openChart(page);
  const downloadPromise = page.waitForEvent('download');
  await toolbar(page).getByRole('button', { name: 'Screenshot' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^BTCUSDT_30m_\d{14}\.png$/);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  expect(bytes.length).toBeGreaterThan(2_000);
});

test('fullscreen turns on and off', async ({ page }) => {
  await openChart(page);
  await toolbar(page).getByRole('button', { name: 'Fullscreen On' }).click();
  const off = toolbar(page).getByRole('button', { name: 'Fullscreen Off' });
  await expect(off).toHaveAttribute('aria-pressed', 'true');
  await off.click();
  await expect(toolbar(page).getByRole('button', { name: 'Fullscreen On' })).toHaveAttribute('aria-pressed', 'false');
});
