/** What the browser benchmarks share: Chromium's flags here and the replay upload made from inside the page. */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

/** Without the background-networking flags Chromium floods this machine's closed network (TOOLCHAIN.md). */
export const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Posts a session file from inside the page, where the exchange lives, which selects it; throws when refused. */
export async function uploadSession(page: Page, file: string, name: string): Promise<void> {
  const body = await page.evaluate(
    async ([base64, sessionName]) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const response = await fetch(`/mock/api/replay/upload?name=${encodeURIComponent(sessionName)}`, { method: 'POST', body: bytes });
      return (await response.json()) as { success: boolean; message?: string; result?: { replay: { session: string } } };
    },
    [readFileSync(file).toString('base64'), name] as const,
  );
  if (!body.success || body.result?.replay.session !== name) throw new Error(`upload refused: ${body.message ?? JSON.stringify(body)}`);
}

/**
 * Signs in as the demo trader through the exchange's sign-in page and lands on `path` with the orders panel
 * answering; closes the trade guide whenever it shows.
 */
export async function signInDemoTrader(page: Page, path: string, timeoutMs: number): Promise<void> {
  // tsx (esbuild keepNames) wraps the evaluated functions' inner functions in __name(), which the page lacks.
  await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  const guide = page.getByRole('dialog', { name: 'How to trade on this page' });
  await page.addLocatorHandler(guide, () => guide.getByRole('button', { name: 'Close' }).click({ timeout: 2_000 }).catch(() => undefined), { noWaitAfter: true });
  await page.goto(`/login?redirect_url=${encodeURIComponent(path)}`, { timeout: timeoutMs });
  await page.getByRole('button', { name: /^Demo trader/ }).click({ timeout: timeoutMs });
  await page.waitForURL((u) => u.pathname === path, { waitUntil: 'commit', timeout: timeoutMs });
  await page.locator('#orders-panel').getByText('No open orders').waitFor({ timeout: timeoutMs });
}

/** The replay's speed, set through the exchange's replay control as its panel does; throws when refused. */
export async function replaySpeed(page: Page, speed: number): Promise<void> {
  const answer = await page.evaluate(async (s) => (await fetch('/mock/api/replay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'speed', speed: s }) })).json(), speed);
  if (!answer.success) throw new Error(`speed refused: ${answer.message}`);
}

/** In the page: requestAnimationFrame deltas for `seconds`. */
export const frameDeltas = (page: Page, seconds: number) =>
  page.evaluate((s) => new Promise<number[]>((done) => {
    const deltas: number[] = [];
    let last: number | null = null;
    const end = performance.now() + s * 1000;
    const tick = (ts: number) => {
      if (last !== null) deltas.push(ts - last);
      last = ts;
      return ts < end ? requestAnimationFrame(tick) : done(deltas);
    };
    requestAnimationFrame(tick);
  }), seconds);
