import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fetchProfile } from '../../src/data/api/profile';
import { fetchSymbols } from '../../src/data/api/symbols';
import { MalformedResponseError, NetworkError } from '../../src/data/http';
import { createTestBackend } from '../../mocks/node';

/**
 * The page's data layer against the embedded backend in Node (msw/node): the
 * same handlers the demo build runs in-page.
 */
describe('data layer against the embedded backend', () => {
  const server = createTestBackend();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  it('answers a visitor profile', async () => {
    await expect(fetchProfile()).resolves.toMatchObject({ loggedIn: false, userState: 0, isDemo: false });
  });

  it('lists every demo instrument with the symbol fields the page needs', async () => {
    const symbols = await fetchSymbols();
    expect(symbols.map((s) => s.symbolId)).toEqual(expect.arrayContaining([
      'BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'DOGEUSDT', 'BTCUSDC', 'ETHBTC', 'BTC3LUSDT', 'BTC3SUSDT', 'ETH3LUSDT', 'ETH3SUSDT',
    ]));
    const btc = symbols.find((s) => s.symbolId === 'BTCUSDT');
    expect(btc).toMatchObject({ pricePrecision: 2, quantityPrecision: 6, minPricePrecision: '0.01', minTradeQuantity: '0.000048' });
    expect(symbols.some((s) => s.mark.includes('innovation'))).toBe(true);
    expect(symbols.some((s) => s.mark.includes('adventure'))).toBe(true);
  });
});

describe('data layer under injected faults', () => {
  it('types a dropped connection as a network error', async () => {
    const server = createTestBackend('/spot/api/basic/symbol_list:network:1');
    server.listen();
    await expect(fetchSymbols()).rejects.toBeInstanceOf(NetworkError);
    await expect(fetchSymbols()).resolves.toHaveLength(16);
    server.close();
  });

  it('types an answer of the wrong shape as malformed', async () => {
    const server = createTestBackend('/spot/api/basic/symbol_list:malformed');
    server.listen();
    await expect(fetchSymbols()).rejects.toBeInstanceOf(MalformedResponseError);
    server.close();
  });
});
