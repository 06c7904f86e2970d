import { createCollector, type Collector } from './collector';

/**
 * The network layer's live state on the exchange side (docs/api/network.md):
 * the two alternative hosts, what `network_config` and the probe answer, and
 * the quality reports received. Shared by the handlers, the host forwarders
 * and `/mock/api/net`, so a test changes what the page is told in one place.
 */
export type HostName = 'accelerated' | 'cdn';
export const HOST_NAMES: readonly HostName[] = ['accelerated', 'cdn'];

export interface HostProfile {
  /** the host's origin, no trailing slash */
  url: string;
  latencyMs: number;
  /** a down host answers nothing at all, like an unreachable server */
  down: boolean;
  /** requests the host forwarded to the origin (h3 detections not counted) */
  served: number;
}

/** 0: whitelisted users accelerated, 1: everyone, 2: nobody. */
export type SdkLevel = 0 | 1 | 2;

export interface NetSnapshot {
  hosts: Record<HostName, HostProfile>;
  sdkLevel: SdkLevel;
  whitelist: string[];
  /** the probe's res_code for every client; null: the whitelist rule */
  resCode: number | null;
  monitorSwitch: 0 | 1;
  excludes: string[];
}

export interface NetState {
  /** the live profile: the forwarders read it per request, so a change applies to the next call */
  host(name: HostName): HostProfile;
  snapshot(): NetSnapshot;
  /** the local server learns its hosts' ports only once they listen */
  setHostUrl(name: HostName, url: string): void;
  /** the probe's res_code for a signed-in user (null: a visitor) */
  resCodeFor(userId: string | null): number;
  /** applies a `POST /mock/api/net` body; the new state, or why the body was refused (nothing applied then) */
  change(body: Record<string, unknown>): NetSnapshot | string;
  /** the quality reports received by `/monitor/api/report` */
  collector: Collector;
}

export const DEFAULT_HOST_URLS: Record<HostName, string> = { accelerated: 'https://h3.sim.invalid', cdn: 'https://cdn.sim.invalid' };
const DEFAULT_LATENCY: Record<HostName, number> = { accelerated: 10, cdn: 30 };

const FIELDS = ['host', 'latencyMs', 'down', 'sdkLevel', 'whitelist', 'resCode', 'monitorSwitch', 'excludes'];
/** Same bound as the route lines' latency: an hour is already "never answers". */
const MAX_LATENCY_MS = 3_600_000;
const MAX_LIST = 1000;
const MAX_ITEM = 256;

/** A list of short non-empty strings, each once; null when it is not one. */
function stringList(value: unknown, valid: (s: string) => boolean): string[] | null {
  if (!Array.isArray(value) || value.length > MAX_LIST) return null;
  if (!value.every((s) => typeof s === 'string' && s.length > 0 && s.length <= MAX_ITEM && valid(s))) return null;
  return [...new Set(value as string[])];
}

type Checked = Partial<Omit<NetSnapshot, 'hosts'>> & { host?: { name: HostName; latencyMs?: number; down?: boolean } };

/** Every field of the body checked before anything changes, so a refused body leaves the state as it was. */
function check(body: Record<string, unknown>): Checked | string {
  const stray = Object.keys(body).find((key) => !FIELDS.includes(key));
  if (stray !== undefined) return `${stray} is not a field of this control`;
  if (Object.keys(body).length === 0) return 'give at least one field';
  const out: Checked = {};
  const { host, latencyMs, down } = body;
  if (host !== undefined || latencyMs !== undefined || down !== undefined) {
    if (host !== 'accelerated' && host !== 'cdn') return 'host must be accelerated or cdn';
    if (latencyMs === undefined && down === undefined) return 'give latencyMs or down with host';
    if (latencyMs !== undefined && !(typeof latencyMs === 'number' && Number.isFinite(latencyMs) && latencyMs >= 0 && latencyMs <= MAX_LATENCY_MS)) {
      return `latencyMs must be 0..${MAX_LATENCY_MS}`;
    }
    if (down !== undefined && typeof down !== 'boolean') return 'down must be true or false';
    out.host = { name: host, latencyMs: latencyMs as number | undefined, down: down as boolean | undefined };
  }
  if (body.sdkLevel !== undefined) {
    if (body.sdkLevel !== 0 && body.sdkLevel !== 1 && body.sdkLevel !== 2) return 'sdkLevel must be 0, 1 or 2';
    out.sdkLevel = body.sdkLevel;
  }
  if (body.whitelist !== undefined) {
    const list = stringList(body.whitelist, () => true);
    if (!list) return `whitelist must be a list of at most ${MAX_LIST} user ids`;
    out.whitelist = list;
  }
  if (body.resCode !== undefined) {
    const code = body.resCode;
    // Any small code, not only 0/1/8: a test may check how the page takes a code it does not know.
    if (code !== null && !(typeof code === 'number' && Number.isInteger(code) && code >= 0 && code <= 99)) return 'resCode must be null or an integer 0..99';
    out.resCode = code;
  }
  if (body.monitorSwitch !== undefined) {
    if (body.monitorSwitch !== 0 && body.monitorSwitch !== 1) return 'monitorSwitch must be 0 or 1';
    out.monitorSwitch = body.monitorSwitch;
  }
  if (body.excludes !== undefined) {
    const list = stringList(body.excludes, (s) => s.startsWith('/'));
    if (!list) return `excludes must be a list of at most ${MAX_LIST} path patterns starting with /`;
    out.excludes = list;
  }
  return out;
}

export function createNetState(urls: Partial<Record<HostName, string>> = {}): NetState {
  const profile = (name: HostName): HostProfile => ({ url: urls[name] ?? DEFAULT_HOST_URLS[name], latencyMs: DEFAULT_LATENCY[name], down: false, served: 0 });
  const hosts: Record<HostName, HostProfile> = { accelerated: profile('accelerated'), cdn: profile('cdn') };
  let sdkLevel: SdkLevel = 0;
  let whitelist = ['u-uta'];
  let resCode: number | null = null;
  let monitorSwitch: 0 | 1 = 1;
  let excludes = ['/spot/api/order/pnl'];

  const snapshot = (): NetSnapshot => ({
    hosts: { accelerated: { ...hosts.accelerated }, cdn: { ...hosts.cdn } },
    sdkLevel,
    whitelist: [...whitelist],
    resCode,
    monitorSwitch,
    excludes: [...excludes],
  });

  return {
    host: (name) => hosts[name],
    snapshot,
    setHostUrl(name, url) {
      hosts[name].url = url.replace(/\/+$/, '');
    },
    resCodeFor(userId) {
      if (resCode !== null) return resCode;
      return userId !== null && whitelist.includes(userId) ? 1 : 0;
    },
    change(body) {
      const checked = check(body);
      if (typeof checked === 'string') return checked;
      if (checked.host) {
        const target = hosts[checked.host.name];
        if (checked.host.latencyMs !== undefined) target.latencyMs = checked.host.latencyMs;
        if (checked.host.down !== undefined) target.down = checked.host.down;
      }
      if (checked.sdkLevel !== undefined) sdkLevel = checked.sdkLevel;
      if (checked.whitelist !== undefined) whitelist = checked.whitelist;
      if (checked.resCode !== undefined) resCode = checked.resCode;
      if (checked.monitorSwitch !== undefined) monitorSwitch = checked.monitorSwitch;
      if (checked.excludes !== undefined) excludes = checked.excludes;
      return snapshot();
    },
    collector: createCollector(),
  };
}
