import { describe, expect, it } from 'vitest';
import { unicodeRange } from '../../vite-plugins/cjkFont';

describe('the cut CJK faces', () => {
  it('write their characters as runs of a unicode-range', () => {
    expect(unicodeRange([0x3041, 0x3042, 0x3043, 0x4e00, 0x4e8c, 0x4e8d])).toBe('U+3041-3043,U+4E00,U+4E8C-4E8D');
    expect(unicodeRange([])).toBe('');
  });
});
