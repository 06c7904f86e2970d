/**
 * The leveraged-token desk (docs/api/lt.md, spec 2 §3–§7): the tokens' live
 * state beside the engine, and the users' subscriptions and redemptions.
 *
 * Prices reach it through onTrade(symbol, at), which the runtime calls after
 * the exchange took each replayed trade; time passes through advance(now),
 * which the runtime calls on every pump of the replay (in-page, in Node and
 * under a fake clock alike). Nothing reads a clock.
 *
 * An order takes its amount (or tokens) out of the available balance at once
 * — the engine's lock, so every balance view shows it — and is processed
 * PROCESS_DELAY_MS of exchange time later at the NAV then: done (status 1),
 * or failed (status 3) with what it took given back. While the replay is
 * paused exchange time stands still; waiting orders are then let through at
 * once, as the engine lets orders through their entry latency.
 */
import { fromUnits } from '../../src/domain/units';
import { formatAmount, parseAmount, type Amount } from '../exchange/amount';
import type { Exchange } from '../exchange/exchange';
import {
  LT_DONE, LT_FAILED, LT_IN_PROGRESS, PROCESS_DELAY_MS, REDEMPTION, SUBSCRIPTION, navText, orderView, redemptionFill, redemptionRefusal,
  stateFailure, subscriptionFill, subscriptionRefusal, type CheckState, type LtOrderState, type LtOrderType, type LtOrderView, type LtRefusal,
} from './ltOrders';
import { readLtState, seqOfOrderId, type LtDeskSaved } from './ltState';
import { infoView, symbolInfoView, type LtInfoView, type LtSymbolInfoView } from './ltViews';
import type { NavBar } from './navBars';
import { ltRegistry, type LtRegistry, type LtSpec } from './registry';
import {
  applyPrice, catchUpResets, freshToken, navOf, rebalance, record, savedOf, setNav, statusAt, type ConfiguredStatus, type RiskState, type TokenState,
} from './tokenState';

const DAY_MS = 86_400_000;
/** Orders kept per user for the record lists (180 days at most are asked); the oldest finished go first. */
const KEEP_ORDERS = 1_000;

export type LtResult<T> = { ok: true; value: T } | { ok: false; error: LtRefusal };

/** An order changed (created, done, failed); absent for a change of a token's state. */
export interface LtChange {
  userId: string;
  order: LtOrderView;
}

export interface LtOrderQuery {
  orderType: LtOrderType;
  days: number;
  symbolId?: string;
  /** the orderId the previous page ended at */
  cursor?: string;
  limit: number;
}

/** Test controls (POST /mock/api/lt): a status, a risk state, the switch, a NAV. */
export interface LtControl {
  st?: ConfiguredStatus | 5;
  riskState?: RiskState;
  riskSwitchStatus?: 0 | 1;
  /** 0: worthless; more: the basket re-sized to give this NAV */
  nav?: number;
}

export interface LtDesk {
  readonly registry: LtRegistry;
  /** after the exchange took a replayed trade of `symbol` at exchange time `at` */
  onTrade(symbol: string, at: number): void;
  /** exchange time moved on (every pump): daily resets and waiting orders */
  advance(now: number, paused: boolean): void;
  info(symbolId: string, now: number): LtInfoView;
  symbolInfo(symbolId: string, userId: string | null, now: number): LtSymbolInfoView;
  /** this run's 1-minute NAV bars and where the live NAV began */
  liveBars(symbolId: string): { bars: readonly NavBar[]; start: { t: number; nav: number } | null };
  subscribe(userId: string, symbolId: string, amount: Amount | null, now: number): LtResult<LtOrderView>;
  redeem(userId: string, symbolId: string, quantity: Amount | null, now: number): LtResult<LtOrderView>;
  orders(userId: string, query: LtOrderQuery, now: number): { list: LtOrderView[]; nextCursor: string | null };
  control(symbolId: string, change: LtControl, now: number): LtInfoView;
  toJSON(): LtDeskSaved;
  /** told after each change worth saving; with the order when an order changed */
  onChange(listener: (change?: LtChange) => void): () => void;
}

