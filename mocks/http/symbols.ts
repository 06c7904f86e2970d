import instruments from '../../fixtures/instruments.json';
import type { MarketView } from '../gateway/types';

export type InstrumentRecord = (typeof instruments.symbols)[number];

export const INSTRUMENTS: readonly InstrumentRecord[] = instruments.symbols;

export function isListed(symbol: string, market: MarketView | undefined): boolean {
  return market ? market.isKnown(symbol) : INSTRUMENTS.some((s) => s.symbolId === symbol);
}

/**
 * The instrument as the symbol list shows it now: the static fields from the
 * fixture, the status fields from the live market (the same ones the
 * instrumentInfo topic pushes), so a listing flips from pre-open (tradeStatus
 * 2, notice visible) to trading at its opening time and REST and socket agree.
 */
export function liveSymbol(instrument: InstrumentRecord, market: MarketView | undefined) {
  const status = market?.symbolStatus(instrument.symbolId);
  if (!status) return instrument;
  const { tradeStatus, noticeVisible, isBanBuy, isBanSell } = status;
  return { ...instrument, tradeStatus, noticeVisible, isBanBuy, isBanSell };
}

export function symbolList(market: MarketView | undefined) {
  return { list: INSTRUMENTS.map((instrument) => liveSymbol(instrument, market)) };
}
