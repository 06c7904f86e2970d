/**
 * The desk's saved state: signed token amounts as text, and reading a saved
 * state back. A bot that does not read (a damaged or older save) is dropped
 * rather than restored half-way: its orders stay on the exchange as the
 * user's own, which is what the user would see anyway.
 */
import { formatAmount, parseAmount, type Amount } from '../exchange/amount';
import { BOT_STATUSES, CLOSE_REASONS, type GridBotState, type GridCell, type GridDeskState, type GridTask, type TrackedOrder } from './gridTypes';

/** A signed amount from its text (the state keeps amounts as decimal strings). */
export function amountOf(text: string): Amount {
  const negative = text.startsWith('-');
  const a = parseAmount(negative ? text.slice(1) : text);
  if (a === null) throw new Error(`not an amount: ${text}`);
  return negative ? -a : a;
}

export const textOf = (amount: Amount): string => formatAmount(amount);

/** Bot ids: numeric like the exchange's, "6" then a zero-padded sequence. */
export const botIdOf = (seq: number): string => `6${String(seq).padStart(11, '0')}`;
const seqOfBotId = (botId: string): number => (/^6\d{11}$/.test(botId) ? Number(botId.slice(1)) : 0);

/** Client ids of the bot's orders: the prefix marks them as the bot's (the page's own ids must not use it). */
export const GRID_CLIENT_PREFIX = 'grid-';
export const clientIdOf = (botId: string, n: number): string => `${GRID_CLIENT_PREFIX}${botId}-${n}`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isAmount = (v: unknown): v is string => typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) && parseAmount(v.replace(/^-/, '')) !== null;
const intOrNull = (v: unknown) => v === null || isInt(v);
const SIDES = new Set(['Buy', 'Sell']);
const STATUSES: ReadonlySet<unknown> = new Set(BOT_STATUSES);
const REASONS: ReadonlySet<unknown> = new Set(CLOSE_REASONS);
const TASKS = new Set(['start', 'trail', 'exit']);

function trackedOk(v: unknown): v is TrackedOrder {
  if (v === null) return true;
  if (!isObject(v)) return false;
  return typeof v.clientOrderId === 'string' && (v.orderId === null || typeof v.orderId === 'string') && isInt(v.lots)
    && isAmount(v.value) && isAmount(v.fee) && typeof v.cancelling === 'boolean';
}

function cellOk(v: unknown): v is GridCell {
  if (!isObject(v) || !isInt(v.index) || !SIDES.has(v.side as string) || !isInt(v.qty) || !trackedOk(v.order) || !intOrNull(v.refusal)) return false;
  const b = v.bought;
  return b === null || (isObject(b) && isInt(b.price) && isAmount(b.value) && isAmount(b.received));
}

function taskOk(v: unknown): v is GridTask | null {
  if (v === null) return true;
  return isObject(v) && TASKS.has(v.kind as string) && SIDES.has(v.side as string) && isAmount(v.qty) && typeof v.byValue === 'boolean' && trackedOk(v.order);
}

function settingsOk(v: unknown): boolean {
  if (!isObject(v)) return false;
  return typeof v.symbol === 'string' && (v.type === 'arithmetic' || v.type === 'geometric') && isInt(v.gridNumber) && isInt(v.minPrice) && isInt(v.maxPrice)
    && isAmount(v.quoteInvestment) && isAmount(v.baseInvestment) && intOrNull(v.entryPrice) && intOrNull(v.stopLoss) && intOrNull(v.takeProfit)
    && typeof v.trailing === 'boolean';
}

export function readBot(v: unknown): GridBotState | null {
  if (!isObject(v) || typeof v.botId !== 'string' || typeof v.userId !== 'string' || !settingsOk(v.settings)) return null;
  if (!STATUSES.has(v.status) || v.status === 'RAW' || !(v.closeReason === null || REASONS.has(v.closeReason))) return null;
  const failure = v.failure;
  if (!(failure === null || (isObject(failure) && isInt(failure.code) && typeof failure.message === 'string'))) return null;
  if (!(v.entryDirection === null || v.entryDirection === 'up' || v.entryDirection === 'down')) return null;
  if (!isInt(v.createdAt) || !intOrNull(v.startedAt) || !intOrNull(v.endedAt) || !intOrNull(v.startPrice) || !intOrNull(v.endPrice)) return null;
  if (!isInt(v.offset) || !isInt(v.qty) || !isObject(v.holdings) || !isAmount(v.holdings.quote) || !isAmount(v.holdings.base)) return null;
  if (!Array.isArray(v.cells) || !v.cells.every(cellOk) || !taskOk(v.task)) return null;
  if (!isAmount(v.gridProfit) || !isInt(v.arbitrages) || !Array.isArray(v.recentArbitrages) || !v.recentArbitrages.every(isInt) || !isInt(v.orderSeq)) return null;
  // Checked field by field above: a deep copy keeps the caller's object out of the desk.
  return structuredClone(v) as unknown as GridBotState;
}

/** The saved desk, or an empty one; bots that do not read are left out. */
export function readDeskState(v: unknown): GridDeskState {
  if (!isObject(v) || !Array.isArray(v.bots)) return { version: 1, botSeq: 0, bots: [] };
  const bots = v.bots.map(readBot).filter((b): b is GridBotState => b !== null);
  // Ids are never reused, even when a save lost its counter.
  const highest = bots.reduce((m, b) => Math.max(m, seqOfBotId(b.botId)), 0);
  return { version: 1, botSeq: Math.max(isInt(v.botSeq) ? v.botSeq : 0, highest), bots };
}
