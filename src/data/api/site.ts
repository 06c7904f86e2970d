import { getJson } from '../http';
import { bool, list, record } from './parse';

export const SITE_CONFIG_PATH = '/spot/api/basic/site_config';

/** The compliance configuration: which region-dependent parts of the page show. */
export interface SiteConfig {
  region: string;
  rewardsHub: boolean;
  liquidityShield: boolean;
  slippageCompensationSymbols: string[];
  euUsdtTips: boolean;
  syncApp: boolean;
  hiddenChartOptions: string[];
}

const strings = (value: unknown, what: string) => list(value ?? [], what).filter((v): v is string => typeof v === 'string');

export function parseSiteConfig(value: unknown): SiteConfig {
  const o = record(value, 'site config');
  return {
    region: typeof o.region === 'string' ? o.region : 'global',
    rewardsHub: bool(o, 'rewardsHub'),
    liquidityShield: bool(o, 'liquidityShield'),
    slippageCompensationSymbols: strings(o.slippageCompensationSymbols, 'site config.slippageCompensationSymbols'),
    euUsdtTips: bool(o, 'euUsdtTips'),
    syncApp: bool(o, 'syncApp'),
    hiddenChartOptions: strings(o.hiddenChartOptions, 'site config.hiddenChartOptions'),
  };
}

/** Every flag off: what the page assumes until (or unless) the configuration answers. */
export const RESTRICTIVE_SITE_CONFIG: SiteConfig = {
  region: 'unknown',
  rewardsHub: false,
  liquidityShield: false,
  slippageCompensationSymbols: [],
  euUsdtTips: false,
  syncApp: false,
  hiddenChartOptions: [],
};

export function fetchSiteConfig(signal?: AbortSignal): Promise<SiteConfig> {
  return getJson(SITE_CONFIG_PATH, parseSiteConfig, signal);
}
