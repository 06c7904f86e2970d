/**
 * `npm run bench:soak [-- --minutes N] [--every S] [--port P] [--dist dir]`: the long run of issue 26 part 4.
 * The demo trader on the built demo app in headless Chromium, the replay at 10×, the pro chart on 1 s bars,
 * the order form and the orders panel open, trading the whole time (a market buy and sell and a resting limit
 * order every 5 s, the oldest resting ones cancelled, the orders panel's tabs clicked through each sample).
 * A sample every `every` seconds (60): the page's and the exchange worker's heaps after a forced GC, DOM
 * nodes, nodes detached from the document yet held, listeners, the origin's storage and the kline cache's
 * rows. Prints the samples and the growth from minute 5 to the end; a run shorter than an hour (the default
 * is 12 min, so that `npm run bench` stays bearable) is projected to minute 60 on the samples' trend.
 * Reports; asserts nothing.
 */
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { activityTally, browseOrdersTabs, pageMemory, startActivity, storageUse, workerHeapReader } from './bench-soak/page';
import { baselineOf, growthOf, HEAP_GROWTH_LIMIT, verdict, type Growth, type SoakSample } from './bench-soak/trend';
import { INIT_SCRIPT } from './bench-chart-trading/page';
import { replaySpeed, signInDemoTrader } from './bench-ui/page';
import { printTable, type Row } from './bench-ui/report';
import { machineLoad, withBenchPage } from './bench-ui/session';
import { buildDist, CHROMIUM, DIST, ROOT } from './bench-ui/setup';

const PAGE_PATH = '/en/trade/spot/BTC/USDT';
const VIEWPORT = { width: 1400, height: 900 };
const SPEED = 10;
const COLD_START_MS = 60_000;
const TRADE_EVERY_MS = 5_000;
const KEEP_OPEN = 20;
/** Detached nodes come and go with React's work between GCs: growth under this, projected, is none. */
const DETACHED_NOISE = 200;
/** The origin's storage may grow by this much over the hour (orders and fills are kept; kline pages are evicted). */
const STORAGE_GROWTH_LIMIT = 20 * 1024 * 1024;

export type SoakOptions = { minutes: number; every: number; port: number; dist: string };

