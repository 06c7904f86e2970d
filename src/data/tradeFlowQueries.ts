import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { flowNow, foldLiveTrades, ledgerOf, type FlowLedger } from '../domain/tradeAnalysis';
import { fetchTradeFlow } from './api/tradeFlow';
import { RECENT_TRADES_KEPT, useTrades, type Trade } from './realtime';

/** Under 'market', so an account switch does not refetch it. */
export const tradeFlowQueryKey = (symbol: string) => ['market', 'tradeFlow', symbol] as const;

/** The snapshot is fetched again this often while the page is visible (react-query pauses it while hidden). */
export const TRADE_FLOW_REFETCH_MS = 30_000;

interface FoldState {
  /** the snapshot's ledger the fold started from */
  base: FlowLedger;
  /** the stream list last folded */
  trades: readonly Trade[];
  ledger: FlowLedger;
  newestId: number | null;
  /** the fold cannot be trusted (trades lost, or the replay went back): fetch the snapshot again */
  resync: boolean;
}

export interface LiveTradeFlow {
  /** the exchange's ledger with the live trades since folded in; null until the first answer */
  ledger: FlowLedger | null;
  /** the analysis clock (exchange ms): the answer's time, moved on by newer trades */
  now: number;
  isLoading: boolean;
  isError: boolean;
  retry: () => void;
}

/**
 * Trade analysis data: the exchange's 24 h flow snapshot, refetched every
 * 30 s, with the trade stream folded in between so the numbers move with
 * each trade. Only trades newer than the snapshot's last id are folded, so
 * none counts twice. The snapshot is fetched again at once when the stream
 * lost trades the fold needed, or went back in time (a replay seek).
 */
export function useTradeFlow(symbol: string): LiveTradeFlow {
  const query = useQuery({
    queryKey: tradeFlowQueryKey(symbol),
    queryFn: ({ signal }) => fetchTradeFlow(symbol, signal),
    refetchInterval: TRADE_FLOW_REFETCH_MS,
    enabled: symbol !== '',
  });
  const { refetch } = query;
  const stream = useTrades(symbol);
  const snapshot = query.data;
  const base = useMemo(() => (snapshot ? ledgerOf(snapshot) : null), [snapshot]);

  // The stream keeps only 100 trades: what was folded is carried from push to push (state adjusted
  // during render, React's pattern for state derived from changing inputs) until the next snapshot.
  const [live, setLive] = useState<FoldState | null>(null);
  let current = live;
  if (base && (live?.base !== base || live.trades !== stream.trades)) {
    const from = live?.base === base ? live.ledger : base;
    const result = foldLiveTrades(from, stream.trades, RECENT_TRADES_KEPT);
    const newestId = stream.trades[0] ? Number(stream.trades[0].v) : null;
    // The newest trade going back in time means the replay jumped back: the snapshot counts trades that are gone.
    const rewound = newestId !== null && live?.newestId != null && newestId < live.newestId;
    current = { base, trades: stream.trades, ledger: result.ledger, newestId, resync: result.missed || rewound };
    setLive(current);
  }

  // Until the new symbol's snapshot is in, the old symbol's fold is not shown.
  const shown = current && current.base === base ? current : null;
  const resync = shown?.resync ?? false;
  useEffect(() => {
    if (resync) void refetch();
  }, [resync, refetch]);

  return {
    ledger: shown?.ledger ?? null,
    now: shown && snapshot ? flowNow(shown.ledger, snapshot.asOf) : 0,
    isLoading: !snapshot && !query.isError,
    // A failed refetch keeps the numbers shown; only a panel with nothing to show reports the error.
    isError: query.isError && !snapshot,
    retry: () => void refetch(),
  };
}
