/**
 * The orders of the grid bots: placing them through the exchange's public
 * calls, cancelling them, and finding the bot an order event belongs to.
 *
 * An order is filed under its client id before the create call: an order
 * that fills inside its own create call (no entry latency) sends its events
 * before the call returns its order id, and the desk must know them then.
 */
import { formatAmount } from '../exchange/amount';
import type { Exchange } from '../exchange/exchange';
import type { Order, OrderRequest } from '../exchange/types';
import { fromUnits } from '../../src/domain/units';
import { cellRequest } from './gridCells';
import { amountOf, clientIdOf } from './gridState';
import type { GridBotState, GridCell, GridError, GridTask, TrackedOrder } from './gridTypes';

/** Where an order of a bot sits in its state: one grid's order, or its market order in flight. */
export interface Found {
  tracked: TrackedOrder;
  cell?: GridCell;
  task?: GridTask;
}

export type GridOrders = ReturnType<typeof createGridOrders>;

export function createGridOrders(exchange: Exchange) {
  /** live orders of the bots: user and client id → bot id */
  const byClient = new Map<string, string>();
  const keyOf = (userId: string, clientOrderId: string) => `${userId}\u0000${clientOrderId}`;
  const instOf = (bot: GridBotState) => exchange.instrument(bot.settings.symbol)!;

  function file(bot: GridBotState, tracked: TrackedOrder): void {
    byClient.set(keyOf(bot.userId, tracked.clientOrderId), bot.botId);
  }

  function newTracked(bot: GridBotState): TrackedOrder {
    const tracked: TrackedOrder = { clientOrderId: clientIdOf(bot.botId, ++bot.orderSeq), orderId: null, lots: 0, value: '0', fee: '0', cancelling: false };
    file(bot, tracked);
    return tracked;
  }

  function submit(bot: GridBotState, tracked: TrackedOrder, request: OrderRequest, now: number): GridError | null {
    const result = exchange.create(bot.userId, request, now);
    if (result.ok) {
      tracked.orderId ??= result.value.orderId;
      return null;
    }
    byClient.delete(keyOf(bot.userId, tracked.clientOrderId));
    return { ...result.error, key: 'exchange' };
  }

  /** Forgets an order (ended, or the bot let go of it): its grid or task no longer holds it. */
  function forget(bot: GridBotState, tracked: TrackedOrder): void {
    byClient.delete(keyOf(bot.userId, tracked.clientOrderId));
    for (const cell of bot.cells) if (cell.order === tracked) cell.order = null;
    if (bot.task?.order === tracked) bot.task.order = null;
  }

  function cancel(bot: GridBotState, tracked: TrackedOrder | null, now: number): void {
    if (!tracked || tracked.cancelling) return;
    tracked.cancelling = true;
    const result = exchange.cancel(bot.userId, tracked.orderId ? { orderId: tracked.orderId } : { clientOrderId: tracked.clientOrderId }, now);
    // Refused (it ended unseen, or the account is in liquidation): the bot lets go of it.
    if (!result.ok) forget(bot, tracked);
  }

  return {
    file,
    forget,
    cancel,

    /** A grid's limit order; refused: the grid stays without one and keeps the code. */
    placeCell(bot: GridBotState, cell: GridCell, now: number): GridError | null {
      const tracked = newTracked(bot);
      cell.order = tracked;
      const refused = submit(bot, tracked, cellRequest(bot, cell, instOf(bot), tracked.clientOrderId), now);
      if (refused) {
        if (cell.order === tracked) cell.order = null;
        cell.refusal = refused.code;
      }
      return refused;
    },

    /** A task's market order: by value for a buy of quote, by quantity otherwise. */
    placeTask(bot: GridBotState, task: GridTask, now: number): GridError | null {
      const inst = instOf(bot);
      const tracked = newTracked(bot);
      task.order = tracked;
      const qty = task.byValue ? formatAmount(amountOf(task.qty)) : fromUnits(Number(task.qty), inst.lot);
      const refused = submit(bot, tracked, {
        symbol: inst.symbol, side: task.side, orderType: 'Market', marketUnit: task.byValue ? 'quoteCoin' : 'baseCoin', qty, clientOrderId: tracked.clientOrderId,
      }, now);
      if (refused && task.order === tracked) task.order = null;
      return refused;
    },

    /** Cancels every order of the bot but a closing sell. */
    cancelAll(bot: GridBotState, now: number): void {
      for (const cell of bot.cells) cancel(bot, cell.order, now);
      if (bot.task && bot.task.kind !== 'exit') cancel(bot, bot.task.order, now);
    },

    /** The bot an order event is about, and where the order sits in it; null for anything else. */
    locate(order: Readonly<Order>, bots: ReadonlyMap<string, GridBotState>): { bot: GridBotState; found: Found } | null {
      const key = keyOf(order.userId, order.clientOrderId);
      const botId = byClient.get(key);
      if (botId === undefined) return null;
      const bot = bots.get(botId);
      const found = bot ? findIn(bot, order.clientOrderId) : null;
      if (!bot || !found) {
        byClient.delete(key);
        return null;
      }
      if (found.tracked.orderId === null) found.tracked.orderId = order.orderId;
      return { bot, found };
    },

    /** An order that ended: no more events will come for it. */
    release(bot: GridBotState, tracked: TrackedOrder): void {
      byClient.delete(keyOf(bot.userId, tracked.clientOrderId));
    },
  };
}

function findIn(bot: GridBotState, clientOrderId: string): Found | null {
  if (bot.task?.order?.clientOrderId === clientOrderId) return { tracked: bot.task.order, task: bot.task };
  const cell = bot.cells.find((c) => c.order?.clientOrderId === clientOrderId);
  return cell ? { tracked: cell.order!, cell } : null;
}
