import { useSyncExternalStore } from 'react';
import { STANDARD_PANEL, type SidePanelState } from '../domain/tools';

let state: SidePanelState = STANDARD_PANEL;
const listeners = new Set<() => void>();

/**
 * The right-hand panel's tab and chosen tool (spec 2 §2). Shared, because a
 * chosen grid bot also changes the order-list area (its panel replaces the
 * lists); kept for the page's life, not stored: a reload opens on Trade.
 */
export const sidePanelStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(next: SidePanelState | ((current: SidePanelState) => SidePanelState)) {
    const value = typeof next === 'function' ? next(state) : next;
    if (value.tab === state.tab && value.tool === state.tool) return;
    state = value;
    listeners.forEach((l) => l());
  },
};

export function useSidePanel(): [SidePanelState, typeof sidePanelStore.set] {
  return [useSyncExternalStore(sidePanelStore.subscribe, sidePanelStore.get), sidePanelStore.set];
}
