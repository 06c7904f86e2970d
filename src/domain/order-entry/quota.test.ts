import { describe, expect, it } from 'vitest';
import { quotaMessageKey, quotaZone } from './quota';

describe('zone quota', () => {
  it('innovation and adventure pairs carry a quota, others none', () => {
    expect(quotaZone(['innovation'])).toBe('innovation');
    expect(quotaZone(['hot', 'adventure'])).toBe('adventure');
    expect(quotaZone(['adventure', 'innovation'])).toBe('innovation');
    expect(quotaZone([])).toBeNull();
    expect(quotaZone(['leveraged'])).toBeNull();
  });

  it('the refusal names the zone', () => {
    expect(quotaMessageKey(['innovation'])).toBe('innovateTradeFail');
    expect(quotaMessageKey(['adventure'])).toBe('adventureTradeFail');
  });
});
