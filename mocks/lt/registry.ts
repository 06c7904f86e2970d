/**
 * The leveraged tokens the exchange issues (docs/api/lt.md, REFERENCE.md
 * "Leveraged tokens"): each is also a spot pair of fixtures/instruments.json
 * whose base coin is the token. A token whose pair is not listed is left out,
 * so the registry follows the instrument list rather than the other way round.
 */
import instruments from '../../fixtures/instruments.json';
import { DEMO_MARKETS, LT_DAILY_FEE_RATE, type DemoMarket } from '../market/demoMarkets';
import { BAND_3X, type LeverageBand, type LtDirection } from './nav';

export interface LtSpec {
  /** the LT pair, e.g. BTC3LUSDT */
  symbolId: string;
  /** the pair's base coin, e.g. BTC3L */
  token: string;
  quote: string;
  /** the pair whose replayed trades move the NAV */
  underlying: string;
  direction: LtDirection;
  band: LeverageBand;
  /** NAV at the exchange start: the LT pair's own start price, so book and NAV begin together */
  startNav: number;
  /** the underlying's first replayed price (the sessions start at the demo market's start price) */
  underlyingStart: number;
  /** decimal texts, as the symbol-info call answers them */
  minPurchase: string;
  maxPurchase: string;
  dailyPurchaseCap: string;
  minRedeem: string;
  maxRedeem: string;
  purchaseFeeRate: string;
  redeemFeeRate: string;
  managementFeeRate: string;
  tokenStep: string;
  quoteStep: string;
}

/** REFERENCE.md: 100 / 10,000 per order, 200,000 a user a UTC day; 0.05 % each way; 0.005 % a day. */
export const LT_LIMITS = {
  minPurchase: '100',
  maxPurchase: '10000',
  dailyPurchaseCap: '200000',
  purchaseFeeRate: '0.0005',
  redeemFeeRate: '0.0005',
  managementFeeRate: String(LT_DAILY_FEE_RATE),
} as const;

/** Quote values the redemption limits are worth at the start NAV (the purchase limits' size). */
const REDEEM_VALUE = { min: 100, max: 10_000 };

export interface ListedPair {
  symbolId: string;
  baseTokenId: string;
  quoteTokenId: string;
  basePrecision: string;
  amountPrecision: number;
}

/**
 * A round token quantity worth about `value` at `nav`: the quantity cut to its
 * leading digit (100 USDT at 4.821 → 20.74 → 20), never below one step. Round
 * numbers are what an issuer prints as limits; the leading digit keeps them
 * within a factor of two of the quote value whatever the NAV.
 */
export function roundQuantity(value: number, nav: number, step: string): string {
  const raw = value / nav;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const round = Math.floor(raw / magnitude) * magnitude;
  const stepValue = Number(step);
  const onStep = Math.max(stepValue, Math.floor(round / stepValue + 1e-9) * stepValue);
  return trimDecimal(onStep.toFixed(decimalsOf(step)));
}

const decimalsOf = (step: string) => step.split('.')[1]?.length ?? 0;
const trimDecimal = (text: string) => (text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text);

/** The tokens whose pair and underlying are both listed. */
export function buildRegistry(pairs: readonly ListedPair[], markets: readonly DemoMarket[]): LtSpec[] {
  const pairOf = new Map(pairs.map((p) => [p.symbolId, p]));
  const marketOf = new Map(markets.map((m) => [m.symbol, m]));
  const specs: LtSpec[] = [];
  // The demo markets say which pairs are leveraged tokens and on what (their sessions are recorded that way).
  for (const market of markets) {
    const issued = market.leveraged;
    if (!issued) continue;
    const symbolId = market.symbol;
    const pair = pairOf.get(symbolId);
    const underlying = marketOf.get(issued.underlying);
    if (!pair || !underlying || !pairOf.has(issued.underlying)) continue;
    const startNav = Number(market.startPrice);
    const tokenStep = pair.basePrecision;
    specs.push({
      symbolId,
      token: pair.baseTokenId,
      quote: pair.quoteTokenId,
      underlying: issued.underlying,
      direction: issued.direction,
      band: BAND_3X,
      startNav,
      underlyingStart: Number(underlying.startPrice),
      ...LT_LIMITS,
      minRedeem: roundQuantity(REDEEM_VALUE.min, startNav, tokenStep),
      maxRedeem: roundQuantity(REDEEM_VALUE.max, startNav, tokenStep),
      tokenStep,
      quoteStep: (10 ** -pair.amountPrecision).toFixed(pair.amountPrecision),
    });
  }
  return specs;
}

/** The tokens of this exchange (fixtures/instruments.json and the demo markets). */
export const LT_SPECS: readonly LtSpec[] = buildRegistry(instruments.symbols, DEMO_MARKETS);

export interface LtRegistry {
  specs: readonly LtSpec[];
  /** the token of an LT pair; undefined for any other pair */
  bySymbol(symbolId: string): LtSpec | undefined;
  /** the tokens an underlying pair moves */
  byUnderlying(symbol: string): readonly LtSpec[];
}

export function ltRegistry(specs: readonly LtSpec[] = LT_SPECS): LtRegistry {
  const bySymbol = new Map(specs.map((s) => [s.symbolId, s]));
  const byUnderlying = new Map<string, LtSpec[]>();
  for (const s of specs) byUnderlying.set(s.underlying, [...(byUnderlying.get(s.underlying) ?? []), s]);
  return { specs, bySymbol: (id) => bySymbol.get(id), byUnderlying: (symbol) => byUnderlying.get(symbol) ?? [] };
}
