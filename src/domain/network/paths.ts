/**
 * Which API paths may leave the origin (spec 2 §7 "accelerated CDN path
 * prefixes"), mapped to this exchange's paths (docs/api/network.md). The
 * spec's names without a path here (exchange rate, coin config, trade hint,
 * notification list, adabot push, activity home) have no call on this page.
 */
export const ACCELERATED_PATH_PREFIXES: readonly string[] = [
  '/user/api/profile', // user profile
  '/spot/api/account/info', // member info
  '/logout',
  '/spot/api/user/preferences',
  '/spot/api/basic/announcement_bar', // banner
  '/spot/api/basic/symbol_list', // symbol lists
  '/spot/api/quote/v2/tickers',
  '/spot/api/quote/v5/klines', // klines
  '/spot/api/basic/notice', // notice-visible symbol
  '/spot/api/asset/', // asset get and available, spot wallet balance
  '/spot/api/order/', // orders, create, innovation remain amount
  '/spot/api/plan_order/',
  '/spot/api/lt/', // LT and token detail
  '/spot/api/basic/site_config', // web config
  '/spot/api/grid/v1/list', // grid bot list
];

/** A path is one of the prefixes exactly, or continues it at a path boundary (a prefix ending in / continues anywhere). */
function underPrefix(path: string, prefix: string): boolean {
  if (!path.startsWith(prefix)) return false;
  return prefix.endsWith('/') || path.length === prefix.length || path[prefix.length] === '/';
}

const MAX_PATTERN = 200;

/**
 * An exclude pattern: `*` is any run of characters, everything else literal,
 * and the pattern covers the whole path. Patterns come from the server's
 * config, so a malformed one (not a string, too long, no leading /) matches nothing.
 */
export function matchesExclude(path: string, pattern: unknown): boolean {
  if (typeof pattern !== 'string' || pattern.length > MAX_PATTERN || !pattern.startsWith('/')) return false;
  const parts = pattern.split('*');
  if (parts.length === 1) return path === pattern;
  const first = parts[0] as string;
  const last = parts[parts.length - 1] as string;
  if (!path.startsWith(first) || path.length < first.length + last.length || !path.endsWith(last)) return false;
  // Greedy left to right: each middle piece at its first place after the previous one.
  let at = first.length;
  const end = path.length - last.length;
  for (const piece of parts.slice(1, -1)) {
    const found = path.indexOf(piece, at);
    if (found < 0 || found + piece.length > end) return false;
    at = found + piece.length;
  }
  return true;
}

/** The path part of a request path (query and fragment dropped). */
export function pathOnly(requestPath: string): string {
  const cut = requestPath.search(/[?#]/);
  return cut < 0 ? requestPath : requestPath.slice(0, cut);
}

/** Spec 2 §7: may this request path use an accelerated or CDN host? */
export function isAcceleratedPath(requestPath: string, excludes: readonly string[]): boolean {
  const path = pathOnly(requestPath);
  if (!ACCELERATED_PATH_PREFIXES.some((prefix) => underPrefix(path, prefix))) return false;
  return !excludes.some((pattern) => matchesExclude(path, pattern));
}

/** A host is an http(s) origin only: no path, query or credentials (a server value must not send calls elsewhere). */
export function parseHost(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** The URL of a request path on a host ('' = the page's origin): the path and its query kept as they are. */
export function onHost(host: string, requestPath: string): string {
  return host + requestPath;
}
