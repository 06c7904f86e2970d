import { PROBE_FAILURE_MS, probeLatency } from '../../domain/latency';
import { getJson } from '../http';
import { list, millis, record, str } from './parse';

export const ROUTES_PATH = '/spot/api/basic/routes';

/** A server line: an alternative way to the same API, picked in the latency picker. */
export interface ApiRoute {
  id: string;
  name: string;
  /** path prefix on the API origin */
  base: string;
}

export function parseRoute(value: unknown): ApiRoute {
  const o = record(value, 'route');
  const what = `route ${String(o.id)}`;
  return { id: str(o, 'id', what), name: str(o, 'name', what), base: str(o, 'base', what) };
}

export function parseRouteList(value: unknown): ApiRoute[] {
  return list(record(value, 'route list').list, 'route list').map(parseRoute);
}

export function fetchRoutes(signal?: AbortSignal): Promise<ApiRoute[]> {
  return getJson(ROUTES_PATH, parseRouteList, signal);
}

export const probePath = (base: string) => `${base.replace(/\/+$/, '')}/t1`;

function parseProbe(value: unknown): number {
  return millis(record(value, 'probe').t, 'probe.t');
}

/**
 * Spec 1 §7: times `GET {base}/t1` with `now` (e.g. performance.now) and
 * answers the latency in ms; any failure, or no answer within 15 s, counts as
 * 15000. Only the caller's own abort rejects (react-query cancelling).
 */
export async function probeRoute(base: string, now: () => number, signal?: AbortSignal): Promise<number> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), PROBE_FAILURE_MS);
  const combined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
  const start = now();
  try {
    await getJson(probePath(base), parseProbe, combined, { direct: true });
    return probeLatency(now() - start);
  } catch (error) {
    if (signal?.aborted) throw error;
    return PROBE_FAILURE_MS;
  } finally {
    clearTimeout(timer);
  }
}
