import { valueOf, type Amount } from './amount';
import type { ExchangeError } from './errors';
import type { Instrument } from './instruments';
import { ChangeJournal } from './journal';
import { Ledger } from './ledger';
import { lockToken } from './orders';
import { probabilisticQueue, riskAverseQueue, type QueueModel } from './queueModel';
import { SymbolBook } from './symbolBook';
import { PLAN, type AccountSettings, type BalanceLine, type CancelRequest, type ExchangeEvent, type Fill, type Order, type OrderStatus, type Result } from './types';

export interface ExchangeOptions {
  instruments: readonly Instrument[];
  /** fees in parts per million of the traded amount; REFERENCE.md: 0.1 % maker and taker */
  makerFeePpm?: number;
  takerFeePpm?: number;
  /** constant order-entry latency on the virtual clock: a new order meets the book this much later */
  latencyMs?: number;
  queue?: { kind: 'riskAverse' } | { kind: 'probabilistic'; seed: number; power?: number };
  /** REFERENCE.md: 500 open orders per account; 30 TP/SL and 30 conditional per symbol */
  maxOpenOrders?: number;
  maxPlansPerSymbol?: number;
  /** finished orders and fills kept per user for the history calls */
  historyLimit?: number;
  startTime?: number;
}

export type Listener = (event: ExchangeEvent) => void;
export const PPM = 1_000_000n;
const DAY_MS = 86_400_000;
export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const refuse = (error: ExchangeError): { ok: false; error: ExchangeError } => ({ ok: false, error });

/**
 * The exchange's state and bookkeeping: instruments, books, accounts,
 * orders and history, the ledger, events out, and the read-only queries.
 * Matching (matching.ts) and the calls (exchange.ts) build on it.
 */
export abstract class ExchangeCore {
  readonly ledger = new Ledger();
  protected readonly instruments = new Map<string, Instrument>();
  protected readonly books = new Map<string, SymbolBook>();
  protected readonly accounts = new Map<string, AccountSettings>();
  protected readonly orders = new Map<string, Order>();
  protected readonly openIds = new Map<string, Set<string>>();
  protected readonly plans = new Map<string, Order[]>();
  protected readonly resting = new Set<string>();
  protected readonly finished = new Map<string, string[]>();
  protected readonly fillLog = new Map<string, Fill[]>();
  protected readonly clientIds = new Map<string, string>();
  protected readonly quotaUsed = new Map<string, Amount>();
  protected pending: Array<{ due: number; orderId: string }> = [];
  protected readonly listeners = new Set<Listener>();
  protected readonly touched = new Map<string, Order>();
  /** what changed since a store last took it; null until one asks (`trackChanges`) */
  protected journal: ChangeJournal | null = null;
  protected readonly queue: QueueModel;
  protected readonly makerFee: bigint;
  protected readonly takerFee: bigint;
  protected readonly latency: number;
  protected readonly maxOpen: number;
  protected readonly maxPlans: number;
  protected readonly historyLimit: number;
  protected time: number;
  protected orderSeq = 0;
  protected tradeSeq = 0;
  protected acceptSeq = 0;

  constructor(readonly options: ExchangeOptions) {
    for (const inst of options.instruments) {
      this.instruments.set(inst.symbol, inst);
      this.books.set(inst.symbol, new SymbolBook(inst.symbol));
    }
    const q = options.queue ?? { kind: 'riskAverse' };
    this.queue = q.kind === 'probabilistic' ? probabilisticQueue(q) : riskAverseQueue;
    this.makerFee = BigInt(options.makerFeePpm ?? 1000);
    this.takerFee = BigInt(options.takerFeePpm ?? 1000);
    this.latency = options.latencyMs ?? 0;
    this.maxOpen = options.maxOpenOrders ?? 500;
    this.maxPlans = options.maxPlansPerSymbol ?? 30;
    this.historyLimit = options.historyLimit ?? 10_000;
    this.time = options.startTime ?? 0;
  }

  protected quotaKey(userId: string, symbol: string): string {
    return `${userId}|${symbol}|${Math.floor(this.time / DAY_MS)}`;
  }

  // ---- bookkeeping ----------------------------------------------------------

  protected register(order: Order): void {
    this.orders.set(order.orderId, order);
    this.journal?.orders.add(order.orderId);
    // Generated client ids are found like chosen ones (cancel and modify by the id the exchange reported).
    const clientKey = `${order.userId}\u0000${order.clientOrderId}`;
    if (!this.clientIds.has(clientKey)) {
      this.clientIds.set(clientKey, order.orderId);
      this.journal?.clientIds.add(clientKey);
    }
    let open = this.openIds.get(order.userId);
    if (!open) {
      open = new Set();
      this.openIds.set(order.userId, open);
    }
    open.add(order.orderId);
  }

