/** The Symbol entity of spec 1 §3 / spec 2 §3, as the page uses it. */
export interface SpotSymbol {
  symbolId: string;
  baseTokenId: string;
  quoteTokenId: string;
  baseTokenName: string;
  quoteTokenName: string;
  pricePrecision: number;
  quantityPrecision: number;
  amountPrecision: number;
  minPricePrecision: string;
  minTradeQuantity: string;
  maxTradeQuantity: string;
  minTradeAmount: string;
  maxTradeAmount: string;
  tradeStatus: number;
  isBanBuy: boolean;
  isBanSell: boolean;
  noticeVisible: boolean;
  mark: string[];
  digitMerge: string;
  pricescale: number;
}

/** URL tokens are matched case-insensitively; the list's spelling wins. */
export function findSymbol(symbols: readonly SpotSymbol[], base: string, quote: string): SpotSymbol | undefined {
  const b = base.toUpperCase();
  const q = quote.toUpperCase();
  return symbols.find((s) => s.baseTokenName.toUpperCase() === b && s.quoteTokenName.toUpperCase() === q);
}

/** Spec 1 §5: a symbol is banned when tradeStatus is 4 and buy or sell is banned. */
export function isSymbolBanned(symbol: Pick<SpotSymbol, 'tradeStatus' | 'isBanBuy' | 'isBanSell'>): boolean {
  return symbol.tradeStatus === 4 && (symbol.isBanBuy || symbol.isBanSell);
}
