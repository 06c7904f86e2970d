/** Leveraged tokens (spec 2 §2): the subscribe / redeem card and the detail page's sections. */
export { LtTradeCard } from './LtTradeCard';
export { LtDetailSections } from './LtDetail';
export { useLtToken, type LtToken } from './useLtToken';
