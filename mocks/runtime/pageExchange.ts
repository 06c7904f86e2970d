import { defineNetwork, InterceptorSource } from 'msw/experimental';
import { FetchInterceptor } from '@mswjs/interceptors/fetch';
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest';
import { WebSocketInterceptor } from '@mswjs/interceptors/WebSocket';
import { FaultPlan, parseFaults } from '../faults';
import { sessionFromCookies } from '../accounts/profiles';
import { createBackend } from './backend';
import { sitePreset } from '../site';
import { shippedSessionSet, yieldToPage } from './browserSources';
import { localText, openPageExchangeStore } from './pageStores';
import { TEXT_KEYS, textStoreOptions } from './textStores';

/**
 * The fallback runtime: the embedded exchange inside the page itself, one
 * per tab. Used where a browser has no SharedWorker, and by tests that drive
 * the page's clock (a worker does not run on the page's fake timers). Its
 * small stores are localStorage, so tabs still share sign-ins; the engine's
 * state is the same IndexedDB record the shared worker keeps.
 */
export async function startPageExchange(query: URLSearchParams, site: string | null): Promise<void> {
  const backend = createBackend({
    site: sitePreset(site),
    ...textStoreOptions(localText),
    exchangeState: await openPageExchangeStore(),
    // Requests made in the page carry no Cookie header here: the session is the page's own cookie.
    tokenOf: () => sessionFromCookies(document.cookie),
    socketTokenOf: () => sessionFromCookies(document.cookie),
    sets: [shippedSessionSet()],
    faults: new FaultPlan(parseFaults(query.get('mockFault'))),
    yieldNow: yieldToPage,
    // Sixteen sessions cost seconds of parsing: load the markets the page looks at, when it looks.
    onDemand: true,
  });
  // The browser's own offline state does not cut this exchange: it runs in the
  // page, and the demo trades offline. The replay panel's "go offline" fault does.
  const network = defineNetwork({
    sources: [
      new InterceptorSource({
        interceptors: [new FetchInterceptor(), new XMLHttpRequestInterceptor(), new WebSocketInterceptor()],
      }),
    ],
    handlers: [...backend.httpHandlers, ...backend.socketHandlers],
    // Keep the console for the page's own messages; `?mockLog` shows every mocked call.
    context: { quiet: !query.has('mockLog') },
    // Translation files, assets and anything else the backend does not own go to the network (and the worker).
    onUnhandledFrame: 'bypass',
  });
  await network.enable();
  // Tabs of the in-page exchange share its stores: another tab signing in or out changes who a session is here too.
  window.addEventListener('storage', (event) => {
    if (event.key === TEXT_KEYS.sessions || event.key === null) backend.accounts.sessions.reload();
    if (event.key === TEXT_KEYS.accounts || event.key === null) backend.accounts.directory.reload();
  });
  // A closing or hidden page saves what is due at once: a reload must find the last order.
  window.addEventListener('pagehide', () => backend.flushState());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') backend.flushState();
  });
}
