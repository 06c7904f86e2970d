export { TradeAnalysisPanel } from './TradeAnalysisPanel';
