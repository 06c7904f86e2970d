import { describe, expect, it } from 'vitest';
import { changeDirection, formatChangePercent } from './changePercent';

describe('formatChangePercent (spec 1 §5)', () => {
  it('shows two decimals with a sign', () => {
    expect(formatChangePercent('0.0190')).toBe('+1.90%');
    expect(formatChangePercent('-0.0042')).toBe('-0.42%');
    expect(formatChangePercent('0.123456')).toBe('+12.35%');
  });

  it('shows no sign for a change that rounds to zero', () => {
    expect(formatChangePercent('0')).toBe('0.00%');
    expect(formatChangePercent('-0.00004')).toBe('0.00%');
  });

  it('gives null for values that are not numbers', () => {
    expect(formatChangePercent('abc')).toBeNull();
    expect(formatChangePercent('Infinity')).toBeNull();
  });

  it('tells the direction for the colour', () => {
    expect(changeDirection('0.01')).toBe('up');
    expect(changeDirection('-0.01')).toBe('down');
    expect(changeDirection('0.00001')).toBe('flat');
    expect(changeDirection('x')).toBe('flat');
  });
});
