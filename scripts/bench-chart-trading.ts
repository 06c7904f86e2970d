/**
 * `npm run bench:chart-trading [-- --seconds N] [--orders N] [--marks N] [--trace file] [--port P] [--dist dir]`:
 * the candle chart on 1 s bars at 10× replay with the demo trader's own trading on it, in headless Chromium
 * on the built demo app: `orders` (50) open limit orders whose lines are in view and `marks` (500) execution
 * marks in view (the trader's fills as series markers, one per side and bar). Prints frame times, the busy
 * share of the main thread, and the lines and marks the chart actually drew (read through
 * window.spotChartDebug); then the same with both switched off in Display options, for what they cost on
 * this machine at that moment. Asserts nothing. `--trace` writes a Chromium trace of the first window.
 *
 * Real data paths only. The fills are market orders through the in-page exchange's order control, one buy
 * and one sell every 100 ms (a second of exchange time at 10×), until the trade history holds `marks`
 * side-and-second buckets; the chart reads them with getTradeInfoForKLine and the fill pushes. The exchange
 * cannot fill at past times, so this takes about 30 s. The chart then goes to 1 min and back to 1 s: at
 * 10× the kline stream pushes the current bar and only the last closed one, so the live 1 s chart lacks
 * most bars, and a mark is drawn only on its bar; the page read again from REST holds every second. The
 * view is zoomed out until the marked bars, and those that will arrive while measuring, fit in it. The
 * price axis is widened to 3× the candles' range (as dragging it does), and the limit orders rest in the
 * outer half of the room above and below the candles: in view, yet out of the market's reach for the
 * measured window (the "still open" count shows when it reached some anyway). No trading while measuring.
 *
 * The shipped session (simulated BTCUSDT, 30 min), not the real recording: that is 11 min long, loops every
 * 65 s at 10×, and its jump back to the opening price would run through the resting orders.
 */
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CDPSession, Page } from '@playwright/test';
import { drawn, fillMarks, INIT_SCRIPT, openOrderCount, placeLimits, showMarks, startTrading, stopTrading, widenPriceAxis } from './bench-chart-trading/page';
import { frameDeltas, replaySpeed, signInDemoTrader } from './bench-ui/page';
import { percentile, printTable, type Row } from './bench-ui/report';
import { machineLoad, withBenchPage } from './bench-ui/session';
import { buildDist, CHROMIUM, DIST, ROOT } from './bench-ui/setup';

const PAGE_PATH = '/en/trade/spot/BTC/USDT';
const VIEWPORT = { width: 1400, height: 900 };
const SPEED = 10;
const COLD_START_MS = 60_000;
/** the fills get this long to make their marks before the run gives up and measures what there is */
const TRADING_LIMIT_MS = 120_000;
/** after the orders are placed: their lines drawn and the JIT warm before measuring */
const SETTLE_MS = 2_000;
const FRAME_TARGET = 16.7;
/** performance.now() is coarsened to 0.1 ms outside cross-origin isolation: an on-time 60 Hz frame reads up to 16.8 */
const TIMER_RESOLUTION = 0.1;

export type ChartTradingOptions = { seconds: number; orders: number; marks: number; port: number; dist: string; trace: string | null };

export function parseChartTradingArgs(argv: string[]): ChartTradingOptions {
  const options: ChartTradingOptions = { seconds: 20, orders: 50, marks: 500, port: Number(process.env.BENCH_CHART_TRADING_PORT ?? 4198), dist: DIST, trace: null };
  for (let i = 0; i < argv.length; i++) {
    const value = Number(argv[i + 1]);
    if (argv[i] === '--seconds' && value > 0) options.seconds = value;
    if (argv[i] === '--orders' && Number.isInteger(value) && value > 0) options.orders = value;
    if (argv[i] === '--marks' && Number.isInteger(value) && value > 0) options.marks = value;
    if (argv[i] === '--port' && Number.isInteger(value) && value > 0) options.port = value;
    if (argv[i] === '--dist' && argv[i + 1]) options.dist = resolve(argv[i + 1]!);
    if (argv[i] === '--trace' && argv[i + 1]) options.trace = resolve(argv[i + 1]!);
  }
  return options;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (v: number) => (Number.isNaN(v) ? 'n/a' : v.toFixed(1));

/** CDP's cumulative main-thread seconds (wall clock, all tasks, script, style and layout) of the page. */
async function mainThread(cdp: CDPSession) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return { wall: value('Timestamp'), tasks: value('TaskDuration'), script: value('ScriptDuration'), layout: value('RecalcStyleDuration') + value('LayoutDuration') };
}

