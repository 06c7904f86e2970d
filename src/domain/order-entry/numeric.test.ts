import { Decimal } from 'decimal.js';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalsOf } from '../units';
import { floorToStep, normalizeNumber, parseNumberInput, sanitizeTyping } from './numeric';

const steps = fc.constantFrom('0.01', '1', '2', '5', '0.5', '0.25', '0.000001', '0.0001', '0.00001', '10');
// Decimals as strings built from integers, so nothing passes through a float.
const decimal = (maxScale: number) =>
  fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: maxScale })).map(([n, scale]) => new Decimal(n.toString()).div(new Decimal(10).pow(scale)).toFixed());

const ok = (value: string) => ({ kind: 'ok', value });
const notANumber = { kind: 'invalid', reason: 'notANumber' };

describe('parseNumberInput', () => {
  it('reads what people paste', () => {
    expect(parseNumberInput('1,234.5')).toEqual(ok('1234.5'));
    expect(parseNumberInput('1,234,567')).toEqual(ok('1234567'));
    expect(parseNumberInput('1e3')).toEqual(ok('1000'));
    expect(parseNumberInput('1.5E-3')).toEqual(ok('0.0015'));
    expect(parseNumberInput(' 12 ')).toEqual(ok('12'));
    expect(parseNumberInput('+5')).toEqual(ok('5'));
    expect(parseNumberInput('.5')).toEqual(ok('0.5'));
    expect(parseNumberInput('5.')).toEqual(ok('5'));
    expect(parseNumberInput('0.10000')).toEqual(ok('0.1'));
    expect(parseNumberInput('0.0000001')).toEqual(ok('0.0000001'));
    expect(parseNumberInput('-0')).toEqual(ok('0'));
  });

  it('tells empty apart from wrong', () => {
    expect(parseNumberInput('')).toEqual({ kind: 'empty' });
    expect(parseNumberInput('   ')).toEqual({ kind: 'empty' });
    expect(parseNumberInput('-1')).toEqual({ kind: 'invalid', reason: 'negative' });
    expect(parseNumberInput('\u22122.5')).toEqual({ kind: 'invalid', reason: 'negative' });
    for (const text of ['--1', '+-1', 'abc', '12a', '1.2.3', '.', 'e5', '1e', '1,23', '12,34.5', 'NaN', 'Infinity', '0x10', '1 000', '1e999']) {
      expect(parseNumberInput(text), text).toEqual(notANumber);
    }
  });

  it('never says ok to something that is not a finite plain decimal', () => {
    const chars = fc.constantFrom(...'0123456789.,eE+-− aINfnx'.split(''));
    const texts = fc.oneof(fc.string(), fc.string({ unit: chars, maxLength: 12 }));
    fc.assert(
      fc.property(texts, (text) => {
        const r = parseNumberInput(text);
        if (r.kind !== 'ok') return;
        expect(r.value).toMatch(/^\d+(\.\d+)?$/);
        expect(new Decimal(r.value).isFinite()).toBe(true);
      }),
    );
  });
});

describe('sanitizeTyping', () => {
  it('keeps a number being typed', () => {
    expect(sanitizeTyping('12.', 2)).toBe('12.');
    expect(sanitizeTyping('1.239', 2)).toBe('1.23');
    expect(sanitizeTyping('007', 2)).toBe('7');
    expect(sanitizeTyping('0.5', 2)).toBe('0.5');
    expect(sanitizeTyping('00.5', 2)).toBe('0.5');
    expect(sanitizeTyping('0', 2)).toBe('0');
    expect(sanitizeTyping('.', 2)).toBe('0.');
    expect(sanitizeTyping('.5', 2)).toBe('0.5');
    expect(sanitizeTyping('', 2)).toBe('');
    expect(sanitizeTyping(' 3 ', 2)).toBe('3');
  });

  it('drops the dot when the field has no decimals', () => {
    expect(sanitizeTyping('12.', 0)).toBe('12');
    expect(sanitizeTyping('12.7', 0)).toBe('12');
    expect(sanitizeTyping('.', 0)).toBe('');
  });

  it('cleans a paste through the parser and refuses the rest', () => {
    expect(sanitizeTyping('1,234.5678', 2)).toBe('1234.56');
    expect(sanitizeTyping('1e3', 2)).toBe('1000');
    expect(sanitizeTyping('1e-10', 4)).toBe('0.0000');
    expect(sanitizeTyping('abc', 2)).toBeNull();
    expect(sanitizeTyping('1.2.3', 2)).toBeNull();
    expect(sanitizeTyping('-1', 2)).toBeNull();
  });

  it('never keeps more decimals than allowed', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.,e-'.split('')), maxLength: 14 }), fc.integer({ min: 0, max: 8 }), (text, decimals) => {
        const out = sanitizeTyping(text, decimals);
        if (out === null || out === '') return;
        expect(out).toMatch(/^\d+(\.\d*)?$/);
        expect(out.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(decimals);
      }),
    );
  });
});

