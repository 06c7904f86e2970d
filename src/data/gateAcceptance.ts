/**
 * Which pre-submit gates (spec 2 §5) each account accepted, kept on this
 * device per user id under a versioned key. An acceptance is in storage
 * before the page treats it as given: if storage refuses it, the gate is
 * still open and the caller says so.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { GATE_ORDER, isGateId, type GateId } from '../domain/order-entry/gates';
import { perUserStored } from './perUserStored';
import { STORAGE_KEYS } from './storage';

const EMPTY: readonly GateId[] = [];

/** One user's stored list: known gate ids only, each once, in the spec's order; anything else reads as none. */
export function parseAcceptedGates(raw: unknown): GateId[] | null {
  if (!Array.isArray(raw)) return null;
  return GATE_ORDER.filter((gate) => raw.includes(gate));
}

const stored = perUserStored(STORAGE_KEYS.gateAccepted, parseAcceptedGates);

function listFor(userId: string | null): readonly GateId[] {
  return (userId !== null && stored.get(userId)) || EMPTY;
}

export function readAcceptedGates(userId: string): Set<GateId> {
  return new Set(listFor(userId));
}

/** Records the acceptance; true once it is stored (and already true if it was accepted before). */
export function acceptGate(userId: string, gate: GateId): boolean {
  if (!isGateId(gate)) return false;
  if (listFor(userId).includes(gate)) return true;
  return stored.update(userId, (before: readonly GateId[] = EMPTY) => GATE_ORDER.filter((g) => g === gate || before.includes(g)));
}

/** Forgets the cached record so the next read goes to storage (tests). */
export function reloadAcceptedGates(): void {
  stored.reload();
}

export interface AcceptedGates {
  accepted: ReadonlySet<GateId>;
  /** false when there is no user or storage refused the write: the gate stays open */
  accept: (gate: GateId) => boolean;
}

/** The user's accepted gates, re-rendering on every change (this tab or another). A visitor has none. */
export function useAcceptedGates(userId: string | null): AcceptedGates {
  const all = useSyncExternalStore(stored.subscribe, stored.all, stored.all);
  const list = (userId !== null && Object.hasOwn(all, userId) && all[userId]) || EMPTY;
  const accepted = useMemo(() => new Set(list), [list]);
  const accept = useCallback((gate: GateId) => (userId === null ? false : acceptGate(userId, gate)), [userId]);
  return { accepted, accept };
}
