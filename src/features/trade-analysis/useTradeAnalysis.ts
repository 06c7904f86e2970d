import { useMemo } from 'react';
import { precisionsOf, type Precisions } from '../../domain/format';
import { findSymbol } from '../../domain/symbol';
import {
  buyShare, flowSeries, largeTrades, partialSince, periodFlow, type FlowBar, type FlowPeriod, type FlowTotals, type LargeTrade,
} from '../../domain/tradeAnalysis';
import { useSymbols } from '../../data/queries';
import { useTradeFlow } from '../../data/tradeFlowQueries';

export type TradeAnalysisModel =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'empty' }
  | {
      status: 'ready';
      totals: FlowTotals;
      /** buy share of the base volume, 0..1; null when the period has no trades */
      share: number | null;
      bars: FlowBar[];
      large: LargeTrade[];
      /** the flow is only known from this time on (inside the period's window), else null */
      since: number | null;
      precisions: Precisions;
    };

/** What the trade analysis shows for a symbol and period, live. */
export function useTradeAnalysis(base: string, quote: string, symbolId: string, period: FlowPeriod): TradeAnalysisModel {
  const symbols = useSymbols().data;
  const precisions = precisionsOf(symbols ? findSymbol(symbols, base, quote) : undefined);
  const flow = useTradeFlow(symbolId);
  const { ledger, now } = flow;
  const figures = useMemo(() => {
    if (!ledger || ledger.lastId === null) return null;
    const totals = periodFlow(ledger, period, now);
    return {
      totals,
      share: buyShare(totals),
      bars: flowSeries(ledger, period, now),
      large: largeTrades(ledger, now),
      since: partialSince(ledger, period, now),
    };
  }, [ledger, period, now]);

  if (flow.isError) return { status: 'error', retry: flow.retry };
  if (flow.isLoading || !ledger) return { status: 'loading' };
  if (!figures) return { status: 'empty' };
  return { status: 'ready', ...figures, precisions };
}
