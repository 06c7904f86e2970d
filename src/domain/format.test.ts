import { describe, expect, it } from 'vitest';
import { DEFAULT_OTHER_PRECISION, DEFAULT_PRICE_PRECISION, abbreviate, formatAsGiven, formatDecimal, precisionsOf } from './format';

describe('precisionsOf', () => {
  it('uses the symbol precisions', () => {
    expect(precisionsOf({ pricePrecision: 2, quantityPrecision: 6, amountPrecision: 8 })).toEqual({ price: 2, quantity: 6, amount: 8 });
  });
  it('falls back to 13 for price and 8 for the others when the symbol is unknown', () => {
    expect(precisionsOf(undefined)).toEqual({ price: DEFAULT_PRICE_PRECISION, quantity: DEFAULT_OTHER_PRECISION, amount: DEFAULT_OTHER_PRECISION });
    expect(DEFAULT_PRICE_PRECISION).toBe(13);
    expect(DEFAULT_OTHER_PRECISION).toBe(8);
  });
  it('replaces unusable fields one by one', () => {
    expect(precisionsOf({ pricePrecision: -1, quantityPrecision: '3', amountPrecision: 4 })).toEqual({ price: 13, quantity: 8, amount: 4 });
  });
});

describe('abbreviate', () => {
  it.each([
    ['999.999', '999.99'],
    ['1000', '1.00K'],
    ['49668041.12', '49.66M'],
    ['1234567890', '1.23B'],
    ['7200000000000', '7.20T'],
    ['-15320', '-15.32K'],
  ])('%s → %s', (value, text) => expect(abbreviate(value)).toBe(text));
  it('gives null for what is not a number', () => {
    expect(abbreviate('abc')).toBeNull();
    expect(abbreviate(Number.NaN)).toBeNull();
  });
});

describe('formatAsGiven', () => {
  it('keeps the decimals the value was written with and groups for the locale', () => {
    expect(formatAsGiven('50000.5')).toBe('50,000.5');
    expect(formatAsGiven('61800')).toBe('61,800');
    expect(formatAsGiven('0.000100')).toBe('0.000100');
    expect(formatAsGiven('abc')).toBe('abc');
  });
});

describe('formatDecimal', () => {
  it('groups thousands and keeps the precision exactly', () => {
    expect(formatDecimal('61140.5', 2)).toBe('61,140.50');
    expect(formatDecimal('0.000012345678901', 13)).toBe('0.0000123456789');
    expect(formatDecimal('12345678901234567.89', 2)).toBe('12,345,678,901,234,567.89');
  });
  it('uses the locale separators', () => {
    expect(formatDecimal('1234.5', 1, 'de')).toBe('1.234,5');
  });
  it('never shows a negative zero', () => {
    expect(formatDecimal('-0.001', 2)).toBe('0.00');
    expect(formatDecimal('-1.5', 0)).toBe('-2');
  });
  it('gives null for what is not a number', () => expect(formatDecimal('1e', 2)).toBeNull());
});
