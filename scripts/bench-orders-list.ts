/**
 * `npm run bench:orders [-- --orders N] [--history N] [--rate N] [--seconds N] [--port P] [--dist dir]`: the
 * order lists (issue 19) on the built demo app in headless Chromium, signed in as the demo trader. N resting
 * orders (500 by default: the exchange's cap per account) are placed, the page reloads and reads them all;
 * then the trader's own modifies arrive at `rate` a second (each a private push the list applies) while the
 * list scrolls every frame. Then the long list: `history` finished orders (2,000 by default; no account can
 * hold that many open) paged into Order history and scrolled while the updates go on. Reports frame times
 * and how many updates the list showed; asserts nothing.
 */
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { frameDeltas, signInDemoTrader } from './bench-ui/page';
import { percentile, printTable, type Row } from './bench-ui/report';
import { machineLoad, withBenchPage } from './bench-ui/session';
import { buildDist, CHROMIUM, DIST, ROOT } from './bench-ui/setup';

const PAGE_PATH = '/en/trade/spot/BTC/USDT';
const VIEWPORT = { width: 1400, height: 900 };
const OPEN_ORDERS = '#orders-panel table[aria-label="Open limit and market orders"]';
const COLD_START_MS = 60_000;
const FRAME_TARGET = 16.7;
/** performance.now() is coarsened to 0.1 ms outside cross-origin isolation: an on-time 60 Hz frame reads up to 16.8 */
const TIMER_RESOLUTION = 0.1;

export type ListOptions = { orders: number; history: number; rate: number; seconds: number; port: number; dist: string };

export function parseListArgs(argv: string[]): ListOptions {
  const options: ListOptions = { orders: 500, history: 2000, rate: 50, seconds: 20, port: Number(process.env.BENCH_ORDERS_PORT ?? 4197), dist: DIST };
  for (let i = 0; i < argv.length; i++) {
    const value = Number(argv[i + 1]);
    if (argv[i] === '--orders' && Number.isInteger(value) && value > 0) options.orders = value;
    if (argv[i] === '--history' && Number.isInteger(value) && value >= 0) options.history = value;
    if (argv[i] === '--rate' && value > 0) options.rate = value;
    if (argv[i] === '--seconds' && value > 0) options.seconds = value;
    if (argv[i] === '--port' && Number.isInteger(value) && value > 0) options.port = value;
    if (argv[i] === '--dist' && argv[i + 1]) options.dist = resolve(argv[i + 1]!);
  }
  return options;
}

const ms = (v: number) => (Number.isNaN(v) ? 'n/a' : v.toFixed(1));

/** In the page: N resting demo buys far under the market, each at its own price; their ids. */
const placeResting = (page: Page, count: number) =>
  page.evaluate(async (n) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const body = { userId: 'u-demo', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.001', price: String(1000 + i) };
      const answer = await (await fetch('/mock/api/exchange/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
      if (answer.code !== 0) throw new Error(`order ${i} refused: ${JSON.stringify(answer)}`);
      ids.push(answer.result.orderId);
    }
    return ids;
  }, count);

/**
 * In the page: modifies at `rate` a second (each order's quantity between 0.001 and 0.002, through the trader's
 * own modify call), scrolling the list one step every frame; resolves with what was sent, answered, and how
 * many rows showed their new quantity at the end.
 */
const updatesWhileScrolling = (page: Page, ids: string[], rate: number, seconds: number, scrolled = OPEN_ORDERS) =>
  page.evaluate(
    ({ ids: list, rate: perSecond, seconds: s, table, scrolledTable }) =>
      new Promise<{ sent: number; answered: number; refused: number; rendered: number; shownNew: number; callMs: number }>((done) => {
        const rows = document.querySelector(table);
        let scroller: HTMLElement | null = document.querySelector(scrolledTable)!.parentElement;
        while (scroller && scroller.scrollHeight <= scroller.clientHeight) scroller = scroller.parentElement;
        let sent = 0;
        let answered = 0;
        let refused = 0;
        let callMs = 0;
        const last = new Map<string, string>();
        const timer = setInterval(() => {
          const id = list[sent % list.length]!;
          const quantity = Math.floor(sent / list.length) % 2 === 0 ? '0.002' : '0.001';
          sent++;
          last.set(id, quantity);
          const started = performance.now();
          void fetch('/spot/api/order/modify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order_id: id, quantity }) })
            .then((r) => r.json())
            .then((a) => {
              callMs += performance.now() - started;
              return a.code === 0 ? answered++ : refused++;
            }, () => refused++);
        }, 1000 / perSecond);
        const end = performance.now() + s * 1000;
        const scroll = () => {
          if (scroller) scroller.scrollTop = (scroller.scrollTop + 24) % Math.max(1, scroller.scrollHeight - scroller.clientHeight);
          if (performance.now() < end) requestAnimationFrame(scroll);
        };
        requestAnimationFrame(scroll);
        setTimeout(() => {
          clearInterval(timer);
          // A moment for the last answers and pushes to land before the rows are read.
          setTimeout(() => {
            // A long list renders the rows in and near view: those are the ones that must show their last quantity.
            let shownNew = 0;
            let rendered = 0;
            for (const [id, quantity] of last) {
              const cell = rows?.querySelector(`tr[data-order-id="${id}"] td:nth-child(6)`);
              if (!cell) continue;
              rendered++;
              if (cell.textContent?.replace(/,/g, '') === Number(quantity).toFixed(6)) shownNew++;
            }
            done({ sent, answered, refused, rendered, shownNew: Math.round((shownNew / Math.max(1, rendered)) * 100), callMs: callMs / Math.max(1, answered + refused) });
          }, 1500);
        }, s * 1000);
      }),
    { ids, rate, seconds, table: OPEN_ORDERS, scrolledTable: scrolled },
  );

const HISTORY = '#orders-panel table[aria-label="Finished orders"]';

/** In the page: cancels every open order with the trader's own cancel-all call. */
const cancelAll = (page: Page) =>
  page.evaluate(async () => {
    const answer = await (await fetch('/spot/api/order/cancel_all', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ symbol_ids: '' }) })).json();
    if (answer.code !== 0) throw new Error(`cancel all refused: ${JSON.stringify(answer)}`);
  });

