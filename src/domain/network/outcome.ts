/** Spec 2 §8: how one request counts in the quality statistics. */
export type Outcome = 'success' | 'error' | 'abort' | 'neterror';

export const BAD_EXPERIENCE_MS = 3000;
/** durations from here up are not real request times (a sleeping tab, a clock jump) */
export const IGNORED_FROM_MS = 30_000;

/**
 * A timed-out or aborted request is `abort`, one that got no answer at all
 * `neterror`; an answer with status 200–399 is a success, any other an error.
 */
export function classify(answer: { status: number | null; aborted: boolean }): Outcome {
  if (answer.aborted) return 'abort';
  if (answer.status === null) return 'neterror';
  return answer.status >= 200 && answer.status <= 399 ? 'success' : 'error';
}

/** The duration that counts, or null when it is ignored (30000 ms or more, zero or less, not a number). */
export function countedDuration(ms: number): number | null {
  return Number.isFinite(ms) && ms > 0 && ms < IGNORED_FROM_MS ? ms : null;
}

/** A bad experience: a counted duration over 3000 ms. */
export function isBadExperience(ms: number): boolean {
  const counted = countedDuration(ms);
  return counted !== null && counted > BAD_EXPERIENCE_MS;
}
