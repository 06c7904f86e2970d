/**
 * Spot grid bots (spec 2 §3, REFERENCE.md "Spot grid bot"), a desk beside
 * the engine in the style of attachedTpsl: it places orders through the
 * exchange's public calls, follows them through the exchange's order
 * events, and keeps its state as plain data that a snapshot restores.
 *
 * Lifecycle: create() checks the inputs (a bot is RAW only while that runs;
 * a refused one is not kept) and keeps the bot NEW, or AWAIT_ACTIVATION
 * until the last price reaches its entry price. The start (deferred, like
 * every order the desk places) makes it INITIALIZING: one market order
 * converts the investment so the bot holds the base its sells need (or
 * sells the base its buys do not), then a limit buy goes at every level
 * below the price and a limit sell at every level above (none at the level
 * nearest the price), and it is RUNNING. A start the account cannot pay or
 * the exchange refuses is REJECTED, close reason "failed initiation"; what
 * the start trade converted stays in the account.
 *
 * Running: each filled grid order turns (gridCells.ts); a stop-loss or
 * take-profit price reached cancels the grid and sells the bot's base at
 * market. close() cancels the grid and leaves the base in the account, as
 * Bybit's "close without selling" does: CANCELLING, then COMPLETED.
 * An order of the bot that ends without filling and without the bot asking
 * (the user cancelled it, an account reset) leaves a hole the bot cannot
 * mend by itself: the bot closes, reason "unknown".
 *
 * Trailing up (5 grids or more): when the last price is above the top level,
 * the lowest grid's buy is cancelled and its quote buys base at market,
 * which goes on sale one level above the old top: the range moves up one
 * level. One level per step; the next market event checks again.
 *
 * Market prices reach the desk through onMarket(symbol), which the runtime
 * calls after the exchange took each replayed event (the exchange's own
 * events are only about its accounts). Nothing reads a clock: times come
 * from the calls, the events and `now`.
 */
import type { Exchange } from '../exchange/exchange';
import { ERR, exchangeError } from '../exchange/errors';
import { FINAL_STATUSES, type Order } from '../exchange/types';
import { accountRefusal } from '../exchange/validate';
import { parseAmount, valueOf } from '../exchange/amount';
import { referenceOf } from './algoMarket';
import { bookFills, cellPrice, shortfall, topLevel, turnCell } from './gridCells';
import { createGridOrders, type Found } from './gridOrders';
import { detailOf } from './gridReport';
import { amountOf, botIdOf, readDeskState, textOf } from './gridState';
import { checkParams, gridError, planGrid, type CheckContext } from './gridValidate';
import {
  LIVE_STATUSES, type GridBotDetail, type GridBotState, type GridCloseReason, type GridDeskState,
  type GridParams, type GridResult, type GridTask, type TrackedOrder,
} from './gridTypes';

export * from './gridTypes';
export { gridBotOfOrder, GRID_SPECIAL_TRADE_FROM } from './gridTags';

/** core.ts: the engine charges 0.1 % maker and taker unless its options say otherwise. */
const ENGINE_DEFAULT_FEE_PPM = 1000;
/** Ended bots kept for the Completed tab; the oldest go first. */
const KEEP_ENDED = 200;

export interface GridBotDesk {
  create(userId: string, params: GridParams, now: number): GridResult<GridBotDetail>;
  /** closes a bot: cancels its orders, leaves its base in the account */
  close(userId: string, botId: string, now: number): GridResult<GridBotDetail>;
  list(userId: string, filter: { status: 'running' | 'completed'; symbol?: string }): GridBotDetail[];
  detail(userId: string, botId: string): GridBotDetail | undefined;
  /** after the exchange took a market event of `symbol`: entry, stop-loss, take-profit, trailing and retries look at the last price */
  onMarket(symbol: string): void;
  /** ends the user's (or the pair's) live bots for a reason the exchange gives: a delisting, a ban; returns how many */
  halt(filter: { userId?: string; symbol?: string }, reason: 'symbol delisted' | 'user ban', now: number): number;
  snapshot(): GridDeskState;
  toJSON(): GridDeskState;
  /** told after each change, with whose bot it was (the runtime pushes it to that user) */
  onChange(listener: (change?: { userId: string; botId: string }) => void): () => void;
  /** stops following the exchange (the runtime's teardown; `close` is a bot's) */
  dispose(): void;
}

