import type { SessionSet, SessionSource } from '../gateway/types';
import type { LoadedSession } from '../market/replay/timeline';
import { parseSessionStream } from '../market/session/text-reader';
import { sessionTextStream } from './gunzip';

/**
 * The shipped sessions as build assets: Vite emits each file with a hashed
 * name and the service worker precaches them, so the demo market runs offline.
 */
const SESSION_URLS = import.meta.glob('../../fixtures/sessions/*.jsonl.gz', { query: '?url', import: 'default', eager: true }) as Record<string, string>;

function symbolOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace('.jsonl.gz', '');
}

/** Gives the page a turn between slices of parsing (a macrotask, so rendering and input get in). */
export function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** The service worker's cache of recorded sessions (sw/sw.ts keeps the same one). */
const SESSIONS_CACHE = 'sessions';

/**
 * A session file, from the sessions cache when it is there, else from the
 * network and then kept there. The service worker does the same for what it
 * controls, but a shared worker started on the first visit, before the
 * service worker took control, stays outside it for its whole life: without
 * this, the markets it loaded would not open offline.
 */
async function fetchSession(url: string): Promise<Response> {
  const cache = typeof caches === 'undefined' ? null : await caches.open(SESSIONS_CACHE).catch(() => null);
  const kept = await cache?.match(url).catch(() => undefined);
  if (kept) return kept;
  const response = await fetch(url);
  // Hashed names never change content: what is kept is exact. A full or blocked cache only loses the offline copy.
  // Not awaited: the put reads its copy to the end, and the parse should not wait for the last byte.
  if (response.ok && cache) void cache.put(url, response.clone()).catch(() => undefined);
  return response;
}

/** Downloads, inflates and parses one session file as its bytes arrive. */
async function loadSession(symbol: string, url: string): Promise<LoadedSession> {
  const response = await fetchSession(url);
  if (!response.ok || !response.body) throw new Error(`session ${symbol}: HTTP ${response.status}`);
  return parseSessionStream(await sessionTextStream(response.body), `${symbol}.jsonl.gz`, yieldToPage);
}

/** Loads started before the market asked for them, each taken once by its source. */
const started = new Map<string, Promise<LoadedSession>>();

/**
 * Starts loading the sessions of `symbols` now, while the exchange is still
 * opening its database: the session a tab opens on is then parsed by the time
 * the market wants it. Names without a shipped session are ignored.
 */
export function prefetchShippedSessions(symbols: readonly string[]): void {
  for (const [path, url] of Object.entries(SESSION_URLS)) {
    const symbol = symbolOf(path);
    if (!symbols.includes(symbol) || started.has(symbol)) continue;
    const loading = loadSession(symbol, url);
    // Met again by the source's own load, which then tries once more.
    loading.catch(() => undefined);
    started.set(symbol, loading);
  }
}

function sourceFor(path: string, url: string): SessionSource {
  const symbol = symbolOf(path);
  return {
    symbols: [symbol],
    load() {
      const early = started.get(symbol);
      started.delete(symbol);
      return early ? early.catch(() => loadSession(symbol, url)) : loadSession(symbol, url);
    },
  };
}

export function shippedSessionSet(): SessionSet {
  return { name: 'demo', sources: Object.entries(SESSION_URLS).map(([path, url]) => sourceFor(path, url)) };
}
