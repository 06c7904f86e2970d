// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sharedDemoSets } from '../market/hub/testMarket';
import { createBackend } from '../runtime/backend';
import { DEFAULT_HOST_URLS } from '../net/netState';
import { exchangeOwns } from './routing';

const ORIGIN = 'http://127.0.0.1:4173';
const owns = (url: string) => exchangeOwns(new URL(url, ORIGIN), ORIGIN);

describe('which requests a tab passes to the shared exchange', () => {
  it('covers every path the exchange registers', () => {
    const backend = createBackend({ sets: sharedDemoSets() });
    try {
      const paths = backend.httpHandlers.map((h) => (h.info as { path: unknown }).path).filter((p): p is string => typeof p === 'string');
      expect(paths.length).toBeGreaterThan(40);
      // A path parameter or wildcard stands for any one segment here.
      const missed = paths.filter((path) => !owns(path.replace(/:[A-Za-z]+/g, 'x').replace(/\*/g, 'x')));
      expect(missed).toEqual([]);
    } finally {
      backend.close();
    }
  });

  it("takes the network layer's simulated hosts, whatever the path", () => {
    for (const url of Object.values(DEFAULT_HOST_URLS)) expect(owns(`${url}/spot/api/x`)).toBe(true);
  });

  it('leaves the app shell, translations, sessions, fonts and foreign sites to the network', () => {
    for (const url of ['/', '/en/trade/spot/BTC/USDT', '/locales/en/common.json', '/assets/BTCUSDT-abc.jsonl.gz', '/assets/inter.woff2', '/sw.js', 'https://announcements.bybit.com/x', '/spot/apix', '/mockery']) {
      expect(owns(url), url).toBe(false);
    }
  });
});