/**
 * An account holds at most 500 open orders (REFERENCE.md), so the long list of `count` rows is the order
 * history: rounds of 500 placed and cancelled, then 500 left resting for the updates. Opens Order history
 * and pages it in with Load more; answers the resting ids and the time the pages took.
 */
async function fillHistory(page: Page, count: number, resting: number): Promise<{ ids: string[]; loadMs: number }> {
  await cancelAll(page);
  for (let done = resting; done < count; done += resting) {
    await placeResting(page, Math.min(resting, count - done));
    await cancelAll(page);
  }
  const ids = await placeResting(page, resting);
  await page.reload();
  await page.waitForFunction(([table, n]) => document.querySelector(table)?.getAttribute('aria-rowcount') === String(n + 1), [OPEN_ORDERS, resting] as const, { timeout: COLD_START_MS });
  await page.getByRole('tab', { name: 'Order history' }).click();
  const start = Date.now();
  const more = page.locator('#orders-panel').getByRole('button', { name: 'Load more' });
  while ((await page.locator(HISTORY).getAttribute('aria-rowcount', { timeout: COLD_START_MS })) !== String(count + 1)) {
    await more.click({ timeout: COLD_START_MS });
    await page.waitForFunction((btn) => !document.querySelector(btn)?.hasAttribute('disabled'), '#orders-panel .orders__more button', { timeout: COLD_START_MS }).catch(() => undefined);
  }
  return { ids, loadMs: Date.now() - start };
}

