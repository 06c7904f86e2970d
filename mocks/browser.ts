/**
 * Starts the embedded exchange for this tab before the app sends its first
 * request. By default the tab joins the browser's one exchange in a shared
 * worker (every tab sees the same market and accounts, and the page's main
 * thread only forwards calls); where SharedWorker is missing, or a test
 * that drives the page's clock asks with `?mockRuntime=page`, the exchange
 * runs inside the page as it used to.
 */
/** `?mockSite=eu` sticks for the tab, so a reload keeps the region. */
const SITE_KEY = 'spot-mock-exchange:site';
/** `?mockRuntime=page` sticks for the tab too: a test's reload must not move the exchange to a worker. */
const RUNTIME_KEY = 'spot-mock-exchange:runtime';

function sticky(query: URLSearchParams, name: string, key: string): string | null {
  try {
    const asked = query.get(name);
    if (asked) sessionStorage.setItem(key, asked);
    return asked ?? sessionStorage.getItem(key);
  } catch {
    return query.get(name);
  }
}

export async function startEmbeddedBackend(): Promise<void> {
  const query = new URLSearchParams(window.location.search);
  const site = sticky(query, 'mockSite', SITE_KEY);
  const inPage = sticky(query, 'mockRuntime', RUNTIME_KEY) === 'page' || typeof SharedWorker === 'undefined';
  if (inPage) {
    const { startPageExchange } = await import('./runtime/pageExchange');
    await startPageExchange(query, site);
    return;
  }
  const { startTabClient } = await import('./worker/tabClient');
  await startTabClient({ site, faults: query.get('mockFault'), log: query.has('mockLog') });
}
