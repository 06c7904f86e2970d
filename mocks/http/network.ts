import { delay, getResponse, HttpResponse, http, type HttpHandler } from 'msw';
import { fail, ok } from '../envelope';
import type { AccountService } from '../accounts/service';
import { HOST_NAMES, type HostName, type NetState } from '../net/netState';
import { badParam, Refusal } from './errors';
import { forwardedRequest } from './lines';
import { route, type RouteContext } from './route';

/** The network layer's calls on the origin (docs/api/network.md). */
export const NETWORK_CONFIG_PATH = '/spot/api/basic/network_config';
export const PROXY_SWITCH_PATH = '/spot/api/proxy-switch';
export const MONITOR_REPORT_PATH = '/monitor/api/report';
export const H3_DETECT_PATH = '/h3/detect';
/** Spec 2 §9: the acceleration refresh; the page clamps it to at least 10000. */
export const REFRESH_MS = 30_000;

const PROBE_FIELDS = ['seq_id', 'device_id', 'app', 'os', 'bu', 'v'];
const MAX_PROBE_FIELD = 256;
/** 500 reports of a few hundred bytes each, with room: a bigger body is not a batch the page sends. */
const MAX_REPORT_BODY = 1_000_000;

export interface NetworkContext extends RouteContext {
  net: NetState;
  accounts: AccountService;
}

/** The probe's answer is not enveloped (spec 2 §7): `err_code` and `result`. */
function probeAnswer(context: NetworkContext, request: Request): Response {
  const query = new URL(request.url).searchParams;
  const missing = PROBE_FIELDS.find((name) => {
    const value = query.get(name)?.trim();
    return !value || value.length > MAX_PROBE_FIELD;
  });
  if (missing) return HttpResponse.json({ err_code: 10001, err_msg: `${missing} is required (at most ${MAX_PROBE_FIELD} characters)` });
  const userId = context.accounts.accountOf(request)?.userId ?? null;
  const { monitorSwitch } = context.net.snapshot();
  return HttpResponse.json({ err_code: 0, result: { res_code: context.net.resCodeFor(userId), monitor_switch: monitorSwitch } });
}

/** A beacon's body arrives as text/plain, so the text is read whatever the content type says. */
async function reportBody(request: Request): Promise<unknown> {
  // Too big is the 500-report limit's refusal (10002), checked before reading when the size is declared.
  const tooBig = () => new Refusal(10002, `a batch is at most ${MAX_REPORT_BODY} characters`);
  if (Number(request.headers.get('content-length')) > MAX_REPORT_BODY) throw tooBig();
  const text = await request.text();
  if (text.length > MAX_REPORT_BODY) throw tooBig();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badParam('body must be JSON');
  }
}

export function networkHandlers(context: NetworkContext): HttpHandler[] {
  const { net } = context;
  return [
    route(context, NETWORK_CONFIG_PATH, () => {
      const state = net.snapshot();
      return ok({
        sdkLevel: state.sdkLevel,
        acceleratedHost: state.hosts.accelerated.url,
        cdnHost: state.hosts.cdn.url,
        excludes: state.excludes,
        refreshMs: REFRESH_MS,
      });
    }),
    route(context, PROXY_SWITCH_PATH, (request) => probeAnswer(context, request)),
    route(
      context,
      MONITOR_REPORT_PATH,
      async (request) => {
        const taken = net.collector.receive(await reportBody(request));
        return taken.ok ? ok({ accepted: taken.accepted, duplicate: taken.duplicate }) : fail(taken.code, taken.message);
      },
      'post',
    ),
  ];
}

/**
 * The simulator's controls are not part of the exchange: a host refuses any
 * path with a `mock` segment, decoded and in any case, since msw's matching
 * ignores case and an encoded `%6Dock` must not slip through either.
 */
function notForwarded(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return decoded.toLowerCase().split('/').includes('mock');
}

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The two alternative hosts: every request to a host's origin waits its
 * latency, then gets exactly what the page's own origin answers for the same
 * path (route lines included), from `handlers()`. The hosts' URLs are read per
 * request (a custom predicate, not a fixed path): the local server learns its
 * ports only after the handlers exist. `origin()` is the page's API origin
 * (in-page `location.origin`, on the local server its own origin).
 */
export function hostHandlers(context: RouteContext, net: NetState, handlers: () => HttpHandler[], origin: () => string): HttpHandler[] {
  return HOST_NAMES.map((name: HostName) =>
    http.all(
      ({ request }) => originOf(request.url) === originOf(net.host(name).url),
      async ({ request }) => {
        if (context.offline()) return HttpResponse.error();
        const host = net.host(name);
        if (host.down) return HttpResponse.error();
        const url = new URL(request.url);
        if (name === 'accelerated' && url.pathname === H3_DETECT_PATH && request.method === 'GET') {
          await delay(host.latencyMs);
          return ok({ h3: true });
        }
        if (notForwarded(url.pathname)) return fail(10404, 'not served through this host', 404);
        await delay(host.latencyMs);
        host.served += 1;
        const base = origin();
        // Path and query set on the origin's URL, never parsed against it: `//other.host/...` stays a path.
        const target = new URL(base);
        target.pathname = url.pathname;
        target.search = url.search;
        const response = await getResponse(handlers(), await forwardedRequest(request, target), { baseUrl: base });
        return response ?? fail(10404, 'no such path', 404);
      },
    ),
  );
}
