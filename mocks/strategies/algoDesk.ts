/**
 * Algorithmic (strategy) orders — TWAP, iceberg, chase (spec 2 §3) — a desk
 * beside the engine in the grid desk's style: it places child limit orders
 * through the exchange's public calls, follows them through the exchange's
 * order events, and keeps plain-data state that a snapshot restores.
 *
 * Each strategy has at most one live child at a time (algoTwap.ts,
 * algoIceberg.ts, algoChase.ts say which and when). Children carry the
 * client id "algo-<strategyId>-<n>" (algoTags.ts), which the order views
 * turn into `specialTradeFrom` 1/2/3 so the page's notices skip them.
 *
 * A child that ends without the strategy asking (the user cancelled it, an
 * account reset) ends the strategy with reason "unknown", as a grid bot
 * closes; one the exchange refused ends it "failed" with the engine's code.
 * A TWAP slice is an IOC: its end is always expected, its rest carried. A
 * chase child the exchange cancelled as post-only (the market reached it
 * during its entry latency) is placed again at the new price.
 *
 * Market prices reach the desk through onMarket(symbol), called after the
 * exchange took each replayed trade or book event: due TWAP slices go, a
 * chase re-prices. Nothing reads a clock: times come from the calls, the
 * events and `now`. Placing is deferred (`defer`), never done inside the
 * engine's event dispatch; a chase's amend is made from onMarket directly,
 * which runs after the engine has finished with the event.
 */
import type { Exchange } from '../exchange/exchange';
import { ERR } from '../exchange/errors';
import { FINAL_STATUSES, type Order } from '../exchange/types';
import { chaseTarget, type ChaseSettings } from './algoChase';
import { nextChild, type IcebergSettings } from './algoIceberg';
import { minLotsAt, referenceOf, topOf } from './algoMarket';
import { bookFills, createAlgoOrders } from './algoOrders';
import { detailOf } from './algoReport';
import { readAlgoState } from './algoState';
import { strategyIdOf } from './algoTags';
import { dueSlice, sliceLots, slicePrice, twapEnd, type TwapSettings } from './algoTwap';
import { checkCreate } from './algoValidate';
import {
  STRATEGY_FINISHED, STRATEGY_RUNNING, type AlgoChange, type AlgoDeskState, type AlgoDetail, type AlgoParams, type AlgoResult,
  type AlgoStrategyState, type EndReason, type StrategyStatus, type StrategyType,
} from './algoTypes';

export * from './algoTypes';

/** Finished strategies kept per user for the history list; the oldest go first. */
const KEEP_ENDED = 200;

export interface AlgoDesk {
  create(userId: string, params: AlgoParams, now: number): AlgoResult<AlgoDetail>;
  /** ends a running strategy: its live child is cancelled, what executed stays */
  cancel(userId: string, strategyId: string, now: number): AlgoResult<AlgoDetail>;
  /** the user's strategies of one status, newest first */
  list(userId: string, filter: { status: StrategyStatus; strategyType?: StrategyType; symbol?: string }): AlgoDetail[];
  detail(userId: string, strategyId: string): AlgoDetail | undefined;
  /** after the exchange took a market event of `symbol` (a trade or a book change) */
  onMarket(symbol: string): void;
  snapshot(): AlgoDeskState;
  toJSON(): AlgoDeskState;
  /** told after each change, with whose strategy it was */
  onChange(listener: (change?: AlgoChange) => void): () => void;
  /** stops following the exchange (the runtime's teardown) */
  dispose(): void;
}

