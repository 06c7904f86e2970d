export { TradeGrid, preloadTradeGrid } from './LazyTradeGrid';
export { ResetLayoutDialog } from './ResetLayoutDialog';
export { useTradeLayout, type TradeLayout } from './useTradeLayout';
