import { parseProbeAnswer, type ProbeAnswer } from '../../domain/network/acceleration';
import { PROBE_TIMEOUT_MS, probeFresh } from '../../domain/network/timing';
import { openDatabase } from '../database';
import { STORAGE_KEYS, readString, writeString } from '../storage';
import { netFetch } from './netFetch';

export const PROBE_PATH = '/spot/api/proxy-switch';

/** The probe's device_id: made once per browser, kept in local storage (a bad stored value is replaced). */
export function deviceId(): string {
  const stored = readString(STORAGE_KEYS.deviceId);
  if (stored && /^[a-z0-9-]{8,64}$/.test(stored)) return stored;
  const made = crypto.randomUUID();
  writeString(STORAGE_KEYS.deviceId, made);
  return made;
}

let seq = 0;

/** Spec 2 §7: the probe's query. */
export function probeQuery(device: string, version: string): string {
  seq += 1;
  const query = new URLSearchParams({ seq_id: String(seq), device_id: device, app: 'web', os: navigator.platform || 'unknown', bu: 'spot', v: version });
  return `${PROBE_PATH}?${query.toString()}`;
}

export type ProbeResult = ProbeAnswer & { receivedAt: number; cached: boolean };

/** A stored answer still within 24 h, or null (a broken row reads as none). */
async function cachedAnswer(userKey: string, now: number): Promise<ProbeResult | null> {
  try {
    const row = await (await openDatabase()).netProbes.get(userKey);
    if (!row || !probeFresh(row.receivedAt, now)) return null;
    const answer = parseProbeAnswer({ err_code: row.errCode, result: { res_code: row.resCode, monitor_switch: row.monitorSwitch ? 1 : 0 } });
    return answer ? { ...answer, receivedAt: row.receivedAt, cached: true } : null;
  } catch {
    return null;
  }
}

/**
 * The acceleration probe for one user: the cached answer while it is fresh,
 * else `GET /spot/api/proxy-switch` given 3000 ms, stored for 24 h. null when
 * there is no answer (the layer then treats the user as not accelerated and
 * asks again at the next refresh).
 */
export async function probe(userKey: string, version: string, now: () => number = Date.now): Promise<ProbeResult | null> {
  const cached = await cachedAnswer(userKey, now());
  if (cached) return cached;
  const timeout = AbortSignal.timeout(PROBE_TIMEOUT_MS);
  let body: unknown;
  try {
    const response = await netFetch({ path: PROBE_PATH, routedPath: probeQuery(deviceId(), version), init: { signal: timeout, credentials: 'include', headers: { accept: 'application/json' } }, originOnly: true });
    if (!response.ok) return null;
    body = await response.json();
  } catch {
    return null;
  }
  const answer = parseProbeAnswer(body);
  if (!answer) return null;
  const receivedAt = now();
  // A refusal (err_code other than 0) is not kept: the next refresh asks again.
  if (answer.errCode !== 0) return { ...answer, receivedAt, cached: false };
  try {
    await (await openDatabase()).netProbes.put({ userKey, errCode: answer.errCode, resCode: answer.resCode, monitorSwitch: answer.monitorSwitch, receivedAt });
  } catch {
    // A private window without IndexedDB still works; it just asks again next time.
  }
  return { ...answer, receivedAt, cached: false };
}
