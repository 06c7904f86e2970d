export { LatestTrades } from './LatestTrades';
