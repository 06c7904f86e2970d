/**
 * How the rest of the mock tells a grid bot's orders from the user's own:
 * by their client id, which the desk gives every order it places
 * ("grid-<botId>-<n>"). Stateless, so the order history keeps the tag after
 * the desk forgot the order.
 */
import { GRID_BOT_TRADE_FROM } from '../../src/domain/orderStatus';
import { GRID_CLIENT_PREFIX } from './gridState';

/**
 * `specialTradeFrom` of a grid bot's order (spec 2 §3 order field; 0 is the
 * user's own order): not 0, so no notification (spec 2 §4); the page also
 * keeps these out of its open-order lists (the bot's panel shows the bot).
 */
export const GRID_SPECIAL_TRADE_FROM = GRID_BOT_TRADE_FROM;

const GRID_CLIENT_ID = new RegExp(`^${GRID_CLIENT_PREFIX}(6\\d{11})-\\d+$`);

/** The bot that placed an order, or null for an order of the user's own. */
export function gridBotOfOrder(order: { clientOrderId: string }): string | null {
  return GRID_CLIENT_ID.exec(order.clientOrderId)?.[1] ?? null;
}
