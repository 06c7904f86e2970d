import { http, HttpResponse, type HttpHandler } from 'msw';
import { fail, ok } from '../envelope';
import { readBody } from './body';
import type { ExchangeStateStore } from './exchangePersistence';

/**
 * `/mock/api/storage`: what the exchange did with saved accounts it could not
 * restore (docs/api/storage.md). It never overwrites them: they are set aside,
 * the run starts fresh, and the page offers the trader to download them or
 * let them go. A runtime that saves nothing has nothing set aside.
 */
export const STORAGE_PATH = '/mock/api/storage';
export const SET_ASIDE_PATH = '/mock/api/storage/set-aside';

export function storageControlHandlers(store: ExchangeStateStore | undefined): HttpHandler[] {
  const setAside = () => store?.aside?.()?.record ?? null;
  return [
    http.get(STORAGE_PATH, () => ok({ setAside: setAside() })),
    // The text exactly as it was stored, for the trader to keep or send with a bug report.
    http.get(SET_ASIDE_PATH, () => {
      const kept = store?.aside?.();
      if (!kept) return fail(10404, 'nothing is set aside', 404);
      return new HttpResponse(kept.text, {
        headers: { 'content-type': 'application/json; charset=utf-8', 'content-disposition': 'attachment; filename="saved-demo-accounts.json"' },
      });
    }),
    http.post(STORAGE_PATH, async ({ request }) => {
      const body = await readBody(request);
      if (body?.action !== 'discardSetAside') return fail(10002, 'action must be discardSetAside');
      await store?.discardAside?.();
      return ok({ setAside: setAside() });
    }),
  ];
}
