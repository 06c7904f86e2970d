import type { Order } from '../../exchange';

/**
 * Which orders were placed as spot-margin orders (`is_leverage`). The engine
 * keeps no such flag (borrowing happens before it sees the order), so the
 * REST layer keeps it per user and order id. An OCO pair's legs are both
 * flagged, and an order a plan placed inherits its plan's flag.
 * Kept in memory for the handlers' life: few orders are margin orders.
 */
export interface LeverageFlags {
  mark(order: Pick<Order, 'userId' | 'orderId' | 'ocoSibling'>): void;
  isLeverage(order: Pick<Order, 'userId' | 'orderId' | 'parentOrderId'>): boolean;
}

export function createLeverageFlags(): LeverageFlags {
  const flagged = new Set<string>();
  const key = (userId: string, orderId: string) => `${userId}\u0000${orderId}`;
  return {
    mark(order) {
      flagged.add(key(order.userId, order.orderId));
      if (order.ocoSibling) flagged.add(key(order.userId, order.ocoSibling));
    },
    isLeverage(order) {
      if (flagged.has(key(order.userId, order.orderId))) return true;
      return order.parentOrderId !== null && flagged.has(key(order.userId, order.parentOrderId));
    },
  };
}
