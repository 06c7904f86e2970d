/**
 * `npm run bench:first-load`: what a trader waits for when the page opens
 * (issue 25 part 3). Reports; asserts nothing.
 *
 * - the page's JavaScript up to the first book row, gzip (the shared
 *   worker's own script is not the page's: it loads beside it);
 * - cold start in a fresh browser profile, desktop (1400 × 900): first book
 *   row, first candle, the exchange's boot time in its worker (median of 3);
 * - the service worker's first install: when it controls the page;
 * - warm offline start: the same profile after the service worker cached
 *   the app, every tab closed, the network off;
 * - Lighthouse (mobile, performance only) when `npx lighthouse` can be had;
 *   skipped with the reason otherwise. It is not a dependency of the app.
 *
 * Also a section of `npm run bench`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { LAUNCH_ARGS } from './bench-ui/page';
import { CHROMIUM, DIST, freePort, startPreview } from './bench-ui/setup';

const PAGE_PATH = '/en/trade/spot/BTC/USDT';
const VIEWPORT = { width: 1400, height: 900 };
const COLD_RUNS = 3;
const WAIT_MS = 60_000;
const LIGHTHOUSE = 'lighthouse@13.5.0';

interface FirstPaint {
  /** the app's first content in #root (the shell), ms after navigation */
  shellMs: number;
  /** the first row drawn: the last-known book when one was kept, else the live one */
  bookRowMs: number;
  /** the first row of a book the exchange pushed */
  liveRowMs: number;
  candleMs: number;
  /** when the page heard that the exchange in its worker is ready, ms after navigation */
  /** when the page opened the exchange's worker, and when the worker said its code was in (ms after navigation) */
  exchangeOpenedMs: number | null;
  exchangeLoadedMs: number | null;
  exchangeReadyMs: number | null;
  exchangeBootMs: number | null;
  exchangeJoined: boolean | null;
}

/**
 * Watches the page from its first script: when the first book row and the
 * first candle showed. A string, not a function: tsx would wrap a function's
 * inner names in a helper the page does not have.
 */
