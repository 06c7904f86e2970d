import { PLAN_TYPE } from './planTypes';
/** Spec 2 §3: the page's order statuses (the server's names are mapped to these, spec 2 §4). */
export const PAGE_ORDER_STATUSES = [
  'UNKNOWN',
  'NEW',
  'PENDING_NEW',
  'PENDING_CANCEL',
  'ORDER_NEW',
  'ORDER_FILLED',
  'ORDER_CANCELED',
  'ORDER_REJECTED',
  'PARTIALLY_FILLED',
  'PARTIALLY_FILLED_CANCELED',
  'FILLED',
  'CANCELED',
  'REJECTED',
] as const;

export type PageOrderStatus = (typeof PAGE_ORDER_STATUSES)[number];

/** Spec 2 §3: plan type -1 is an ordinary (limit or market) order; every other code is a plan order. */
export const ORDINARY_PLAN_TYPE = PLAN_TYPE.ordinary;

export const isPlanOrder = (planType: number): boolean => planType !== ORDINARY_PLAN_TYPE;

/**
 * Spec 2 §4: a server status to the page's. Cancelled and Rejected depend on
 * the order's kind (plan orders have their own ORDER_* family); a name the
 * spec does not list is UNKNOWN rather than a guess.
 */
export function pageStatusOf(serverStatus: string, planType: number): PageOrderStatus {
  const plan = isPlanOrder(planType);
  switch (serverStatus) {
    case 'Filled':
      return 'FILLED';
    case 'PartiallyFilledCanceled':
      return 'PARTIALLY_FILLED_CANCELED';
    case 'PartiallyFilled':
      return 'PARTIALLY_FILLED';
    case 'Deactivated':
      return 'ORDER_CANCELED';
    case 'Cancelled':
      return plan ? 'ORDER_CANCELED' : 'CANCELED';
    case 'Triggered':
      return 'ORDER_FILLED';
    case 'Rejected':
      return plan ? 'ORDER_REJECTED' : 'REJECTED';
    case 'Untriggered':
      return 'ORDER_NEW';
    case 'New':
      return 'NEW';
    default:
      return 'UNKNOWN';
  }
}

/** What an update does to an open-order list. */
export type OpenListEffect = 'add' | 'upsert' | 'remove' | 'ignore';

const SPOT_EFFECTS: Partial<Record<PageOrderStatus, OpenListEffect>> = {
  NEW: 'add',
  PARTIALLY_FILLED: 'upsert',
  PARTIALLY_FILLED_CANCELED: 'remove',
  FILLED: 'remove',
  CANCELED: 'remove',
  REJECTED: 'remove',
};

const PLAN_EFFECTS: Partial<Record<PageOrderStatus, OpenListEffect>> = {
  ORDER_NEW: 'add',
  ORDER_FILLED: 'remove',
  ORDER_CANCELED: 'remove',
  ORDER_REJECTED: 'remove',
};

/** Spec 2 §4 open-order list maintenance: the effect of a status on the spot list or the plan list. */
export function openListEffect(list: 'spot' | 'plan', status: PageOrderStatus): OpenListEffect {
  return (list === 'spot' ? SPOT_EFFECTS : PLAN_EFFECTS)[status] ?? 'ignore';
}

export interface OpenListItem {
  orderId: string;
  status: PageOrderStatus;
}

/**
 * Applies one order update to an open-order list (newest first). "Adds" puts
 * a new order on top; an order already listed is replaced in place, so a
 * repeated push never shows it twice. Answers the same array when nothing
 * changes, so a memoised list is not redrawn.
 */
export function applyOpenOrderUpdate<T extends OpenListItem>(orders: readonly T[], update: T, list: 'spot' | 'plan'): readonly T[] {
  const effect = openListEffect(list, update.status);
  const index = orders.findIndex((o) => o.orderId === update.orderId);
  switch (effect) {
    case 'add':
    case 'upsert':
      if (index === -1) return [update, ...orders];
      return orders.map((o, i) => (i === index ? update : o));
    case 'remove':
      return index === -1 ? orders : orders.filter((_, i) => i !== index);
    case 'ignore':
      return orders;
  }
}

/** Spec 2 §2/§9: the order history offers the last 7, 30 or 180 days. */
export const ORDER_HISTORY_RANGES = [7, 30, 180] as const;
export type OrderHistoryRange = (typeof ORDER_HISTORY_RANGES)[number];

const DAY_MS = 86_400_000;

/** The history window ending at `now` (exchange time: the server checks the span on its own clock). */
export function historyWindow(now: number, days: OrderHistoryRange): { startTime: number; endTime: number } {
  return { startTime: now - days * DAY_MS, endTime: now };
}

/** Spec 2 §8: a margin account in liquidation cannot cancel; the refusal gets the page's own text. */
export const LIQUIDATION_CODE = 81001;

/**
 * Spec 2 §8: which text a refused cancel shows. 81001 on an ordinary cancel
 * or a cancel-all is the liquidation notice; anything else is the server's
 * own message (null: show it).
 */
export function cancelFailureText(code: number | string | undefined, kind: 'ordinary' | 'plan' | 'all'): 'liquidationErrorInfo' | null {
  return Number(code) === LIQUIDATION_CODE && kind !== 'plan' ? 'liquidationErrorInfo' : null;
}

/** `specialTradeFrom` of a grid bot's orders (docs/api/grid-bot.md); 0 is an order the user placed. */
export const GRID_BOT_TRADE_FROM = 4;

/** An order a grid bot placed: the bot moves and ends it, not the user. */
export const isGridBotOrder = (order: { specialTradeFrom: number }): boolean => order.specialTradeFrom === GRID_BOT_TRADE_FROM;

/** `specialTradeFrom` of an iceberg's child orders (docs/api/strategy-orders.md): the page's notices skip them (spec 2 §4). */
export const ICEBERG_TRADE_FROM = 1;
/** `specialTradeFrom` of a TWAP's slices: the page's notices skip them (spec 2 §4). */
export const TWAP_TRADE_FROM = 2;
/** `specialTradeFrom` of a chase order's child: its strategy moves it, so its re-pricing is no news to the user. */
export const CHASE_TRADE_FROM = 3;

/** An order an algorithmic strategy (iceberg, TWAP, chase) placed for the user. */
export const isStrategyChildOrder = (order: { specialTradeFrom: number }): boolean =>
  order.specialTradeFrom >= ICEBERG_TRADE_FROM && order.specialTradeFrom <= CHASE_TRADE_FROM;
