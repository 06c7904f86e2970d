import { describe, expect, it } from 'vitest';
import { BUILT_ASSET, SESSION_ASSET, isKeptAsset } from './builtAssets';

describe('built files kept for offline use', () => {
  it('knows a session, code, styles and fonts apart', () => {
    expect(SESSION_ASSET.test('/assets/BTCUSDT.jsonl-Ab12_c.gz')).toBe(true);
    expect(BUILT_ASSET.test('/assets/BTCUSDT.jsonl-Ab12_c.gz')).toBe(false);
    for (const path of ['/assets/index-D4x.js', '/assets/chart-93xc.css', '/assets/noto-sans-arabic-arabic-wght-normal-Bh.woff2']) {
      expect(BUILT_ASSET.test(path)).toBe(true);
    }
  });

  it('keeps nothing outside /assets/ nor in its subfolders, and no source maps', () => {
    for (const path of ['/index.html', '/locales/en/trade.json', '/assets/x/y.js', '/assets/index-D4x.js.map', '/sw.js']) {
      expect(isKeptAsset(path)).toBe(false);
    }
    expect(isKeptAsset('/assets/index-D4x.js')).toBe(true);
  });
});
