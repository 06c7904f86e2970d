/**
 * A finished order is told once, by whichever reaches the page first: its
 * push on the private socket, or the create answer that already says it
 * finished (a market order fills inside the call). Pushes alone miss every
 * fill made while the socket is not subscribed — just after sign-in, or
 * while it reconnects on a bad network — and the trader would never hear of
 * an order they just sent.
 *
 * The page's push handler (privatePushes) says the notices; the order calls
 * hand their answers to it through here, so order entry does not load it.
 */
import { isOnceStatus } from '../domain/orderNotices';
import type { Order } from './orders';

/** Enough for any burst of orders a page sends; the oldest are forgotten first. */
const MEMORY = 500;
const told = new Set<string>();

/** True the first time a finished status of an order comes by (always for statuses that repeat). */
export function firstTelling(order: Pick<Order, 'orderId' | 'status'>): boolean {
  if (!isOnceStatus(order.status)) return true;
  const key = `${order.orderId}:${order.status}`;
  if (told.has(key)) return false;
  told.add(key);
  if (told.size > MEMORY) told.delete(told.values().next().value!);
  return true;
}

type AnswerAnnouncer = (order: Order) => void;
let announcer: AnswerAnnouncer | null = null;

/** Set while someone is signed in (by the push handler, which has the words and the switches). */
export function setAnswerAnnouncer(next: AnswerAnnouncer | null): void {
  announcer = next;
}

/** An order call's answer: said if it finished the order and its push has not said so already. */
export function announceAnswer(order: Order): void {
  announcer?.(order);
}