const WATCH = `(() => {
  const seen = {};
  window.firstPaint = seen;
  if (navigator.serviceWorker) navigator.serviceWorker.addEventListener('controllerchange', () => { seen.swControl = performance.now(); });
  const check = () => {
    const price = document.querySelector('.ob-row .ob-cell--price');
    if (seen.bookRow === undefined && price && price.textContent.trim()) seen.bookRow = performance.now();
    const live = document.querySelector('[data-testid="orderbook"]:not([data-book-version=""]) .ob-row .ob-cell--price');
    if (seen.liveRow === undefined && live && live.textContent.trim()) seen.liveRow = performance.now();
    if (seen.shell === undefined && document.getElementById('root')?.hasChildNodes()) seen.shell = performance.now();
    const chart = document.querySelector('[data-bars]');
    if (seen.candle === undefined && chart && Number(chart.getAttribute('data-bars')) > 0) seen.candle = performance.now();
    if (seen.liveRow === undefined || seen.candle === undefined) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

async function firstPaint(page: Page): Promise<FirstPaint> {
  await page.waitForFunction(() => {
    const seen = (window as unknown as { firstPaint?: Record<string, number> }).firstPaint;
    return seen?.liveRow !== undefined && seen.candle !== undefined;
  }, undefined, { timeout: WAIT_MS, polling: 100 });
  return page.evaluate(() => {
    const seen = (window as unknown as { firstPaint: Record<string, number> }).firstPaint;
    const ready = performance.getEntriesByName('embedded-exchange-ready')[0] as PerformanceMark | undefined;
    const detail = ready?.detail as { bootMs: number; joined: boolean } | undefined;
    return {
      shellMs: seen.shell ?? seen.bookRow!,
      bookRowMs: seen.bookRow!,
      liveRowMs: seen.liveRow!,
      candleMs: seen.candle!,
      exchangeOpenedMs: performance.getEntriesByName('embedded-exchange-opened')[0]?.startTime ?? null,
      exchangeLoadedMs: performance.getEntriesByName('embedded-exchange-loaded')[0]?.startTime ?? null,
      exchangeReadyMs: ready?.startTime ?? null,
      exchangeBootMs: detail?.bootMs ?? null,
      exchangeJoined: detail?.joined ?? null,
    };
  });
}

/** The page's own scripts (not the shared worker's), gzip -9 as a server would send them. */
function watchScripts(page: Page): () => Promise<{ files: number; raw: number; gzip: number }> {
  const bodies: Promise<Buffer | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body().catch(() => null));
  });
  return async () => {
    const all = (await Promise.all(bodies)).filter((b): b is Buffer => b !== null);
    return { files: all.length, raw: all.reduce((n, b) => n + b.length, 0), gzip: all.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0) };
  };
}

/** The entry script and what index.html preloads beside it: the JavaScript every first visit waits for. */
function initialScripts(): { files: number; gzip: number } {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const paths = [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]!);
  return { files: paths.length, gzip: paths.reduce((n, p) => n + gzipSync(readFileSync(join(DIST, p)), { level: 9 }).length, 0) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

async function coldRun(url: string, profile: string, keepScripts: boolean) {
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: LAUNCH_ARGS, viewport: VIEWPORT });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript(WATCH);
    const scripts = keepScripts ? watchScripts(page) : null;
    await page.goto(url + PAGE_PATH);
    const paint = await firstPaint(page);
    return { paint, scripts: scripts ? await scripts() : null, context };
  } catch (error) {
    await context.close();
    throw error;
  }
}

async function warmOfflineRun(context: BrowserContext, url: string): Promise<{ paint: FirstPaint; swControlMs: number }> {
  const page = context.pages()[0]!;
  // The service worker has the app once it is active and has precached (its first install claims the page);
  // then every tab closes.
  const control = await page.waitForFunction(() => (window as unknown as { firstPaint: { swControl?: number } }).firstPaint.swControl, undefined, {
    timeout: WAIT_MS,
    polling: 100,
  });
  const swControlMs = (await control.jsonValue()) as number;
  await page.waitForTimeout(2_000);
  const next = await context.newPage();
  await page.close();
  await context.setOffline(true);
  await next.addInitScript(WATCH);
  await next.goto(url + PAGE_PATH);
  return { paint: await firstPaint(next), swControlMs };
}

/** What Lighthouse names as the largest paint: the fix depends on which element it is. */
function lcpElement(items: { type?: string; selector?: string; nodeLabel?: string }[] | undefined): string {
  const node = items?.find((item) => item.type === 'node');
  return node ? `${node.selector ?? '?'} ("${(node.nodeLabel ?? '').slice(0, 60)}")` : 'not reported';
}

function lighthouse(url: string): string[] {
  const out = mkdtempSync(join(tmpdir(), 'lh-'));
  try {
    const report = join(out, 'report.json');
    const result = spawnSync('npx', ['--yes', LIGHTHOUSE, url + PAGE_PATH, '--only-categories=performance', '--output=json', `--output-path=${report}`, '--quiet', '--chrome-flags=--headless=new --no-sandbox --disable-gpu'], {
      env: { ...process.env, CHROME_PATH: CHROMIUM },
      encoding: 'utf8',
      timeout: 240_000,
    });
    if (result.status !== 0 || !existsSync(report)) return [`skipped: \`npx ${LIGHTHOUSE}\` did not run (${(result.stderr || result.error?.message || `exit ${result.status}`).trim().split('\n').pop()})`];
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      categories: { performance: { score: number } };
      audits: Record<string, { numericValue?: number; details?: { items?: { type?: string; selector?: string; nodeLabel?: string }[] } }>;
    };
    const audit = (id: string) => json.audits[id]?.numericValue ?? NaN;
    return [
      `performance score ${Math.round(json.categories.performance.score * 100)}`,
      `FCP ${ms(audit('first-contentful-paint'))}, LCP ${ms(audit('largest-contentful-paint'))}, TBT ${ms(audit('total-blocking-time'))}, CLS ${audit('cumulative-layout-shift').toFixed(3)}`,
      `LCP element: ${lcpElement(json.audits['lcp-breakdown-insight']?.details?.items)}`,
    ];
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

