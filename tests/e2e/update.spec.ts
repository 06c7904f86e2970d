import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { replay } from './support/market';
import { COLD_START_MS } from './support/orderForm';

/**
 * A deploy needs a build of its own: this test serves a copy of dist on its
 * own port, then changes that copy's worker the way a new release would.
 */
const PORT = 4181; // its own deploy; the server runtime has 4182 (support/ports.ts)
const ORIGIN = `http://127.0.0.1:${PORT}`;
// An update is the PWA worker's: it must register (the suite blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });
let server: ChildProcess | undefined;
let dir = '';

async function waitForServer(url: string) {
  // A second preview server loads the whole Vite config; give a busy CI machine time.
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not start`);
}

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'spot-deploy-'));
  cpSync(resolve('dist'), dir, { recursive: true });
  const vite = resolve('node_modules/vite/bin/vite.js');
  server = spawn(process.execPath, [vite, 'preview', '--outDir', dir, '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], {
    stdio: 'ignore',
  });
  await waitForServer(`${ORIGIN}/`);
});

test.afterAll(() => {
  server?.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs in the page: resolves once the first worker controls it, or says how its install ended instead. */
async function firstInstall(): Promise<string> {
  const sw = navigator.serviceWorker;
  if (sw.controller) return 'controlling';
  return new Promise<string>((answer) => {
    sw.addEventListener('controllerchange', () => answer('controlling'), { once: true });
    const watch = (worker: ServiceWorker | null | undefined) =>
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'redundant') answer('install failed: the new worker became redundant');
      });
    void sw.getRegistration().then((registration) => {
      watch(registration?.installing);
      registration?.addEventListener('updatefound', () => watch(registration.installing));
    });
    // The page registers its worker after its first paint; the registration may not exist yet.
    void sw.ready.then(() => sw.controller && answer('controlling'));
  });
}

test('a new version waits for the user, and Reload switches to it', async ({ page }) => {
  await page.goto(`${ORIGIN}/en/trade/spot/BTC/USDT`);
  // A held market: a page redrawing a live replay on a starved CI machine delays the browser's worker jobs
  // (install, update check) by tens of seconds, and they are what this test is about, not the market.
  // (Asked again until the embedded exchange answers: before it is up, the call reaches the static server.)
  await expect.poll(() => replay(page, { action: 'pause' }).then(() => true, () => false), { timeout: COLD_START_MS }).toBe(true);
  // The first install precaches the whole app while the page boots its exchange: how long that takes is the
  // machine's business (the bench measures it), whether it ends in control is this test's.
  expect(await page.evaluate(firstInstall)).toBe('controlling');

  appendFileSync(join(dir, 'sw.js'), '\n// next release\n');
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

  const prompt = page.getByRole('status').filter({ hasText: 'A new version is available.' });
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  // The open page is not taken over until the user agrees.
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);

  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { name: 'BTC/USDT', level: 1 })).toBeVisible();
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
  await expect(prompt).toHaveCount(0);
});
