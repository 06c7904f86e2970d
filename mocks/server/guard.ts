/**
 * What the local server checks before any handler sees a request (issue 31
 * part 3, docs/api.md "Who may call the local server"). The server listens on
 * loopback, but every web page the user has open can still send it requests:
 * simple cross-site POSTs need no preflight, and a name rebound to 127.0.0.1
 * (DNS rebinding) makes a foreign page look same-origin to the browser. So:
 *
 * 1. the `Host` must be a name this server serves (rebinding carries the
 *    attacker's name);
 * 2. a state-changing call from a browser must come from the server's own
 *    origin (`Origin`, and `Sec-Fetch-Site` where the browser sends it);
 * 3. a body must be JSON (so a cross-site caller would need a preflight, and
 *    no CORS is opened), except the two bodies that are not JSON by nature;
 * 4. the simulator's controls (`/mock/api/*`) answer only the server's own
 *    page or a caller holding the control token printed at start.
 *
 * Requests without `Origin` (scripts, curl, the tests) pass 2: a browser
 * always sends it on the cross-origin calls that matter here.
 */
import { timingSafeEqual } from 'node:crypto';

export const GUARD_ERRORS = {
  foreignHost: 10030,
  foreignOrigin: 10031,
  bodyType: 10032,
  controlRefused: 10033,
} as const;

export const CONTROL_TOKEN_HEADER = 'x-mock-control-token';
const CONTROL_PREFIX = '/mock/api/';

/** Bodies that are not JSON by nature: a session file upload, and a beacon (always text/plain). */
const OTHER_BODY_TYPES: Record<string, readonly string[]> = {
  '/mock/api/replay/upload': ['application/octet-stream', 'application/gzip', 'application/x-ndjson'],
  '/monitor/api/report': ['text/plain'],
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '::1'] as const;

export interface GuardRequest {
  method: string;
  /** the request target as sent (path and query) */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface GuardConfig {
  /** host names (no port) this listener answers to */
  hosts: ReadonlySet<string>;
  /** origins whose pages may change state and use the controls; the request's own Host is always one */
  trustedOrigins?: ReadonlySet<string>;
  controlToken: string;
}

export type Verdict = { ok: true } | { ok: false; status: 400 | 403 | 415; code: number; message: string };

function header(req: GuardRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The host name of a Host header (`[::1]:4180` → `::1`), lower case, without a trailing dot; null when it is not one. */
export function hostNameOf(host: string | undefined): string | null {
  if (!host) return null;
  const trimmed = host.trim().toLowerCase();
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/.exec(trimmed);
  if (bracketed) return bracketed[1] ?? null;
  const plain = /^([a-z0-9.-]+?)\.?(?::\d{1,5})?$/.exec(trimmed);
  return plain?.[1] ?? null;
}

function tokenMatches(given: string | undefined, token: string): boolean {
  if (given === undefined || token === '') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuse(status: 400 | 403 | 415, code: number, message: string): Verdict {
  return { ok: false, status, code, message };
}

function pathOf(url: string): string {
  const path = url.split('?', 1)[0] ?? '';
  return path.startsWith('/') ? path : `/${path}`;
}

function hasBody(req: GuardRequest): boolean {
  const length = header(req, 'content-length');
  if (length !== undefined) return length.trim() !== '0';
  return header(req, 'transfer-encoding') !== undefined;
}

/** The media type of a Content-Type (`application/json; charset=utf-8` → `application/json`). */
function mediaType(req: GuardRequest): string {
  return (header(req, 'content-type') ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

/**
 * Whether the caller is a page of this server: its Origin is the request's
 * own (or a trusted one), or the browser says the fetch is same-origin.
 */
function fromOwnPage(req: GuardRequest, config: GuardConfig): boolean {
  const origin = header(req, 'origin');
  if (origin !== undefined) return origin === `http://${header(req, 'host') ?? ''}` || (config.trustedOrigins?.has(origin) ?? false);
  return header(req, 'sec-fetch-site') === 'same-origin';
}

/** The verdict on one request, before any handler runs. */
export function checkRequest(req: GuardRequest, config: GuardConfig): Verdict {
  const name = hostNameOf(header(req, 'host'));
  if (name === null || !config.hosts.has(name)) {
    return refuse(403, GUARD_ERRORS.foreignHost, 'This server answers only its own host names (loopback and the configured host)');
  }
  const method = req.method.toUpperCase();
  const path = pathOf(req.url);
  const changesState = !SAFE_METHODS.has(method);
  const browserCaller = header(req, 'origin') !== undefined || header(req, 'sec-fetch-site') !== undefined;
  if (changesState && browserCaller && !fromOwnPage(req, config)) {
    return refuse(403, GUARD_ERRORS.foreignOrigin, 'A call that changes state must come from this server\'s own page');
  }
  if (changesState && hasBody(req)) {
    const type = mediaType(req);
    if (type !== 'application/json' && !(OTHER_BODY_TYPES[path] ?? []).includes(type)) {
      return refuse(415, GUARD_ERRORS.bodyType, 'The body must be sent as application/json');
    }
  }
  if (path.startsWith(CONTROL_PREFIX) && !fromOwnPage(req, config) && !tokenMatches(header(req, CONTROL_TOKEN_HEADER), config.controlToken)) {
    return refuse(403, GUARD_ERRORS.controlRefused, `The simulator's controls answer this server's own page, or a caller sending the control token in ${CONTROL_TOKEN_HEADER}`);
  }
  return { ok: true };
}

/** The verdict on a WebSocket upgrade: its own host names, and a browser's socket only from the server's own page. */
export function checkUpgrade(req: GuardRequest, config: GuardConfig): Verdict {
  const name = hostNameOf(header(req, 'host'));
  if (name === null || !config.hosts.has(name)) return refuse(403, GUARD_ERRORS.foreignHost, 'foreign host');
  const origin = header(req, 'origin');
  if (origin !== undefined && !fromOwnPage(req, config)) return refuse(403, GUARD_ERRORS.foreignOrigin, 'foreign origin');
  return { ok: true };
}

/** The session cookie as the server sends it: the page never reads it (the private socket signs in with the upgrade's cookie). */
export function httpOnlyCookie(setCookie: string): string {
  return /;\s*httponly\s*(;|$)/i.test(setCookie) ? setCookie : `${setCookie}; HttpOnly`;
}
