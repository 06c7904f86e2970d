/**
 * The one upgrade modal of the page, shared by everything that opens it: the
 * entry in the account menu, the tip, the progress mask, and the pushes and
 * call answers (through the data layer's effects). The domain reducer decides
 * every move; this only holds the state where those parts can reach it.
 */
import { useSyncExternalStore } from 'react';
import { MODAL_CLOSED, upgradeModalReducer, type UpgradeModal, type UpgradeModalEvent } from '../../../domain/upgrade';

let state: UpgradeModal = MODAL_CLOSED;
const listeners = new Set<() => void>();

/** Applies the event; true when it changed anything (a second Start while starting does not). */
export function dispatchUpgradeModal(event: UpgradeModalEvent): boolean {
  const next = upgradeModalReducer(state, event);
  if (next === state) return false;
  state = next;
  for (const listener of [...listeners]) listener();
  return true;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const snapshot = () => state;

export function useUpgradeModal(): UpgradeModal {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Back to closed (tests; a page never needs it). */
export function resetUpgradeModal(): void {
  state = MODAL_CLOSED;
  for (const listener of [...listeners]) listener();
}
