import { describe, expect, it } from 'vitest';
import { decideRoute, switchLocaleInPath } from './routes';

const visitor: { stored: string | null; browser: string[] } = { stored: null, browser: ['en-US'] };
const decide = (path: string, sources = visitor) => decideRoute(path, sources);

describe('route table of spec 1 §2.1', () => {
  it.each([
    ['/', '/en/trade/spot/BTC/USDT'],
    ['/trade/spot/', '/en/trade/spot/BTC/USDT'],
    ['/trade/spot', '/en/trade/spot/BTC/USDT'],
    ['/trade/spot/ETH/USDT', '/en/trade/spot/ETH/USDT'],
    ['/trade/spot/lt/BTC3L/USDT', '/en/trade/spot/lt/BTC3L/USDT'],
    ['/en/trade/spot/', '/en/trade/spot/BTC/USDT'],
    ['/ja/trade/spot', '/ja/trade/spot/BTC/USDT'],
    ['/xx/trade/spot/', '/en/trade/spot/BTC/USDT'],
    ['/xx/trade/spot/ETH/USDT', '/en/trade/spot/ETH/USDT'],
    ['/some/other/path', '/en/trade/spot/BTC/USDT'],
    ['/en/markets', '/en/trade/spot/BTC/USDT'],
    ['/de', '/de/trade/spot/BTC/USDT'],
    ['/en/trade/spot/BTC/USDT/extra', '/en/trade/spot/BTC/USDT'],
    ['/en/trade/spot/BTC', '/en/trade/spot/BTC/USDT'],
    ['/en/trade/spot/lt/BTC3L', '/en/trade/spot/BTC/USDT'],
    ['/en/trade/spot/B$C/USDT', '/en/trade/spot/BTC/USDT'],
    ['/en/trade/spot/btc/usdt', '/en/trade/spot/BTC/USDT'],
    ['/zh_tw/trade/spot/BTC/USDT', '/zh-TW/trade/spot/BTC/USDT'],
    ['/ar/trade/spot/BTC/USDT', '/ar-SA/trade/spot/BTC/USDT'],
  ])('%s redirects to %s', (from, to) => {
    expect(decide(from)).toEqual({ kind: 'redirect', to });
  });

  it('renders the spot page for a canonical path', () => {
    expect(decide('/zh-TW/trade/spot/ETH/BTC')).toEqual({ kind: 'spot', locale: 'zh-TW', base: 'ETH', quote: 'BTC' });
    expect(decide('/en/trade/spot/BTC/USDT/')).toEqual({ kind: 'spot', locale: 'en', base: 'BTC', quote: 'USDT' });
  });

  it('renders the leveraged-token detail page', () => {
    expect(decide('/ar-SA/trade/spot/lt/BTC3L/USDT')).toEqual({ kind: 'lt', locale: 'ar-SA', base: 'BTC3L', quote: 'USDT' });
  });

  it('uses the stored locale, then the browser one, for unprefixed paths', () => {
    expect(decide('/', { stored: 'ko', browser: ['de'] })).toEqual({ kind: 'redirect', to: '/ko/trade/spot/BTC/USDT' });
    expect(decide('/trade/spot/', { stored: null, browser: ['zh-HK'] })).toEqual({ kind: 'redirect', to: '/zh-TW/trade/spot/BTC/USDT' });
    expect(decide('/xx/trade/spot/', { stored: null, browser: ['fa-IR'] })).toEqual({ kind: 'redirect', to: '/fa/trade/spot/BTC/USDT' });
  });

  it('survives malformed percent-encoding', () => {
    expect(decide('/en/trade/spot/%E0%A4%A/USDT')).toEqual({ kind: 'redirect', to: '/en/trade/spot/BTC/USDT' });
  });
});

describe('switchLocaleInPath', () => {
  it('keeps the rest of the path', () => {
    expect(switchLocaleInPath('/en/trade/spot/ETH/USDT', 'ar-SA')).toBe('/ar-SA/trade/spot/ETH/USDT');
    expect(switchLocaleInPath('/trade/spot/ETH/USDT', 'ja')).toBe('/ja/trade/spot/ETH/USDT');
  });
});
