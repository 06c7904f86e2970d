import { describe, expect, it } from 'vitest';
import { compareDigitIds } from './digitIds';

describe('compareDigitIds', () => {
  it('orders ids as the numbers they write, beyond a double\'s precision', () => {
    expect(compareDigitIds('2100000000000000002', '2100000000000000001')).toBeGreaterThan(0);
    expect(compareDigitIds('99', '100')).toBeLessThan(0);
    expect(compareDigitIds('42', '42')).toBe(0);
    expect(['10', '9', '2100000000000000001', '100'].sort(compareDigitIds)).toEqual(['9', '10', '100', '2100000000000000001']);
  });
});
