import { describe, expect, it } from 'vitest';
import { liquidityShieldVisible, nextPriceDirection, pageTitle, tradeGuideState } from './headerRules';

describe('liquidity shield link', () => {
  const base = { complianceFlag: true, compensationSymbols: ['BTCUSDT'], symbolId: 'BTCUSDT', isDemo: false };
  it('needs all three conditions', () => {
    expect(liquidityShieldVisible(base)).toBe(true);
    expect(liquidityShieldVisible({ ...base, complianceFlag: false })).toBe(false);
    expect(liquidityShieldVisible({ ...base, symbolId: 'XRPUSDT' })).toBe(false);
    expect(liquidityShieldVisible({ ...base, isDemo: true })).toBe(false);
  });
});

describe('trade guide state', () => {
  it('is unknown until loaded, new without the flag, read with it', () => {
    expect(tradeGuideState(false, 'read')).toBe('unknown');
    expect(tradeGuideState(true, undefined)).toBe('new');
    expect(tradeGuideState(true, 'read')).toBe('read');
    expect(tradeGuideState(true, 'garbage')).toBe('new');
  });
});

describe('page title', () => {
  const template = {
    withPrice: (v: { price: string; arrow: string; symbol: string }) => `${v.price} ${v.arrow} ${v.symbol} | Spot`,
    withoutPrice: (v: { symbol: string }) => `${v.symbol} | Spot`,
  };
  it('shows price and arrow', () => {
    expect(pageTitle(template, 'BTC/USDT', '61,000.00', 'up')).toBe('61,000.00 ↑ BTC/USDT | Spot');
    expect(pageTitle(template, 'BTC/USDT', '60,999.99', 'down')).toBe('60,999.99 ↓ BTC/USDT | Spot');
  });
  it('falls back to the symbol without a price', () => {
    expect(pageTitle(template, 'BTC/USDT', null, 'up')).toBe('BTC/USDT | Spot');
  });
  it('the arrow follows the last change and holds on equal prices', () => {
    expect(nextPriceDirection('100', '101', 'down')).toBe('up');
    expect(nextPriceDirection('101', '100', 'up')).toBe('down');
    expect(nextPriceDirection('100', '100.0', 'down')).toBe('down');
    expect(nextPriceDirection(null, '100', 'up')).toBe('up');
    expect(nextPriceDirection('x', '100', 'up')).toBe('up');
  });
});
