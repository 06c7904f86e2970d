/**
 * Cost of the page's network layer (issue 24) per request: `netFetch` (path
 * choice, timing, quality counts) around a `fetch` stub that answers at once
 * with a tiny Response, minus the same calls of the bare stub; and the path
 * decision alone (`isAcceleratedPath` + `choosePath`). The request is an
 * accelerated kline call of a whitelisted user. Asserts nothing.
 *
 * `benchNetwork(report)` is called by the bench runner; `npx tsx
 * scripts/bench-network.ts` prints the figures on its own.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { choosePath, type NetPath } from '../src/domain/network/acceleration';
import { isAcceleratedPath } from '../src/domain/network/paths';
import { netFetch, type NetRequest } from '../src/data/network/netFetch';
import { netStore } from '../src/data/network/netStore';

type Report = (what: string, count: number, unit: string, ms: number) => void;

const N = 20_000;
const PATH = '/spot/api/quote/v5/klines?symbol=BTCUSDT&interval=1m&limit=500';
const EXCLUDES = ['/spot/api/order/pnl'];
const REQUEST: NetRequest = { path: PATH, routedPath: PATH, init: { method: 'GET', credentials: 'include' } };

function configure() {
  netStore.reset();
  netStore.setConfig({ sdkLevel: 0, hosts: { accelerated: 'https://h3.sim.invalid', cdn: 'https://cdn.sim.invalid' }, excludes: EXCLUDES, refreshMs: 30_000 });
  netStore.setProbe({ errCode: 0, resCode: 1, monitorSwitch: true, receivedAt: Date.now(), cached: false });
}

async function timeCalls(call: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await call();
  return performance.now() - t0;
}

function timeDecisions(): number {
  const { acceleration, autoCdn, forced, down } = netStore.get();
  const hosts = { accelerated: 'https://h3.sim.invalid', cdn: 'https://cdn.sim.invalid' };
  let accelerated = 0;
  const t0 = performance.now();
  for (let i = 0; i < N; i++) {
    const path: NetPath = choosePath({ eligible: isAcceleratedPath(PATH, EXCLUDES), acceleration, autoCdn, forced, hosts, down });
    if (path === 'accelerated') accelerated += 1;
  }
  const ms = performance.now() - t0;
  if (accelerated !== N) throw new Error(`path decision: ${accelerated} of ${N} accelerated, the bench set-up is wrong`);
  return ms;
}

export async function benchNetwork(report: Report): Promise<void> {
  const realFetch = globalThis.fetch;
  const tiny = new Response('{}', { status: 200 });
  const stub = (() => Promise.resolve(tiny)) as typeof fetch;
  let asked = '';
  globalThis.fetch = ((input: RequestInfo | URL) => {
    asked = String(input);
    return Promise.resolve(tiny);
  }) as typeof fetch;
  try {
    configure();
    await netFetch(REQUEST);
    if (!asked.startsWith('https://h3.sim.invalid/')) throw new Error(`netFetch asked ${asked}, not the accelerated host: the bench set-up is wrong`);
    globalThis.fetch = stub;
    const bare = () => stub(PATH, REQUEST.init);
    const layered = () => netFetch(REQUEST);
    // warm-up: let the JIT see both paths first
    await timeCalls(bare);
    await timeCalls(layered);
    configure(); // a fresh quality book
    const bareMs = await timeCalls(bare);
    const layeredMs = await timeCalls(layered);
    report('network: bare fetch stub', N, 'requests', bareMs);
    report('network: netFetch over the stub', N, 'requests', layeredMs);
    report('network layer overhead per request (µs)', N, 'requests', layeredMs - bareMs);
    timeDecisions();
    report('network: isAcceleratedPath + choosePath', N, 'decisions', timeDecisions());
  } finally {
    globalThis.fetch = realFetch;
    netStore.reset();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchNetwork((what, count, unit, ms) => {
    console.warn(`${what}: ${count.toLocaleString('en-US')} ${unit} in ${ms.toFixed(0)} ms = ${((ms * 1000) / count).toFixed(2)} µs each`);
  });
}
