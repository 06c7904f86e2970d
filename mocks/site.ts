/**
 * The site's compliance configuration (spec 1 §2.2, §2.4, §2.7): which
 * region-dependent parts the page shows. The embedded exchange serves one of
 * two presets, picked by `?mockSite=eu` in-page or `--site eu` on the server.
 */
export interface SiteConfig {
  region: 'global' | 'eu';
  /** the rewards hub entry of the footer */
  rewardsHub: boolean;
  /** the liquidity-shield link of the market header */
  liquidityShield: boolean;
  /** symbols with slippage compensation (the shield's second condition) */
  slippageCompensationSymbols: string[];
  /** the EU USDT tips banner for symbols involving USDT */
  euUsdtTips: boolean;
  /** sync-to-app display option (with its feature flag) */
  syncApp: boolean;
  /** chart display options the configuration hides */
  hiddenChartOptions: string[];
}

export const SITE_PRESETS: Record<SiteConfig['region'], SiteConfig> = {
  global: {
    region: 'global',
    rewardsHub: true,
    liquidityShield: true,
    slippageCompensationSymbols: ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'],
    euUsdtTips: false,
    syncApp: true,
    hiddenChartOptions: [],
  },
  eu: {
    region: 'eu',
    rewardsHub: false,
    liquidityShield: false,
    slippageCompensationSymbols: [],
    euUsdtTips: true,
    syncApp: false,
    hiddenChartOptions: ['avgBuyLine', 'avgSellLine'],
  },
};

export function sitePreset(name: string | null | undefined): SiteConfig {
  return name === 'eu' ? SITE_PRESETS.eu : SITE_PRESETS.global;
}