/** Frame deltas over `seconds`, and the share of that time the page's main thread was busy. */
async function measure(page: Page, cdp: CDPSession, seconds: number) {
  const start = await mainThread(cdp);
  const frames = await frameDeltas(page, seconds);
  const end = await mainThread(cdp);
  const pct = (key: 'tasks' | 'script' | 'layout') => ((end[key] - start[key]) / (end.wall - start.wall)) * 100;
  return { frames, seconds, busy: pct('tasks'), script: pct('script'), layout: pct('layout') };
}

/** The frame rows of one window: p50 / p95 / p99 / max against the target, the share over it, the busy main thread. */
function frameRows(label: string, w: Awaited<ReturnType<typeof measure>>): Row[] {
  const { frames } = w;
  const p99 = percentile(frames, 99);
  // Compared in tenths of a ms: 16.7 + 0.1 is 16.799999999999997 in floating point.
  const late = (d: number) => Math.round(d * 10) > Math.round((FRAME_TARGET + TIMER_RESOLUTION) * 10);
  const over = frames.filter(late).length;
  return [
    { metric: label, value: `${frames.length} frames in ${w.seconds} s = ${(frames.length / w.seconds).toFixed(1)}/s`, target: '', result: '' },
    { metric: '  frame time p50 / p95 / p99 / max (ms)', value: `${ms(percentile(frames, 50))} / ${ms(percentile(frames, 95))} / ${ms(p99)} / ${ms(percentile(frames, 100))}`, target: `p99 ≤ ${FRAME_TARGET} ms`, result: late(p99) ? 'MISS' : 'PASS' },
    { metric: `  frames > ${FRAME_TARGET} ms (+${TIMER_RESOLUTION} timer)`, value: `${over} (${frames.length ? ((over / frames.length) * 100).toFixed(1) : 'n/a'} %)`, target: '', result: '' },
    { metric: '  main thread busy (script / style+layout)', value: `${w.busy.toFixed(1)} % (${w.script.toFixed(1)} % / ${w.layout.toFixed(1)} %)`, target: '', result: '' },
  ];
}

/** The chart's interval buttons, as a trader clicks them; waits for the chart to draw that many marks (or 20 s). */
async function rereadBars(page: Page, marks: number): Promise<void> {
  const intervals = page.getByRole('group', { name: 'Intervals' });
  await intervals.getByRole('button', { name: '1 minute', exact: true }).click();
  await sleep(1_000);
  await intervals.getByRole('button', { name: '1 second', exact: true }).click();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && (await drawn(page, [])).marks < marks) await sleep(250);
}

/** Display options, as a trader unticks them: no order lines, no execution marks. */
async function hideOverlays(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Display options' }).click();
  for (const name of ['Show entrust orders', 'Trade info']) await page.getByRole('checkbox', { name, exact: true }).uncheck();
  await page.keyboard.press('Escape');
}

