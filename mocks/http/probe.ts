import { delay, type HttpHandler } from 'msw';
import { ok } from '../envelope';
import { route, type RouteContext } from './route';

export const ROUTES_PATH = '/spot/api/basic/routes';

/** A server line of the latency picker: an alternative origin of the same API, simulated by a fixed latency. */
export interface RouteSpec {
  id: string;
  name: string;
  /** path prefix on the API origin; the probe is `{base}/t1` */
  base: string;
  latencyMs: number;
}

/**
 * One line per colour of spec 1 §8 (success < 500 ≤ warn ≤ 1000 < danger) and
 * a last one slow enough to lose to every other, so Auto has a clear pick.
 */
export const DEFAULT_ROUTES: readonly RouteSpec[] = [
  { id: 'line-1', name: 'Line 1', base: '/line/1', latencyMs: 60 },
  { id: 'line-2', name: 'Line 2', base: '/line/2', latencyMs: 240 },
  { id: 'line-3', name: 'Line 3', base: '/line/3', latencyMs: 640 },
  { id: 'line-4', name: 'Line 4', base: '/line/4', latencyMs: 1300 },
];

export const probePath = (base: string) => `${base}/t1`;

export function probeHandlers(context: RouteContext & { routes: readonly RouteSpec[]; now: () => number }): HttpHandler[] {
  const list = context.routes.map(({ id, name, base }) => ({ id, name, base }));
  return [
    route(context, ROUTES_PATH, () => ok({ list })),
    ...context.routes.map((spec) =>
      route(context, probePath(spec.base), async () => {
        await delay(spec.latencyMs);
        return ok({ t: context.now() });
      }),
    ),
  ];
}
