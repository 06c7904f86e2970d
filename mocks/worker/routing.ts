/**
 * Which of the page's requests the embedded exchange answers. The tab's
 * proxy decides here, without asking the worker, so translation files,
 * fonts and session files never wait for the exchange to boot. The rule is
 * checked against every route the backend registers (routing.test.ts).
 */
const OWNED_PREFIXES = ['/mock/', '/user/api/', '/logout', '/spot/api/', '/line/', '/unified/', '/monitor/api/'];

/** The network layer's simulated alternative hosts (mocks/net): names that never resolve on a real network. */
const SIMULATED_HOST = /\.sim\.invalid$/;

export function exchangeOwns(url: URL, pageOrigin: string): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.origin !== pageOrigin) return SIMULATED_HOST.test(url.hostname);
  return OWNED_PREFIXES.some((prefix) => url.pathname === prefix.replace(/\/$/, '') || url.pathname.startsWith(prefix));
}
