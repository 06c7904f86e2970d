import type { SpotSymbol } from '../../src/domain/symbol';
import { stepOfDecimals, toUnits } from '../../src/domain/units';
import { parseAmount, unitScale, type Amount, type UnitScale } from './amount';
import { stepShape, type StepShape } from './parse';

/**
 * The fields of a fixtures/instruments.json symbol the engine reads: the
 * page's Symbol entity (spec 2 §3) plus the base step the listing file adds.
 */
export type InstrumentListing = Pick<
  SpotSymbol,
  'symbolId' | 'baseTokenId' | 'quoteTokenId' | 'minPricePrecision' | 'minTradeQuantity' | 'maxTradeQuantity' | 'minTradeAmount' | 'maxTradeAmount' | 'tradeStatus' | 'isBanBuy' | 'isBanSell'
> & {
  basePrecision: string;
  mark: readonly string[];
  /** decimals of a quote value (market orders by value); 8 when absent */
  amountPrecision?: number;
};

/** Engine-only rules the page's symbol list does not carry. */
export interface InstrumentRules {
  /**
   * Price band as a fraction of the last price: a buy limit above
   * last × (1 + band) or a sell below last × (1 − band) is refused
   * (170193 / 170194), and market orders never walk beyond it.
   */
  priceBand: number;
  /** innovation- and adventure-zone buys: quote value a user may buy per UTC day; null = no quota */
  dailyBuyQuota: Amount | null;
  /** exchange time trading opens (a new listing); null = open from the start */
  openTime: number | null;
}

export interface Instrument {
  symbol: string;
  base: string;
  quote: string;
  tick: string;
  lot: string;
  scale: UnitScale;
  minQtyLots: number;
  maxQtyLots: number;
  minAmount: Amount;
  maxAmount: Amount;
  /** 1 trading; anything else refuses orders (170151) */
  tradeStatus: number;
  banBuy: boolean;
  banSell: boolean;
  innovation: boolean;
  adventure: boolean;
  /** step of a quote value, e.g. "0.00000001" */
  amountStep: string;
  /** the steps' shapes, parsed once: every order call parses against them */
  tickShape: StepShape;
  lotShape: StepShape;
  amountShape: StepShape;
  rules: InstrumentRules;
}

/** REFERENCE.md: new listings refuse market, plan and strategy orders for their first 5 minutes. */
export const NEW_LISTING_GUARD_MS = 5 * 60_000;
/** Innovation-zone daily buy quota a user gets when the rules do not say otherwise. */
export const DEFAULT_INNOVATION_QUOTA = '20000';
/** Adventure-zone daily buy quota (the zone's pairs are riskier still: a smaller cap, a simulator's choice). */
export const DEFAULT_ADVENTURE_QUOTA = '10000';

function lotsOf(value: string, step: string, what: string, symbol: string): number {
  // A minimum that is not a whole number of lots rounds up: 0.000048 of a 0.00001 lot is 5 lots.
  const exact = toUnits(value, step);
  if (exact !== null) return exact;
  const scaled = Number(value) / Number(step);
  if (!Number.isFinite(scaled)) throw new Error(`${symbol}: ${what} ${value} is not a number`);
  return Math.ceil(scaled - 1e-9);
}

function amountOf(value: string, what: string, symbol: string): Amount {
  const amount = parseAmount(value);
  if (amount === null) throw new Error(`${symbol}: ${what} ${value} is not a decimal`);
  return amount;
}

export function buildInstrument(listing: InstrumentListing, rules: Partial<InstrumentRules> = {}): Instrument {
  const s = listing.symbolId;
  const innovation = listing.mark.includes('innovation');
  const adventure = listing.mark.includes('adventure');
  return {
    symbol: s,
    base: listing.baseTokenId,
    quote: listing.quoteTokenId,
    tick: listing.minPricePrecision,
    lot: listing.basePrecision,
    scale: unitScale(listing.minPricePrecision, listing.basePrecision),
    minQtyLots: Math.max(1, lotsOf(listing.minTradeQuantity, listing.basePrecision, 'minTradeQuantity', s)),
    maxQtyLots: lotsOf(listing.maxTradeQuantity, listing.basePrecision, 'maxTradeQuantity', s),
    minAmount: amountOf(listing.minTradeAmount, 'minTradeAmount', s),
    maxAmount: amountOf(listing.maxTradeAmount, 'maxTradeAmount', s),
    tradeStatus: listing.tradeStatus,
    banBuy: listing.isBanBuy,
    banSell: listing.isBanSell,
    innovation,
    adventure,
    amountStep: stepOfDecimals(listing.amountPrecision ?? 8),
    tickShape: stepShape(listing.minPricePrecision),
    lotShape: stepShape(listing.basePrecision),
    amountShape: stepShape(stepOfDecimals(listing.amountPrecision ?? 8)),
    rules: {
      priceBand: rules.priceBand ?? (innovation || adventure ? 0.3 : 0.1),
      dailyBuyQuota:
        rules.dailyBuyQuota !== undefined
          ? rules.dailyBuyQuota
          : innovation
            ? amountOf(DEFAULT_INNOVATION_QUOTA, 'quota', s)
            : adventure
              ? amountOf(DEFAULT_ADVENTURE_QUOTA, 'quota', s)
              : null,
      openTime: rules.openTime ?? null,
    },
  };
}
