export * from './amount';
export * from './errors';
export * from './exchange';
export * from './instruments';
export * from './snapshot';
export * from './types';
export { riskAverseQueue, probabilisticQueue, type QueueModel } from './queueModel';
export { exchangeFeed, OWN_TRADE_ID_BASE } from './feed';
export { balanceView, fillView, orderView } from './render';
