/**
 * Starts the embedded exchange for this tab before the app sends its first
 * request. By default the tab joins the browser's one exchange in a shared
 * worker (every tab sees the same market and accounts, and the page's main
 * thread only forwards calls). Where SharedWorker is missing each tab starts
 * a dedicated worker and one of them leads (the same one market); a browser
 * with neither, or a test that drives the page's clock (`?mockRuntime=page`),
 * runs the exchange inside the page.
 */
import type { WorkerRuntime } from './worker/tabClient';
/** `?mockSite=eu` sticks for the tab, so a reload keeps the region. */
const SITE_KEY = 'spot-mock-exchange:site';
/** `?mockRuntime=` sticks for the tab too: a test's reload must not move the exchange elsewhere. */
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

/** Which runtime this browser can run, unless a tab asks for one (`?mockRuntime=page|dedicated`). */
function chooseRuntime(asked: string | null): 'page' | WorkerRuntime {
  const dedicatedWorks = typeof Worker !== 'undefined' && typeof BroadcastChannel !== 'undefined' && 'locks' in navigator;
  if (asked === 'page') return 'page';
  if (asked === 'dedicated' && dedicatedWorks) return 'dedicated';
  if (typeof SharedWorker !== 'undefined') return 'shared';
  return dedicatedWorks ? 'dedicated' : 'page';
}

/**
 * `wants`: the symbols the page opens on (`BTCUSDT`); the exchange starts
 * loading their sessions while the page still boots.
 */
export async function startEmbeddedBackend(wants: string[] = []): Promise<void> {
  const query = new URLSearchParams(window.location.search);
  const site = sticky(query, 'mockSite', SITE_KEY);
  const runtime = chooseRuntime(sticky(query, 'mockRuntime', RUNTIME_KEY));
  if (runtime === 'page') {
    const { startPageExchange } = await import('./runtime/pageExchange');
    await startPageExchange(query, site);
    return;
  }
  const { startTabClient } = await import('./worker/tabClient');
  await startTabClient({ runtime, site, faults: query.get('mockFault'), log: query.has('mockLog'), wants });
}
