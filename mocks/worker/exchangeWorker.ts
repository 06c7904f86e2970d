/**
 * The worker that runs the browser's one embedded exchange: replay clock,
 * books, engine, accounts and their persistence. As a shared worker, every
 * tab of the origin connects to it (mocks/worker/tabClient.ts), so all of
 * them see one market and one set of accounts, and the page's main thread
 * never parses a session or matches an order. Where SharedWorker is missing
 * each tab starts this file as a dedicated worker instead, and the workers
 * elect one leader to run the exchange (mocks/worker/leaderRelay.ts).
 */
import './workerGlobals';
import { FaultsByTab } from '../faults';
import { createBackend } from '../runtime/backend';
import { openExchangeDb, openIdbExchangeStore, openIdbTexts, type ExchangeDatabase } from '../runtime/browserDb';
import { prefetchShippedSessions, shippedSessionSet, yieldToPage } from '../runtime/browserSources';
import { sitePreset } from '../site';
import { createExchangeHost, wantedSymbols } from './host';
import { textStoreOptions } from '../runtime/textStores';
import { SESSION_HEADER, type ExchangeMessage, type Hello, type TabMessage } from './protocol';
import { RELAY_CHANNEL, startLeaderRelay } from './leaderRelay';

async function bootExchange(hello: Hello) {
  // The session the tab opens on downloads and parses while the database opens.
  prefetchShippedSessions(wantedSymbols(hello.wants));
  let db: ExchangeDatabase | null = null;
  try {
    db = await openExchangeDb();
  } catch (error) {
    console.warn('embedded exchange: its database cannot be opened; this run keeps its data in memory', error);
  }
  const [exchangeState, texts] = await Promise.all([openIdbExchangeStore(db), openIdbTexts(db, hello.legacy)]);
  const faults = new FaultsByTab();
  const origin = self.location.origin;
  const backend = createBackend({
    site: sitePreset(hello.site),
    ...textStoreOptions(texts.text),
    textsDurable: () => texts.settled(),
    exchangeState,
    // The worker sees no cookies: each tab's proxy passes its page's session token.
    tokenOf: (request) => request.headers.get(SESSION_HEADER) || null,
    sets: [shippedSessionSet()],
    faults,
    // Parsing a session yields between slices, so calls from the tabs get answered meanwhile.
    yieldNow: yieldToPage,
    // The markets the tabs look at load first; the rest when asked.
    onDemand: true,
    origin: () => origin,
  });
  return { backend, faults, origin };
}

const shared = 'onconnect' in self;
// A shared worker ends itself once every tab has been gone a while (a dedicated worker ends with its tab).
const host = createExchangeHost(bootExchange, undefined, shared ? { onIdle: () => (self as unknown as { close(): void }).close() } : {});

if (shared) {
  (self as unknown as { onconnect: ((event: MessageEvent) => void) | null }).onconnect = (event) => {
    const port = event.ports[0];
    if (port) host.connect(port as unknown as Parameters<typeof host.connect>[0]);
  };
} else {
  // The page's lib has no worker scope types: the two members a dedicated worker uses.
  const scope = self as unknown as { postMessage(message: unknown, transfer: Transferable[]): void; onmessage: ((event: MessageEvent<TabMessage>) => void) | null };
  void startLeaderRelay({
    id: crypto.randomUUID(),
    tab: {
      post: (message: ExchangeMessage, transfer: Transferable[] = []) => scope.postMessage(message, transfer),
      listen: (onMessage) => {
        scope.onmessage = (event) => onMessage(event.data);
      },
    },
    channel: new BroadcastChannel(RELAY_CHANNEL) as unknown as Parameters<typeof startLeaderRelay>[0]['channel'],
    locks: navigator.locks,
    connect: (port) => host.connect(port),
  });
}
