import { useState } from 'react';
import type { FlowPeriod } from '../../domain/tradeAnalysis';
import { TradeAnalysisView } from './TradeAnalysisView';
import { useTradeAnalysis } from './useTradeAnalysis';

/**
 * Trade analysis tab of the chart area (issue 6 part 1): taker buy vs sell
 * volume and net inflow over 5 m / 1 h / 24 h, net inflow per bar, and the
 * large trades of the last 24 h, live.
 */
export function TradeAnalysisPanel({ symbolId, base, quote }: { symbolId: string; base: string; quote: string }) {
  const [period, setPeriod] = useState<FlowPeriod>('1h');
  const model = useTradeAnalysis(base, quote, symbolId, period);
  return <TradeAnalysisView model={model} period={period} onPeriod={setPeriod} base={base} quote={quote} />;
}
