/**
 * A limit order's attached take-profit and stop-loss (spec 2 §1 "Limit:
 * optional TP/SL"). The engine knows nothing of them: this desk remembers
 * each attachment and, when its order has filled (wholly, or partly and
 * then cancelled), places the closing orders for what was received — one
 * OCO when both prices are set (one lock for the pair), else one TP/SL plan.
 * Both close with a market order on the other side. An order that ends with
 * nothing filled takes its attachment with it.
 *
 * What became of each attachment (placed, or refused with the exchange's
 * code when the market had already passed a price or the filled part was
 * below the minimum) is kept so that the order's view can tell the trader.
 */
import { Decimal } from 'decimal.js';
import type { Exchange } from './exchange';
import { orderView } from './render';
import { FINAL_STATUSES, PLAN, type Order, type OrderRequest, type Side } from './types';

export interface Attachment {
  userId: string;
  orderId: string;
  takeProfit: string | null;
  stopLoss: string | null;
}

/** waiting: the order is still open; placed / refused: it has ended and the closing orders were (not) placed. */
export type AttachmentState = 'waiting' | 'placed' | 'refused' | 'dropped';

export interface AttachmentRecord extends Attachment {
  state: AttachmentState;
  /** the exchange's refusal code when refused */
  refusalCode?: number;
}

export interface AttachedTpslDesk {
  attach(attachment: Attachment): void;
  /** the attachment of an order, open or ended, with what became of it */
  of(orderId: string): AttachmentRecord | undefined;
  toJSON(): AttachmentRecord[];
  onChange(listener: () => void): () => void;
  close(): void;
}

/** Ended attachments kept for the order history; the oldest go first. */
const KEEP_ENDED = 500;
const STATES: ReadonlySet<string> = new Set<AttachmentState>(['waiting', 'placed', 'refused', 'dropped']);

function readRecord(v: unknown): AttachmentRecord | null {
  if (typeof v !== 'object' || v === null) return null;
  const a = v as Partial<AttachmentRecord>;
  const price = (p: unknown) => p === null || typeof p === 'string';
  if (typeof a.userId !== 'string' || typeof a.orderId !== 'string' || !price(a.takeProfit) || !price(a.stopLoss)) return null;
  const state = typeof a.state === 'string' && STATES.has(a.state) ? a.state : 'waiting';
  const record: AttachmentRecord = { userId: a.userId, orderId: a.orderId, takeProfit: a.takeProfit ?? null, stopLoss: a.stopLoss ?? null, state };
  if (state === 'refused' && typeof a.refusalCode === 'number') record.refusalCode = a.refusalCode;
  return record;
}

/** The closing order for what the filled order received: a buy receives its quantity less the fee (paid in base). */
function closingRequest(attachment: Attachment, order: Readonly<Order>, exchange: Exchange): OrderRequest | null {
  const inst = exchange.instrument(order.symbol);
  if (!inst) return null;
  const view = orderView(order as Order, inst);
  const received = new Decimal(view.executedQty).minus(order.side === 'Buy' ? view.fee : '0');
  const qty = received.toDecimalPlaces(new Decimal(inst.lot).decimalPlaces(), Decimal.ROUND_DOWN);
  if (qty.lte(0)) return null;
  const side: Side = order.side === 'Buy' ? 'Sell' : 'Buy';
  const base = { symbol: order.symbol, side, qty: qty.toFixed(), marketUnit: 'baseCoin' as const, orderType: 'Market' as const, closesAttachedTpsl: true };
  const { takeProfit, stopLoss } = attachment;
  if (takeProfit && stopLoss) {
    return { ...base, oco: { takeProfit: { triggerPrice: takeProfit, orderType: 'Market' }, stopLoss: { triggerPrice: stopLoss, orderType: 'Market' } } };
  }
  return { ...base, planType: PLAN.TPSL, triggerPrice: (takeProfit ?? stopLoss)! };
}

/**
 * `defer` runs the placing outside the engine's event dispatch (an order
 * cannot be created from inside the event of another); `now` is the
 * exchange clock.
 */
export function createAttachedTpslDesk(exchange: Exchange, options: { state?: unknown; now: () => number; defer: (run: () => void) => void }): AttachedTpslDesk {
  const records = new Map<string, AttachmentRecord>();
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((l) => l());
  if (Array.isArray(options.state)) {
    for (const raw of options.state) {
      const record = readRecord(raw);
      if (record) records.set(record.orderId, record);
    }
  }

  const end = (record: AttachmentRecord, state: AttachmentState, refusalCode?: number) => {
    records.set(record.orderId, { ...record, state, ...(refusalCode !== undefined ? { refusalCode } : {}) });
    const ended = [...records.values()].filter((r) => r.state !== 'waiting');
    for (const old of ended.slice(0, Math.max(0, ended.length - KEEP_ENDED))) records.delete(old.orderId);
    changed();
  };

  const settle = (record: AttachmentRecord, order: Readonly<Order>) => {
    if (order.executedQty <= 0) return end(record, 'dropped');
    options.defer(() => {
      const request = closingRequest(record, order, exchange);
      if (!request) return end(record, 'dropped');
      const result = exchange.create(record.userId, request, options.now());
      end(record, result.ok ? 'placed' : 'refused', result.ok ? undefined : result.error.code);
    });
  };

  const unsubscribe = exchange.subscribe((event) => {
    if (event.type !== 'order') return;
    const record = records.get(event.order.orderId);
    if (record?.state !== 'waiting' || !FINAL_STATUSES.has(event.order.status)) return;
    settle(record, event.order);
  });

  // An order that ended while the desk was away (a restart) settles now.
  for (const record of records.values()) {
    if (record.state !== 'waiting') continue;
    const order = exchange.getOrder(record.userId, { orderId: record.orderId });
    if (!order) records.delete(record.orderId);
    else if (FINAL_STATUSES.has(order.status)) settle(record, order);
  }

  return {
    attach(attachment) {
      if (!attachment.takeProfit && !attachment.stopLoss) return;
      const order = exchange.getOrder(attachment.userId, { orderId: attachment.orderId });
      if (!order) return;
      const record: AttachmentRecord = { ...attachment, state: 'waiting' };
      records.set(attachment.orderId, record);
      changed();
      // Filled inside the create call (no entry latency): settle after the call.
      if (FINAL_STATUSES.has(order.status)) settle(record, order);
    },
    of: (orderId) => records.get(orderId),
    toJSON: () => [...records.values()].map((r) => ({ ...r })),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: unsubscribe,
  };
}
