import { describe, expect, it } from 'vitest';
import { throttleDelay } from './throttle';

describe('throttleDelay', () => {
  it('runs at once the first time and after the interval', () => {
    expect(throttleDelay(null, 50, 100)).toBe(0);
    expect(throttleDelay(0, 150, 100)).toBe(0);
  });
  it('waits out the rest of the interval', () => {
    expect(throttleDelay(0, 30, 100)).toBe(70);
  });
});
