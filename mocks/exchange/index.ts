export * from './amount';
export * from './errors';
export * from './exchange';
export * from './instruments';
export * from './snapshot';
export * from './types';
export { riskAverseQueue, probabilisticQueue, type QueueModel } from './queueModel';
