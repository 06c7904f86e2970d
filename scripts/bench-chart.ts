/**
 * `npm run bench:chart [-- --seconds N] [--runs N] [--port P] [--dist dir]`:
 * the chart area of issue 6 in headless Chromium on the built demo app.
 * - time to first candle from the network (a fresh browser context, empty
 *   IndexedDB) and from the warm Dexie kline cache (a reload after the cache
 *   was written), median of --runs runs;
 * - the cost of one live update at 2,000 bars with the pro chart's 3
 *   indicators while the real BTCUSDT recording replays at 10×, after three
 *   older pages were loaded by dragging the chart back in time;
 * - the whole-series draw that prepends each 500-bar page;
 * - frame times over the same window.
 * Figures come from the chart controller's User Timing entries (on when
 * `globalThis.spotChartBench` is set before the page loads). Reports against
 * the targets; asserts nothing.
 *
 * Also the last section of `npm run bench` (benchChartSection), which skips
 * it with the reason when Chromium, the data or dist/ is missing.
 */
import { LAUNCH_ARGS } from './bench-ui/page';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { backToNewest, CHART_INIT_SCRIPT, cachedPageCount, chartAttribute, loadOlderPages, PAGE_PATH, readDraws, readFirstCandle, type FirstCandleReading } from './bench-chart/page';
import { chartRows, LIVE_BARS, type ChartFigures } from './bench-chart/report';
import { installProbe, type ProbeApi, type ProbeResult } from './bench-ui/probe';
import { printTable } from './bench-ui/report';
import { btcusdtRecording, CHROMIUM, DIST, freePort, importRecording, ROOT, runBrowserBenchAlone, runBrowserSection, startPreview } from './bench-ui/setup';

const SPEED = 10;
const SESSION_NAME = 'bench-chart-btcusdt.jsonl.gz';
const VIEWPORT = { width: 1400, height: 900 };
const FIRST_CANDLE_TIMEOUT_MS = 60_000;
/** how long a warm load waits for the network's page to replace the cached series */
const SWAP_WAIT_MS = 20_000;
/** after the 10× replay started and the view went back to the newest bar: the JIT warms before measuring */
const SETTLE_MS = 2_000;

export interface ChartBenchOptions {
  seconds: number;
  runs: number;
  port: number;
  dist: string;
}

export function parseChartArgs(argv: string[]): ChartBenchOptions {
  const options: ChartBenchOptions = { seconds: 20, runs: 5, port: Number(process.env.BENCH_CHART_PORT ?? 4231), dist: DIST };
  for (let i = 0; i < argv.length; i++) {
    const value = Number(argv[i + 1]);
    if (argv[i] === '--seconds' && value > 0) options.seconds = value;
    if (argv[i] === '--runs' && Number.isInteger(value) && value > 0) options.runs = value;
    if (argv[i] === '--port' && Number.isInteger(value) && value > 0) options.port = value;
    if (argv[i] === '--dist' && argv[i + 1]) options.dist = resolve(argv[i + 1]!);
  }
  return options;
}


const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const machineLoad = () => `${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}`;
type Step = (what: string) => void;

async function newChartPage(browser: Browser) {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US' });
  const page = await context.newPage();
  await page.addInitScript({ content: CHART_INIT_SCRIPT });
  return { context, page };
}

async function waitForCache(page: Page, timeoutMs = 15_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await cachedPageCount(page)) > 0) return true;
    await sleep(100);
  }
  return false;
}

/** One fresh context: a load from the network, then (once the cache holds the pages) a reload from the cache. */
async function firstCandleRun(browser: Browser, url: string): Promise<{ network: FirstCandleReading; warm: FirstCandleReading | null }> {
  const { context, page } = await newChartPage(browser);
  try {
    await page.goto(`${url}${PAGE_PATH}`, { timeout: FIRST_CANDLE_TIMEOUT_MS });
    const network = await readFirstCandle(page, FIRST_CANDLE_TIMEOUT_MS);
    if (!(await waitForCache(page))) return { network, warm: null };
    await page.reload({ timeout: FIRST_CANDLE_TIMEOUT_MS });
    const warm = await readFirstCandle(page, FIRST_CANDLE_TIMEOUT_MS, SWAP_WAIT_MS);
    return { network, warm };
  } finally {
    await context.close();
  }
}

