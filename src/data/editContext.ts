import { useMemo } from 'react';
import type { EditContext } from '../domain/orderEdit';
import { decimalsOf } from '../domain/units';
import { useProfile, useSymbols } from './queries';
import { useTickers } from './realtime';

export interface EditRules {
  ctx: EditContext;
  priceDecimals: number;
  qtyDecimals: number;
}

/** What an edit's checks read for one order's pair: tick, minimum, last price, account kind. Null until the symbol list is in. */
export function useEditContext(symbolId: string): EditRules | null {
  const symbols = useSymbols().data;
  const profile = useProfile().data;
  const tickers = useTickers(useMemo(() => [symbolId], [symbolId]));
  const marketPrice = tickers.tickers[symbolId]?.c ?? null;
  return useMemo(() => {
    const symbol = symbols?.find((s) => s.symbolId === symbolId);
    if (!symbol) return null;
    return {
      ctx: {
        tick: symbol.minPricePrecision,
        minQty: symbol.minTradeQuantity,
        baseCoin: symbol.baseTokenName,
        marketPrice,
        isUnified: profile?.accountType === 'UTA',
      },
      priceDecimals: decimalsOf(symbol.minPricePrecision),
      qtyDecimals: symbol.quantityPrecision,
    };
  }, [symbols, symbolId, marketPrice, profile?.accountType]);
}
