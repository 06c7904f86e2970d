import { describe, expect, it } from 'vitest';
import { leaderTradeCenterPath, standardAccountPhaseOutUrl } from './accountLinks';

describe('account links (spec 2 §2)', () => {
  it('leads leaders to their trade center and classic accounts to the phase-out announcement article', () => {
    expect(leaderTradeCenterPath()).toBe('/copyTrade/trade-center/leader');
    expect(standardAccountPhaseOutUrl('zh-TW')).toBe('https://announcements.bybit.com/zh-TW/article/standard-account-phase-out/');
    // A locale the article host does not take falls back to English rather than to no link.
    expect(standardAccountPhaseOutUrl('../x')).toBe('https://announcements.bybit.com/en/article/standard-account-phase-out/');
  });
});
