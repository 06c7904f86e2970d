export { createMarketHub, type ExchangeFeed, type MarketHub, type MarketHubOptions, type OwnActivity } from './hub';
export { ListingSchedule, type ListedInstrument } from './listings';
export { LiveKlines } from './liveKlines';
export { ManualScheduler, systemScheduler } from './scheduler';
export { RECENT_TRADES } from './symbolMarket';
