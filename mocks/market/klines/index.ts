export { aggregate, addTrade, secondBars, type Bar, type TradeLike } from './aggregate';
export {
  generateHistory,
  DAY_HISTORY_DAYS,
  HOUR_HISTORY_DAYS,
  MINUTE_HISTORY_DAYS,
  type BaseInterval,
  type HistoryOptions,
  type KlineHistory,
} from './generate';
export { DEFAULT_KLINE_LIMIT, baseOf, klineSeries, queryKlines, type KlineQuery } from './series';