describe('normalizeNumber', () => {
  it('trims to precision, then rounds up to the tick (spec 2 §5)', () => {
    expect(normalizeNumber('0.0000001', { step: '0.000001' })).toBe('0.000000');
    expect(normalizeNumber('0.0000001', { step: '0.000001', min: '0.000048' })).toBe('0.000048');
    expect(normalizeNumber('61837.635', { step: '0.01' })).toBe('61837.63');
    expect(normalizeNumber('61837.6', { step: '0.01' })).toBe('61837.60');
    expect(normalizeNumber('1.2', { step: '0.5' })).toBe('1.5');
  });

  it('accepts ticks 1, 2 and 5', () => {
    expect(normalizeNumber('7', { step: '1' })).toBe('7');
    expect(normalizeNumber('7.9', { step: '1' })).toBe('7');
    expect(normalizeNumber('7', { step: '2' })).toBe('8');
    expect(normalizeNumber('12', { step: '5' })).toBe('15');
    expect(normalizeNumber('15', { step: '5' })).toBe('15');
  });

  it('clamps to min and max, staying on the step', () => {
    expect(normalizeNumber('9999999', { step: '1', max: '4000000' })).toBe('4000000');
    expect(normalizeNumber('12', { step: '5', max: '13' })).toBe('10');
    expect(normalizeNumber('1', { step: '5', min: '3' })).toBe('5');
    expect(normalizeNumber('0.5', { step: '0.01', min: '1', max: null })).toBe('1.00');
    expect(normalizeNumber('-3', { step: '0.01' })).toBe('0.00');
  });

  it('rounds down or to nearest when asked', () => {
    expect(normalizeNumber('7.9', { step: '2', round: 'down' })).toBe('6');
    expect(normalizeNumber('1.239', { step: '0.01', round: 'nearest' })).toBe('1.24');
    expect(normalizeNumber('1.235', { step: '0.01', round: 'nearest' })).toBe('1.24');
    expect(normalizeNumber('1.234', { step: '0.01', round: 'nearest' })).toBe('1.23');
    expect(normalizeNumber('1.239', { step: '0.01', round: 'down' })).toBe('1.23');
  });

  it('reads pasted forms and gives "" for non-numbers', () => {
    expect(normalizeNumber('1,234.5', { step: '0.01' })).toBe('1234.50');
    expect(normalizeNumber('1e3', { step: '5' })).toBe('1000');
    expect(normalizeNumber('abc', { step: '0.01' })).toBe('');
    expect(normalizeNumber('', { step: '0.01' })).toBe('');
  });

  it('refuses a step that is not positive', () => {
    expect(() => normalizeNumber('1', { step: '0' })).toThrow(RangeError);
    expect(() => normalizeNumber('1', { step: 'x' })).toThrow(RangeError);
  });

  it('always lands on the step, within the bounds, with the step decimals', () => {
    fc.assert(
      fc.property(
        decimal(9),
        steps,
        fc.option(decimal(6)),
        fc.option(decimal(6)),
        fc.constantFrom('up', 'down', 'nearest', undefined),
        (value, step, rawMin, rawMax, round) => {
          const min = rawMin;
          // Keep at least one multiple of the step inside [min, max].
          const max = rawMax === null ? null : new Decimal(rawMax).plus(min ?? 0).plus(step).toFixed();
          const out = normalizeNumber(value, { step, min, max, round });
          expect(out).toMatch(/^\d+(\.\d+)?$/);
          expect(out.split('.')[1]?.length ?? 0).toBe(decimalsOf(step));
          const d = new Decimal(out);
          expect(d.mod(step).isZero()).toBe(true);
          expect(min === null || d.gte(min)).toBe(true);
          expect(max === null || d.lte(max)).toBe(true);
        },
      ),
    );
  });
});

describe('floorToStep', () => {
  it('never rounds a quantity up', () => {
    expect(floorToStep('0.0016171', '0.000001')).toBe('0.001617');
    expect(floorToStep('2.639', '0.01')).toBe('2.63');
    expect(floorToStep('7', '2')).toBe('6');
    expect(floorToStep('1e-7', '0.000001')).toBe('0.000000');
    expect(floorToStep('x', '0.01')).toBe('');
  });

  it('is the largest multiple not above the value', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 10 }), steps, (n, scale, step) => {
        const value = new Decimal(n.toString()).div(new Decimal(10).pow(scale));
        const out = new Decimal(floorToStep(value.toFixed(), step));
        expect(out.lte(value)).toBe(true);
        expect(value.minus(out).lt(step)).toBe(true);
        expect(out.mod(step).isZero()).toBe(true);
      }),
    );
  });
});
