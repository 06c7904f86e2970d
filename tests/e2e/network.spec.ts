import { expect, test, type Page } from '@playwright/test';
import { control, REPLAY_START } from './support/market';
import { closeTradeGuide } from './support/orderForm';
import { signIn } from './support/signIn';
import { installClock, runExchangeInPage } from './support/clock';

// This spec drives the page's clock: the exchange runs in the page for all its tests (support/clock.ts).
test.beforeEach(({ context }) => runExchangeInPage(context));

/**
 * The network layer (issue 24, spec 2 §4, §6–§9): a whitelisted trader's
 * calls take the accelerated host; when it goes down they continue on the
 * origin at once, the network view shows the switch and the collector gets
 * the failure. Hosts and the collector are the embedded exchange's.
 */

test.describe.configure({ timeout: 90_000 });

interface HostState {
  served: number;
  down: boolean;
}
interface NetControlState {
  hosts: { accelerated: HostState; cdn: HostState };
}
interface Report {
  type: string;
  path?: string;
  error?: number[];
  fallback?: string;
}

const footer = (page: Page) => page.locator('#footer-bar');
const networkButton = (page: Page) => footer(page).getByRole('button', { name: /^Network ·/ });
const view = (page: Page) => page.getByRole('dialog', { name: 'Network' });
const chartLegend = (page: Page) => page.getByTestId('chart-legend');

async function netState(page: Page): Promise<NetControlState> {
  return page.evaluate(async () => ((await (await fetch('/mock/api/net')).json()) as { result: NetControlState }).result);
}

async function reports(page: Page): Promise<Report[]> {
  return page.evaluate(async () => ((await (await fetch('/mock/api/net/reports')).json()) as { result: { reports: Report[] } }).result.reports);
}

async function open(page: Page) {
  await installClock(page, { time: REPLAY_START });
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(footer(page)).toBeVisible({ timeout: 20_000 });
}

/** A call the page makes on its own: the chart's bars of another interval (klines are an accelerated path). */
async function chooseInterval(page: Page, name: string, label: string) {
  await page.getByRole('toolbar', { name: 'Chart tools' }).getByRole('group', { name: 'Intervals', exact: true }).getByRole('button', { name: `${label} (${name})`, exact: true }).click();
  await expect(chartLegend(page).getByText(`· ${label}`, { exact: true })).toBeVisible();
}

