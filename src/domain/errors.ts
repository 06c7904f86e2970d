/**
 * Spec 1 §2.8: a lazy-load failure reloads the page (a new build replaced the
 * chunks), any other panel error retries. Browsers word the failure differently.
 */
const LAZY_LOAD_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

export function isLazyLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || LAZY_LOAD_PATTERNS.some((p) => p.test(error.message));
}

export type PanelRecovery = 'reload' | 'retry';

/**
 * A reload is only worth it once: if the page already reloaded for a chunk
 * error within the guard window, the chunk is really gone — retry instead of looping.
 */
export function panelRecovery(error: unknown, lastReloadAt: number | null, now: number, guardMs = 10_000): PanelRecovery {
  if (!isLazyLoadError(error)) return 'retry';
  return lastReloadAt !== null && now - lastReloadAt < guardMs ? 'retry' : 'reload';
}
