/**
 * A bot as detail() and list() answer it. Profit follows how grid bots
 * report it: the grid profit is what completed round trips (a grid's buy,
 * then its sell one level up) earned after both fees; the total profit is
 * the bot's equity now less what was invested (both at the quote value of
 * the start price for the investment, the last price for the equity); the
 * floating profit is the difference, what the base the bot holds gained or
 * lost. APRs scale a profit over the investment to a year of running time.
 */
import { Decimal } from 'decimal.js';
import { formatAmount, type Amount } from '../exchange/amount';
import type { Instrument } from '../exchange/instruments';
import { decimalsOf, fromUnits } from '../../src/domain/units';
import { levelsFrom } from './gridMath';
import { amountOf } from './gridState';
import type { GridBotDetail, GridBotState } from './gridTypes';

export const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;

/** Quote value of a base amount at `ticks`. */
export function baseValue(inst: Instrument, base: Amount, ticks: number): Amount {
  return (base * BigInt(ticks) * inst.scale.valueUnit) / inst.scale.lotAmount;
}

export interface BotFigures {
  investment: Amount;
  equity: Amount;
  totalProfit: Amount;
  gridProfit: Amount;
  /** the price the equity is reckoned at (null: the pair has none yet) */
  price: number | null;
}

export function figuresOf(bot: GridBotState, inst: Instrument, lastPrice: number | null): BotFigures {
  // An ended bot keeps the figures of the moment it ended.
  const price = bot.endedAt !== null ? (bot.endPrice ?? lastPrice) : (lastPrice ?? bot.startPrice);
  const at = price ?? 0;
  const investment = amountOf(bot.settings.quoteInvestment) + baseValue(inst, amountOf(bot.settings.baseInvestment), bot.startPrice ?? at);
  const equity = amountOf(bot.holdings.quote) + baseValue(inst, amountOf(bot.holdings.base), at);
  return { investment, equity, totalProfit: equity - investment, gridProfit: amountOf(bot.gridProfit), price };
}

/** Annualised percent, 2 decimals: profit / investment over the running time. */
export function aprOf(profit: Amount, investment: Amount, runningMs: number): string {
  if (runningMs <= 0 || investment <= 0n) return '0.00';
  const ratio = new Decimal(formatAmount(profit)).div(new Decimal(formatAmount(investment)));
  return ratio.mul(YEAR_MS).div(runningMs).mul(100).toFixed(2, Decimal.ROUND_DOWN);
}

export function detailOf(bot: GridBotState, inst: Instrument, lastPrice: number | null, now: number): GridBotDetail {
  const s = bot.settings;
  const quoteDecimals = decimalsOf(inst.amountStep);
  const quote = (a: Amount) => formatAmount(a, quoteDecimals);
  const price = (ticks: number | null) => (ticks === null ? null : fromUnits(ticks, inst.tick));
  const f = figuresOf(bot, inst, lastPrice);
  const levels = levelsFrom({ min: s.minPrice, max: s.maxPrice, count: s.gridNumber, type: s.type }, bot.offset).map((p) => price(p)!);
  const running = bot.startedAt === null ? 0 : (bot.endedAt ?? now) - bot.startedAt;
  const open = bot.cells.filter((c) => c.order && !c.order.cancelling).length + (bot.task?.order && !bot.task.order.cancelling ? 1 : 0);
  return {
    botId: bot.botId,
    symbol: s.symbol,
    type: s.type,
    gridNumber: s.gridNumber,
    status: bot.status,
    closeReason: bot.closeReason,
    failure: bot.failure,
    minPrice: levels[0]!,
    maxPrice: levels.at(-1)!,
    levels,
    entryPrice: price(s.entryPrice),
    stopLossPrice: price(s.stopLoss),
    takeProfitPrice: price(s.takeProfit),
    trailing: s.trailing,
    perGridQty: fromUnits(bot.qty, inst.lot),
    quoteInvestment: s.quoteInvestment,
    baseInvestment: s.baseInvestment,
    totalInvestment: quote(f.investment),
    equity: quote(f.equity),
    // Base exact: the fraction of a lot each buy's fee leaves is the bot's too.
    holdings: { quote: quote(amountOf(bot.holdings.quote)), base: formatAmount(amountOf(bot.holdings.base)) },
    totalProfit: quote(f.totalProfit),
    gridProfit: quote(f.gridProfit),
    floatingProfit: quote(f.totalProfit - f.gridProfit),
    gridApr: aprOf(f.gridProfit, f.investment, running),
    totalApr: aprOf(f.totalProfit, f.investment, running),
    arbitrageCount: bot.arbitrages,
    arbitrageCount24h: bot.recentArbitrages.filter((t) => t > now - DAY_MS).length,
    openOrders: open,
    startPrice: price(bot.startPrice),
    lastPrice: price(f.price),
    createdAt: bot.createdAt,
    startedAt: bot.startedAt,
    endedAt: bot.endedAt,
  };
}
