/**
 * Throughput of the live market and the quote gateway: every shipped session
 * (10 symbols) replayed at 10×, one client per symbol subscribed to
 * mergedDepth, depth, diffDepth, trade, kline_1m and realtimes, on a manual
 * clock run as fast as the CPU allows. `npm run bench` calls benchGateway;
 * `tsx scripts/bench-gateway.ts` runs it alone.
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import instruments from '../fixtures/instruments.json';
import listingsFile from '../fixtures/listings.json';
import { createQuoteGateway } from '../mocks/gateway/quote';
import { scaleOfStep } from '../mocks/gateway/quote/streamSpec';
import type { Listing } from '../mocks/gateway/types';
import { createMarketHub, ManualScheduler, type MarketHub } from '../mocks/market/hub';
import { demoSessionSets } from '../mocks/market/hub/nodeSources';

const ROOT = resolve(import.meta.dirname, '..');
const SPEED = 10;
/** Scheduler (wall-clock) seconds replayed per run: 10 exchange minutes at 10×. */
const SECONDS = 60;
const START = Date.UTC(2026, 0, 5, 12, 0, 0);

type Report = (what: string, count: number, unit: string, ms: number) => void;

async function market(): Promise<{ hub: MarketHub; scheduler: ManualScheduler }> {
  const scheduler = new ManualScheduler(START);
  const hub = createMarketHub({
    sets: demoSessionSets(ROOT),
    instruments: instruments.symbols,
    listings: listingsFile.listings as Listing[],
    scheduler,
  });
  await hub.ready();
  hub.setSpeed(SPEED);
  return { hub, scheduler };
}

/** Runs the clock in push-sized steps so timers fire as they would live. */
function run(scheduler: ManualScheduler): number {
  const t0 = performance.now();
  for (let ms = 0; ms < SECONDS * 1000; ms += 300) scheduler.advanceSync(300);
  return performance.now() - t0;
}

export async function benchGateway(report: Report): Promise<void> {
  const alone = await market();
  const replayMs = run(alone.scheduler);
  report(`gateway bench: hub alone, 10 symbols at ${SPEED}× for ${SECONDS} s`, alone.hub.status().events, 'events', replayMs);
  alone.hub.close();

  const { hub, scheduler } = await market();
  const gateway = createQuoteGateway(hub, { scheduler });
  let frames = 0;
  let bytes = 0;
  for (const symbol of hub.symbols()) {
    const connection = gateway.accept({ send: (text) => void ((frames += 1), (bytes += text.length)), close: () => undefined });
    const dumpScale = Math.max(...hub.mergeSteps(symbol).map(scaleOfStep));
    const requests = [
      { topic: 'mergedDepth', params: { dumpScale } },
      { topic: 'depth' },
      { topic: 'diffDepth' },
      { topic: 'trade' },
      { topic: 'kline_1m' },
      { topic: 'realtimes' },
    ];
    for (const request of requests) connection.onMessage(JSON.stringify({ symbol, event: 'sub', ...request }));
  }
  frames = 0;
  bytes = 0;
  const ms = run(scheduler);
  report(`gateway bench: hub + 60 streams pushed every 300 ms for ${SECONDS} s`, frames, 'frames', ms);
  report('gateway bench: bytes pushed', Math.round(bytes / 1024), 'KiB', ms);
  gateway.close();
  hub.close();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchGateway((what, count, unit, ms) => {
    const rate = Math.round((count / ms) * 1000).toLocaleString('en-US');
    console.warn(`${what}: ${count.toLocaleString('en-US')} ${unit} in ${ms.toFixed(0)} ms (${rate}/s)`);
  });
}
