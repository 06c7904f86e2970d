// First of all: the demo build opens its exchange's worker here, so the exchange's code loads and compiles while
// the page's modules evaluate (vite-plugins/embeddedExchange.ts; nothing in the remote build).
import 'virtual:embedded-exchange-early';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './app/i18n';
import { matchSupportedLocale, textDirection } from './domain/locale';
import { decideRoute, type RouteDecision } from './domain/routes';
import { preloadTradeScreenChunks, preloadTradeScreenTexts } from './app/firstScreen';
import { browserLanguages, readStoredLocale } from './data/preferences';
import { getQuoteClient } from './data/realtime';
import '@fontsource-variable/inter/wght.css';
import './app/fonts.css';
import 'virtual:cjk-font.css';
import 'virtual:language-names-font.css';
import './app/styles.css';

/** The language the first screen will be in, so i18next loads it first and only it. */
function initialLocale(decision: RouteDecision) {
  if (decision.kind !== 'redirect') return decision.locale;
  return matchSupportedLocale(decision.to.split('/')[1]) ?? 'en';
}

/** The embedded exchange answers before the app sends anything; a remote build talks to a real server. */
async function startBackend(decision: RouteDecision, onExchangeLoaded: () => void) {
  if (import.meta.env.VITE_BACKEND === 'remote') return onExchangeLoaded();
  const { startEmbeddedBackend } = await import('../mocks/browser');
  // The market the page opens on loads in the exchange while the page boots, not when its header first asks.
  await startEmbeddedBackend(decision.kind === 'redirect' ? [] : [`${decision.base}${decision.quote}`], onExchangeLoaded);
  // The demo build lets tests and curious traders read what the quote client holds (devtools, Playwright).
  Object.assign(window, { spotRealtimeDebug: getQuoteClient() });
}

async function boot() {
  const decision = decideRoute(window.location.pathname, { stored: readStoredLocale(), browser: browserLanguages() });
  const locale = initialLocale(decision);
  document.documentElement.lang = locale;
  document.documentElement.dir = textDirection(locale);
  const tradeScreen = decision.kind === 'spot';
  // From the service worker's cache the panels' code is asked for at once; over the network only once the
  // exchange's own code is in (the larger download, which the first book row waits for more), then beside its boot.
  const fromCache = Boolean(navigator.serviceWorker?.controller);
  const preloadPanels = () => tradeScreen && preloadTradeScreenChunks(window.innerWidth);
  const backend = startBackend(decision, fromCache ? () => undefined : preloadPanels);
  if (fromCache) preloadPanels();
  // The language file goes through the network layer, which must not start before the exchange answers:
  // fetched beside the exchange's start, a page opened from the service worker's cache was left with its
  // server routes unmeasured (footer.spec, rewards hub on the EU site).
  await backend;
  const i18n = await initI18n(locale);
  if (tradeScreen) preloadTradeScreenTexts(i18n);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // The page's login and sign-up links land on the simulated exchange's sign-in page (a real exchange serves its own there).
  const signIn = /^\/(login|register)\/?$/.exec(window.location.pathname);
  if (signIn) {
    const { SignInPage } = await import('../mocks/signin');
    document.getElementById('boot-placeholder')?.remove();
    createRoot(root).render(
      <StrictMode>
        <SignInPage mode={signIn[1] === 'register' ? 'register' : 'login'} />
      </StrictMode>,
    );
    return;
  }
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

boot().catch((error: unknown) => {
  console.error('The page could not start', error);
  // Without React there is only the static fallback of index.html to show.
  document.getElementById('boot-placeholder')?.remove();
  document.getElementById('boot-failed')?.removeAttribute('hidden');
});
