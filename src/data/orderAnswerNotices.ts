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

/**
 * Answers that came before the push handler was ready (its module loads
 * beside the first paint, and it waits for the profile): said when it
 * registers, unless they are older than this — a handler that took longer
 * belongs to a later sign-in.
 */
const WAIT_MS = 15_000;
const WAITING_MAX = 50;
let waiting: Array<{ order: Order; at: number }> = [];

/** Set while someone is signed in (by the push handler, which has the words and the switches); null on sign-out forgets what waits. */
export function setAnswerAnnouncer(next: AnswerAnnouncer | null, now = Date.now()): void {
  announcer = next;
  const held = waiting;
  waiting = [];
  if (next) for (const { order, at } of held) if (now - at <= WAIT_MS) next(order);
}

/** An order call's answer: said if it finished the order and its push has not said so already. */
export function announceAnswer(order: Order, now = Date.now()): void {
  if (announcer) {
    announcer(order);
    return;
  }
  waiting.push({ order, at: now });
  if (waiting.length > WAITING_MAX) waiting.shift();
}
