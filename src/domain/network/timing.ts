/** Spec 2 §8, §9: the network layer's times. */
export const PROBE_TIMEOUT_MS = 3000;
export const PROBE_CACHE_MS = 24 * 60 * 60 * 1000;
export const H3_DETECT_EVERY_MS = 25_000;
export const ACCELERATION_REFRESH_MS = 30_000;
export const ACCELERATION_REFRESH_MIN_MS = 10_000;
export const ACCELERATION_INITIAL_MS = 10_000;
/** quality uploads: the first cycle after 10 s, every later one after 30 s */
export const UPLOAD_FIRST_MS = 10_000;
export const UPLOAD_EVERY_MS = 30_000;

/** A configured refresh interval: 30 s unless the config says otherwise, never under 10 s. */
export function refreshInterval(configured: unknown): number {
  if (typeof configured !== 'number' || !Number.isFinite(configured)) return ACCELERATION_REFRESH_MS;
  return Math.max(ACCELERATION_REFRESH_MIN_MS, Math.round(configured));
}

/** The wait before upload cycle `n` (0 = the first). */
export const uploadDelay = (cycle: number): number => (cycle === 0 ? UPLOAD_FIRST_MS : UPLOAD_EVERY_MS);

/** A cached probe answer is good for 24 h from when it was received (a time in the future is not trusted). */
export function probeFresh(receivedAt: number, now: number): boolean {
  return Number.isFinite(receivedAt) && receivedAt <= now && now - receivedAt < PROBE_CACHE_MS;
}
