import { delay, HttpResponse, type HttpHandler } from 'msw';
import { ok } from '../envelope';
import type { RouteLines, RouteSpec } from './lines';
import { route, type RouteContext } from './route';

export const ROUTES_PATH = '/spot/api/basic/routes';

export type { RouteSpec } from './lines';

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

/** The route list and each line's probe; a line's current latency and failure come from `lines` (changeable at run time). */
export function probeHandlers(context: RouteContext & { lines: RouteLines; now: () => number }): HttpHandler[] {
  const initial = context.lines.list();
  const list = initial.map(({ id, name, base }) => ({ id, name, base }));
  return [
    route(context, ROUTES_PATH, () => ok({ list })),
    ...initial.map(({ base }) =>
      route(context, probePath(base), async () => {
        const line = context.lines.byBase(base);
        if (!line || line.failing) return HttpResponse.error();
        await delay(line.latencyMs);
        return ok({ t: context.now() });
      }),
    ),
  ];
}
