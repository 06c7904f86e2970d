/**
 * The chart's data feed (spec 1 §3 widget options): where its bars come from —
 * the kline history (REST pages and the offline cache) and the bar being drawn
 * (the quote socket). The chart takes it as an option and cannot be built
 * without one; a test or another host can hand it a feed of its own.
 */
import { useChartHistory } from './chartHistory';
import { useKlineFeed } from './realtime';

export interface ChartDatafeed {
  useHistory: typeof useChartHistory;
  useLiveBar: typeof useKlineFeed;
}

export const klineDatafeed: ChartDatafeed = { useHistory: useChartHistory, useLiveBar: useKlineFeed };
