/**
 * The handlers a request could match, so the server asks msw about a few
 * instead of all of them.
 *
 * msw's `getResponse` tries the handlers in order, and each try parses the
 * request's URL and cookies and resolves the handler's path against the
 * base URL, with two awaits: at about 170 handlers that was a sixth of the
 * server's CPU per order (issue 31 bench, profile of `npm run bench:server`).
 * Most handlers have a plain path; those are looked up by the request's path,
 * and the rest (parameters, wildcards, predicates) are always tried. msw
 * still decides among the candidates, in their original order, so the answer
 * is the one the whole list would give: the index only leaves out handlers
 * that cannot match (handlerIndex.test.ts checks it against msw's matcher).
 */
import type { HttpHandler } from 'msw';

/** A handler path with no parameter, wildcard or escape: msw compares it as text. */
const PLAIN_PATH = /^\/[A-Za-z0-9._~\-/]*$/;

/** The lookup key of a path: msw also matches it with one trailing slash more. */
const keyOf = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

export interface HandlerIndex {
  /** the handlers that could match, in list order */
  candidates(url: URL, baseUrl: string): HttpHandler[];
}

export function indexHandlers(handlers: readonly HttpHandler[]): HandlerIndex {
  const byPath = new Map<string, number[]>();
  const others: number[] = [];
  handlers.forEach((handler, at) => {
    const path = handler.info.path;
    if (typeof path === 'string' && PLAIN_PATH.test(path)) {
      const key = keyOf(path);
      byPath.set(key, [...(byPath.get(key) ?? []), at]);
    } else {
      others.push(at);
    }
  });
  const all = [...handlers];
  const otherHandlers = others.map((at) => all[at]!);
  // Each plain path's candidates: its handlers and the others, in list order, made once.
  const merged = new Map<string, HttpHandler[]>();
  for (const [key, ats] of byPath) merged.set(key, [...ats, ...others].sort((a, b) => a - b).map((at) => all[at]!));
  const baseOrigins = new Map<string, string>();
  const originOf = (baseUrl: string) => {
    let origin = baseOrigins.get(baseUrl);
    if (origin === undefined) baseOrigins.set(baseUrl, (origin = new URL(baseUrl).origin));
    return origin;
  };
  return {
    candidates(url, baseUrl) {
      // Plain paths are relative: they match only on the base URL's origin.
      if (url.origin !== originOf(baseUrl)) return otherHandlers;
      // msw also matches a percent-decoded path: such a request is asked of every handler.
      if (url.pathname.includes('%')) return all;
      return merged.get(keyOf(url.pathname)) ?? otherHandlers;
    },
  };
}
