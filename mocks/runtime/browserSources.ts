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

function sourceFor(path: string, url: string): SessionSource {
  const symbol = symbolOf(path);
  return {
    symbols: [symbol],
    async load() {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`session ${symbol}: HTTP ${response.status}`);
      const text = await sessionBytesToText(new Uint8Array(await response.arrayBuffer()));
      return parseSessionText(text, `${symbol}.jsonl.gz`, yieldToPage);
    },
  };
}

export function shippedSessionSet(): SessionSet {
  return { name: 'demo', sources: Object.entries(SESSION_URLS).map(([path, url]) => sourceFor(path, url)) };
}
