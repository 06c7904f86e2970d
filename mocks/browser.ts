import { defineNetwork, InterceptorSource } from 'msw/experimental';
import { FetchInterceptor } from '@mswjs/interceptors/fetch';
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest';
import { WebSocketInterceptor } from '@mswjs/interceptors/WebSocket';
import { FaultPlan, parseFaults } from './faults';
import { sessionFromCookies } from './accounts/profiles';
import { createBackend } from './runtime/backend';
import { sitePreset } from './site';
import { shippedSessionSet, yieldToPage } from './runtime/browserSources';
import { localText, openPageExchangeStore } from './runtime/pageStores';

/**
 * Starts the embedded exchange inside the page: requests and sockets are
 * answered in-page, so the PWA service worker stays the only worker and the
 * demo works offline. Must finish before the app sends its first request;
 * the sessions themselves load in the background.
 */
/** What the in-page exchange keeps of signed-in users, like a server's database would. */
const USERS_KEY = 'spot-mock-exchange:users';
/** Signed-in users' chart configurations and chart saves, kept apart from the rest of their data. */
const CHARTS_KEY = 'spot-mock-exchange:charts';
/** Registered demo users and account upgrades. */
const ACCOUNTS_KEY = 'spot-mock-exchange:accounts';
/** Signed-in users' recently visited symbols. */
const RECENTS_KEY = 'spot-mock-exchange:recents';
/** Signed-in sessions (token → user), so a reload keeps the user signed in. */
const SESSIONS_KEY = 'spot-mock-exchange:sessions';
/** `?mockSite=eu` sticks for the tab, so a reload keeps the region. */
const SITE_KEY = 'spot-mock-exchange:site';

function stickySite(query: URLSearchParams): string | null {
  try {
    const asked = query.get('mockSite');
    if (asked) sessionStorage.setItem(SITE_KEY, asked);
    return asked ?? sessionStorage.getItem(SITE_KEY);
  } catch {
    return query.get('mockSite');
  }
}

export async function startEmbeddedBackend(): Promise<void> {
  const query = new URLSearchParams(window.location.search);
  const backend = createBackend({
    site: sitePreset(stickySite(query)),
    userPersistence: localText(USERS_KEY),
    chartPersistence: localText(CHARTS_KEY),
    accountPersistence: localText(ACCOUNTS_KEY),
    sessionPersistence: localText(SESSIONS_KEY),
    recentsPersistence: localText(RECENTS_KEY),
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
    if (event.key === SESSIONS_KEY || event.key === null) backend.accounts.sessions.reload();
    if (event.key === ACCOUNTS_KEY || event.key === null) backend.accounts.directory.reload();
  });
  // A closing or hidden page saves what is due at once: a reload must find the last order.
  window.addEventListener('pagehide', () => backend.flushState());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') backend.flushState();
  });
}
