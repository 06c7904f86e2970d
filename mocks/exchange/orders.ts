import { baseOf, lotsFor, valueOf, type Amount } from './amount';
import type { Instrument } from './instruments';
import { priceBand } from './validate';
import { PLAN, type Order } from './types';

const ID_DIGITS = 17;

/** Exchange-style numeric ids: a two-digit family then a zero-padded sequence (orders "19…", trades "21…"). */
export const orderIdOf = (seq: number): string => `19${String(seq).padStart(ID_DIGITS, '0')}`;
export const tradeIdOf = (seq: number): string => `21${String(seq).padStart(ID_DIGITS, '0')}`;

export function blankOrder(init: Pick<Order, 'orderId' | 'clientOrderId' | 'userId' | 'symbol' | 'side' | 'createdAt'>): Order {
  return {
    ...init,
    orderType: 'Limit',
    timeInForce: 'GTC',
    planType: PLAN.ORDINARY,
    status: 'New',
    price: 0,
    qty: 0,
    marketUnit: 'baseCoin',
    quoteQty: 0n,
    slippage: null,
    executedQty: 0,
    executedValue: 0n,
    fee: 0n,
    locked: 0n,
    triggerPrice: 0,
    activationPrice: 0,
    trailingValue: 0,
    trailingBps: 0,
    trailActive: false,
    trailExtreme: 0,
    triggerDirection: null,
    ocoSibling: null,
    ocoRole: null,
    parentOrderId: null,
    childOrderId: null,
    queueAhead: 0,
    reason: null,
    updatedAt: init.createdAt,
    seq: 0,
  };
}

/** The token an order's lock is held in: quote for a buy, base for a sell. */
export const lockToken = (inst: Instrument, order: Pick<Order, 'side'>): string => (order.side === 'Buy' ? inst.quote : inst.base);

/**
 * What an order must hold locked for its unfilled part. A limit buy holds its
 * price × quantity; a market buy by value its value; a market buy by quantity
 * the most it could cost inside the price band around `reference` (the
 * trigger for a plan); a sell its base quantity, or for a market sell by
 * value the lots that value needs at the band's low.
 */
export function lockNeed(inst: Instrument, order: Order, reference: number): Amount {
  const lots = order.qty - order.executedQty;
  const [bandLow, bandHigh] = priceBand(inst, reference);
  if (order.side === 'Buy') {
    if (order.orderType === 'Limit') return valueOf(inst.scale, order.price, lots);
    if (order.marketUnit === 'quoteCoin') return order.quoteQty - order.executedValue;
    return valueOf(inst.scale, bandHigh, lots);
  }
  if (order.orderType === 'Market' && order.marketUnit === 'quoteCoin') {
    const need = order.quoteQty - order.executedValue;
    const low = Math.max(1, bandLow);
    // Round up: a value that ends mid-lot still needs the whole lot.
    const whole = lotsFor(inst.scale, need, low);
    return baseOf(inst.scale, valueOf(inst.scale, low, whole) < need ? whole + 1 : whole);
  }
  return baseOf(inst.scale, lots);
}

/** Price a plan's lock is reckoned at: its limit price, else its trigger or activation, else the market. */
export function planReference(order: Order, market: number): number {
  return order.price || order.triggerPrice || order.activationPrice || market;
}
