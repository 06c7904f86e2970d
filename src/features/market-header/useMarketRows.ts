import { useMemo } from 'react';
import type { MarketRow } from '../../domain/marketList';
import { useTickerSnapshot } from '../../data/marketQueries';
import { useSymbols } from '../../data/queries';
import { useTickers } from '../../data/realtime';

/**
 * Every listed pair with its last price and 24 h change: the REST snapshot
 * fills the list at once, the realtimes stream keeps it live while `live`
 * (the list is open), so a closed list costs no socket traffic.
 */
export function useMarketRows(live: boolean): MarketRow[] {
  const symbols = useSymbols().data;
  const snapshot = useTickerSnapshot(undefined, { enabled: live }).data;
  const ids = useMemo(() => (live && symbols ? symbols.map((s) => s.symbolId) : []), [live, symbols]);
  const tickers = useTickers(ids).tickers;
  return useMemo(() => {
    if (!symbols) return [];
    const rest = new Map((snapshot ?? []).map((t) => [t.symbol, t]));
    return symbols.map((s) => {
      const liveTicker = tickers[s.symbolId];
      const restTicker = rest.get(s.symbolId);
      return {
        symbolId: s.symbolId,
        base: s.baseTokenName,
        quote: s.quoteTokenName,
        lastPrice: liveTicker?.c ?? restTicker?.lastPrice ?? null,
        change: liveTicker?.m ?? (restTicker ? String(restTicker.price24hPcntE6 / 1e6) : null),
      };
    });
  }, [symbols, snapshot, tickers]);
}
