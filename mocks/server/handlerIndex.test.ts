// @vitest-environment node
import { http, HttpResponse, matchRequestUrl, type HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { ManualScheduler } from '../market/hub';
import { TEST_START, sharedDemoSets } from '../market/hub/testMarket';
import { createBackend } from '../runtime/backend';
import { indexHandlers } from './handlerIndex';

const BASE = 'http://127.0.0.1:4182';

/** URLs a client might send for a handler path: as written, with a trailing slash, a query, another case, encoded. */
function variantsOf(path: string): string[] {
  const concrete = path.replace(/:[A-Za-z_]\w*/g, 'x1').replaceAll('*', 'any/thing');
  const withSlash = concrete.endsWith('/') ? concrete : `${concrete}/`;
  const encoded = concrete.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return [concrete, withSlash, `${concrete}?a=1&b=%20`, concrete.toUpperCase(), encoded, `/line/2${concrete}`];
}

/** Every handler msw itself would match to the URL (path only: the method is msw's to check among the candidates). */
function mswMatches(handlers: readonly HttpHandler[], url: URL): HttpHandler[] {
  return handlers.filter((h) => typeof h.info.path === 'function' || matchRequestUrl(url, h.info.path, BASE).matches);
}

describe('the handler index of the local server', () => {
  it("never leaves out a handler msw's matcher matches, for every path of the backend and its variants", () => {
    const backend = createBackend({ sets: sharedDemoSets(), scheduler: new ManualScheduler(TEST_START) });
    const handlers = backend.httpHandlers;
    const index = indexHandlers(handlers);
    const urls = new Set<string>(['/', '/favicon.ico', '/spot/api/nope', '/mock/api/__proto__', '/%E0%A4%A', '//double//slash']);
    for (const handler of handlers) if (typeof handler.info.path === 'string') variantsOf(handler.info.path).forEach((u) => urls.add(u));
    let narrowed = 0;
    for (const text of urls) {
      for (const origin of [BASE, 'http://127.0.0.1:4183']) {
        const url = new URL(text, origin);
        const candidates = index.candidates(url, BASE);
        for (const handler of mswMatches(handlers, url)) expect(candidates, `${url.href} → ${String(handler.info.path)}`).toContain(handler);
        // Candidates keep the list's order: msw answers with the first that matches.
        expect(candidates.map((h) => handlers.indexOf(h))).toEqual([...candidates.map((h) => handlers.indexOf(h))].sort((a, b) => a - b));
        if (candidates.length < handlers.length / 4) narrowed += 1;
      }
    }
    // The point of it: most requests are asked of a few handlers.
    expect(narrowed).toBeGreaterThan(urls.size / 2);
    backend.close();
  });

  it('gives the first matching handler of the whole list, a plain one before a wildcard or after it', () => {
    const a = http.get('/a', () => HttpResponse.text('a'));
    const wildcard = http.get('/a*', () => HttpResponse.text('wild'));
    const b = http.post('/b/', () => HttpResponse.text('b'));
    const param = http.get('/c/:id', () => HttpResponse.text('c'));
    const index = indexHandlers([wildcard, a, b, param]);
    expect(index.candidates(new URL('/a', BASE), BASE)).toEqual([wildcard, a, param]);
    expect(index.candidates(new URL('/b', BASE), BASE)).toEqual([wildcard, b, param]);
    expect(index.candidates(new URL('/zzz', BASE), BASE)).toEqual([wildcard, param]);
    // Another origin: plain paths are relative to the base, only the others can match.
    expect(index.candidates(new URL('/a', 'http://127.0.0.1:9'), BASE)).toEqual([wildcard, param]);
  });
});
