import { postJson } from '../http';
import { parseOrder, type Order } from './orders';
import { decimal, list, record, str } from './parse';

/** A unified account's integrated v5 lists (spec 2 §7; docs/api/orders.md). */
export const INTEGRATED_API = {
  openOrders: '/unified/integrated/v5/queryOpenOrders',
  positions: '/unified/integrated/v5/queryPositions',
} as const;

/** An integrated open order: the order view plus its market type (mtp), symbol (syb) and plan type (pltp). */
export interface IntegratedOrder extends Order {
  marketType: string;
}

export interface IntegratedOpenOrders {
  orders: IntegratedOrder[];
  /** the exchange is moving a market to another engine: its orders may be missing for a while */
  downgrading: boolean;
}

export function parseIntegratedOpenOrders(value: unknown): IntegratedOpenOrders {
  const o = record(value, 'integrated open orders');
  const orders = list(o.list, 'integrated open orders.list').map((item, i) => {
    const what = `integrated open orders[${i}]`;
    const order = parseOrder(item, what);
    return { ...order, marketType: str(record(item, what), 'mtp', what) };
  });
  return { orders, downgrading: o.downgrading === true };
}

/** queryOpenOrders: every open order of the spot market, ordinary and plan, newest first. */
export function fetchIntegratedOpenOrders(signal?: AbortSignal): Promise<IntegratedOpenOrders> {
  return postJson(INTEGRATED_API.openOrders, { marketType: 'spot', supportFutureSpread: false }, parseIntegratedOpenOrders, signal);
}

/** A spot holding as a position (spec 2 §7 queryPositions). */
export interface Position {
  coin: string;
  size: string;
  available: string;
  /** '0' when no fill explains the holding (coins the account started with) */
  avgEntryPrice: string;
  markPrice: string;
  unrealisedPnl: string;
  positionValue: string;
}

export function parsePositions(value: unknown): Position[] {
  return list(record(value, 'positions').list, 'positions.list').map((item, i) => {
    const what = `positions[${i}]`;
    const o = record(item, what);
    const field = (name: keyof Position) => decimal(o[name], `${what}.${name}`);
    return {
      coin: str(o, 'coin', what),
      size: field('size'),
      available: field('available'),
      avgEntryPrice: field('avgEntryPrice'),
      markPrice: field('markPrice'),
      unrealisedPnl: field('unrealisedPnl'),
      positionValue: field('positionValue'),
    };
  });
}

/** queryPositions: the holdings, largest value first. */
export function fetchPositions(signal?: AbortSignal): Promise<Position[]> {
  return postJson(INTEGRATED_API.positions, { needSort: true }, parsePositions, signal);
}
