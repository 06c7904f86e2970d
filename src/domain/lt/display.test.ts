import { describe, expect, it } from 'vitest';
import { formatTrimmed, ratePercent } from './display';

describe('formatTrimmed', () => {
  it('groups for the locale, cuts to max decimals and trims zeros down to min', () => {
    expect(formatTrimmed('4.82100000', 'en', 8, 4)).toBe('4.8210');
    expect(formatTrimmed('0.07500000', 'en')).toBe('0.075');
    expect(formatTrimmed('200000', 'en')).toBe('200,000');
    expect(formatTrimmed('1234.56789', 'en', 2)).toBe('1,234.56');
    expect(formatTrimmed('-9.642', 'en', 8, 2)).toBe('-9.642');
  });

  it('writes a dash for nothing or text that is not a number', () => {
    expect(formatTrimmed(null, 'en')).toBe('—');
    expect(formatTrimmed('', 'en')).toBe('—');
    expect(formatTrimmed('abc', 'en')).toBe('—');
  });

  it('keeps Latin digits in Arabic (numbers stay left-to-right and readable as prices)', () => {
    expect(formatTrimmed('1234.5', 'ar-SA')).toMatch(/^1.234.5$/);
  });
});

describe('ratePercent', () => {
  it('writes a fee rate as a percent', () => {
    expect(ratePercent('0.0005', 'en')).toBe('0.05%');
    expect(ratePercent('0.00005', 'en')).toBe('0.005%');
    expect(ratePercent('x', 'en')).toBe('—');
  });
});
