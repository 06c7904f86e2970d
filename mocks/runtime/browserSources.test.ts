// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const ethbtc = readFileSync(resolve(root, 'fixtures/sessions/ETHBTC.jsonl.gz'));

/** A fresh copy of the module (its started loads are module state) over a counting fetch. */
async function withFetch(answer: (url: string, call: number) => Response) {
  vi.resetModules();
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => answer(url, urls.push(url)));
  const sources = await import('./browserSources');
  const source = (symbol: string) => sources.shippedSessionSet().sources.find((s) => s.symbols.includes(symbol))!;
  return { ...sources, source, urls };
}

afterEach(() => vi.unstubAllGlobals());

describe('shipped session prefetch', () => {
  it('hands the market the session a tab asked for at its hello, downloaded once', async () => {
    const { prefetchShippedSessions, source, urls } = await withFetch(() => new Response(ethbtc));
    prefetchShippedSessions(['ETHBTC', 'NOSUCH1']);
    await vi.waitFor(() => expect(urls).toHaveLength(1));
    const session = await source('ETHBTC').load();
    expect(urls).toHaveLength(1);
    expect(session.header.symbols.map((s) => s.symbol)).toContain('ETHBTC');
    expect(session.events.length).toBeGreaterThan(1000);
    // Taken once: a later load (a session switch back) downloads again.
    await source('ETHBTC').load();
    expect(urls).toHaveLength(2);
  });

  it('tries once more when the early download failed', async () => {
    const { prefetchShippedSessions, source, urls } = await withFetch((_, call) => (call === 1 ? new Response('', { status: 503 }) : new Response(ethbtc)));
    prefetchShippedSessions(['ETHBTC']);
    const session = await source('ETHBTC').load();
    expect(urls).toHaveLength(2);
    expect(session.events.length).toBeGreaterThan(1000);
  });
});
