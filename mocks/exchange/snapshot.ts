import type { Amount } from './amount';
import { Exchange, type ExchangeOptions } from './exchange';
import { Ledger } from './ledger';
import type { BookFlowState } from './symbolBook';
import { FINAL_STATUSES, PLAN, type AccountSettings, type Fill, type Order } from './types';

/** The engine's whole state as JSON-safe data (bigints as decimal strings). */
export interface ExchangeSnapshot {
  format: 'exchange-snapshot';
  version: 1;
  time: number;
  orderSeq: number;
  tradeSeq: number;
  acceptSeq: number;
  accounts: AccountSettings[];
  ledger: ReturnType<Ledger['toJSON']>;
  orders: Array<Record<string, unknown>>;
  resting: string[];
  finished: Record<string, string[]>;
  fills: Record<string, Array<Record<string, unknown>>>;
  clientIds: Array<[string, string]>;
  quotaUsed: Array<[string, string]>;
  pending: Array<{ due: number; orderId: string }>;
  books: Array<{
    symbol: string; synced: boolean; lastPrice: number | null; bids: Array<[number, number]>; asks: Array<[number, number]>;
    flow: BookFlowState;
  }>;
  queue: unknown;
}

const ORDER_AMOUNTS = ['quoteQty', 'executedValue', 'fee', 'locked'] as const;
const FILL_AMOUNTS = ['value', 'fee'] as const;

function amountsOut<T extends object>(o: T, keys: readonly string[]): Record<string, unknown> {
  const out = { ...o } as Record<string, unknown>;
  for (const k of keys) out[k] = String(out[k] as Amount);
  return out;
}

function amountsIn<T>(o: Record<string, unknown>, keys: readonly string[]): T {
  const out: Record<string, unknown> = { ...o };
  for (const k of keys) out[k] = BigInt(out[k] as string);
  return out as T;
}

/** Serialises the engine (accounts, balances, orders, history, books, queue generator) for persistence. */
export function snapshotExchange(exchange: Exchange): ExchangeSnapshot {
  const s = exchange.state();
  return {
    format: 'exchange-snapshot',
    version: 1,
    time: s.time,
    orderSeq: s.orderSeq,
    tradeSeq: s.tradeSeq,
    acceptSeq: s.acceptSeq,
    accounts: [...s.accounts.values()].map((a) => ({ ...a })),
    ledger: exchange.ledger.toJSON(),
    orders: [...s.orders.values()].map((o) => amountsOut(o, ORDER_AMOUNTS)),
    resting: [...s.resting],
    finished: Object.fromEntries([...s.finished].map(([u, ids]) => [u, [...ids]])),
    fills: Object.fromEntries([...s.fillLog].map(([u, fills]) => [u, fills.map((f) => amountsOut(f, FILL_AMOUNTS))])),
    clientIds: [...s.clientIds],
    quotaUsed: [...s.quotaUsed].map(([k, v]) => [k, String(v)]),
    pending: s.pending.map((p) => ({ ...p })),
    books: [...s.books.values()].map((b) => ({
      symbol: b.symbol, synced: b.synced, lastPrice: b.lastPrice, bids: b.book.bids.levels(), asks: b.book.asks.levels(), flow: b.flowState(),
    })),
    queue: s.queue.state(),
  };
}

/**
 * A new engine in the snapshot's state. Throws on a snapshot of another
 * format; callers holding stored data catch that and start fresh.
 */
export function restoreExchange(options: ExchangeOptions, snap: ExchangeSnapshot): Exchange {
  if (snap?.format !== 'exchange-snapshot' || snap.version !== 1) throw new Error('not an exchange snapshot of version 1');
  const problem = bodyProblem(snap);
  if (problem) throw new Error(`damaged exchange snapshot: ${problem}`);
  const exchange = new Exchange(options);
  const s = exchange.state();
  exchange.restoreCounters(snap);
  for (const a of snap.accounts) s.accounts.set(a.userId, { ...a });
  const ledger = Ledger.fromJSON(snap.ledger);
  for (const userId of ledger.users()) for (const line of ledger.lines(userId)) exchange.ledger.set(userId, line.token, line.free, line.locked);
  exchange.ledger.takeDirty();
  for (const raw of snap.orders) {
    const order = amountsIn<Order>(raw, ORDER_AMOUNTS);
    s.orders.set(order.orderId, order);
    if (!FINAL_STATUSES.has(order.status)) {
      let open = s.openIds.get(order.userId);
      if (!open) s.openIds.set(order.userId, (open = new Set()));
      open.add(order.orderId);
      if (order.planType !== PLAN.ORDINARY) {
        let list = s.plans.get(order.symbol);
        if (!list) s.plans.set(order.symbol, (list = []));
        list.push(order);
      }
    }
  }
  for (const [u, ids] of Object.entries(snap.finished)) s.finished.set(u, [...ids]);
  for (const [u, fills] of Object.entries(snap.fills)) s.fillLog.set(u, fills.map((f) => amountsIn<Fill>(f, FILL_AMOUNTS)));
  for (const [k, v] of snap.clientIds) s.clientIds.set(k, v);
  for (const [k, v] of snap.quotaUsed) s.quotaUsed.set(k, BigInt(v));
  for (const b of snap.books) {
    const book = s.books.get(b.symbol);
    if (!book) continue;
    book.book.replace({ b: b.bids, a: b.asks });
    book.synced = b.synced;
    book.lastPrice = b.lastPrice;
    book.restoreFlow(b.flow);
  }
  for (const id of snap.resting) {
    const order = s.orders.get(id);
    if (!order) continue;
    s.resting.add(id);
    s.books.get(order.symbol)?.restWithQueue(order);
  }
  s.queue.restore(snap.queue);
  return exchange;
}

const isInt = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v);
const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first part of a snapshot body that is missing or of the wrong kind; null when every part is there. */
function bodyProblem(snap: ExchangeSnapshot): string | null {
  for (const key of ['time', 'orderSeq', 'tradeSeq', 'acceptSeq'] as const) if (!isInt(snap[key])) return `${key} is not an integer`;
  for (const key of ['accounts', 'orders', 'resting', 'clientIds', 'quotaUsed', 'pending', 'books'] as const) if (!Array.isArray(snap[key])) return `${key} is not a list`;
  for (const key of ['ledger', 'finished', 'fills'] as const) if (!isObject(snap[key])) return `${key} is not an object`;
  for (const o of snap.orders) {
    if (!isObject(o) || typeof o.orderId !== 'string' || typeof o.userId !== 'string' || typeof o.status !== 'string' || !isInt(o.qty) || !isInt(o.price)) return 'an order lacks its id, user, status, price or quantity';
  }
  const ids = new Set(snap.orders.map((o) => o.orderId as string));
  if (!snap.resting.every((id) => ids.has(id))) return 'a resting order is not among the orders';
  if (!snap.pending.every((p) => isObject(p) && ids.has(p.orderId) && isInt(p.due))) return 'a waiting order is not among the orders';
  for (const b of snap.books) {
    if (!isObject(b) || !Array.isArray(b.bids) || !Array.isArray(b.asks) || !isObject(b.flow)) return 'a book lacks its levels';
  }
  return null;
}
