import { choosePath, type NetPath } from '../../domain/network/acceleration';
import { classify, isBadExperience, type Outcome } from '../../domain/network/outcome';
import { isAcceleratedPath, onHost, pathOnly } from '../../domain/network/paths';
import { netStore, qualityBook, report } from './netStore';

/** The API origin: empty for the same origin (embedded backend or a server serving the page). */
// import.meta.env exists under Vite only; Node scripts (bench) import this module too.
const API_BASE = ((import.meta as { env?: Record<string, unknown> }).env?.VITE_API_BASE as string | undefined) ?? '';

export interface NetRequest {
  /** the exchange API path with its query, e.g. `/spot/api/quote/v5/klines?symbol=BTCUSDT` */
  path: string;
  /** the same path through the route picker's line (what goes after the host) */
  routedPath: string;
  init: RequestInit;
  /** true: always the origin (the probe, the collector, the config that names the hosts) */
  originOnly?: boolean;
  /** the origin's base instead of the API's (the page's own files, e.g. translations: '') */
  originBase?: string;
  /** this path and no other, no fallback (h3 detection asks the accelerated host itself) */
  pinnedPath?: NetPath;
}

/**
 * Requests the origin may be asked again when an alternative host failed
 * without an answer: reads, and the order calls the exchange makes idempotent
 * by client order id. Any other write is not sent twice: it fails as a network
 * error (its form keeps the input) and only the next call takes the origin.
 */
function safeToRepeat(method: string, path: string): boolean {
  if (method === 'GET' || method === 'HEAD') return true;
  return /^\/spot\/api\/(order|plan_order)\/(create|cancel|cancel_all)$/.test(path);
}

const nowMs = () => Date.now();
const second = (ms: number) => Math.floor(ms / 1000);

function hostOf(path: NetPath, request: NetRequest): string {
  const origin = request.originBase ?? API_BASE;
  if (path === 'origin') return origin;
  return netStore.get().config?.hosts[path] ?? origin;
}

/**
 * The path this request takes now, and whether it is steered: a call that may
 * leave the origin (it says which path is current and may fall back).
 * Eligibility is read once per request: this sits on every call's path.
 */
export function routeOf(request: Pick<NetRequest, 'path' | 'originOnly' | 'pinnedPath'>): { path: NetPath; steered: boolean } {
  if (request.pinnedPath) return { path: request.pinnedPath, steered: false };
  const s = netStore.get();
  if (request.originOnly || !s.config) return { path: 'origin', steered: false };
  const eligible = isAcceleratedPath(request.path, s.config.excludes);
  const path = choosePath({ eligible, acceleration: s.acceleration, autoCdn: s.autoCdn, forced: s.forced, hosts: s.config.hosts, down: s.down });
  return { path, steered: eligible };
}

/** One timed attempt on one path; records it in the quality book and reports what went wrong. */
async function attempt(path: NetPath, request: NetRequest, method: string, url: string): Promise<{ response: Response } | { error: unknown; outcome: Outcome }> {
  const started = nowMs();
  const t0 = performance.now();
  qualityBook.sent(path, second(started));
  try {
    const response = await fetch(onHost(hostOf(path, request), request.routedPath), request.init);
    const durationMs = performance.now() - t0;
    const ended = nowMs();
    const outcome = classify({ status: response.status, aborted: false });
    qualityBook.settled(path, second(ended), outcome, durationMs);
    if (outcome === 'error') report({ type: 'httpException', t: ended, path, url, method, outcome, status: response.status, durationMs: Math.round(durationMs) });
    else if (isBadExperience(durationMs)) report({ type: 'http', t: ended, path, url, method, status: response.status, durationMs: Math.round(durationMs) });
    return { response };
  } catch (error) {
    const durationMs = performance.now() - t0;
    const ended = nowMs();
    const aborted = (error as Error).name === 'AbortError' || request.init.signal?.aborted === true;
    const outcome = classify({ status: null, aborted });
    qualityBook.settled(path, second(ended), outcome, durationMs);
    report({ type: 'httpException', t: ended, path, url, method, outcome, status: null, durationMs: Math.round(durationMs) });
    return { error, outcome };
  }
}

/**
 * Every request of the page (spec 2 §7, §8): on the path the acceleration
 * state picks, timed and counted. When an alternative host gives no answer
 * at all, that path is taken out and a request that is safe to repeat goes
 * to the origin at once, so the user sees an answer, not an error.
 */
export async function netFetch(request: NetRequest): Promise<Response> {
  const { path, steered } = routeOf(request);
  const method = (request.init.method ?? 'GET').toUpperCase();
  const url = pathOnly(request.path);
  if (steered) netStore.took(path, nowMs());
  const first = await attempt(path, request, method, url);
  if ('response' in first) return first.response;
  if (!steered || path === 'origin' || first.outcome !== 'neterror') throw first.error;
  netStore.markDown(path, nowMs());
  report({ type: 'linksException', t: nowMs(), path, url, outcome: first.outcome, fallback: 'origin' });
  if (!safeToRepeat(method, url)) throw first.error;
  netStore.took('origin', nowMs());
  const retried = await attempt('origin', request, method, url);
  if ('response' in retried) return retried.response;
  throw retried.error;
}
