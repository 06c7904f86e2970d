/**
 * When the trading screen first drew live market data. Work that can wait —
 * the service worker's first install, which downloads and compiles the whole
 * precache — waits for it, so it never competes with the first book row.
 */
let drawn = false;
const waiters = new Set<() => void>();

/** The first live book is on screen (called by the order book; later calls do nothing). */
export function markFirstScreenDrawn(): void {
  if (drawn) return;
  drawn = true;
  for (const wake of [...waiters]) wake();
}

/** Resolves once the first screen is drawn, or after `capMs` on a page that has no book (or never gets one). */
export function whenFirstScreenDrawn(capMs: number): Promise<void> {
  if (drawn) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiters.delete(done);
      resolve();
    };
    const timer = setTimeout(done, capMs);
    waiters.add(done);
  });
}

/** Tests: back to a page that has drawn nothing. */
export function resetFirstScreen(): void {
  drawn = false;
}