  protected unrest(order: Order): void {
    if (!this.resting.delete(order.orderId)) return;
    this.journal?.restingChanged(order.orderId);
    this.books.get(order.symbol)!.unrest(order);
  }

  /** Ends an order: final status, lock released, off the book and the plan list, into history. */
  protected finish(order: Order, status: OrderStatus, reason: ExchangeError | null = null): void {
    this.unrest(order);
    order.status = status;
    order.reason = reason;
    order.updatedAt = this.time;
    if (order.locked > 0n) {
      this.ledger.unlock(order.userId, lockToken(this.instruments.get(order.symbol)!, order), order.locked);
      order.locked = 0n;
    }
    if (order.planType !== PLAN.ORDINARY) {
      const list = this.plans.get(order.symbol);
      const at = list ? list.indexOf(order) : -1;
      if (at >= 0) list!.splice(at, 1);
    }
    this.openIds.get(order.userId)?.delete(order.orderId);
    const done = listIn(this.finished, order.userId);
    done.push(order.orderId);
    this.journal?.finishedAdded(order.userId, order.orderId);
    // Trim in batches: a shift per order would move the whole history each time.
    if (done.length > this.historyLimit * 2) {
      const trimmed = done.splice(0, done.length - this.historyLimit);
      this.journal?.finishedDropped(order.userId, trimmed);
      for (const id of trimmed) this.forgetOrder(id);
    }
    this.touch(order);
  }

  protected logFill(fill: Fill): void {
    const log = listIn(this.fillLog, fill.userId);
    log.push(fill);
    this.journal?.fillAdded(fill);
    if (log.length > this.historyLimit * 2) {
      const trimmed = log.splice(0, log.length - this.historyLimit);
      this.journal?.fillsDropped(fill.userId, trimmed);
    }
  }

  /** A finished order out of the history: the order and its client order id. */
  protected forgetOrder(orderId: string): void {
    const old = this.orders.get(orderId);
    if (!old) return;
    this.orders.delete(orderId);
    this.journal?.orders.add(orderId);
    const clientKey = `${old.userId}\u0000${old.clientOrderId}`;
    // A client id reused after its order ended names the newer order: that one stays.
    if (this.clientIds.get(clientKey) === orderId) {
      this.clientIds.delete(clientKey);
      this.journal?.clientIds.add(clientKey);
    }
  }

  protected touch(order: Order): void {
    this.touched.set(order.orderId, order);
    this.journal?.orders.add(order.orderId);
  }

  /** Starts the change journal: from now on `takeChanges` says what changed (a store that writes only that). */
  trackChanges(): void {
    this.journal ??= new ChangeJournal();
    this.ledger.trackChanges();
    for (const book of this.books.values()) book.onQueueMoved ??= (order) => this.journal?.orders.add(order.orderId);
  }

  tracksChanges(): boolean {
    return this.journal !== null;
  }

  /** What changed since the last call (or since `trackChanges`), and starts a new journal. */
  takeChanges(): ChangeJournal {
    const taken = this.journal ?? new ChangeJournal();
    for (const userId of this.ledger.takeChangedUsers()) taken.balances.add(userId);
    if (this.journal) this.journal = new ChangeJournal();
    return taken;
  }