export function createAlgoDesk(exchange: Exchange, options: { state?: unknown; now: () => number; defer: (run: () => void) => void }): AlgoDesk {
  const saved = readAlgoState(options.state);
  let seq = saved.seq;
  const strategies = new Map<string, AlgoStrategyState>(saved.strategies.map((s) => [s.strategyId, s]));
  /** running strategies by pair: what onMarket looks at, on every book event */
  const running = new Map<string, Set<AlgoStrategyState>>();
  const orders = createAlgoOrders(exchange);
  const scheduled = new Set<string>();
  const listeners = new Set<(change?: AlgoChange) => void>();
  const instOf = (s: AlgoStrategyState) => exchange.instrument(s.symbol)!;

  function changed(s: AlgoStrategyState, time: number): void {
    s.updatedAt = Math.max(s.updatedAt, time);
    const change = { userId: s.userId, strategyId: s.strategyId };
    listeners.forEach((l) => l(change));
  }

  function track(s: AlgoStrategyState): void {
    let set = running.get(s.symbol);
    if (!set) running.set(s.symbol, (set = new Set()));
    set.add(s);
  }

  function schedule(s: AlgoStrategyState): void {
    if (scheduled.has(s.strategyId)) return;
    scheduled.add(s.strategyId);
    options.defer(() => {
      scheduled.delete(s.strategyId);
      if (strategies.get(s.strategyId) !== s || s.status !== STRATEGY_RUNNING) return;
      const now = options.now();
      const before = stamp(s);
      advance(s, now);
      // A look that found nothing to do (no slice due, no book yet) is no change to save or push.
      if (stamp(s) !== before) changed(s, now);
    });
  }

  /** What a look at the market can change: the status, the child, the TWAP's schedule. */
  const stamp = (s: AlgoStrategyState) => `${s.status}|${s.child?.clientOrderId ?? ''}|${s.child?.price ?? ''}|${s.nextSlice}|${s.executedLots}`;

  // ---- lifecycle ----------------------------------------------------------------

  function finish(s: AlgoStrategyState, reason: EndReason, now: number): void {
    if (s.status !== STRATEGY_RUNNING) return;
    // Finished first: the child's cancel events then find nothing more to do.
    s.status = STRATEGY_FINISHED;
    s.endReason = reason;
    s.endedAt = now;
    orders.cancel(s, now);
    running.get(s.symbol)?.delete(s);
    const done = [...strategies.values()].filter((o) => o.userId === s.userId && o.status === STRATEGY_FINISHED);
    for (const old of done.slice(0, Math.max(0, done.length - KEEP_ENDED))) strategies.delete(old.strategyId);
  }

  function fail(s: AlgoStrategyState, error: { code: number; message: string }, now: number): void {
    s.failure = { code: error.code, message: error.message };
    finish(s, 'failed', now);
  }

  function advance(s: AlgoStrategyState, now: number): void {
    if (s.executedLots >= s.size) return finish(s, 'completed', now);
    const t = s.settings;
    if (t.type === 'twap') advanceTwap(s, t, now);
    else if (t.type === 'iceberg') advanceIceberg(s, t, now);
    else advanceChase(s, t, now);
  }

  function advanceTwap(s: AlgoStrategyState, t: TwapSettings, now: number): void {
    if (s.child) return;
    if (now >= twapEnd(s, t)) return finish(s, 'expired', now);
    const k = dueSlice(s, t, now);
    if (k === null) return;
    s.nextSlice = k + 1;
    const inst = instOf(s);
    const top = topOf(exchange, s.symbol);
    const reference = referenceOf(exchange, s.symbol);
    const price = top && reference !== null ? slicePrice(s, t, inst, top, reference) : null;
    // Out of the market (the price limit, an empty side): this slice's share rides on the next.
    if (price === null) return;
    const lots = Math.min(sliceLots(s, t, k), inst.maxQtyLots);
    if (lots < minLotsAt(inst, price)) return;
    const refused = orders.place(s, lots, price, 'IOC', now);
    if (refused) fail(s, refused, now);
  }

  function advanceIceberg(s: AlgoStrategyState, t: IcebergSettings, now: number): void {
    if (s.child) return;
    const inst = instOf(s);
    const next = nextChild(s, t, inst);
    // What is left is below the pair's minimum order: nothing more can be sent.
    if (next.lots < minLotsAt(inst, t.price)) return finish(s, 'completed', now);
    s.rng = next.rng;
    const refused = orders.place(s, next.lots, t.price, 'GTC', now);
    if (refused) fail(s, refused, now);
  }

  function advanceChase(s: AlgoStrategyState, t: ChaseSettings, now: number): void {
    if (s.child) {
      reprice(s, t, now);
      return;
    }
    const top = topOf(exchange, s.symbol);
    const price = top ? chaseTarget(s.side, t, top) : null;
    // No book to peg to yet: the next market event tries again.
    if (price === null) return;
    const rest = s.size - s.executedLots;
    if (rest < minLotsAt(instOf(s), price)) return finish(s, 'completed', now);
    const refused = orders.place(s, rest, price, 'PostOnly', now);
    if (refused) fail(s, refused, now);
  }

  /** Moves a chase's child to where the book says it belongs; true when it moved. */
  function reprice(s: AlgoStrategyState, t: ChaseSettings, now: number): boolean {
    if (!s.child || s.child.cancelling) return false;
    const order = orders.orderOf(s);
    if (!order || FINAL_STATUSES.has(order.status)) return false;
    const top = topOf(exchange, s.symbol, order);
    const target = top ? chaseTarget(s.side, t, top) : null;
    if (target === null || target === order.price) return false;
    const refused = orders.reprice(s, target, now);
    if (!refused) return true;
    // The funds for the higher price are gone: the strategy cannot follow the market.
    if (refused.code === ERR.BALANCE) fail(s, refused, now);
    // Otherwise (it ended meanwhile, the book crossed it): its events, or the next market event, settle it.
    return s.status !== STRATEGY_RUNNING;
  }

  // ---- order events -------------------------------------------------------------

  function observe(order: Readonly<Order>, time: number): void {
    const s = orders.locate(order, strategies);
    if (!s) return;
    const child = s.child!;
    bookFills(s, child, order);
    if (FINAL_STATUSES.has(order.status)) {
      orders.release(s);
      ended(s, child.cancelling, order, time);
    }
    changed(s, time);
  }

  function ended(s: AlgoStrategyState, expected: boolean, order: Readonly<Order>, time: number): void {
    if (s.status !== STRATEGY_RUNNING) return;
    if (s.executedLots >= s.size) return finish(s, 'completed', time);
    const type = s.settings.type;
    if (expected || type === 'twap' || order.status === 'Filled') return schedule(s);
    if (type === 'chase' && order.reason?.code === ERR.POST_ONLY) return schedule(s);
    if (order.reason) return fail(s, order.reason, time);
    finish(s, 'unknown', time);
  }

  // ---- market -------------------------------------------------------------------

  function onMarket(symbol: string): void {
    const set = running.get(symbol);
    if (!set || set.size === 0) return;
    const now = options.now();
    for (const s of [...set]) {
      const t = s.settings;
      if (t.type === 'chase' && s.child) {
        if (reprice(s, t, now)) changed(s, now);
      } else if (!s.child && (t.type !== 'twap' || now >= twapEnd(s, t) || dueSlice(s, t, now) !== null)) {
        schedule(s);
      }
    }
  }

  // ---- restore ------------------------------------------------------------------

  const unsubscribe = exchange.subscribe((event) => {
    if (event.type === 'order') observe(event.order, event.time);
  });

  // Children that filled or ended while the desk was away are booked now, as their events would have been.
  for (const s of strategies.values()) {
    if (s.status !== STRATEGY_RUNNING) continue;
    track(s);
    if (s.child) {
      orders.file(s, s.child);
      const order = orders.orderOf(s);
      if (order) observe(order, options.now());
      else {
        const known = s.child.orderId !== null;
        orders.release(s);
        // Known to the exchange once and gone now: it ended unseen, and how cannot be told.
        if (known && s.settings.type !== 'twap') finish(s, 'unknown', options.now());
      }
    }
    if (s.status === STRATEGY_RUNNING) schedule(s);
  }

  const owned = (userId: string, strategyId: string): AlgoResult<AlgoStrategyState> => {
    const s = strategies.get(strategyId);
    return s && s.userId === userId ? { ok: true, value: s } : { ok: false, error: { code: ERR.ORDER_NOT_FOUND, field: 'strategyId', message: 'Strategy does not exist' } };
  };
  const detail = (s: AlgoStrategyState) => detailOf(s, instOf(s));
  const state = (): AlgoDeskState => ({ version: 1, seq, strategies: structuredClone([...strategies.values()]) });

  return {
    create(userId, params, now) {
      const checked = checkCreate(exchange, userId, params, now);
      if (!checked.ok) return checked;
      const { inst, sizeLots, settings } = checked.value;
      seq += 1;
      const s: AlgoStrategyState = {
        strategyId: strategyIdOf(settings.type, seq), userId, symbol: inst.symbol, side: params.side, size: sizeLots, settings,
        status: STRATEGY_RUNNING, endReason: null, failure: null, createdAt: now, updatedAt: now, endedAt: null,
        executedLots: 0, executedValue: '0', fee: '0', child: null, nextSlice: 0, rng: Math.imul(seq, 0x9e3779b1), orderSeq: 0,
      };
      strategies.set(s.strategyId, s);
      track(s);
      schedule(s);
      changed(s, now);
      return { ok: true, value: detail(s) };
    },
    cancel(userId, strategyId, now) {
      const found = owned(userId, strategyId);
      if (!found.ok) return found;
      const s = found.value;
      if (s.status !== STRATEGY_RUNNING) return { ok: false, error: { code: ERR.ORDER_FINISHED, field: 'strategyId', message: 'The strategy has already finished' } };
      finish(s, 'cancelled', now);
      changed(s, now);
      return { ok: true, value: detail(s) };
    },
    list(userId, filter) {
      return [...strategies.values()]
        .filter((s) => s.userId === userId && s.status === filter.status && (!filter.strategyType || s.settings.type === filter.strategyType)
          && (!filter.symbol || s.symbol === filter.symbol))
        .sort((a, b) => b.createdAt - a.createdAt || (a.strategyId.slice(2) < b.strategyId.slice(2) ? 1 : -1))
        .map(detail);
    },
    detail(userId, strategyId) {
      const found = owned(userId, strategyId);
      return found.ok ? detail(found.value) : undefined;
    },
    onMarket,
    snapshot: state,
    toJSON: state,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: unsubscribe,
  };
}
