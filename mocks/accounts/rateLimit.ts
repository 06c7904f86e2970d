/**
 * Rate limits as a real exchange has them (issue 8 part 7), e.g. one demo
 * top-up per user per minute. A sliding window per user and action: a call
 * is allowed while fewer than `limit` calls were allowed in the `windowMs`
 * before it. Time is a parameter (the exchange's replay clock), never read
 * here, so a manual clock drives it in tests and a paused replay pauses it.
 */
export interface RateLimitRule {
  /** calls allowed within one window */
  limit: number;
  windowMs: number;
}

export type RateDecision = { ok: true } | { ok: false; retryAfterMs: number };

export interface RateLimiter {
  /** counts the call when allowed; when refused nothing is counted, and `retryAfterMs` says when the next one will pass */
  take(userId: string, action: string, now: number): RateDecision;
  /** what `take` would answer, without counting anything */
  peek(userId: string, action: string, now: number): RateDecision;
  /** forgets a user's calls (every action, or one) */
  forget(userId: string, action?: string): void;
}

/** Keys of users idle longer than a window are dropped once the map holds this many. */
const SWEEP_AT = 1000;

export function createRateLimiter(rules: Readonly<Record<string, RateLimitRule>>): RateLimiter {
  for (const [action, rule] of Object.entries(rules)) {
    if (!(Number.isInteger(rule.limit) && rule.limit >= 1 && rule.windowMs > 0)) throw new Error(`rate limit of ${action}: limit must be a positive integer and windowMs positive`);
  }
  // key → times of the allowed calls still inside the window, oldest first
  const calls = new Map<string, number[]>();
  const keyOf = (userId: string, action: string) => `${action}\u0000${userId}`;
  const ruleOf = (action: string) => {
    const rule = rules[action];
    if (!rule) throw new Error(`no rate limit rule for ${action}`);
    return rule;
  };

  const recent = (key: string, rule: RateLimitRule, now: number): number[] => {
    const times = (calls.get(key) ?? []).filter((t) => t > now - rule.windowMs && t <= now);
    if (times.length > 0) calls.set(key, times);
    else calls.delete(key);
    return times;
  };

  const decide = (times: readonly number[], rule: RateLimitRule, now: number): RateDecision => {
    if (times.length < rule.limit) return { ok: true };
    // The call that frees a slot is the oldest of the last `limit` ones.
    const freeing = times[times.length - rule.limit]!;
    return { ok: false, retryAfterMs: freeing + rule.windowMs - now };
  };

  const sweep = (now: number) => {
    if (calls.size < SWEEP_AT) return;
    for (const [key, times] of calls) {
      const action = key.slice(0, key.indexOf('\u0000'));
      const last = times[times.length - 1];
      if (last === undefined || last <= now - ruleOf(action).windowMs) calls.delete(key);
    }
  };

  return {
    take(userId, action, now) {
      const rule = ruleOf(action);
      const key = keyOf(userId, action);
      const times = recent(key, rule, now);
      const decision = decide(times, rule, now);
      if (decision.ok) {
        sweep(now);
        calls.set(key, [...times, now]);
      }
      return decision;
    },
    peek(userId, action, now) {
      const rule = ruleOf(action);
      return decide(recent(keyOf(userId, action), rule, now), rule, now);
    },
    forget(userId, action) {
      for (const name of action === undefined ? Object.keys(rules) : [action]) calls.delete(keyOf(userId, name));
    },
  };
}
