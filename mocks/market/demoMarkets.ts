import instruments from '../../fixtures/instruments.json';
import type { LtDirection } from '../lt/nav';

/**
 * The demo exchange's markets: each instrument of fixtures/instruments.json
 * with what the simulator and the kline history need. Prices are plausible
 * mid-2024 levels; activity scales down from BTCUSDT (whose rate is the one
 * calibrated on the real recording) roughly as real volumes do.
 */
export interface DemoMarket {
  symbol: string;
  tick: string;
  lot: string;
  startPrice: string;
  /** annualised volatility of the mid price */
  volatility: number;
  tradesPerMinute: number;
  seed: number;
  /**
   * A leveraged token's pair (docs/api/lt.md): its recorded fair price and
   * candle history follow the NAV of a 3x basket on `underlying`, so its
   * `volatility` is only nominal (three times the underlying's).
   */
  leveraged?: { underlying: string; direction: LtDirection };
}

/**
 * The leveraged tokens' daily management fee (docs/api/lt.md: 0.005 % of the
 * NAV at 00:00 UTC), for the NAV history of their charts; the exchange's LT
 * desk serves the same figure from mocks/lt.
 */
export const LT_DAILY_FEE_RATE = 0.00005;

/** Every shipped session starts here (UTC) and lasts 30 minutes. */
export const DEMO_SESSION_START = Date.UTC(2026, 0, 5, 0, 0, 0);
export const DEMO_SESSION_MS = 30 * 60_000;

const MARKET_SHAPE: Record<string, Omit<DemoMarket, 'symbol' | 'tick' | 'lot'>> = {
  BTCUSDT: { startPrice: '61800.00', volatility: 0.55, tradesPerMinute: 1800, seed: 1001 },
  ETHUSDT: { startPrice: '2620.00', volatility: 0.65, tradesPerMinute: 1100, seed: 1002 },
  SOLUSDT: { startPrice: '152.30', volatility: 0.8, tradesPerMinute: 420, seed: 1003 },
  XRPUSDT: { startPrice: '0.5620', volatility: 0.7, tradesPerMinute: 300, seed: 1004 },
  DOGEUSDT: { startPrice: '0.10520', volatility: 0.85, tradesPerMinute: 320, seed: 1005 },
  BTCUSDC: { startPrice: '61805.00', volatility: 0.55, tradesPerMinute: 160, seed: 1006 },
  ETHBTC: { startPrice: '0.042380', volatility: 0.45, tradesPerMinute: 90, seed: 1007 },
  BTC3LUSDT: { startPrice: '4.8210', volatility: 1.65, tradesPerMinute: 40, seed: 1008, leveraged: { underlying: 'BTCUSDT', direction: 'long' } },
  PEPEUSDT: { startPrice: '0.00000852', volatility: 1.1, tradesPerMinute: 200, seed: 1009 },
  WIFUSDT: { startPrice: '1.6320', volatility: 1.2, tradesPerMinute: 120, seed: 1010 },
  SUIUSDT: { startPrice: '0.8512', volatility: 0.9, tradesPerMinute: 150, seed: 1011 },
  MNTUSDT: { startPrice: '0.6187', volatility: 0.9, tradesPerMinute: 90, seed: 1012 },
  BITUSDT: { startPrice: '0.5034', volatility: 0.9, tradesPerMinute: 60, seed: 1013 },
  BTC3SUSDT: { startPrice: '1.2480', volatility: 1.65, tradesPerMinute: 30, seed: 1014, leveraged: { underlying: 'BTCUSDT', direction: 'short' } },
  ETH3LUSDT: { startPrice: '0.35840', volatility: 1.95, tradesPerMinute: 30, seed: 1015, leveraged: { underlying: 'ETHUSDT', direction: 'long' } },
  ETH3SUSDT: { startPrice: '0.11260', volatility: 1.95, tradesPerMinute: 25, seed: 1016, leveraged: { underlying: 'ETHUSDT', direction: 'short' } },
};

export const DEMO_MARKETS: DemoMarket[] = instruments.symbols.map((s) => {
  const shape = MARKET_SHAPE[s.symbolId];
  if (!shape) throw new Error(`fixtures/instruments.json lists ${s.symbolId}, which has no demo market shape`);
  return { symbol: s.symbolId, tick: s.minPricePrecision, lot: s.basePrecision, ...shape };
});
