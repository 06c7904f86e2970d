/**
 * The shared worker that runs the browser's one embedded exchange: replay
 * clock, books, engine, accounts and their persistence. Every tab of the
 * origin connects to it (mocks/worker/tabClient.ts), so all of them see one
 * market and one set of accounts, and the page's main thread never parses a
 * session or matches an order.
 */
import './workerGlobals';
import { FaultsByTab } from '../faults';
import { createBackend } from '../runtime/backend';
import { openExchangeDb, openIdbExchangeStore, openIdbTexts } from '../runtime/browserDb';
import { shippedSessionSet, yieldToPage } from '../runtime/browserSources';
import { sitePreset } from '../site';
import { createExchangeHost } from './host';
import { textStoreOptions } from '../runtime/textStores';
import { SESSION_HEADER, type Hello } from './protocol';

async function bootExchange(hello: Hello) {
  let db: IDBDatabase | null = null;
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

const host = createExchangeHost(bootExchange);

(self as unknown as { onconnect: ((event: MessageEvent) => void) | null }).onconnect = (event) => {
  const port = event.ports[0];
  if (port) host.connect(port as unknown as Parameters<typeof host.connect>[0]);
};
