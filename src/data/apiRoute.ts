import { useSyncExternalStore } from 'react';
import { activeRouteBase, parseRouteChoice, routedPath, type MeasuredLine, type RouteChoice } from '../domain/routeChoice';
import { STORAGE_KEYS, readJson, writeJson } from './storage';

/**
 * The active server line of the route picker (spec 1 §2.7): the user's
 * choice (persisted) plus the latest measurements decide the base every REST
 * call of the page goes through (src/data/http.ts asks `apiRoutePath`).
 * A module store, not React state: http.ts runs outside React.
 */
interface RouteState {
  choice: RouteChoice;
  /** null until the route list and probes are known */
  lines: readonly MeasuredLine[] | null;
  base: string;
}

let state: RouteState | null = null;
const listeners = new Set<() => void>();

function current(): RouteState {
  if (state === null) {
    const choice = parseRouteChoice(readJson(STORAGE_KEYS.apiRoute));
    state = { choice, lines: null, base: activeRouteBase(choice, null) };
  }
  return state;
}

function update(next: Omit<RouteState, 'base'>) {
  const base = activeRouteBase(next.choice, next.lines);
  state = { ...next, base };
  listeners.forEach((l) => l());
}

export const apiRouteStore = {
  get: current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  /** The user's pick: kept across reloads. */
  choose(choice: RouteChoice) {
    writeJson(STORAGE_KEYS.apiRoute, choice);
    update({ ...current(), choice });
  },
  /** New measurements: Auto follows the fastest usable line. */
  measured(lines: readonly MeasuredLine[]) {
    update({ ...current(), lines });
  },
  /** Tests: forget the in-memory state (storage is read again). */
  reset() {
    state = null;
  },
};

/** The path a REST call takes: through the active line's base. */
export function apiRoutePath(path: string): string {
  return routedPath(current().base, path);
}

export function useApiRoute(): RouteState {
  return useSyncExternalStore(apiRouteStore.subscribe, apiRouteStore.get, apiRouteStore.get);
}
