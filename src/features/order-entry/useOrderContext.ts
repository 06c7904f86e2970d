import { quotaZone } from '../../domain/order-entry/quota';
import { useLeverageSettings } from '../../data/spotMargin';
import { useMemo } from 'react';
import { findSymbol, type SpotSymbol } from '../../domain/symbol';
import { stepOfDecimals } from '../../domain/units';
import type { OrderAccount, OrderFormContext, OrderRules } from '../../domain/order-entry/types';
import { useBalances } from '../../data/assets';
import { useAccountInfo, useInnovationRemain, type AccountInfo } from '../../data/orderEntry';
import { useProfile, useSymbols } from '../../data/queries';
import { useDepth, useTickers } from '../../data/realtime';

/** Spot fees at the base tier (REFERENCE.md): 0.1 % maker and taker. */
export const TAKER_FEE_RATE = '0.001';

export function rulesOf(symbol: SpotSymbol): OrderRules {
  return {
    symbolId: symbol.symbolId,
    baseCoin: symbol.baseTokenName,
    quoteCoin: symbol.quoteTokenName,
    tick: symbol.minPricePrecision,
    lot: stepOfDecimals(symbol.quantityPrecision),
    amountDecimals: symbol.amountPrecision,
    minQty: symbol.minTradeQuantity,
    maxQty: symbol.maxTradeQuantity,
    minAmount: symbol.minTradeAmount,
    maxAmount: symbol.maxTradeAmount,
    isBanBuy: symbol.isBanBuy,
    isBanSell: symbol.isBanSell,
    mark: symbol.mark,
  };
}

export interface OrderContextState {
  symbol: SpotSymbol | null;
  ctx: OrderFormContext | null;
  accountInfo: AccountInfo | undefined;
  /** the opposite books, best first, for the cost preview */
  asks: ReadonlyArray<readonly [string, string]>;
  bids: ReadonlyArray<readonly [string, string]>;
}

/**
 * Everything the form's rules read, gathered from the data layer: the
 * symbol's rules, the live last price and book, and the account's balances,
 * account info and innovation quota (null for a visitor).
 */
export function useOrderContext(base: string, quote: string): OrderContextState {
  const symbols = useSymbols();
  const symbol = useMemo(() => (symbols.data ? (findSymbol(symbols.data, base, quote) ?? null) : null), [symbols.data, base, quote]);
  const symbolId = symbol?.symbolId ?? `${base}${quote}`;
  const profile = useProfile().data;
  const loggedIn = profile?.loggedIn ?? false;
  const balances = useBalances();
  const info = useAccountInfo(symbolId, loggedIn && symbol !== null);
  const innovation = useInnovationRemain(symbolId, loggedIn && symbol !== null && quotaZone(symbol.mark) !== null);
  const leverage = useLeverageSettings().settings;
  const tickers = useTickers(useMemo(() => [symbolId], [symbolId]));
  const depth = useDepth(symbolId, 'mergedDepth', symbol?.pricePrecision);
  const lastPrice = tickers.tickers[symbolId]?.c ?? null;
  const book = depth.book;

  const account: OrderAccount | null = useMemo(() => {
    if (!loggedIn) return null;
    const free = (coin: string) => balances.data?.find((b) => b.tokenId === coin)?.free ?? (balances.data ? '0' : null);
    return {
      isUnified: profile?.accountType === 'UTA',
      isDemo: profile?.isDemo ?? false,
      baseFree: free(base),
      quoteFree: free(quote),
      maxBuyAmt: info.data?.maxBuyAmt ?? null,
      maxSellQty: info.data?.maxSellQty ?? null,
      innovationRemain: innovation.data ?? null,
      leverage,
    };
  }, [loggedIn, profile, balances.data, info.data, innovation.data, base, quote, leverage]);

  const bestBid = book?.bids[0]?.[0] ?? null;
  const bestAsk = book?.asks[0]?.[0] ?? null;
  const ctx = useMemo(
    () => (symbol ? { rules: rulesOf(symbol), lastPrice, bestBid, bestAsk, account, feeRate: TAKER_FEE_RATE } : null),
    [symbol, lastPrice, bestBid, bestAsk, account],
  );
  return { symbol, ctx, accountInfo: info.data, asks: book?.asks ?? [], bids: book?.bids ?? [] };
}
