/**
 * Whether the simulated network between the page and the exchange is down.
 * In-page the browser's own offline state counts too: msw answers in the page,
 * so without this a page that went offline would still "reach" its exchange.
 */
export interface NetworkState {
  isOffline(): boolean;
  /** down for `ms` (null: until setOnline) */
  setOffline(ms: number | null): void;
  setOnline(): void;
  /** listeners run when the network goes down (the gateway drops its sockets then) */
  onDown(listener: () => void): () => void;
}

export function createNetworkState(options: { now: () => number; browserOffline?: () => boolean }): NetworkState {
  let downUntil: number | null = null;
  const listeners = new Set<() => void>();
  return {
    isOffline() {
      if (options.browserOffline?.()) return true;
      if (downUntil !== null && options.now() >= downUntil) downUntil = null;
      return downUntil !== null;
    },
    setOffline(ms) {
      downUntil = ms === null ? Infinity : options.now() + Math.max(0, ms);
      listeners.forEach((l) => l());
    },
    setOnline() {
      downUntil = null;
    },
    onDown(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
