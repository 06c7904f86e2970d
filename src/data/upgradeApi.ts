/**
 * The upgrade calls (docs/api/private.md "Account upgrade"): start it, and
 * read where it stands (the upgrade modal's initialisation).
 */
import { UPGRADE_NETWORK_CODE, type UpgradeCallResult, type UpgradeStatus } from '../domain/upgrade';
import { ApiError, getJson, postJson } from './http';
import { record } from './api/parse';

export const UPGRADE_PATH = '/unified/api/upgrade';
export const UPGRADE_STATUS_PATH = '/unified/api/upgrade/status';

const STATUSES: readonly UpgradeStatus[] = ['NONE', 'FAIL', 'PROCESS', 'SUCCESS'];

export function parseUpgradeStatus(value: unknown): UpgradeStatus {
  const status = record(value, 'upgrade status').status;
  // An unknown status is read as "not upgraded": the modal then offers the start, which the server judges.
  return STATUSES.find((s) => s === status) ?? 'NONE';
}

export function fetchUpgradeStatus(signal?: AbortSignal): Promise<UpgradeStatus> {
  return getJson(UPGRADE_STATUS_PATH, parseUpgradeStatus, signal);
}

/**
 * Starts the upgrade. A refusal is an answer, not an error (spec 2 §8: its
 * code picks the modal's message); the outcome comes later on the
 * user.uta.upgrade push.
 */
export async function startUpgrade(): Promise<UpgradeCallResult> {
  try {
    await postJson(UPGRADE_PATH, {}, () => undefined);
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, code: String(error.code) };
    return { ok: false, code: UPGRADE_NETWORK_CODE };
  }
}