/**
 * `defer` runs the placing outside the engine's event dispatch (an order
 * cannot be created from inside the event of another); `now` is the
 * exchange clock.
 */
export function createGridBotDesk(exchange: Exchange, options: { state?: unknown; now: () => number; defer: (run: () => void) => void }): GridBotDesk {
  const saved = readDeskState(options.state);
  let botSeq = saved.botSeq;
  const bots = new Map<string, GridBotState>(saved.bots.map((b) => [b.botId, b]));
  const orders = createGridOrders(exchange);
  const scheduled = new Set<string>();
  const listeners = new Set<(change?: { userId: string; botId: string }) => void>();
  const changed = (bot: GridBotState) => listeners.forEach((l) => l({ userId: bot.userId, botId: bot.botId }));
  const instOf = (bot: GridBotState) => exchange.instrument(bot.settings.symbol)!;

  const context = (userId: string, inst: NonNullable<ReturnType<Exchange['instrument']>>): CheckContext => ({
    inst, account: exchange.account(userId), reference: reference(inst.symbol),
    makerFeePpm: exchange.options.makerFeePpm ?? ENGINE_DEFAULT_FEE_PPM, takerFeePpm: exchange.options.takerFeePpm ?? ENGINE_DEFAULT_FEE_PPM,
  });

  /** Last trade price, else the middle of the book. */
  const reference = (symbol: string): number | null => referenceOf(exchange, symbol);

  function schedule(bot: GridBotState): void {
    if (scheduled.has(bot.botId)) return;
    scheduled.add(bot.botId);
    options.defer(() => {
      scheduled.delete(bot.botId);
      if (bots.get(bot.botId) !== bot) return;
      reconcile(bot);
      changed(bot);
    });
  }

  // ---- order events -------------------------------------------------------------

  function observe(order: Readonly<Order>, time: number): void {
    const located = orders.locate(order, bots);
    if (!located) return;
    const { bot, found } = located;
    bookFills(bot, found.tracked, order, instOf(bot));
    if (FINAL_STATUSES.has(order.status)) {
      orders.release(bot, found.tracked);
      ended(bot, found, order, time);
    }
    changed(bot);
  }

  function ended(bot: GridBotState, { tracked, cell, task }: Found, order: Readonly<Order>, time: number): void {
    const inst = instOf(bot);
    if (cell) {
      if (order.status === 'Filled') {
        turnCell(bot, cell, order, inst, time);
        schedule(bot);
        return;
      }
      cell.order = null;
      if (!tracked.cancelling) beginClosing(bot, 'unknown');
      return;
    }
    if (!task) return;
    task.order = null;
    bot.task = null;
    // A start or trailing order cancelled by a close: the close goes on without it.
    if (tracked.cancelling) return;
    if (task.kind === 'exit') return complete(bot, time);
    if (task.kind === 'start') {
      if (order.executedQty === 0 && order.reason) bot.failure = { code: order.reason.code, message: order.reason.message };
    } else if (task.kind === 'trail') {
      const received = Number((BigInt(order.executedQty) * inst.scale.lotAmount - order.fee) / inst.scale.lotAmount);
      addTopCell(bot, received >= inst.minQtyLots ? received : 0);
    }
    schedule(bot);
  }

  /** After a trailing step: the new top grid sells what the trailing buy bought, or buys one level down when it bought nothing. */
  function addTopCell(bot: GridBotState, lots: number): void {
    const index = bot.offset + bot.settings.gridNumber - 1;
    bot.cells.push({ index, side: lots > 0 ? 'Sell' : 'Buy', qty: lots > 0 ? lots : bot.qty, order: null, bought: null, refusal: null });
  }

  // ---- lifecycle ----------------------------------------------------------------

  function reconcile(bot: GridBotState): void {
    const now = options.now();
    if (bot.status === 'NEW') begin(bot, now);
    else if (bot.status === 'INITIALIZING') initialize(bot, now);
    else if (bot.status === 'RUNNING') run(bot, now);
    else if (bot.status === 'CANCELLING') windDown(bot, now);
  }

  function begin(bot: GridBotState, now: number): void {
    const inst = instOf(bot);
    const ctx = context(bot.userId, inst);
    const account = accountRefusal(ctx.account);
    if (account) return fail(bot, account, now);
    const quote = amountOf(bot.settings.quoteInvestment);
    const base = amountOf(bot.settings.baseInvestment);
    if (exchange.ledger.free(bot.userId, inst.quote) < quote || exchange.ledger.free(bot.userId, inst.base) < base) {
      return fail(bot, exchangeError(ERR.BALANCE), now);
    }
    if (ctx.reference === null) return fail(bot, exchangeError(ERR.NO_LIQUIDITY), now);
    const plan = planGrid(bot.settings, ctx, ctx.reference, quote, base);
    if (!plan.ok) return fail(bot, plan.error, now);
    const { qty, sides, trade } = plan.value;
    bot.status = 'INITIALIZING';
    bot.startPrice = ctx.reference;
    bot.qty = qty;
    bot.cells = sides.map((side, index) => ({ index, side, qty, order: null, bought: null, refusal: null }));
    if (trade) {
      bot.task = trade.side === 'Buy'
        ? { kind: 'start', side: 'Buy', qty: textOf(trade.value), byValue: true, order: null }
        : { kind: 'start', side: 'Sell', qty: String(trade.lots), byValue: false, order: null };
    }
    initialize(bot, now);
  }

  function initialize(bot: GridBotState, now: number): void {
    if (bot.task) {
      if (bot.task.order) return;
      const refused = orders.placeTask(bot, bot.task, now);
      if (refused) fail(bot, refused, now);
      return;
    }
    const short = shortfall(bot, instOf(bot));
    if (short) return fail(bot, bot.failure ?? exchangeError(ERR.BALANCE, short), now);
    for (const cell of bot.cells) {
      if (cell.order || bot.status !== 'INITIALIZING') continue;
      const refused = orders.placeCell(bot, cell, now);
      if (refused) return fail(bot, refused, now);
    }
    if (bot.status !== 'INITIALIZING') return;
    bot.status = 'RUNNING';
    bot.failure = null;
    bot.startedAt = now;
  }

  function run(bot: GridBotState, now: number): void {
    const task = bot.task;
    if (task?.kind === 'trail' && !task.order && task.qty === '0') trail(bot, task, now);
    for (const cell of bot.cells) {
      if (bot.status !== 'RUNNING') return;
      if (!cell.order) orders.placeCell(bot, cell, now);
    }
  }

  /** One trailing step: the lowest buy's quote buys base at market for a sell one level above the top. */
  function trail(bot: GridBotState, task: GridTask, now: number): void {
    const inst = instOf(bot);
    bot.cells.sort((a, b) => a.index - b.index);
    const lowest = bot.cells[0];
    if (!lowest?.order || lowest.side !== 'Buy' || lowest.order.cancelling) {
      bot.task = null;
      return;
    }
    // What the buy still held: the part of it that did not fill.
    const freed = valueOf(inst.scale, cellPrice(bot, lowest), lowest.qty - lowest.order.lots);
    orders.cancel(bot, lowest.order, now);
    bot.cells.shift();
    bot.offset += 1;
    const step = parseAmount(inst.amountStep)!;
    task.qty = textOf((freed / step) * step);
    if (orders.placeTask(bot, task, now)) {
      bot.task = null;
      addTopCell(bot, 0);
    }
  }

  function beginClosing(bot: GridBotState, reason: GridCloseReason): void {
    bot.status = 'CANCELLING';
    bot.closeReason = reason;
    schedule(bot);
  }

  /** Cancelling: the grid's orders go; a stop-loss or take-profit then sells the bot's base at market. */
  function windDown(bot: GridBotState, now: number): void {
    if (bot.task?.kind === 'exit') return;
    orders.cancelAll(bot, now);
    bot.task = null;
    const inst = instOf(bot);
    if (bot.closeReason === 'stop loss' || bot.closeReason === 'take profit') {
      const held = amountOf(bot.holdings.base);
      const free = exchange.ledger.free(bot.userId, inst.base);
      const lots = Number((held < free ? held : free) / inst.scale.lotAmount);
      if (lots >= inst.minQtyLots) {
        const task: GridTask = { kind: 'exit', side: 'Sell', qty: String(lots), byValue: false, order: null };
        bot.task = task;
        // Placed: the bot completes once the sell has ended (ended()).
        if (!orders.placeTask(bot, task, now)) return;
        // Refused (below the minimum value, say): the base stays in the account.
        bot.task = null;
      }
    }
    complete(bot, now);
  }

  function complete(bot: GridBotState, now: number, status: 'COMPLETED' | 'REJECTED' = 'COMPLETED'): void {
    bot.status = status;
    bot.endedAt = now;
    bot.endPrice = reference(bot.settings.symbol) ?? bot.startPrice;
    const finished = [...bots.values()].filter((b) => b.endedAt !== null);
    for (const old of finished.slice(0, Math.max(0, finished.length - KEEP_ENDED))) bots.delete(old.botId);
  }

  function fail(bot: GridBotState, error: { code: number; message: string }, now: number): void {
    orders.cancelAll(bot, now);
    bot.task = null;
    bot.closeReason = 'failed initiation';
    bot.failure = { code: error.code, message: error.message };
    complete(bot, now, 'REJECTED');
  }

  /** Closing at once, from a call: cancels the grid (and a start or trailing order in flight). */
  function closeNow(bot: GridBotState, reason: GridCloseReason, now: number): void {
    bot.status = 'CANCELLING';
    bot.closeReason = reason;
    orders.cancelAll(bot, now);
    bot.task = null;
    complete(bot, now);
  }

  // ---- market -------------------------------------------------------------------

  function onMarket(symbol: string): void {
    const last = exchange.lastPrice(symbol);
    if (last === null) return;
    for (const bot of bots.values()) {
      if (bot.settings.symbol !== symbol || !LIVE_STATUSES.has(bot.status)) continue;
      const s = bot.settings;
      if (bot.status === 'AWAIT_ACTIVATION') {
        if (bot.entryDirection === 'up' ? last >= s.entryPrice! : last <= s.entryPrice!) {
          bot.status = 'NEW';
          schedule(bot);
          changed(bot);
        }
        continue;
      }
      if (bot.status !== 'RUNNING') continue;
      if (s.stopLoss !== null && last <= s.stopLoss) beginClosing(bot, 'stop loss');
      else if (s.takeProfit !== null && last >= s.takeProfit) beginClosing(bot, 'take profit');
      else if (s.trailing && !bot.task && last > topLevel(bot)) {
        bot.task = { kind: 'trail', side: 'Buy', qty: '0', byValue: true, order: null };
        schedule(bot);
      } else if (bot.cells.some((c) => !c.order)) schedule(bot);
      else continue;
      changed(bot);
    }
  }

  // ---- restore ------------------------------------------------------------------

  const unsubscribe = exchange.subscribe((event) => {
    if (event.type === 'order') observe(event.order, event.time);
  });

  // Orders that moved or ended while the desk was away are booked now, as their events would have been.
  for (const bot of bots.values()) {
    if (!LIVE_STATUSES.has(bot.status)) continue;
    const tracked = [...bot.cells.map((c) => c.order), bot.task?.order ?? null].filter((t): t is TrackedOrder => t !== null);
    for (const t of tracked) {
      orders.file(bot, t);
      const order = exchange.getOrder(bot.userId, t.orderId ? { orderId: t.orderId } : { clientOrderId: t.clientOrderId });
      if (order) observe(order, options.now());
      else {
        orders.forget(bot, t);
        // Known to the exchange once and gone now: it ended unseen, and the grid cannot tell how.
        if (t.orderId && bot.status === 'RUNNING') beginClosing(bot, 'unknown');
      }
    }
    schedule(bot);
  }

  const owned = (userId: string, botId: string): GridResult<GridBotState> => {
    const bot = bots.get(botId);
    return bot && bot.userId === userId ? { ok: true, value: bot } : { ok: false, error: gridError('botNotFound', ERR.PARAM, 'no such bot', 'botId') };
  };
  const detail = (bot: GridBotState) => detailOf(bot, instOf(bot), exchange.lastPrice(bot.settings.symbol), options.now());
  const state = (): GridDeskState => ({ version: 1, botSeq, bots: structuredClone([...bots.values()]) });

  return {
    create(userId, params, now) {
      const inst = typeof params?.symbol === 'string' ? exchange.instrument(params.symbol) : undefined;
      if (!inst) return { ok: false, error: gridError('symbol', ERR.SYMBOL) };
      const ctx = context(userId, inst);
      const checked = checkParams(params, ctx);
      if (!checked.ok) return checked;
      const { settings } = checked.value;
      const bot: GridBotState = {
        botId: botIdOf(++botSeq), userId, settings, status: settings.entryPrice === null ? 'NEW' : 'AWAIT_ACTIVATION', closeReason: null, failure: null,
        entryDirection: settings.entryPrice === null ? null : settings.entryPrice >= ctx.reference! ? 'up' : 'down',
        createdAt: now, startedAt: null, endedAt: null, startPrice: null, endPrice: null, offset: 0, qty: checked.value.plan.qty,
        holdings: { quote: settings.quoteInvestment, base: settings.baseInvestment }, cells: [], task: null,
        gridProfit: '0', arbitrages: 0, recentArbitrages: [], orderSeq: 0,
      };
      bots.set(bot.botId, bot);
      if (bot.status === 'NEW') schedule(bot);
      changed(bot);
      return { ok: true, value: detail(bot) };
    },
    close(userId, botId, now) {
      const found = owned(userId, botId);
      if (!found.ok) return found;
      const bot = found.value;
      if (!LIVE_STATUSES.has(bot.status) || bot.status === 'CANCELLING') return { ok: false, error: { code: ERR.ORDER_FINISHED, key: 'botFinished', message: 'The bot has already ended or is closing' } };
      closeNow(bot, 'closed manually', now);
      changed(bot);
      return { ok: true, value: detail(bot) };
    },
    list(userId, filter) {
      const live = filter.status === 'running';
      return [...bots.values()]
        .filter((b) => b.userId === userId && LIVE_STATUSES.has(b.status) === live && (!filter.symbol || b.settings.symbol === filter.symbol))
        .sort((a, b) => b.createdAt - a.createdAt || (a.botId < b.botId ? 1 : -1))
        .map(detail);
    },
    detail(userId, botId) {
      const found = owned(userId, botId);
      return found.ok ? detail(found.value) : undefined;
    },
    onMarket,
    halt(filter, reason, now) {
      let n = 0;
      for (const bot of bots.values()) {
        if (!LIVE_STATUSES.has(bot.status) || (filter.userId && bot.userId !== filter.userId) || (filter.symbol && bot.settings.symbol !== filter.symbol)) continue;
        closeNow(bot, reason, now);
        changed(bot);
        n += 1;
      }
      return n;
    },
    snapshot: state,
    toJSON: state,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: unsubscribe,
  };
}
