/**
 * What a bot's own fills do to its state, pure: the holdings an order's
 * fills add and take, the turn of a grid after its order filled (a buy at
 * level i becomes a sell at level i+1 and the reverse), the grid profit a
 * completed round trip books, and the order a grid places next.
 */
import { valueOf, type Amount } from '../exchange/amount';
import type { Instrument } from '../exchange/instruments';
import type { Order, OrderRequest } from '../exchange/types';
import { fromUnits } from '../../src/domain/units';
import { levelPrice, type GridGeometry } from './gridMath';
import { baseValue, DAY_MS } from './gridReport';
import { amountOf, textOf } from './gridState';
import type { GridBotState, GridCell, TrackedOrder } from './gridTypes';

export const geometryOf = (bot: GridBotState): GridGeometry => ({
  min: bot.settings.minPrice, max: bot.settings.maxPrice, count: bot.settings.gridNumber, type: bot.settings.type,
});

/** The price a grid's order rests at: its lower level for a buy, its upper level for a sell. */
export const cellPrice = (bot: GridBotState, cell: GridCell): number => levelPrice(geometryOf(bot), cell.side === 'Buy' ? cell.index : cell.index + 1);

/** The highest level of the grid now. */
export const topLevel = (bot: GridBotState): number => levelPrice(geometryOf(bot), bot.offset + bot.settings.gridNumber);

/**
 * Books what an order of the bot filled since its last event: a buy spends
 * quote and receives base less its fee, a sell the reverse (fees as the
 * engine charged them, in the received token).
 */
export function bookFills(bot: GridBotState, tracked: TrackedOrder, order: Readonly<Order>, inst: Instrument): void {
  const lots = order.executedQty - tracked.lots;
  const value = order.executedValue - amountOf(tracked.value);
  const fee = order.fee - amountOf(tracked.fee);
  if (lots === 0 && value === 0n && fee === 0n) return;
  const base = BigInt(lots) * inst.scale.lotAmount;
  const h = bot.holdings;
  if (order.side === 'Buy') {
    h.quote = textOf(amountOf(h.quote) - value);
    h.base = textOf(amountOf(h.base) + base - fee);
  } else {
    h.base = textOf(amountOf(h.base) - base);
    h.quote = textOf(amountOf(h.quote) + value - fee);
  }
  tracked.lots = order.executedQty;
  tracked.value = textOf(order.executedValue);
  tracked.fee = textOf(order.fee);
}

/**
 * A grid's order filled: it turns. A buy's base goes up one level as a sell
 * of what it received (whole lots; the fraction of a lot the fee leaves
 * stays with the bot). A sell comes down one level as a buy of the grid
 * quantity; when it sold what this grid's own buy bought, that is a round
 * trip and its profit is booked:
 *   sell value − sell fee − buy value + the unsold fraction at the buy price
 *   = (sell price − buy price) × qty − sell fee − buy fee × buy price.
 */
export function turnCell(bot: GridBotState, cell: GridCell, order: Readonly<Order>, inst: Instrument, time: number): void {
  const lotAmount = inst.scale.lotAmount;
  cell.order = null;
  cell.refusal = null;
  if (cell.side === 'Buy') {
    const received = BigInt(order.executedQty) * lotAmount - order.fee;
    cell.bought = { price: order.price, value: textOf(order.executedValue), received: textOf(received) };
    cell.side = 'Sell';
    cell.qty = Number(received / lotAmount);
    return;
  }
  if (cell.bought) {
    const unsold = amountOf(cell.bought.received) - BigInt(order.executedQty) * lotAmount;
    const profit = order.executedValue - order.fee - amountOf(cell.bought.value) + baseValue(inst, unsold, cell.bought.price);
    bot.gridProfit = textOf(amountOf(bot.gridProfit) + profit);
    bot.arbitrages += 1;
    bot.recentArbitrages = [...bot.recentArbitrages.filter((t) => t > time - DAY_MS), time];
  }
  cell.side = 'Buy';
  cell.qty = bot.qty;
  cell.bought = null;
}

/** The limit order a grid places: GTC at its level, tagged by the client id the desk gives it. */
export function cellRequest(bot: GridBotState, cell: GridCell, inst: Instrument, clientOrderId: string): OrderRequest {
  return {
    symbol: inst.symbol, side: cell.side, orderType: 'Limit', timeInForce: 'GTC',
    price: fromUnits(cellPrice(bot, cell), inst.tick), qty: fromUnits(cell.qty, inst.lot), clientOrderId,
  };
}

/** Quote and base the grid's orders need placed all at once (the start), against what the bot holds. */
export function shortfall(bot: GridBotState, inst: Instrument): 'quote' | 'base' | null {
  let quote: Amount = 0n;
  let base: Amount = 0n;
  for (const cell of bot.cells) {
    if (cell.side === 'Buy') quote += valueOf(inst.scale, cellPrice(bot, cell), cell.qty);
    else base += BigInt(cell.qty) * inst.scale.lotAmount;
  }
  if (quote > amountOf(bot.holdings.quote)) return 'quote';
  return base > amountOf(bot.holdings.base) ? 'base' : null;
}
