import { matchSupportedLocale, resolveLocale, type Locale, type LocaleSources } from './locale';

export const DEFAULT_BASE = 'BTC';
/** REFERENCE.md: 504 of 570 spot pairs quote in USDT. */
export const DEFAULT_QUOTE = 'USDT';

export type RouteDecision =
  | { kind: 'spot'; locale: Locale; base: string; quote: string }
  | { kind: 'lt'; locale: Locale; base: string; quote: string }
  | { kind: 'redirect'; to: string };

export function spotPath(locale: Locale, base = DEFAULT_BASE, quote = DEFAULT_QUOTE): string {
  return `/${locale}/trade/spot/${base}/${quote}`;
}

export function ltPath(locale: Locale, base: string, quote: string): string {
  return `/${locale}/trade/spot/lt/${base}/${quote}`;
}

/** Token names are letters and digits (BTC3L, 1INCH); anything else is not a symbol. */
const TOKEN = /^[A-Za-z0-9]{1,20}$/;

function tokenPair(base: string | undefined, quote: string | undefined): [string, string] | null {
  if (!base || !quote || !TOKEN.test(base) || !TOKEN.test(quote)) return null;
  return [base.toUpperCase(), quote.toUpperCase()];
}

/**
 * The route table of spec 1 §2.1 as one pure decision: a pathname either is a
 * page (spot or leveraged-token detail) or redirects somewhere. Query and hash
 * are the caller's to keep.
 */
export function decideRoute(pathname: string, sources: LocaleSources): RouteDecision {
  const segments = pathname.split('/').filter(Boolean).map(safeDecode);
  const fallbackLocale = () => resolveLocale(sources);

  // Paths without a locale prefix: /, /trade/spot/..., /trade/spot/lt/...
  if (segments[0] === 'trade') {
    const decision = withLocale(segments, fallbackLocale());
    return decision.kind === 'redirect' ? decision : { kind: 'redirect', to: pagePath(decision) };
  }

  const locale = matchSupportedLocale(segments[0]);
  if (segments[1] === 'trade') {
    // /{locale}/trade/... where the prefix is unsupported falls back to a detected locale;
    // stored wins over detection here too, so the user's choice persists.
    const target = locale ?? fallbackLocale();
    const decision = withLocale(segments.slice(1), target);
    if (decision.kind !== 'redirect' && locale !== null && segments[0] !== locale) {
      // A non-canonical spelling (zh_tw, EN) is redirected to the canonical tag.
      return { kind: 'redirect', to: pagePath(decision) };
    }
    if (decision.kind !== 'redirect' && locale === null) return { kind: 'redirect', to: pagePath(decision) };
    return decision;
  }
  return { kind: 'redirect', to: spotPath(locale ?? fallbackLocale()) };
}

function pagePath(decision: Exclude<RouteDecision, { kind: 'redirect' }>): string {
  return decision.kind === 'lt'
    ? ltPath(decision.locale, decision.base, decision.quote)
    : spotPath(decision.locale, decision.base, decision.quote);
}

/** `segments` starts at "trade"; decides the page under a known locale. */
function withLocale(segments: string[], locale: Locale): RouteDecision {
  const [trade, spot, a, b, c, ...rest] = segments;
  const isSpot = trade === 'trade' && spot === 'spot';
  if (isSpot && a === 'lt' && rest.length === 0) {
    const pair = tokenPair(b, c);
    if (pair) return canonicalOr({ kind: 'lt', locale, base: pair[0], quote: pair[1] }, [b, c]);
  }
  if (isSpot && c === undefined && rest.length === 0 && a !== 'lt') {
    const pair = tokenPair(a, b);
    if (pair) return canonicalOr({ kind: 'spot', locale, base: pair[0], quote: pair[1] }, [a, b]);
  }
  return { kind: 'redirect', to: spotPath(locale) };
}

/** Lower-case tokens in the URL (btc/usdt) are redirected to the canonical upper case. */
function canonicalOr(
  page: Exclude<RouteDecision, { kind: 'redirect' }>,
  raw: [string | undefined, string | undefined],
): RouteDecision {
  return raw[0] === page.base && raw[1] === page.quote ? page : { kind: 'redirect', to: pagePath(page) };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The same page in another language (language picker keeps the path). */
export function switchLocaleInPath(pathname: string, next: Locale): string {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length > 0 && matchSupportedLocale(segments[0])) segments[0] = next;
  else segments.unshift(next);
  return `/${segments.join('/')}`;
}
