export { TradeGrid } from './TradeGrid';
export { ResetLayoutDialog } from './ResetLayoutDialog';
export { useTradeLayout, type TradeLayout } from './useTradeLayout';
