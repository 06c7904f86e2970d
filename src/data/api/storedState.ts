import { getJson, postJson } from '../http';
import { netFetch } from '../network/netFetch';
import { num, record, str } from './parse';

/**
 * Saved demo accounts the embedded exchange could not restore (docs/api/storage.md):
 * set aside, never overwritten. A real exchange does not answer these calls,
 * and the page then says nothing.
 */
export const STORAGE_PATH = '/mock/api/storage';
export const SET_ASIDE_PATH = '/mock/api/storage/set-aside';

export type SetAsideKind = 'notJson' | 'foreign' | 'damaged';

export interface SetAside {
  kind: SetAsideKind;
  /** exchange time it was set aside, ms */
  at: number;
  bytes: number;
}

const KINDS: readonly SetAsideKind[] = ['notJson', 'foreign', 'damaged'];

export function parseStoredState(value: unknown): SetAside | null {
  const o = record(value, 'storage status');
  if (o.setAside === null || o.setAside === undefined) return null;
  const s = record(o.setAside, 'set-aside record');
  const kind = str(s, 'kind', 'set-aside record');
  // An unknown kind from a newer exchange is still something set aside: told as damaged.
  return { kind: KINDS.includes(kind as SetAsideKind) ? (kind as SetAsideKind) : 'damaged', at: num(s, 'at', 'set-aside record'), bytes: num(s, 'bytes', 'set-aside record') };
}

export const fetchStoredState = (signal?: AbortSignal) => getJson(STORAGE_PATH, parseStoredState, signal);

export const discardSetAside = () => postJson(STORAGE_PATH, { action: 'discardSetAside' }, parseStoredState);

/** The set-aside text exactly as it was stored (it may not be JSON at all). */
export async function fetchSetAsideText(): Promise<string> {
  const response = await netFetch({ path: SET_ASIDE_PATH, routedPath: SET_ASIDE_PATH, init: { credentials: 'include' }, originOnly: true });
  if (!response.ok) throw new Error(`${SET_ASIDE_PATH} answered ${response.status}`);
  return response.text();
}