async function control(page: Page, body: unknown): Promise<{ success: boolean; message?: string }> {
  return page.evaluate(async (b) => (await fetch('/mock/api/replay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) })).json(), body);
}

async function upload(page: Page, file: string) {
  const body = await page.evaluate(
    async ([base64, name]) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      return (await (await fetch(`/mock/api/replay/upload?name=${encodeURIComponent(name)}`, { method: 'POST', body: bytes })).json()) as { success: boolean; message?: string };
    },
    [readFileSync(file).toString('base64'), SESSION_NAME] as const,
  );
  if (!body.success) throw new Error(`upload refused: ${body.message ?? JSON.stringify(body)}`);
}

const probeApi = (page: Page) => ({
  start: () => page.evaluate(() => (window as unknown as { spotBenchProbe: ProbeApi }).spotBenchProbe.start()),
  stop: () => page.evaluate(() => (window as unknown as { spotBenchProbe: ProbeApi }).spotBenchProbe.stop()),
  result: (): Promise<ProbeResult> => page.evaluate(() => (window as unknown as { spotBenchProbe: ProbeApi }).spotBenchProbe.result()),
});

/** 2,000 bars, the recording at 10×, the newest bar in view: live updates and frames over `seconds`. */
async function liveRun(browser: Browser, url: string, session: string, seconds: number, step: Step) {
  const { context, page } = await newChartPage(browser);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The frame probe of the UI benchmark, as source text with a no-op __name (tsx wraps inner functions in __name()).
  await page.addInitScript({ content: `(() => { const __name = (f) => f; (${installProbe.toString()})(${JSON.stringify({ symbol: 'BTCUSDT' })}); })();` });
  try {
    await page.goto(`${url}${PAGE_PATH}`, { timeout: FIRST_CANDLE_TIMEOUT_MS });
    await readFirstCandle(page, FIRST_CANDLE_TIMEOUT_MS);
    await upload(page, session);
    const sped = await control(page, { action: 'speed', speed: SPEED });
    if (!sped.success) throw new Error(`speed refused: ${sped.message}`);
    step(`chart shows ${await chartAttribute(page, 'data-bars')} bars; recording uploaded, speed ${SPEED}×`);
    const pages = await loadOlderPages(page, 4);
    step(`dragged back in time: ${pages} pages, ${await chartAttribute(page, 'data-bars')} bars`);
    await backToNewest(page);
    await sleep(SETTLE_MS);
    const probe = probeApi(page);
    await probe.start();
    await sleep(seconds * 1000);
    await probe.stop();
    const result = await probe.result();
    const draws = await readDraws(page);
    const inWindow = draws.updates.filter((u) => u.start >= result.t0 && u.start < result.t1);
    if (errors.length > 0) step(`page errors: ${errors.length} (first: ${errors[0]})`);
    return { result, setBars: draws.setBars, updates: inWindow, pages };
  } finally {
    await context.close();
  }
}

export async function benchChart(options: ChartBenchOptions): Promise<void> {
  const cleanups: Array<() => Promise<void> | void> = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch {
        // best effort: the next one still runs
      }
    }
    cleanups.length = 0;
  };
  const onSignal = () => void cleanup().then(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const started = Date.now();
  const step: Step = (what) => console.log(`  [${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${what}`);
  try {
    const dir = mkdtempSync(join(tmpdir(), 'bench-chart-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const session = join(dir, SESSION_NAME);
    const imported = await importRecording(btcusdtRecording(), session);
    step(`imported the BTCUSDT recording (${(imported.spanMs / 60_000).toFixed(0)} min of market)`);
    const port = await freePort(options.port);
    const preview = await startPreview(port, options.dist);
    cleanups.push(() => preview.stop());
    step(`serving ${relative(ROOT, options.dist) || options.dist}/ on ${preview.url}`);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });
    cleanups.push(() => browser.close());
    step(`Chromium ${browser.version()} headless, ${VIEWPORT.width}×${VIEWPORT.height}; ${options.runs} first-candle runs, ${options.seconds} s live; ${machineLoad()}`);

    const network: FirstCandleReading[] = [];
    const warm: FirstCandleReading[] = [];
    for (let i = 0; i < options.runs; i += 1) {
      const run = await firstCandleRun(browser, preview.url);
      network.push(run.network);
      if (run.warm) warm.push(run.warm);
      step(`run ${i + 1}: first candle ${run.network.firstCandle.toFixed(0)} ms from the network, ${run.warm ? `${run.warm.firstCandle.toFixed(0)} ms from the cache` : 'the cache was never written'}`);
    }
    // Drawn from the cache: the network's page replaced it afterwards (the reducer ignores a cache read after the network).
    const warmFromCache = warm.filter((r) => r.nextDraw !== null).length;

    const live = await liveRun(browser, preview.url, session, options.seconds, step);
    step(`done (${machineLoad()})`);
    const figures: ChartFigures = {
      network,
      warm,
      warmFromCache,
      setBars: live.setBars,
      updates: live.updates,
      frames: live.result.frameDeltas,
      seconds: (live.result.t1 - live.result.t0) / 1000,
      longTasks: live.result.longTasks.length,
      longFrames: live.result.longFrames,
      pagesLoaded: live.pages,
    };
    console.log('');
    printTable(chartRows(figures));
    console.log(
      `\n  First candle: the chart:firstCandle mark (first non-empty whole-series draw), ms since navigation start; "warm" is a reload\n` +
        `  in the same browser context once the Dexie cache holds the pages. Live update: one per-frame flush of queued ticks at\n` +
        `  ≥ ${LIVE_BARS} bars (series.update + indicators + legend); lightweight-charts paints in its own animation frame, which the frame\n` +
        `  times include. Prepend: the whole setData of the merged series when an older page arrives.`,
    );
  } finally {
    await cleanup();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** The chart section of `npm run bench`: skipped, with the reason, where it cannot run. */
export function benchChartSection(argv: string[]): Promise<void> {
  const options = parseChartArgs(argv);
  return runBrowserSection('Chart benchmark (issue 6): first candle, live updates at 2,000 bars, older pages, frames at 10×', options.dist, 'npm run bench:chart', () => benchChart(options));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const options = parseChartArgs(process.argv.slice(2));
  await runBrowserBenchAlone('Chart benchmark (issue 6): first candle, live updates at 2,000 bars, older pages, frames at 10×', options.dist, () => benchChart(options));
}
