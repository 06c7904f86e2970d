import { describe, expect, it } from 'vitest';
import { classify, countedDuration, isBadExperience } from './outcome';

describe('classify (spec 2 §8)', () => {
  it('an aborted or timed-out request is abort, whatever the status', () => {
    expect(classify({ status: null, aborted: true })).toBe('abort');
    expect(classify({ status: 200, aborted: true })).toBe('abort');
  });

  it('no answer at all is neterror', () => {
    expect(classify({ status: null, aborted: false })).toBe('neterror');
  });

  it('200 to 399 is a success', () => {
    for (const status of [200, 204, 301, 304, 399]) expect(classify({ status, aborted: false }), String(status)).toBe('success');
  });

  it('any other status is an error', () => {
    for (const status of [0, 101, 199, 400, 404, 429, 500, 503]) expect(classify({ status, aborted: false }), String(status)).toBe('error');
  });
});

describe('countedDuration', () => {
  it('zero, negative and not-a-number durations are ignored', () => {
    expect(countedDuration(0)).toBeNull();
    expect(countedDuration(-5)).toBeNull();
    expect(countedDuration(Number.NaN)).toBeNull();
    expect(countedDuration(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('counts up to 29999 ms, ignores 30000 ms and more', () => {
    expect(countedDuration(0.4)).toBe(0.4);
    expect(countedDuration(120)).toBe(120);
    expect(countedDuration(29_999)).toBe(29_999);
    expect(countedDuration(29_999.9)).toBe(29_999.9);
    expect(countedDuration(30_000)).toBeNull();
    expect(countedDuration(120_000)).toBeNull();
  });
});

describe('isBadExperience', () => {
  it('over 3000 ms is bad; an ignored duration is not', () => {
    expect(isBadExperience(100)).toBe(false);
    expect(isBadExperience(3000)).toBe(false);
    expect(isBadExperience(3000.5)).toBe(true);
    expect(isBadExperience(3001)).toBe(true);
    expect(isBadExperience(29_999)).toBe(true);
    expect(isBadExperience(30_000)).toBe(false);
    expect(isBadExperience(Number.NaN)).toBe(false);
    expect(isBadExperience(-4000)).toBe(false);
  });
});