export async function benchOrdersList(options: ListOptions): Promise<void> {
  await withBenchPage({ port: options.port, dist: options.dist, viewport: VIEWPORT }, async ({ context, page, errors, step }) => {
    await signInDemoTrader(page, PAGE_PATH, COLD_START_MS);
    const ids = await placeResting(page, options.orders);
    const readStart = Date.now();
    await page.reload();
    // Every order counted in the table (long lists render only a window of rows: aria-rowcount is the whole list and its header).
    await page.waitForFunction(([table, n]) => document.querySelector(table)?.getAttribute('aria-rowcount') === String(n + 1), [OPEN_ORDERS, options.orders] as const, { timeout: COLD_START_MS });
    const inDocument = await page.locator(`${OPEN_ORDERS} tr[data-order-id]`).count();
    const readMs = Date.now() - readStart;
    step(`${options.orders} resting orders placed; after a reload all ${options.orders} listed in ${readMs} ms (every page of 100), ${inDocument} rows in the document`);
    const idle = await frameDeltas(page, 5);
    step(`5 s of frames with the list idle; now ${options.rate} modifies a second for ${options.seconds} s while the list scrolls (${machineLoad()})`);
    const [busy, updates] = await Promise.all([frameDeltas(page, options.seconds), updatesWhileScrolling(page, ids, options.rate, options.seconds)]);
    let history: { loadMs: number; idle: number[]; busy: number[]; inDocument: number; callMs: number } | null = null;
    if (options.history > 0) {
      step(`now ${options.history} finished orders for Order history (rounds of ${options.orders} placed and cancelled)`);
      const filled = await fillHistory(page, options.history, options.orders);
      const inDocumentHistory = await page.locator(`${HISTORY} tr[data-order-id]`).count();
      step(`${options.history} finished orders listed after ${filled.loadMs} ms of Load more, ${inDocumentHistory} rows in the document; 5 s idle, then ${options.seconds} s of updates while it scrolls`);
      const idleHistory = await frameDeltas(page, 5);
      const [busyHistory, historyUpdates] = await Promise.all([frameDeltas(page, options.seconds), updatesWhileScrolling(page, filled.ids, options.rate, options.seconds, HISTORY)]);
      history = { loadMs: filled.loadMs, idle: idleHistory, busy: busyHistory, inDocument: inDocumentHistory, callMs: historyUpdates.callMs };
    }
    await context.close();
    step(`done (${machineLoad()})`);
    if (errors.length > 0) console.log(`  page errors during the run: ${errors.length} (first: ${errors[0]})`);

    const within = (frames: number[]) => Math.round(percentile(frames, 99) * 10) <= Math.round((FRAME_TARGET + TIMER_RESOLUTION) * 10);
    const rows: Row[] = [
      { metric: 'open orders read after a reload', value: `${options.orders} rows in ${readMs} ms`, target: '', result: '' },
      { metric: 'idle list: frame p50 / p99 / max (ms)', value: `${ms(percentile(idle, 50))} / ${ms(percentile(idle, 99))} / ${ms(percentile(idle, 100))}`, target: `p99 ≤ ${FRAME_TARGET} ms`, result: within(idle) ? 'PASS' : 'MISS' },
      { metric: `${options.rate} updates/s + scrolling: frame p50 / p99 / max`, value: `${ms(percentile(busy, 50))} / ${ms(percentile(busy, 99))} / ${ms(percentile(busy, 100))}`, target: `p99 ≤ ${FRAME_TARGET} ms`, result: within(busy) ? 'PASS' : 'MISS' },
      { metric: `  frames > ${FRAME_TARGET} ms (+${TIMER_RESOLUTION} timer)`, value: `${busy.filter((d) => d > FRAME_TARGET + TIMER_RESOLUTION).length} of ${busy.length}`, target: '', result: '' },
      { metric: 'modifies sent / answered / refused', value: `${updates.sent} / ${updates.answered} / ${updates.refused}`, target: 'none refused', result: updates.refused ? 'MISS' : 'PASS' },
      ...(history
        ? ([
            { metric: `order history of ${options.history}: idle frame p50 / p99 / max`, value: `${ms(percentile(history.idle, 50))} / ${ms(percentile(history.idle, 99))} / ${ms(percentile(history.idle, 100))}`, target: `p99 ≤ ${FRAME_TARGET} ms`, result: within(history.idle) ? 'PASS' : 'MISS' },
            { metric: `  ${options.rate} updates/s + scrolling it: frame p50 / p99 / max`, value: `${ms(percentile(history.busy, 50))} / ${ms(percentile(history.busy, 99))} / ${ms(percentile(history.busy, 100))}`, target: `p99 ≤ ${FRAME_TARGET} ms`, result: within(history.busy) ? 'PASS' : 'MISS' },
            { metric: `  rows in the document`, value: `${history.inDocument} of ${options.history}`, target: '', result: '' },
            { metric: `  modify call, sent to answered (mean)`, value: `${ms(history.callMs)} ms (${ms(updates.callMs)} ms with 500 orders in the exchange)`, target: '', result: '' },
          ] satisfies Row[])
        : []),
      { metric: 'rows rendered at the end showing their last quantity', value: `${updates.shownNew} % of ${updates.rendered}`, target: '100 %', result: updates.shownNew === 100 ? 'PASS' : 'MISS' },
    ];
    console.log('');
    printTable(rows);
    console.log('\n  Frame times are rAF deltas. Each modify is the trader\'s own call; the list changes through its private push.');
  });
}

const TITLE = 'Order-list benchmark (issue 19): 500 open orders (the account cap) and 2,000 finished ones, 50 updates a second, scrolling';

async function run(options: ListOptions, alone: boolean): Promise<void> {
  console.log(`\n${TITLE}\n`);
  if (!existsSync(CHROMIUM)) return console.log(`  skipped: Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH)`);
  const built = existsSync(join(options.dist, 'index.html'));
  if (!built && !alone) return console.log(`  skipped: ${relative(ROOT, options.dist) || options.dist}/ not built (run \`npx vite build\`, or \`npm run bench:orders\`, which builds it)`);
  if (!built) buildDist();
  await benchOrdersList(options).catch((error: unknown) => {
    console.log(`  failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}

/** The order-list section of `npm run bench`: skipped, with the reason, where it cannot run. */
export const benchOrdersListSection = (argv: string[]): Promise<void> => run(parseListArgs(argv), false);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run(parseListArgs(process.argv.slice(2)), true);