export async function benchFirstLoad(options: { lighthouse: boolean } = { lighthouse: true }): Promise<void> {
  if (!existsSync(CHROMIUM)) return void console.log(`  skipped: Chromium not found at ${CHROMIUM}`);
  if (!existsSync(join(DIST, 'index.html'))) return void console.log('  skipped: dist/ not built (`npx vite build`)');
  const preview = await startPreview(await freePort(4199));
  const profiles: string[] = [];
  try {
    const cold: FirstPaint[] = [];
    let scripts: { files: number; raw: number; gzip: number } | null = null;
    let warm: { paint: FirstPaint; swControlMs: number } | null = null;
    for (let run = 0; run < COLD_RUNS; run++) {
      const profile = mkdtempSync(join(tmpdir(), 'first-load-'));
      profiles.push(profile);
      const result = await coldRun(preview.url, profile, run === 0);
      cold.push(result.paint);
      scripts ??= result.scripts;
      if (run === COLD_RUNS - 1) warm = await warmOfflineRun(result.context, preview.url);
      await result.context.close();
    }
    const boots = cold.map((c) => c.exchangeBootMs).filter((b): b is number => b !== null);
    const initial = initialScripts();
    console.log(`  initial JavaScript (entry + preloads in index.html): ${initial.files} files, ${kb(initial.gzip)} gzip (budget 170 KB)`);
    console.log(`  page JavaScript to the first book row: ${scripts!.files} files, ${kb(scripts!.raw)}, ${kb(scripts!.gzip)} gzip`);
    const readies = cold.map((c) => c.exchangeReadyMs).filter((r): r is number => r !== null);
    console.log(`  cold start, desktop, median of ${COLD_RUNS}: shell ${ms(median(cold.map((c) => c.shellMs)))}, exchange ready ${readies.length ? ms(median(readies)) : 'n/a'}`);
    console.log(`  cold start, desktop, median of ${COLD_RUNS}: first book row ${ms(median(cold.map((c) => c.bookRowMs)))}, first candle ${ms(median(cold.map((c) => c.candleMs)))} (budget 2,500 ms)`);
    console.log(`  exchange boot in its shared worker: ${boots.length ? ms(median(boots)) : 'not reported (in-page runtime)'}`);
    const marks = (pick: (c: FirstPaint) => number | null) => cold.map(pick).filter((m): m is number => m !== null);
    const openedAt = marks((c) => c.exchangeOpenedMs);
    const loadedAt = marks((c) => c.exchangeLoadedMs);
    if (openedAt.length && loadedAt.length) console.log(`  exchange worker opened ${ms(median(openedAt))} after navigation, its code in (heard by the page) at ${ms(median(loadedAt))}`);
    if (warm) {
      console.log(`  service worker, first visit: installed (whole precache) and controlling ${ms(warm.swControlMs)} after navigation`);
      console.log(`  warm offline start: shell ${ms(warm.paint.shellMs)}, exchange ready ${warm.paint.exchangeReadyMs === null ? 'n/a' : ms(warm.paint.exchangeReadyMs)}`);
      console.log(`  warm offline start (cached app, every tab closed, network off): first book row ${ms(warm.paint.bookRowMs)} (the last-known book), first candle ${ms(warm.paint.candleMs)} (budget 1,000 ms)`);
      console.log(`  warm offline start: first live book row ${ms(warm.paint.liveRowMs)}`);
    }
    if (options.lighthouse) for (const line of lighthouse(preview.url)) console.log(`  Lighthouse mobile: ${line}`);
  } finally {
    await preview.stop();
    for (const p of profiles) rmSync(p, { recursive: true, force: true });
  }
}

export async function benchFirstLoadSection(argv: string[]): Promise<void> {
  console.log('\nFirst load (issue 25): the page JavaScript, cold and warm offline starts, Lighthouse mobile\n');
  try {
    await benchFirstLoad({ lighthouse: !argv.includes('--no-lighthouse') });
  } catch (error) {
    console.log(`  failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchFirstLoadSection(process.argv.slice(2));
}
