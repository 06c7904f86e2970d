import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './redirect';

const ORIGIN = 'http://127.0.0.1:4173';

describe('sameOriginPath', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(sameOriginPath('/en/trade/spot/BTC/USDT?x=1#book', ORIGIN)).toBe('/en/trade/spot/BTC/USDT?x=1#book');
    expect(sameOriginPath('/', ORIGIN)).toBe('/');
  });

  it('refuses other origins, protocol-relative and backslash tricks, schemes and control characters', () => {
    for (const raw of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'evil.example', '/\t/evil.example', '/%0a/x'.replace('%0a', '\n'), 'http://127.0.0.1:4174/']) {
      expect(sameOriginPath(raw, ORIGIN), raw).toBeNull();
    }
  });

  it('refuses nothing given', () => {
    expect(sameOriginPath(null, ORIGIN)).toBeNull();
    expect(sameOriginPath('', ORIGIN)).toBeNull();
  });
});
