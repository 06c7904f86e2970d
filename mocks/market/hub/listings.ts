import type { Listing, NoticeInfo, SymbolStatus } from '../../gateway/types';

/** The instrument fields the hub reads (fixtures/instruments.json `symbols` entries fit). */
export interface ListedInstrument {
  symbolId: string;
  minPricePrecision: string;
  basePrecision: string;
  digitMerge: string;
  tradeStatus: number;
  noticeVisible: boolean;
  isBanBuy: boolean;
  isBanSell: boolean;
}

/** Status of a listing that has not opened yet (spec 1 §4: countdown, no trading). */
const NOT_OPEN_STATUS = 2;

/**
 * Which symbols trade when: a symbol of `listings` opens `opensAfterMs` after
 * the exchange started; every other symbol trades from the start. Time is
 * always passed in (exchange ms), so a backward seek closes a listing again.
 */
export class ListingSchedule {
  private readonly instruments = new Map<string, ListedInstrument>();
  private readonly listings = new Map<string, Listing>();

  constructor(instruments: readonly ListedInstrument[], listings: readonly Listing[], private readonly exchangeStart: number) {
    for (const instrument of instruments) this.instruments.set(instrument.symbolId, instrument);
    for (const listing of listings) {
      if (!this.instruments.has(listing.symbolId)) throw new Error(`listing of ${listing.symbolId}, which the exchange does not list`);
      this.listings.set(listing.symbolId, listing);
    }
  }

  symbols(): string[] {
    return [...this.instruments.keys()];
  }

  instrument(symbol: string): ListedInstrument | undefined {
    return this.instruments.get(symbol);
  }

  isListing(symbol: string): boolean {
    return this.listings.has(symbol);
  }

  /** Exchange time the symbol opens at; null for a symbol that trades from the start. */
  openTime(symbol: string): number | null {
    const listing = this.listings.get(symbol);
    return listing ? this.exchangeStart + listing.opensAfterMs : null;
  }

  isOpen(symbol: string, now: number): boolean {
    const open = this.openTime(symbol);
    return this.instruments.has(symbol) && (open === null || now >= open);
  }

  status(symbol: string, now: number): SymbolStatus | null {
    const instrument = this.instruments.get(symbol);
    if (!instrument) return null;
    const waiting = !this.isOpen(symbol, now);
    return {
      symbolId: symbol,
      tradeStatus: waiting ? NOT_OPEN_STATUS : instrument.tradeStatus,
      noticeVisible: waiting || instrument.noticeVisible,
      isBanBuy: instrument.isBanBuy,
      isBanSell: instrument.isBanSell,
    };
  }

  /** The listing's countdown notice until it opens, then null. */
  notice(symbol: string, now: number): NoticeInfo | null {
    const listing = this.listings.get(symbol);
    const onlineTime = this.openTime(symbol);
    if (!listing || onlineTime === null || now >= onlineTime) return null;
    return {
      symbolId: symbol,
      noticeType: listing.noticeType,
      noticeContent: listing.noticeContent,
      noticeLinkUrl: listing.noticeLinkUrl,
      onlineTime,
      nowTime: now,
    };
  }
}
