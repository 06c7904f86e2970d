/**
 * Whether the simulated network between the page and the exchange is down
 * (the "go offline" fault). The browser's own offline state does not count:
 * the in-page exchange lives in the page, and the demo trades offline.
 */
export interface NetworkState {
  isOffline(): boolean;
  /** down for `ms` (null: until setOnline) */
  setOffline(ms: number | null): void;
  setOnline(): void;
  /** listeners run when the network goes down (the gateway drops its sockets then) */
  onDown(listener: () => void): () => void;
}

export function createNetworkState(options: { now: () => number }): NetworkState {
  let downUntil: number | null = null;
  const listeners = new Set<() => void>();
  return {
    isOffline() {
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