  protected emit(event: ExchangeEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  /** One order event per changed order and one balance event per changed line, after each call or market event. */
  protected flush(): void {
    if (this.touched.size > 0) {
      const orders = [...this.touched.values()];
      this.touched.clear();
      for (const order of orders) this.emit({ type: 'order', order: { ...order }, time: this.time });
    }
    for (const { userId, line } of this.ledger.takeDirty()) this.emit({ type: 'balance', userId, line, time: this.time });
  }

  protected find(userId: string, req: CancelRequest): Order | undefined {
    let order = req.orderId ? this.orders.get(req.orderId) : undefined;
    if (!order && req.clientOrderId) {
      const id = this.clientIds.get(`${userId}\u0000${req.clientOrderId}`);
      order = id ? this.orders.get(id) : undefined;
    }
    return order && order.userId === userId ? order : undefined;
  }

  /** Last trade price, else the mid of the recorded book, else null. */
  protected referencePrice(book: SymbolBook): number | null {
    if (book.lastPrice !== null) return book.lastPrice;
    // The published book: the recording's levels still on offer and the users' orders.
    const bid = book.bestAvailable('Sell');
    const ask = book.bestAvailable('Buy');
    if (bid !== undefined && ask !== undefined) return Math.round((bid + ask) / 2);
    return bid ?? ask ?? null;
  }

  // ---- queries --------------------------------------------------------------

  getOrder(userId: string, req: CancelRequest): Order | undefined {
    const order = this.find(userId, req);
    return order ? { ...order } : undefined;
  }

  /** Open orders, newest first; `plan` picks plan orders (untriggered) instead of ordinary ones. */
  openOrders(userId: string, filter: { symbol?: string; plan?: boolean; planTypes?: readonly number[] } = {}): Order[] {
    const out: Order[] = [];
    for (const id of this.openIds.get(userId) ?? []) {
      const o = this.orders.get(id)!;
      if (filter.symbol && o.symbol !== filter.symbol) continue;
      if ((filter.plan ?? false) !== (o.planType !== PLAN.ORDINARY)) continue;
      if (filter.planTypes && !filter.planTypes.includes(o.planType)) continue;
      out.push({ ...o });
    }
    return out.sort((a, b) => b.createdAt - a.createdAt || (a.orderId < b.orderId ? 1 : -1));
  }

  /** Finished orders, newest first. */
  orderHistory(userId: string): Order[] {
    const ids = this.finished.get(userId) ?? [];
    const out: Order[] = [];
    for (let i = ids.length - 1; i >= 0 && out.length < this.historyLimit; i--) {
      const o = this.orders.get(ids[i]!);
      if (o) out.push({ ...o });
    }
    return out;
  }

  /** Fills, newest first. */
  fills(userId: string): Fill[] {
    return (this.fillLog.get(userId) ?? []).slice(-this.historyLimit).reverse();
  }

  balances(userId: string): BalanceLine[] {
    return this.ledger.lines(userId);
  }

  /** The book a user sees: recorded levels plus every account's resting orders, best first (instrument units). */
  bookView(symbol: string, depth = 50) {
    const book = this.books.get(symbol);
    return book && book.synced ? book.view(depth) : null;
  }

  lastPrice(symbol: string): number | null {
    return this.books.get(symbol)?.lastPrice ?? null;
  }

  /** Quote value of innovation- or adventure-zone buys the user has bought today; null when the pair has no quota. */
  quotaTaken(userId: string, symbol: string): Amount | null {
    const inst = this.instruments.get(symbol);
    if (!inst || inst.rules.dailyBuyQuota === null) return null;
    // Open buys on the pair hold their share of the quota, so resting bids cannot buy past it together.
    let taken = this.quotaUsed.get(this.quotaKey(userId, symbol)) ?? 0n;
    for (const id of this.openIds.get(userId) ?? []) {
      const o = this.orders.get(id)!;
      if (o.symbol === symbol && o.side === 'Buy') taken += o.orderType === 'Limit' ? valueOf(inst.scale, o.price, o.qty - o.executedQty) : o.quoteQty - o.executedValue;
    }
    return taken;
  }

  /** Quote value of zone buys the user has left today (bought and open buys counted); null when the pair has no quota. */
  quotaLeft(userId: string, symbol: string): Amount | null {
    const inst = this.instruments.get(symbol);
    const taken = this.quotaTaken(userId, symbol);
    if (!inst || inst.rules.dailyBuyQuota === null || taken === null) return null;
    const left = inst.rules.dailyBuyQuota - taken;
    return left > 0n ? left : 0n;
  }

  /** Every order still known (open and kept history), for snapshots and invariant checks. */
  allOrders(): readonly Order[] {
    return [...this.orders.values()];
  }

  /** Internal state for snapshot.ts. */
  state() {
    return {
      time: this.time, orderSeq: this.orderSeq, tradeSeq: this.tradeSeq, acceptSeq: this.acceptSeq,
      accounts: this.accounts, orders: this.orders, openIds: this.openIds, plans: this.plans, resting: this.resting, finished: this.finished,
      fillLog: this.fillLog, clientIds: this.clientIds, quotaUsed: this.quotaUsed, pending: this.pending, books: this.books, queue: this.queue,
    };
  }

  /** Restores counters and the clock from a snapshot (snapshot.ts fills the maps through state()). */
  restoreCounters(c: { time: number; orderSeq: number; tradeSeq: number; acceptSeq: number; pending: Array<{ due: number; orderId: string }> }): void {
    this.time = c.time;
    this.orderSeq = c.orderSeq;
    this.tradeSeq = c.tradeSeq;
    this.acceptSeq = c.acceptSeq;
    this.pending = [...c.pending];
  }
}

/** The list kept under `key`, made on first use. */
export function listIn<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key);
  if (!list) {
    list = [];
    map.set(key, list);
  }
  return list;
}
