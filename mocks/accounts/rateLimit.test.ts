import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rateLimit';

const MINUTE = 60_000;

describe('rate limiter', () => {
  it('allows one call per window and says when the next one passes', () => {
    const limiter = createRateLimiter({ topUp: { limit: 1, windowMs: MINUTE } });
    expect(limiter.take('u1', 'topUp', 1_000)).toEqual({ ok: true });
    expect(limiter.take('u1', 'topUp', 1_000)).toEqual({ ok: false, retryAfterMs: MINUTE });
    expect(limiter.take('u1', 'topUp', 31_000)).toEqual({ ok: false, retryAfterMs: 30_000 });
    expect(limiter.take('u1', 'topUp', 60_999)).toEqual({ ok: false, retryAfterMs: 1 });
    expect(limiter.take('u1', 'topUp', 61_000)).toEqual({ ok: true });
  });

  it('does not count refused calls: the window runs from the last allowed one', () => {
    const limiter = createRateLimiter({ topUp: { limit: 1, windowMs: MINUTE } });
    limiter.take('u1', 'topUp', 0);
    for (let t = 1_000; t < MINUTE; t += 10_000) expect(limiter.take('u1', 'topUp', t).ok).toBe(false);
    expect(limiter.take('u1', 'topUp', MINUTE).ok).toBe(true);
  });

  it('keeps users and actions apart', () => {
    const limiter = createRateLimiter({ topUp: { limit: 1, windowMs: MINUTE }, reset: { limit: 1, windowMs: MINUTE } });
    expect(limiter.take('u1', 'topUp', 0).ok).toBe(true);
    expect(limiter.take('u2', 'topUp', 0).ok).toBe(true);
    expect(limiter.take('u1', 'reset', 0).ok).toBe(true);
    expect(limiter.take('u1', 'topUp', 1).ok).toBe(false);
  });

  it('slides: with a limit of 3, the fourth call waits for the first to leave the window', () => {
    const limiter = createRateLimiter({ order: { limit: 3, windowMs: 1_000 } });
    expect(limiter.take('u', 'order', 0).ok).toBe(true);
    expect(limiter.take('u', 'order', 400).ok).toBe(true);
    expect(limiter.take('u', 'order', 800).ok).toBe(true);
    expect(limiter.take('u', 'order', 900)).toEqual({ ok: false, retryAfterMs: 100 });
    expect(limiter.take('u', 'order', 1_000).ok).toBe(true);
    expect(limiter.take('u', 'order', 1_100)).toEqual({ ok: false, retryAfterMs: 300 });
  });

  it('peeks without counting, and forgets a user', () => {
    const limiter = createRateLimiter({ topUp: { limit: 1, windowMs: MINUTE } });
    expect(limiter.peek('u1', 'topUp', 0).ok).toBe(true);
    expect(limiter.take('u1', 'topUp', 0).ok).toBe(true);
    expect(limiter.peek('u1', 'topUp', 10)).toEqual({ ok: false, retryAfterMs: MINUTE - 10 });
    limiter.forget('u1');
    expect(limiter.take('u1', 'topUp', 10).ok).toBe(true);
  });

  it('treats a clock that went back (a replay rewound) as a fresh window', () => {
    const limiter = createRateLimiter({ topUp: { limit: 1, windowMs: MINUTE } });
    limiter.take('u1', 'topUp', 500_000);
    expect(limiter.take('u1', 'topUp', 100_000).ok).toBe(true);
  });

  it('refuses rules that cannot work and actions it does not know', () => {
    expect(() => createRateLimiter({ bad: { limit: 0, windowMs: 1 } })).toThrow(/positive/);
    expect(() => createRateLimiter({ topUp: { limit: 1, windowMs: 1 } }).take('u', 'other', 0)).toThrow(/no rate limit rule/);
  });

  it('drops idle users once it holds many', () => {
    const limiter = createRateLimiter({ topUp: { limit: 1, windowMs: MINUTE } });
    for (let i = 0; i < 1_500; i += 1) limiter.take(`u${i}`, 'topUp', 0);
    // Long after: everyone passes again, and the sweep ran without harm.
    expect(limiter.take('u0', 'topUp', 10 * MINUTE).ok).toBe(true);
    expect(limiter.take('u1499', 'topUp', 10 * MINUTE).ok).toBe(true);
    expect(limiter.take('u1499', 'topUp', 10 * MINUTE + 1).ok).toBe(false);
  });
});
