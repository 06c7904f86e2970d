import { describe, expect, it } from 'vitest';
import { euUsdtTipsVisible } from './euTips';

describe('EU USDT tips banner (spec 1 §2.2)', () => {
  it('shows when compliance enables it and USDT is the quote or the base', () => {
    expect(euUsdtTipsVisible({ siteEuUsdtTips: true, base: 'BTC', quote: 'USDT' })).toBe(true);
    expect(euUsdtTipsVisible({ siteEuUsdtTips: true, base: 'USDT', quote: 'EUR' })).toBe(true);
    expect(euUsdtTipsVisible({ siteEuUsdtTips: true, base: 'btc', quote: ' usdt ' })).toBe(true);
  });

  it('hides without the compliance flag or without USDT', () => {
    expect(euUsdtTipsVisible({ siteEuUsdtTips: false, base: 'BTC', quote: 'USDT' })).toBe(false);
    expect(euUsdtTipsVisible({ siteEuUsdtTips: true, base: 'BTC', quote: 'USDC' })).toBe(false);
    expect(euUsdtTipsVisible({ siteEuUsdtTips: true, base: 'ETH', quote: 'BTC' })).toBe(false);
    // A token that merely contains the letters is not USDT.
    expect(euUsdtTipsVisible({ siteEuUsdtTips: true, base: 'USDTX', quote: 'BTC' })).toBe(false);
  });
});
