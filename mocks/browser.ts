/**
 * Starts the embedded exchange for this tab before the app sends its first
 * request. By default the tab joins the browser's one exchange in a shared
 * worker (every tab sees the same market and accounts, and the page's main
 * thread only forwards calls). Where SharedWorker is missing each tab starts
 * a dedicated worker and one of them leads (the same one market); a browser
 * with neither, or a test that drives the page's clock (`?mockRuntime=page`),
 * runs the exchange inside the page.
 */
import { chooseRuntime, sticky } from './worker/exchangePort';
/** `?mockSite=eu` sticks for the tab, so a reload keeps the region. */
const SITE_KEY = 'spot-mock-exchange:site';

/**
 * `wants`: the symbols the page opens on (`BTCUSDT`); the exchange starts
 * loading their sessions while the page still boots. `onLoaded`: once the
 * exchange's code is in (a worker's script has arrived; in-page, at once),
 * so the page can fetch its own lazy code without taking the line from it.
 */
export async function startEmbeddedBackend(wants: string[] = [], onLoaded?: () => void): Promise<void> {
  const query = new URLSearchParams(window.location.search);
  const site = sticky(query, 'mockSite', SITE_KEY);
  const runtime = chooseRuntime(query);
  if (runtime === 'page') {
    const { startPageExchange } = await import('./runtime/pageExchange');
    await startPageExchange(query, site);
    onLoaded?.();
    return;
  }
  const { startTabClient } = await import('./worker/tabClient');
  await startTabClient({ runtime, site, faults: query.get('mockFault'), log: query.has('mockLog'), wants, onLoaded });
}
