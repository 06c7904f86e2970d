import type { SessionSet, SessionSource } from '../gateway/types';
import { parseSessionText } from '../market/session/text-reader';
import { sessionBytesToText } from './gunzip';

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
  if (response.ok && cache) await cache.put(url, response.clone()).catch(() => undefined);
  return response;
}

function sourceFor(path: string, url: string): SessionSource {
  const symbol = symbolOf(path);
  return {
    symbols: [symbol],
    async load() {
      const response = await fetchSession(url);
      if (!response.ok) throw new Error(`session ${symbol}: HTTP ${response.status}`);
      const text = await sessionBytesToText(new Uint8Array(await response.arrayBuffer()));
      return parseSessionText(text, `${symbol}.jsonl.gz`, yieldToPage);
    },
  };
}

export function shippedSessionSet(): SessionSet {
  return { name: 'demo', sources: Object.entries(SESSION_URLS).map(([path, url]) => sourceFor(path, url)) };
}
