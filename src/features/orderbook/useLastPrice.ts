import { lastPriceDirection, type PriceDirection } from '../../domain/tradeTape';
import { useTickerSnapshot } from '../../data/marketQueries';
import { useTickers, useTrades } from '../../data/realtime';

export interface LastPrice {
  price: string | null;
  direction: PriceDirection;
  /** spot has no mark of its own: the ticker's mark equals its last price */
  mark: string | null;
}

/** The last trade's price with its direction, and the ticker's mark price (live, else the REST snapshot). */
export function useLastPrice(symbolId: string): LastPrice {
  const trades = useTrades(symbolId).trades;
  const live = useTickers(symbolId ? [symbolId] : []).tickers[symbolId];
  const snapshot = useTickerSnapshot(symbolId ? [symbolId] : [], { enabled: symbolId !== '' });
  const rest = snapshot.data?.find((t) => t.symbol === symbolId);
  return {
    price: trades[0]?.p ?? rest?.lastPrice ?? null,
    direction: lastPriceDirection(trades),
    mark: live?.c ?? rest?.markPrice ?? null,
  };
}
