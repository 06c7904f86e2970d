import { describe, expect, it } from 'vitest';
import { clockTimeOf, utcDateTime } from './timeFormat';

describe('clockTimeOf', () => {
  const t = Date.UTC(2026, 10, 2, 9, 5, 7, 999);

  it('formats HH:mm:ss in the given zone', () => {
    expect(clockTimeOf(t, 0)).toBe('09:05:07');
    expect(clockTimeOf(t, 480)).toBe('17:05:07');
    expect(clockTimeOf(t, -600)).toBe('23:05:07');
    expect(clockTimeOf(t, 330)).toBe('14:35:07');
  });

  it('wraps at midnight both ways', () => {
    expect(clockTimeOf(Date.UTC(2026, 0, 1, 23, 59, 59), 60)).toBe('00:59:59');
    expect(clockTimeOf(Date.UTC(2026, 0, 1, 0, 0, 0), -60)).toBe('23:00:00');
  });

  it('shows dashes for a time that is not a number', () => {
    expect(clockTimeOf(Number.NaN, 0)).toBe('--:--:--');
  });
});

describe('utcDateTime', () => {
  it('formats the opening time in UTC', () => {
    expect(utcDateTime(Date.UTC(2026, 10, 2, 9, 5, 0))).toBe('2026-11-02 09:05:00');
    expect(utcDateTime(Date.UTC(2027, 0, 9, 23, 4, 5))).toBe('2027-01-09 23:04:05');
    expect(utcDateTime(Number.NaN)).toBe('');
  });
});
