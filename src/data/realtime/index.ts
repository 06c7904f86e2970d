/** The quote socket for the rest of the page: the client, its stores' state types and the hooks. */
export { createRealtimeClient, getQuoteClient, quoteSocketUrl } from './client';
export type { RealtimeClient, RealtimeClientOptions, RealtimeStats } from './client';
export type { ConnectionStatus, Scheduler, SocketLike, WebSocketConstructor } from './connection';
export type { FrameRejection, InstrumentInfo, KlineBar, Notice, Ticker, Trade } from './frames';
export type { FrameScheduler, ReadableStore } from './streamStores';
export type { DepthTopic, StreamSpec, StreamTopic } from './streams';
export { RECENT_TRADES_KEPT } from './topicRules';
export type {
  DepthState,
  InstrumentsState,
  KlineState,
  NoticeState,
  StateByTopic,
  StreamError,
  TickersState,
  TradesState,
} from './topicRules';
export { RealtimeClientContext, useDepth, useKline, useKlineFeed, useRealtimeStats, useTickers, useTrades } from './hooks';
