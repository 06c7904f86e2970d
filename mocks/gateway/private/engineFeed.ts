/**
 * The engine's events as private pushes. The engine emits one event per
 * changed order, fill and balance line after each call or market event, all
 * synchronously; they are rendered at once (the order copies are of that
 * moment) and handed over per user after the current task, so one call gives
 * one frame per topic (an OCO pair's two legs together) and one wallet push.
 */
import { PLAN, type Exchange, type ExchangeEvent, type PlanType } from '../../exchange';
import type { OrderViews } from '../../http/orders/view';
import { PUSH_TOPICS, type AccountType } from './topics';

/** One rendered item; its topic depends on the account type at delivery (an upgrade changes it). */
export interface PendingItem {
  topicOf(accountType: AccountType): string;
  item: unknown;
}

export interface UserBatch {
  items: PendingItem[];
  walletChanged: boolean;
}

/** Spec 2 §7 topics of an order: classic accounts split plan orders by plan type, UTA has one order topic. */
export function orderTopic(accountType: AccountType, planType: PlanType): string {
  const topics = PUSH_TOPICS[accountType];
  if (planType === PLAN.ORDINARY) return topics.order;
  if (planType === PLAN.STOP_LIMIT) return topics.stopLimit;
  if (planType === PLAN.OCO) return topics.oco;
  return topics.planOrder;
}

/**
 * Subscribes to the engine; `wants(userId)` says whether anybody listens for
 * that user (nothing is rendered otherwise), `deliver` gets each user's batch.
 */
export function watchExchange(exchange: Exchange, views: OrderViews, wants: (userId: string) => boolean, deliver: (userId: string, batch: UserBatch) => void): () => void {
  let batches = new Map<string, UserBatch>();
  const batchOf = (userId: string) => {
    let batch = batches.get(userId);
    if (!batch) {
      if (batches.size === 0) queueMicrotask(flush);
      batch = { items: [], walletChanged: false };
      batches.set(userId, batch);
    }
    return batch;
  };
  function flush(): void {
    const ready = batches;
    batches = new Map();
    for (const [userId, batch] of ready) deliver(userId, batch);
  }
  function onEvent(event: ExchangeEvent): void {
    if (event.type === 'order') {
      const { order } = event;
      if (!exchange.instrument(order.symbol) || !wants(order.userId)) return;
      batchOf(order.userId).items.push({ topicOf: (type) => orderTopic(type, order.planType), item: views.order(order) });
    } else if (event.type === 'fill') {
      const { fill } = event;
      if (!exchange.instrument(fill.symbol) || !wants(fill.userId)) return;
      batchOf(fill.userId).items.push({ topicOf: (type) => PUSH_TOPICS[type].fill, item: views.fill(fill) });
    } else if (event.type === 'balance') {
      if (wants(event.userId)) batchOf(event.userId).walletChanged = true;
    }
  }
  return exchange.subscribe(onEvent);
}
