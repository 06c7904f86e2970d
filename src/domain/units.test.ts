import { describe, expect, it } from 'vitest';
import { decimalsOf, fromUnits, significantDecimals, stepOfDecimals, toUnits } from './units';

describe('decimal units', () => {
  it('converts prices and quantities to integer steps exactly', () => {
    expect(toUnits('61837.63000000', '0.01')).toBe(6183763);
    expect(toUnits('1.54698000', '0.00001')).toBe(154698);
    expect(toUnits('0.00000000', '0.00001')).toBe(0);
    expect(toUnits('12', '0.5')).toBe(24);
    expect(toUnits('0.1', '0.00000001')).toBe(10_000_000);
  });
  it('refuses values that are not multiples of the step or not decimals', () => {
    expect(toUnits('1.005', '0.01')).toBeNull();
    expect(toUnits('abc', '0.01')).toBeNull();
    expect(toUnits('1e5', '0.01')).toBeNull();
    expect(toUnits('1', '0')).toBeNull();
  });
  it('writes units back with the step decimals', () => {
    expect(fromUnits(6183763, '0.01')).toBe('61837.63');
    expect(fromUnits(5, '0.00001')).toBe('0.00005');
    expect(fromUnits(24, '0.5')).toBe('12.0');
    expect(fromUnits(3, '1')).toBe('3');
  });
  it('counts decimals', () => {
    expect(decimalsOf('0.0100')).toBe(2);
    expect(decimalsOf('1')).toBe(0);
    expect(significantDecimals('1.54698000')).toBe(5);
    expect(stepOfDecimals(3)).toBe('0.001');
    expect(stepOfDecimals(0)).toBe('1');
  });
});
