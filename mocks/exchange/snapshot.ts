import type { Amount } from './amount';
import { Exchange, type ExchangeOptions } from './exchange';
import type { ListChange } from './journal';
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

/** The fields a snapshot always keeps whole: format, clock, counters, waiting orders, queue generator. */
function wholeFields(s: ReturnType<Exchange['state']>) {
  return {
    format: 'exchange-snapshot' as const,
    version: 1 as const,
    time: s.time,
    orderSeq: s.orderSeq,
    tradeSeq: s.tradeSeq,
    acceptSeq: s.acceptSeq,
    pending: s.pending.map((p) => ({ ...p })),
    queue: s.queue.state(),
  };
}

/** Serialises the engine (accounts, balances, orders, history, books, queue generator) for persistence. */
export function snapshotExchange(exchange: Exchange): ExchangeSnapshot {
  const s = exchange.state();
  return {
    ...wholeFields(s),
    accounts: [...s.accounts.values()].map((a) => ({ ...a })),
    ledger: exchange.ledger.toJSON(),
    orders: [...s.orders.values()].map((o) => amountsOut(o, ORDER_AMOUNTS)),
    resting: [...s.resting],
    finished: Object.fromEntries([...s.finished].map(([u, ids]) => [u, [...ids]])),
    fills: Object.fromEntries([...s.fillLog].map(([u, fills]) => [u, fills.map((f) => amountsOut(f, FILL_AMOUNTS))])),
    clientIds: [...s.clientIds],
    quotaUsed: [...s.quotaUsed].map(([k, v]) => [k, String(v)]),
    books: [...s.books.values()].map((b) => ({
      symbol: b.symbol, synced: b.synced, lastPrice: b.lastPrice, bids: b.book.bids.levels(), asks: b.book.asks.levels(), flow: b.flowState(),
    })),
  };
}

/** The id a fill is kept under: a self-trade gives one user two fills of one trade, one per order. */
export const fillRecordId = (fill: { tradeId: string; orderId: string }) => `${fill.tradeId}/${fill.orderId}`;

/**
 * A field of the snapshot given as its changes: items set (by id, in the
 * snapshot's form) and ids gone. `last`: the items set go after every other,
 * in this order (a set of ids, where one taken off and added again moves last).
 */
export class ItemChanges {
  constructor(
    readonly set: Array<[string, unknown]>,
    readonly drop: string[],
    readonly last = false,
  ) {}
}

/** One user's list of a grouped field (finished ids, fills) given as its changes; `cleared` drops it first. */
export interface GroupChange {
  cleared: boolean;
  /** the user still has the list */
  present: boolean;
  set: Array<[string, unknown]>;
  drop: string[];
}

/** A grouped field given as the changes of the users' lists that changed. */
export class GroupChanges {
  constructor(readonly groups: Map<string, GroupChange>) {}
}

type Journaled = 'orders' | 'resting' | 'accounts' | 'ledger' | 'clientIds' | 'quotaUsed' | 'finished' | 'fills';

/** The engine's state as what changed since the last time it was taken: the fields that grow with the history as changes, the others whole. */
export type ExchangeChanges = Omit<ExchangeSnapshot, Journaled> & {
  orders: ItemChanges;
  resting: ItemChanges;
  accounts: ItemChanges;
  ledger: ItemChanges;
  clientIds: ItemChanges;
  quotaUsed: ItemChanges;
  finished: GroupChanges;
  fills: GroupChanges;
};

function itemChanges<T>(ids: Iterable<string>, get: (id: string) => T | undefined, out: (value: T, id: string) => unknown, last = false): ItemChanges {
  const set: Array<[string, unknown]> = [];
  const drop: string[] = [];
  for (const id of ids) {
    const value = get(id);
    if (value === undefined) drop.push(id);
    else set.push([id, out(value, id)]);
  }
  return new ItemChanges(set, drop, last);
}

function groupChanges<T>(lists: Map<string, ListChange<T>>, kept: Map<string, unknown[]>, idOf: (item: T) => string, out: (item: T) => unknown): GroupChanges {
  const groups = new Map<string, GroupChange>();
  for (const [userId, change] of lists) {
    const drop = change.dropped.map(idOf);
    const gone = new Set(drop);
    const set: Array<[string, unknown]> = [];
    // Added and trimmed again before this save: never written.
    for (const item of change.added) if (!gone.has(idOf(item))) set.push([idOf(item), out(item)]);
    groups.set(userId, { cleared: change.cleared, present: kept.has(userId), set, drop });
  }
  return new GroupChanges(groups);
}

/**
 * What changed since the engine's change journal was last taken (it must be
 * tracking: `trackChanges`), and takes it. Costs the changes, not the
 * history: a store that keeps records writes these and keeps the rest.
 */
export function snapshotChanges(exchange: Exchange): ExchangeChanges {
  const journal = exchange.takeChanges();
  const s = exchange.state();
  return {
    ...wholeFields(s),
    accounts: itemChanges(journal.accounts, (id) => s.accounts.get(id), (a) => ({ ...a })),
    ledger: itemChanges(journal.balances, (id) => exchange.ledger.userJSON(id), (lines) => lines),
    orders: itemChanges(journal.orders, (id) => s.orders.get(id), (o) => amountsOut(o, ORDER_AMOUNTS)),
    resting: itemChanges(journal.resting, (id) => (s.resting.has(id) ? id : undefined), (id) => id, true),
    finished: groupChanges(journal.finished, s.finished, (id) => id, (id) => id),
    fills: groupChanges(journal.fills, s.fillLog, fillRecordId, (f) => amountsOut(f, FILL_AMOUNTS)),
    clientIds: itemChanges(journal.clientIds, (key) => s.clientIds.get(key), (orderId, key) => [key, orderId]),
    quotaUsed: itemChanges(journal.quota, (key) => s.quotaUsed.get(key), (used, key) => [key, String(used)]),
    // The books are the replay's: a store keeps accounts, and a run rebuilds its books from its own replay.
    books: [],
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