test('a whitelisted trader is accelerated; a dead accelerated host is replaced by the origin within the request, shown in the view and counted at the collector', async ({ page }) => {
  await installClock(page, { time: REPLAY_START });
  await closeTradeGuide(page);
  await signIn(page, 'u-uta');
  await expect(footer(page)).toBeVisible({ timeout: 20_000 });
  await expect(networkButton(page)).toHaveText('Network · Accelerated', { timeout: 20_000 });
  await chooseInterval(page, '1 hour', '1h');
  await expect.poll(async () => (await netState(page)).hosts.accelerated.served).toBeGreaterThan(0);
  const before = await netState(page);

  await networkButton(page).click();
  await expect(view(page).getByTestId('net-current-path')).toHaveText('Accelerated — your account is on the acceleration whitelist');
  await expect(view(page).getByTestId('net-probe')).toContainText('err_code 0 · res_code 1 · monitor on');
  await view(page).getByRole('button', { name: 'Close' }).click();

  await control(page, '/mock/api/net', { host: 'accelerated', down: true });
  // The next call fails on the accelerated host and is answered by the origin: the chart shows the new bars, no error.
  await chooseInterval(page, '4 hours', '4h');
  await expect(networkButton(page)).not.toHaveText('Network · Accelerated');
  // The call after it takes the CDN (acceleration is out until h3 detection sees the host again).
  await chooseInterval(page, '1 day', '1D');
  await expect(networkButton(page)).toHaveText('Network · CDN');
  await expect.poll(async () => (await netState(page)).hosts.cdn.served).toBeGreaterThan(before.hosts.cdn.served);

  await networkButton(page).click();
  await expect(view(page).getByTestId('net-current-path')).toHaveText('CDN — the accelerated host is not answering; calls use another path until it does');
  await expect(view(page).locator('tr[data-path="accelerated"]')).toContainText('down');
  await expect(view(page).getByTestId('net-failures-accelerated')).not.toHaveText('0');
  // The switch itself is listed: the failed call moved from the accelerated host to the origin.
  // "Accelerated → Origin": the arrow is an icon named "switched to".
  const line = view(page).getByTestId('net-switches').getByRole('listitem').filter({ hasText: /Accelerated\s+Origin — a request got no answer/ }).first();
  await expect(line.getByRole('img', { name: 'switched to' })).toBeVisible();

  // The first upload cycle is 10 s after start: the collector gets the fallback and the failed request in the accelerated path's statistics.
  // Jumped, not run: each due timer fires once. Running 31 s of the market's replay cost as much wall time or more on a loaded machine.
  await page.clock.fastForward(31_000);
  await expect
    .poll(async () => {
      const received = await reports(page);
      const links = received.filter((r) => r.type === 'linksException' && r.path === 'accelerated' && r.fallback === 'origin');
      const failures = received.filter((r) => r.type === 'httpQuality' && r.path === 'accelerated').reduce((sum, r) => sum + (r.error ?? []).reduce((a, b) => a + b, 0), 0);
      const has = (type: string) => received.some((r) => r.type === type);
      return { links: links.length > 0, failures: failures > 0, whitelist: has('whitelist'), connect: has('connect'), detect: has('detectQuality') };
    }, { timeout: 20_000 })
    .toEqual({ links: true, failures: true, whitelist: true, connect: true, detect: true });

  // The host comes back: the next h3 detection (every 25 s) restores the accelerated path.
  await control(page, '/mock/api/net', { host: 'accelerated', down: false });
  await page.clock.fastForward(26_000);
  await expect(view(page).getByTestId('net-current-path')).toHaveText(/^Accelerated — /, { timeout: 15_000 });
});

test('a visitor takes the CDN; the testing switch forces the origin; the auto CDN setting off keeps calls on the origin after a reload', async ({ page }) => {
  await open(page);
  await expect(networkButton(page)).toHaveText('Network · CDN', { timeout: 20_000 });
  await networkButton(page).click();
  await expect(view(page).getByTestId('net-current-path')).toHaveText('CDN — your account is not on the acceleration whitelist');

  const switchGroup = view(page).getByRole('group', { name: 'Path for testing' });
  await switchGroup.getByRole('radio', { name: 'Origin' }).check();
  await expect(view(page).getByTestId('net-current-path')).toHaveText('Origin — the path is forced below (for testing)');
  await view(page).getByRole('button', { name: 'Close' }).click();
  const cdnBefore = (await netState(page)).hosts.cdn.served;
  await chooseInterval(page, '1 hour', '1h');
  await expect(networkButton(page)).toHaveText('Network · Origin');
  expect((await netState(page)).hosts.cdn.served).toBe(cdnBefore);

  await networkButton(page).click();
  await switchGroup.getByRole('radio', { name: 'Auto' }).check();
  await switchGroup.getByRole('checkbox', { name: 'Use the CDN automatically' }).uncheck();
  await expect(view(page).getByTestId('net-current-path')).toHaveText('Origin — the automatic CDN setting is off');

  await page.reload();
  await expect(footer(page)).toBeVisible({ timeout: 20_000 });
  const cdnAfterReload = (await netState(page)).hosts.cdn.served;
  await chooseInterval(page, '4 hours', '4h');
  await expect(networkButton(page)).toHaveText('Network · Origin');
  expect((await netState(page)).hosts.cdn.served).toBe(cdnAfterReload);
  await networkButton(page).click();
  await expect(view(page).getByRole('checkbox', { name: 'Use the CDN automatically' })).not.toBeChecked();
  await expect(view(page).getByTestId('net-current-path')).toHaveText('Origin — the automatic CDN setting is off');
});
