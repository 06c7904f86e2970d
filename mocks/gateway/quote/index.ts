export { createQuoteGateway, type QuoteGatewayOptions } from './gateway';
export { ERRORS, type ErrorKind } from './frames';
export { mergeLevels } from './depthStreams';
export { scaleOfStep } from './streamSpec';
export { FIRST_TRADES } from './tradeKlineStreams';
