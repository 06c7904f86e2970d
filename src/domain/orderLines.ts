/**
 * The trader's open orders as lines on the chart (spec 1 chart "entrust
 * orders"; spec 2 §4): where each line sits and what its label says. An
 * ordinary limit order sits at its price; a plan order at its trigger; a
 * trailing order at its stop once it trails, before that at its activation
 * price; an order with no price of its own (market) has no line. Pure.
 */
import { isPlanOrder } from './orderStatus';

export interface LineOrder {
  orderId: string;
  symbolId: string;
  side: 'Buy' | 'Sell';
  /** LIMIT or MARKET */
  type: string;
  planType: number;
  price: string;
  triggerPrice: string;
  activationPrice: string;
  qty: string;
}

export interface OrderLine {
  orderId: string;
  side: 'Buy' | 'Sell';
  price: number;
  /** which of the order's prices the line shows */
  at: 'price' | 'trigger' | 'activation';
  planType: number;
  type: string;
  qty: string;
}

const positive = (text: string): number | null => {
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? n : null;
};

const TRAILING = new Set([4, 5]);

/** The lines of one symbol's open orders, in the order given. */
export function orderLines(orders: readonly LineOrder[], symbolId: string): OrderLine[] {
  const out: OrderLine[] = [];
  for (const o of orders) {
    if (o.symbolId !== symbolId) continue;
    const base = { orderId: o.orderId, side: o.side, planType: o.planType, type: o.type, qty: o.qty };
    if (!isPlanOrder(o.planType)) {
      const price = o.type === 'LIMIT' ? positive(o.price) : null;
      if (price !== null) out.push({ ...base, price, at: 'price' });
      continue;
    }
    const trigger = positive(o.triggerPrice);
    if (trigger !== null) out.push({ ...base, price: trigger, at: 'trigger' });
    else if (TRAILING.has(o.planType)) {
      const activation = positive(o.activationPrice);
      if (activation !== null) out.push({ ...base, price: activation, at: 'activation' });
    }
  }
  return out;
}