export function createLtDesk(exchange: Exchange, options: { state?: unknown; now: () => number; registry?: LtRegistry }): LtDesk {
  const registry = options.registry ?? ltRegistry();
  const saved = readLtState(options.state, registry);
  const start = options.now();
  const tokens = new Map<string, TokenState>();
  for (const spec of registry.specs) {
    const kept = saved.tokens.find((t) => t.symbolId === spec.symbolId);
    tokens.set(spec.symbolId, kept ? { ...kept, bars: [], liveStart: null } : freshToken(spec, start));
  }
  let seq = saved.seq;
  /** per user, oldest first */
  const byUser = new Map<string, LtOrderState[]>();
  const waiting = new Set<LtOrderState>();
  for (const order of saved.orders) {
    userOrders(order.userId).push(order);
    if (order.status === LT_IN_PROGRESS) waiting.add(order);
  }
  for (const list of byUser.values()) list.sort((a, b) => seqOfOrderId(a.orderId) - seqOfOrderId(b.orderId));
  const listeners = new Set<(change?: LtChange) => void>();

  function userOrders(userId: string): LtOrderState[] {
    let list = byUser.get(userId);
    if (!list) byUser.set(userId, (list = []));
    return list;
  }

  const specOf = (symbolId: string): LtSpec => {
    const spec = registry.bySymbol(symbolId);
    if (!spec) throw new Error(`${symbolId} is not a leveraged token`);
    return spec;
  };
  const tokenOf = (symbolId: string) => tokens.get(symbolId)!;

  const stateChanged = () => listeners.forEach((l) => l());
  const orderChanged = (order: LtOrderState) => {
    const change = { userId: order.userId, order: orderView(order, specOf(order.symbolId)) };
    listeners.forEach((l) => l(change));
  };

  /** A pair's last trade price as a number (the engine keeps integer ticks). */
  function lastPrice(symbol: string): number | null {
    const ticks = exchange.lastPrice(symbol);
    const inst = exchange.instrument(symbol);
    return ticks === null || !inst ? null : Number(fromUnits(ticks, inst.tick));
  }

  /** Reads see the resets a midnight already brought, like the next price would. */
  function current(symbolId: string, now: number): TokenState {
    const token = tokenOf(symbolId);
    const spec = specOf(symbolId);
    if (catchUpResets(token, spec, now)) {
      record(token, spec, now);
      stateChanged();
    }
    return token;
  }

  const checkState = (token: TokenState, spec: LtSpec, now: number): CheckState => ({
    st: statusAt(token, now), riskState: token.riskState, riskSwitch: token.riskSwitch, nav: navOf(token, spec),
  });

  function usedToday(userId: string, symbolId: string, now: number): Amount {
    const day = Math.floor(now / DAY_MS) * DAY_MS;
    let used = 0n;
    for (const o of byUser.get(userId) ?? []) {
      if (o.symbolId !== symbolId || o.orderType !== SUBSCRIPTION || o.status === LT_FAILED) continue;
      if (o.createdTime >= day && o.createdTime < day + DAY_MS) used += toAmount(o.quantity);
    }
    return used;
  }

  /** Locks what the order takes and books it, in progress. */
  function place(userId: string, spec: LtSpec, orderType: LtOrderType, amount: Amount, now: number): LtOrderView {
    const lockToken = orderType === SUBSCRIPTION ? spec.quote : spec.token;
    if (!exchange.ledger.lock(userId, lockToken, amount)) throw new Error('the checked balance could not be locked');
    // The engine sends balance events when it flushes: a zero credit makes it send this lock's.
    exchange.credit(userId, lockToken, 0n);
    seq += 1;
    const order: LtOrderState = {
      orderId: `lt-${seq}`, userId, symbolId: spec.symbolId, orderType, quantity: formatAmount(amount), status: LT_IN_PROGRESS,
      nav: null, fee: null, fillQuantity: null, failReason: null, createdTime: now, updatedTime: now,
    };
    const list = userOrders(userId);
    list.push(order);
    waiting.add(order);
    prune(list);
    orderChanged(order);
    return orderView(order, spec);
  }

  function prune(list: LtOrderState[]): void {
    if (list.length <= KEEP_ORDERS) return;
    let extra = list.length - KEEP_ORDERS;
    for (let i = 0; i < list.length && extra > 0; ) {
      if (list[i]!.status !== LT_IN_PROGRESS) {
        list.splice(i, 1);
        extra -= 1;
      } else i += 1;
    }
  }

  /** The order at the NAV now, or failed and given back. */
  function settle(order: LtOrderState, now: number): void {
    waiting.delete(order);
    const spec = specOf(order.symbolId);
    const token = current(order.symbolId, now);
    const subscription = order.orderType === SUBSCRIPTION;
    const lockToken = subscription ? spec.quote : spec.token;
    // What the lock still holds: an account reset in between may have released it.
    const wanted = toAmount(order.quantity);
    const locked = exchange.ledger.line(order.userId, lockToken).locked;
    const held = wanted < locked ? wanted : locked;
    const failure = stateFailure(order.orderType, checkState(token, spec, now));
    order.updatedTime = now;
    if (failure) {
      exchange.ledger.unlock(order.userId, lockToken, held);
      exchange.credit(order.userId, lockToken, 0n);
      order.status = LT_FAILED;
      order.failReason = failure;
    } else {
      const nav = navText(navOf(token, spec));
      const fill = subscription ? subscriptionFill(spec, held, nav) : redemptionFill(spec, held, nav);
      exchange.ledger.spendLocked(order.userId, lockToken, held);
      exchange.credit(order.userId, subscription ? spec.token : spec.quote, fill.received);
      exchange.credit(order.userId, lockToken, 0n);
      order.status = LT_DONE;
      order.nav = nav;
      order.fee = formatAmount(fill.fee);
      order.fillQuantity = formatAmount(fill.received);
    }
    orderChanged(order);
  }

  function info(symbolId: string, now: number): LtInfoView {
    const spec = specOf(symbolId);
    return infoView(spec, current(symbolId, now), now, lastPrice(symbolId), exchange.instrument(spec.underlying)?.tick ?? '0.01');
  }

  function create(userId: string, symbolId: string, orderType: LtOrderType, amount: Amount | null, now: number): LtResult<LtOrderView> {
    const spec = specOf(symbolId);
    const token = current(symbolId, now);
    const state = checkState(token, spec, now);
    const refusal = orderType === SUBSCRIPTION
      ? subscriptionRefusal(spec, amount, exchange.ledger.free(userId, spec.quote), state, usedToday(userId, symbolId, now))
      : redemptionRefusal(spec, amount, exchange.ledger.free(userId, spec.token), state);
    if (refusal) return { ok: false, error: refusal };
    return { ok: true, value: place(userId, spec, orderType, amount!, now) };
  }

  return {
    registry,
    onTrade(symbol, at) {
      const specs = registry.byUnderlying(symbol);
      if (specs.length === 0) return;
      const price = lastPrice(symbol);
      if (price === null) return;
      for (const spec of specs) if (applyPrice(tokenOf(spec.symbolId), spec, price, at)) stateChanged();
    },
    advance(now, paused) {
      for (const spec of registry.specs) current(spec.symbolId, now);
      if (waiting.size === 0) return;
      // In creation order, so a user's orders settle in the order they were made.
      const due = [...waiting].filter((o) => paused || now >= o.createdTime + PROCESS_DELAY_MS || now < o.createdTime);
      due.sort((a, b) => seqOfOrderId(a.orderId) - seqOfOrderId(b.orderId)).forEach((o) => settle(o, now));
    },
    info,
    symbolInfo(symbolId, userId, now) {
      const spec = specOf(symbolId);
      return symbolInfoView(spec, userId === null ? 0n : usedToday(userId, symbolId, now));
    },
    liveBars(symbolId) {
      const token = tokenOf(specOf(symbolId).symbolId);
      return { bars: token.bars, start: token.liveStart };
    },
    subscribe: (userId, symbolId, amount, now) => create(userId, symbolId, SUBSCRIPTION, amount, now),
    redeem: (userId, symbolId, quantity, now) => create(userId, symbolId, REDEMPTION, quantity, now),
    orders(userId, query, now) {
      const after = query.cursor === undefined ? Infinity : seqOfOrderId(query.cursor);
      const since = now - query.days * DAY_MS;
      const rows: LtOrderState[] = [];
      const list = byUser.get(userId) ?? [];
      // Newest first: the list is kept in creation order.
      for (let i = list.length - 1; i >= 0 && rows.length <= query.limit; i--) {
        const o = list[i]!;
        if (seqOfOrderId(o.orderId) >= after || o.orderType !== query.orderType || o.createdTime < since) continue;
        if (query.symbolId && o.symbolId !== query.symbolId) continue;
        rows.push(o);
      }
      const page = rows.slice(0, query.limit);
      const more = rows.length > query.limit;
      return { list: page.map((o) => orderView(o, specOf(o.symbolId))), nextCursor: more ? page[page.length - 1]!.orderId : null };
    },
    control(symbolId, change, now) {
      const spec = specOf(symbolId);
      const token = current(symbolId, now);
      if (change.nav !== undefined) setNav(token, spec, change.nav, now);
      if (change.riskState !== undefined) token.riskState = change.riskState;
      if (change.riskSwitchStatus !== undefined) token.riskSwitch = change.riskSwitchStatus;
      if (change.st === 5) rebalance(token, spec, now);
      else if (change.st !== undefined) {
        token.st = change.st;
        // A status set outright ends a rebalance under way: tests need not wait out its minute.
        token.rebalanceUntil = null;
      }
      record(token, spec, now);
      stateChanged();
      return info(symbolId, now);
    },
    toJSON() {
      const orders = [...byUser.values()].flat().sort((a, b) => seqOfOrderId(a.orderId) - seqOfOrderId(b.orderId));
      return { version: 1, seq, tokens: [...tokens.values()].map(savedOf), orders: orders.map((o) => ({ ...o })) };
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The engine's amount of a saved decimal text (every saved text was read as one). */
const toAmount = (text: string): Amount => parseAmount(text) ?? 0n;
