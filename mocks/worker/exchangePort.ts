/**
 * Where this tab's exchange runs, and the worker that runs it, opened as
 * soon as this module loads. The demo build's entry imports it first of all
 * (vite-plugins/embeddedExchange.ts), so the worker's script, the exchange's
 * code and the largest download, loads and compiles while the page's modules
 * evaluate and its first screen renders. Before, the tab client opened the
 * worker once the entry had run and two more chunks had loaded, ~0.8–1.2 s
 * after navigation on two cores. The tab client (tabClient.ts) takes the
 * worker opened here; what it said meanwhile is kept for it.
 */
import type { ExchangeMessage, TabMessage } from './protocol';

/** Where the exchange runs: the browser's shared worker, or (no SharedWorker) this tab's dedicated worker, one of which leads. */
export type WorkerRuntime = 'shared' | 'dedicated';

export interface ExchangePort {
  postMessage(message: TabMessage, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<ExchangeMessage>) => void) | null;
}

export interface OpenedExchange {
  port: ExchangePort;
  worker: AbstractWorker;
  /** what the worker said before the tab client listened, in order */
  early: MessageEvent<ExchangeMessage>[];
  /** the worker's failure to start, if it came before the tab client listened */
  failed: Event | null;
}

/** `?mockRuntime=` sticks for the tab: a test's reload must not move the exchange elsewhere. */
const RUNTIME_KEY = 'spot-mock-exchange:runtime';

/** A query value that sticks for the tab (sessionStorage), so a reload keeps it. */
export function sticky(query: URLSearchParams, name: string, key: string): string | null {
  try {
    const asked = query.get(name);
    if (asked) sessionStorage.setItem(key, asked);
    return asked ?? sessionStorage.getItem(key);
  } catch {
    return query.get(name);
  }
}

/** Which runtime this browser can run, unless a tab asks for one (`?mockRuntime=page|dedicated`). */
export function chooseRuntime(query: URLSearchParams): 'page' | WorkerRuntime {
  const asked = sticky(query, 'mockRuntime', RUNTIME_KEY);
  const dedicatedWorks = typeof Worker !== 'undefined' && typeof BroadcastChannel !== 'undefined' && 'locks' in navigator;
  if (asked === 'page') return 'page';
  if (asked === 'dedicated' && dedicatedWorks) return 'dedicated';
  if (typeof SharedWorker !== 'undefined') return 'shared';
  return dedicatedWorks ? 'dedicated' : 'page';
}

// One worker file for both: Vite bundles it once, and the service worker precaches it once.
function openWorker(runtime: WorkerRuntime): { port: ExchangePort; worker: AbstractWorker } {
  // Read by `npm run bench:first-load`, with the 'loaded' and 'ready' marks of tabClient.ts.
  performance.mark('embedded-exchange-opened');
  if (runtime === 'shared') {
    // extendedLifetime (Chromium 148+, ignored elsewhere): the exchange outlives its last tab for a moment, so a
    // reload or a link to another page of the site joins the running market instead of booting a new exchange
    // (about 7 s of CPU on a 2-core machine: the code, the sessions, the restored accounts).
    const worker = new SharedWorker(new URL('./exchangeWorker.ts', import.meta.url), { type: 'module', name: 'spot-embedded-exchange', extendedLifetime: true });
    return { port: worker.port, worker };
  }
  const worker = new Worker(new URL('./exchangeWorker.ts', import.meta.url), { type: 'module', name: 'spot-embedded-exchange' });
  return { port: worker, worker };
}

let opened: (OpenedExchange & { runtime: WorkerRuntime }) | null = null;

/** Opens the exchange's worker now, keeping what it says until the tab client takes it. */
export function openExchangeEarly(runtime: WorkerRuntime): void {
  if (opened) return;
  const { port, worker } = openWorker(runtime);
  const kept: OpenedExchange & { runtime: WorkerRuntime } = { runtime, port, worker, early: [], failed: null };
  // A dedicated worker's messages are lost without a listener (a shared worker's port would queue them).
  port.onmessage = (event) => kept.early.push(event);
  worker.onerror = (event) => {
    kept.failed = event;
  };
  opened = kept;
}

/** The worker opened early for this runtime (once), or a new one. */
export function openExchange(runtime: WorkerRuntime): OpenedExchange {
  const early = opened?.runtime === runtime ? opened : null;
  opened = null;
  if (early) return early;
  return { ...openWorker(runtime), early: [], failed: null };
}

// On load, in a page: the runtime the tab client will ask for (the same query and tab storage).
if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  const runtime = chooseRuntime(new URLSearchParams(window.location.search));
  if (runtime !== 'page') openExchangeEarly(runtime);
}
