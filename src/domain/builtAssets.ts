/**
 * Which built files the offline caches keep beyond the precache (names
 * chosen by Vite, hashed, so a kept copy is always the right one). One rule
 * for the page, which hands over what it fetched before the service worker
 * controlled it, and for the worker's routes that keep them.
 */

/** Recorded market sessions: /assets/<SYMBOL>.jsonl-<hash>.gz. */
export const SESSION_ASSET = /^\/assets\/[^/]+\.jsonl-[^/]+\.gz$/;

/** Code, styles and fonts: /assets/<name>-<hash>.(js|css|woff2). */
export const BUILT_ASSET = /^\/assets\/[^/]+\.(?:js|css|woff2)$/;

/** True for a path the offline caches keep once the page has used it. */
export function isKeptAsset(path: string): boolean {
  return SESSION_ASSET.test(path) || BUILT_ASSET.test(path);
}
