/**
 * The acceleration state (spec 2 §4, §6): who may use the accelerated host,
 * from the SDK level of the network config and the probe's answer.
 */
export type SdkLevel = 0 | 1 | 2;

export interface ProbeAnswer {
  errCode: number;
  /** 1 whitelisted, 8 acceleration disabled, anything else: not whitelisted; null when the answer had no result */
  resCode: number | null;
  /** quality reports are uploaded only while this is on */
  monitorSwitch: boolean;
}

const int = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/** The probe's body (not enveloped); anything without a numeric err_code is not an answer. */
export function parseProbeAnswer(body: unknown): ProbeAnswer | null {
  if (typeof body !== 'object' || body === null) return null;
  const o = body as Record<string, unknown>;
  const errCode = int(o.err_code);
  if (errCode === null) return null;
  const result = typeof o.result === 'object' && o.result !== null ? (o.result as Record<string, unknown>) : null;
  return { errCode, resCode: result ? int(result.res_code) : null, monitorSwitch: result?.monitor_switch === 1 };
}

export const parseSdkLevel = (value: unknown): SdkLevel => (value === 1 || value === 2 ? value : 0);

/** Why the accelerated host is or is not used; the network view says it in words. */
export type AccelerationReason =
  | 'sdkClosed' // SDK level 2
  | 'disabledByProbe' // res_code 8
  | 'openToAll' // SDK level 1
  | 'whitelisted' // err_code 0 with res_code 1
  | 'notWhitelisted'
  | 'probePending' // no answer yet (or it failed): not accelerated meanwhile
  | 'h3Down'; // allowed, but the last h3 detection failed

export interface AccelerationState {
  allowed: boolean;
  reason: AccelerationReason;
}

/**
 * SDK level 2 closes it for everyone and res_code 8 for this client, whatever
 * else holds; level 1 opens it to everyone; level 0 needs the whitelist.
 * An allowed path is still not used while h3 detection says it is down.
 */
export function accelerationState(sdkLevel: SdkLevel, probe: ProbeAnswer | null, h3Up: boolean): AccelerationState {
  if (sdkLevel === 2) return { allowed: false, reason: 'sdkClosed' };
  if (probe?.resCode === 8) return { allowed: false, reason: 'disabledByProbe' };
  let reason: AccelerationReason;
  if (sdkLevel === 1) reason = 'openToAll';
  else if (probe === null) return { allowed: false, reason: 'probePending' };
  else if (probe.errCode === 0 && probe.resCode === 1) reason = 'whitelisted';
  else return { allowed: false, reason: 'notWhitelisted' };
  return h3Up ? { allowed: true, reason } : { allowed: false, reason: 'h3Down' };
}

/** The three ways to the API (docs/api/network.md). */
export type NetPath = 'accelerated' | 'cdn' | 'origin';
export const NET_PATHS: readonly NetPath[] = ['accelerated', 'cdn', 'origin'];

/** The network view's switch for testing: Auto, or one path forced. */
export type ForcedPath = 'auto' | NetPath;
export const parseForcedPath = (value: unknown): ForcedPath => (value === 'accelerated' || value === 'cdn' || value === 'origin' ? value : 'auto');

/** Spec 2 §9: the auto CDN setting is on unless the stored preference says something other than auto. */
export const autoCdnOn = (stored: unknown): boolean => stored === null || stored === undefined || stored === 'auto';

export interface PathInputs {
  /** the request path may leave the origin (src/domain/network/paths.ts) */
  eligible: boolean;
  acceleration: AccelerationState;
  autoCdn: boolean;
  forced: ForcedPath;
  /** hosts the config named (a missing one cannot be used) */
  hosts: { accelerated: string | null; cdn: string | null };
  /** paths that failed recently and are not used until they answer again */
  down: ReadonlySet<NetPath>;
}

/**
 * The path one request takes. Paths outside the prefixes stay on the origin;
 * a forced path is taken when its host exists (even when marked down: it is
 * for testing what a path does); otherwise accelerated when allowed, else the
 * CDN when the auto CDN setting is on, else the origin.
 */
export function choosePath(inputs: PathInputs): NetPath {
  if (!inputs.eligible) return 'origin';
  const usable = (path: 'accelerated' | 'cdn') => inputs.hosts[path] !== null && !inputs.down.has(path);
  if (inputs.forced !== 'auto') return inputs.forced === 'origin' || inputs.hosts[inputs.forced] !== null ? inputs.forced : 'origin';
  if (inputs.acceleration.allowed && usable('accelerated')) return 'accelerated';
  if (inputs.autoCdn && usable('cdn')) return 'cdn';
  return 'origin';
}
