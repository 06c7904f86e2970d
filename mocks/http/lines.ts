import { delay, getResponse, HttpResponse, http, type HttpHandler } from 'msw';
import { fail } from '../envelope';
import type { RouteContext } from './route';

/** A server line of the latency picker: an alternative origin of the same API, simulated by a fixed latency. */
export interface RouteSpec {
  id: string;
  name: string;
  /** path prefix on the API origin; the probe is `{base}/t1` */
  base: string;
  latencyMs: number;
}

/**
 * The server lines of the route picker as live state: each line serves the
 * whole REST API under its base with its own latency, and a test (or the
 * replay panel) can make a line slow or failing through `/mock/api/routes`.
 */
export interface LineState extends RouteSpec {
  /** a failing line answers nothing at all (its probe then counts as 15000 ms) */
  failing: boolean;
  /** REST calls this line has forwarded (probes not counted): lets a test see which line the page uses */
  served: number;
}

export interface LineChange {
  latencyMs?: number;
  fail?: boolean;
}

export interface RouteLines {
  list(): LineState[];
  byBase(base: string): LineState | undefined;
  /** `line` is the line's number (1 for /line/1); null when there is no such line */
  change(line: number, change: LineChange): LineState | null;
}

export function createRouteLines(specs: readonly RouteSpec[]): RouteLines {
  const lines: LineState[] = specs.map((spec) => ({ ...spec, failing: false, served: 0 }));
  const byNumber = (n: number) => lines.find((l) => l.base === `/line/${n}`);
  return {
    list: () => lines.map((l) => ({ ...l })),
    byBase: (base) => lines.find((l) => l.base === base),
    change(n, { latencyMs, fail: failing }) {
      const line = byNumber(n);
      if (!line) return null;
      if (latencyMs !== undefined) line.latencyMs = latencyMs;
      if (failing !== undefined) line.failing = failing;
      return { ...line };
    },
  };
}

/** `/line/2/spot/api/x?y` → base `/line/2` and the API path `/spot/api/x`. */
const LINE_PATH = /^(\/line\/\d+)(\/.*)$/;

/** Paths a line never forwards: the simulator's controls are not part of the exchange, and lines do not nest. */
const notRouted = (path: string) => path.startsWith('/mock/') || LINE_PATH.test(path);

/** A copy of a request for another URL: method, headers (cookie, authorization) and body kept. Shared with the network layer's hosts. */
export async function forwardedRequest(request: Request, url: URL): Promise<Request> {
  const init: RequestInit = { method: request.method, headers: request.headers };
  if (request.method !== 'GET' && request.method !== 'HEAD') init.body = await request.arrayBuffer();
  return new Request(url, init);
}

/**
 * Every REST path of the exchange under each line's base: the request waits
 * the line's latency (the same timer the probes use), then gets exactly the
 * answer the origin gives, from the same handler list.
 */
export function lineHandlers(context: RouteContext, lines: RouteLines, handlers: () => HttpHandler[]): HttpHandler[] {
  return [
    http.all('/line/*', async ({ request }) => {
      if (context.offline()) return HttpResponse.error();
      const url = new URL(request.url);
      const match = LINE_PATH.exec(url.pathname);
      const line = match ? lines.byBase(match[1] as string) : undefined;
      if (!match || !line) return fail(10404, 'no such line', 404);
      if (line.failing) return HttpResponse.error();
      const path = match[2] as string;
      if (notRouted(path)) return fail(10404, 'not served through a line', 404);
      await delay(line.latencyMs);
      line.served += 1;
      url.pathname = path;
      const response = await getResponse(handlers(), await forwardedRequest(request, url), { baseUrl: url.origin });
      return response ?? fail(10404, 'no such path', 404);
    }),
  ];
}
