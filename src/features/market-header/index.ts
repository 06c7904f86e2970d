export { MarketHeader } from './MarketHeader';