export function parseSoakArgs(argv: string[]): SoakOptions {
  const options: SoakOptions = { minutes: 12, every: 60, port: Number(process.env.BENCH_SOAK_PORT ?? 4199), dist: DIST };
  for (let i = 0; i < argv.length; i++) {
    const value = Number(argv[i + 1]);
    if (argv[i] === '--minutes' && value > 0) options.minutes = value;
    if (argv[i] === '--every' && value >= 5) options.every = value;
    if (argv[i] === '--port' && Number.isInteger(value) && value > 0) options.port = value;
    if (argv[i] === '--dist' && argv[i + 1]) options.dist = resolve(argv[i + 1]!);
  }
  return options;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function growthRow(metric: string, growth: Growth | null, limit: number, unit: (n: number) => string, target: string): Row {
  if (!growth) return { metric, value: 'not enough samples', target, result: '' };
  const signed = (n: number) => (n >= 0 ? `+${unit(n)}` : unit(n));
  const value = `${unit(growth.from)} → ${unit(growth.to)} (${signed(growth.grew)}; to minute 60: ${signed(growth.projected)})`;
  return { metric, value, target, result: Number.isFinite(limit) ? (verdict(growth, limit) as 'PASS' | 'MISS') : '' };
}

export async function benchSoak(options: SoakOptions): Promise<void> {
  await withBenchPage({ port: options.port, dist: options.dist, viewport: VIEWPORT }, async ({ browser, context, page, errors, step }) => {
    await page.addInitScript({ content: INIT_SCRIPT });
    await signInDemoTrader(page, PAGE_PATH, COLD_START_MS);
    await replaySpeed(page, SPEED);
    await startActivity(page, TRADE_EVERY_MS, KEEP_OPEN);
    const cdp = await context.newCDPSession(page);
    await cdp.send('DOM.enable');
    const workerHeap = await workerHeapReader(browser);
    step(`trading page open, replay at ${SPEED}×, trading every ${TRADE_EVERY_MS / 1000} s; ${options.minutes} min, a sample every ${options.every} s (${machineLoad()})`);

    const samples: SoakSample[] = [];
    const start = Date.now();
    for (let n = 0; ; n++) {
      const due = start + n * options.every * 1000;
      if (due - start > options.minutes * 60_000) break;
      await sleep(Math.max(0, due - Date.now()));
      await browseOrdersTabs(page);
      const memory = await pageMemory(cdp);
      const storage = await storageUse(page);
      const sample: SoakSample = {
        minute: (Date.now() - start) / 60_000,
        pageHeap: memory.heap,
        workerHeap: await workerHeap(),
        domNodes: memory.nodes,
        detachedNodes: memory.detached,
        listeners: memory.listeners,
        storage: storage.usage,
        klineRows: storage.klineRows,
      };
      samples.push(sample);
      const tally = await activityTally(page);
      step(
        `minute ${sample.minute.toFixed(1)}: page heap ${mb(sample.pageHeap)}, worker heap ${sample.workerHeap === null ? 'n/a' : mb(sample.workerHeap)}, ` +
          `${sample.domNodes} nodes (${sample.detachedNodes} detached), ${sample.listeners} listeners, storage ${mb(sample.storage)}, ` +
          `kline rows ${sample.klineRows ?? 'n/a'}; ${tally.orders} orders sent (${tally.refused} refused), ${tally.cancels} cancelled`,
      );
    }
    const base = baselineOf(samples);
    const count = (n: number) => String(Math.round(n));
    const rows: Row[] = [
      growthRow(`page JS heap, minute ${base?.minute.toFixed(1) ?? '?'} → end`, growthOf(samples, (s) => s.pageHeap), HEAP_GROWTH_LIMIT, mb, '≤ +10 MB'),
      growthRow('exchange worker JS heap', growthOf(samples, (s) => s.workerHeap), HEAP_GROWTH_LIMIT, mb, '≤ +10 MB'),
      growthRow('detached DOM nodes held', growthOf(samples, (s) => s.detachedNodes), DETACHED_NOISE, count, `no growth (< ${DETACHED_NOISE})`),
      growthRow('DOM nodes', growthOf(samples, (s) => s.domNodes), Number.POSITIVE_INFINITY, count, ''),
      growthRow('event listeners', growthOf(samples, (s) => s.listeners), Number.POSITIVE_INFINITY, count, ''),
      growthRow('origin storage (IndexedDB, caches)', growthOf(samples, (s) => s.storage), STORAGE_GROWTH_LIMIT, mb, '≤ +20 MB'),
      growthRow('kline cache rows', growthOf(samples, (s) => s.klineRows), Number.POSITIVE_INFINITY, count, 'capped (120 pages)'),
    ];
    console.log('');
    printTable(rows);
    console.log('\n  Heaps are read after a forced GC (DevTools protocol). "To minute 60" is the least-squares trend of the samples from the baseline on.');
    if (errors.length > 0) console.log(`  page errors during the run: ${errors.length} (first: ${errors[0]})`);
  });
}

const TITLE = 'Soak benchmark: the trading page at 10× replay with the order form, orders panel and pro chart open, trading';

async function run(options: SoakOptions, alone: boolean): Promise<void> {
  console.log(`\n${TITLE}\n`);
  if (!existsSync(CHROMIUM)) return console.log(`  skipped: Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH)`);
  const built = existsSync(join(options.dist, 'index.html'));
  if (!built && !alone) return console.log(`  skipped: ${relative(ROOT, options.dist) || options.dist}/ not built (run \`npx vite build\`, or \`npm run bench:soak\`, which builds it)`);
  if (!built) buildDist();
  await benchSoak(options).catch((error: unknown) => {
    console.log(`  failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}

/** The soak section of `npm run bench`: skipped, with the reason, where it cannot run. */
export const benchSoakSection = (argv: string[]): Promise<void> => run(parseSoakArgs(argv), false);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run(parseSoakArgs(process.argv.slice(2)), true);