export async function benchChartTrading(options: ChartTradingOptions): Promise<void> {
  await withBenchPage({ port: options.port, dist: options.dist, viewport: VIEWPORT }, async ({ browser, context, page, errors, step }) => {
    await page.addInitScript({ content: INIT_SCRIPT });
    await signInDemoTrader(page, PAGE_PATH, COLD_START_MS);
    await replaySpeed(page, SPEED);

    // The fills: one buy and one sell a second of exchange time, until their marks are there.
    await startTrading(page);
    const tradingStart = Date.now();
    let history = await fillMarks(page);
    while (history.marks < options.marks && Date.now() - tradingStart < TRADING_LIMIT_MS) {
      await sleep(1_000);
      history = await fillMarks(page);
    }
    const tally = await stopTrading(page);
    await sleep(1_000); // the last fills and their pushes
    history = await fillMarks(page);
    step(`${tally.sent} market orders in ${((Date.now() - tradingStart) / 1000).toFixed(0)} s (${tally.refused} refused${tally.refused ? `: ${tally.lastRefusal}` : ''}): ${history.fills} fills, ${history.marks} side-and-second marks`);
    await rereadBars(page, Math.min(options.marks, history.marks));

    // Room on the left for the bars that arrive while settling and measuring, at the rate they arrive now.
    const sampled = (await drawn(page, [])).bars;
    await sleep(2_000);
    const perSecond = ((await drawn(page, [])).bars - sampled) / 2;
    await showMarks(page, Math.ceil(perSecond * (SETTLE_MS / 1000 + options.seconds + 2) * 1.5) + 10);
    await sleep(500);
    const { candles, view } = await widenPriceAxis(page);
    const prices = await placeLimits(page, options.orders, candles, view);
    await sleep(SETTLE_MS);
    const before = await drawn(page, prices);
    step(`${options.orders} limit orders in ${view.from.toFixed(2)}–${view.to.toFixed(2)} outside the candles' ${candles.from.toFixed(2)}–${candles.to.toFixed(2)}; ${before.barsInView} bars in view at ${before.barSpacing.toFixed(2)} px (${perSecond.toFixed(1)} new a second); measuring ${options.seconds} s at ${SPEED}× (${machineLoad()})`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    // A Chromium trace of the window, for what a slow frame spent its time on (chrome://tracing, Perfetto).
    if (options.trace) await browser.startTracing(page, { path: options.trace });
    const shown = await measure(page, cdp, options.seconds);
    if (options.trace) await browser.stopTracing();
    const after = await drawn(page, prices);
    const open = await openOrderCount(page);
    // The same chart and replay without them: what the lines and marks cost, on this machine at this moment.
    await hideOverlays(page);
    await sleep(SETTLE_MS);
    const hidden = await drawn(page, prices);
    step(`lines and marks switched off in Display options (${hidden.lines} lines, ${hidden.marks} marks left); measuring ${options.seconds} s (${machineLoad()})`);
    const bare = await measure(page, cdp, options.seconds);
    await context.close();
    step(`done (${machineLoad()})`);
    if (errors.length > 0) console.log(`  page errors during the run: ${errors.length} (first: ${errors[0]})`);

    const rows: Row[] = [
      ...frameRows(`${SPEED}× replay, 1 s bars, lines and marks shown`, shown),
      { metric: '  order lines drawn / in view, start → end', value: `${before.lines} / ${before.linesInView} → ${after.lines} / ${after.linesInView} (${open} of ${options.orders} still open)`, target: `${options.orders} in view`, result: '' },
      { metric: '  execution marks drawn / in view, start → end', value: `${before.marks} / ${before.marksInView} → ${after.marks} / ${after.marksInView} (${history.fills} fills)`, target: `${options.marks} in view`, result: '' },
      { metric: '  bars in view, start → end', value: `${before.barsInView} → ${after.barsInView} (${before.barSpacing.toFixed(2)} px a bar)`, target: '', result: '' },
      ...frameRows('the same, lines and marks switched off', bare),
    ];
    console.log('');
    printTable(rows);
    console.log(
      '\n  Frame times are rAF deltas with the replay at 10× and no trading in the window. Lines and marks are read from the chart\n' +
        '  (its price lines at the orders\' prices; the markers plugin), "in view" against its visible price and time range.',
    );
  });
}

const TITLE = 'Chart trading benchmark: 1 s candles at 10× with 50 open orders\' lines and 500 execution marks in view';

async function run(options: ChartTradingOptions, alone: boolean): Promise<void> {
  console.log(`\n${TITLE}\n`);
  if (!existsSync(CHROMIUM)) return console.log(`  skipped: Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH)`);
  const built = existsSync(join(options.dist, 'index.html'));
  if (!built && !alone) return console.log(`  skipped: ${relative(ROOT, options.dist) || options.dist}/ not built (run \`npx vite build\`, or \`npm run bench:chart-trading\`, which builds it)`);
  if (!built) buildDist();
  await benchChartTrading(options).catch((error: unknown) => {
    console.log(`  failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}

/** The chart-trading section of `npm run bench`: skipped, with the reason, where it cannot run. */
export const benchChartTradingSection = (argv: string[]): Promise<void> => run(parseChartTradingArgs(argv), false);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run(parseChartTradingArgs(process.argv.slice(2)), true);
