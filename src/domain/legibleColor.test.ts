import { describe, expect, it } from 'vitest';
import { contrastRatio, legibleOn } from './legibleColor';

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#f7a600', '#f7a600')).toBeCloseTo(1, 5);
  });
  it('reads #rgb as #rrggbb and refuses what is not hex', () => {
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('rgb(0,0,0)', '#fff')).toBeNull();
  });
});

describe('legibleOn', () => {
  it('keeps a colour that already reads (4.5:1)', () => {
    expect(legibleOn('#f7a600', '#161a1e')).toBe('#f7a600');
  });
  it('darkens the amber MA line (about 2:1 on white) just enough to reach 4.5:1', () => {
    const shade = legibleOn('#f7a600', '#ffffff');
    expect(shade).not.toBe('#f7a600');
    expect(contrastRatio(shade, '#ffffff')!).toBeGreaterThanOrEqual(4.5);
    // the nearest such shade: one step lighter would not reach it
    expect(contrastRatio(shade, '#ffffff')!).toBeLessThan(6);
  });
  it('lightens a dark line on the dark theme', () => {
    const shade = legibleOn('#3a2f8f', '#161a1e');
    expect(contrastRatio(shade, '#161a1e')!).toBeGreaterThanOrEqual(4.5);
    expect(parseInt(shade.slice(1, 3), 16)).toBeGreaterThan(0x3a);
  });
  it('returns a colour it cannot read unchanged', () => {
    expect(legibleOn('rebeccapurple', '#ffffff')).toBe('rebeccapurple');
  });
});
