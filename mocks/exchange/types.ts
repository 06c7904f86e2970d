import type { Amount } from './amount';
import type { ExchangeError, TryLimitCode } from './errors';

export type Side = 'Buy' | 'Sell';
export type OrderType = 'Limit' | 'Market';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK' | 'PostOnly';
export type MarketUnit = 'baseCoin' | 'quoteCoin';

/** Spec 2 §3 plan types; -1 is an ordinary limit or market order. */
export const PLAN = { ORDINARY: -1, CONDITIONAL: 1, TRAILING_STOP: 4, TRAILING_PROFIT: 5, STOP_LIMIT: 8, OCO: 10, TPSL: 11 } as const;
export type PlanType = (typeof PLAN)[keyof typeof PLAN];

/** Server status names (spec 2 §4, REFERENCE.md). */
export type OrderStatus =
  | 'New'
  | 'PartiallyFilled'
  | 'Untriggered'
  | 'Triggered'
  | 'Filled'
  | 'PartiallyFilledCanceled'
  | 'Cancelled'
  | 'Rejected'
  | 'Deactivated';

export const FINAL_STATUSES: ReadonlySet<OrderStatus> = new Set(['Triggered', 'Filled', 'PartiallyFilledCanceled', 'Cancelled', 'Rejected', 'Deactivated']);

/** Market-order slippage cap: ticks (1–10000) from the best price, or percent (0.01–10). */
export type Slippage = { kind: 'ticks'; value: number } | { kind: 'percent'; value: string };

/** One OCO leg: a trigger, then a limit (with price) or market order. */
export interface OcoLegRequest {
  triggerPrice: string;
  orderType: OrderType;
  price?: string;
}

/**
 * A create call as the REST layer hands it over: decimals as strings, as the
 * page sends them (so "price decimal too long" can be checked at all).
 */
export interface OrderRequest {
  symbol: string;
  side: Side;
  orderType: OrderType;
  /** base quantity; for a market order in quoteCoin, the quote value */
  qty: string;
  price?: string;
  timeInForce?: TimeInForce;
  /** market orders: what `qty` counts; default quoteCoin for buys, baseCoin for sells */
  marketUnit?: MarketUnit;
  slippage?: Slippage;
  clientOrderId?: string;
  /** plan orders (not OCO): plan type and its prices */
  planType?: Exclude<PlanType, -1 | 10>;
  triggerPrice?: string;
  activationPrice?: string;
  /** trailing distance in price (by value) … */
  trailingValue?: string;
  /** … or in percent of the best price since activation, e.g. "1.5" */
  trailingPercentage?: string;
  /** OCO: both legs; `orderType`/`price` of the request are ignored */
  oco?: { takeProfit: OcoLegRequest; stopLoss: OcoLegRequest };
  /** placed by a limit order's attached TP/SL (never from a request body): a demo account may hold this OCO */
  closesAttachedTpsl?: boolean;
}

export interface ModifyRequest {
  orderId?: string;
  clientOrderId?: string;
  qty?: string;
  price?: string;
  triggerPrice?: string;
  activationPrice?: string;
  trailingValue?: string;
  trailingPercentage?: string;
}

export interface CancelRequest {
  orderId?: string;
  clientOrderId?: string;
}

export interface CancelAllRequest {
  /** empty or missing: every pair */
  symbols?: readonly string[];
  /** 'ordinary' (default), or plan orders of one plan type, or every plan order */
  kind?: 'ordinary' | 'plan';
  planTypes?: readonly PlanType[];
  /** orders to leave open (a strategy's, which only the strategy may end) */
  keep?: (order: Readonly<Order>) => boolean;
}

/**
 * An order as the exchange keeps it: ordinary orders and plan orders (an
 * untriggered plan, or an OCO pair's leg) alike. Prices in ticks, quantities
 * in lots, values and fees as Amounts.
 */
export interface Order {
  orderId: string;
  clientOrderId: string;
  userId: string;
  symbol: string;
  side: Side;
  orderType: OrderType;
  timeInForce: TimeInForce;
  planType: PlanType;
  status: OrderStatus;
  /** limit price, ticks; 0 for market */
  price: number;
  /** base quantity, lots; for a market order by value, 0 until filled */
  qty: number;
  marketUnit: MarketUnit;
  /** market order by value: the quote value asked for */
  quoteQty: Amount;
  slippage: Slippage | null;
  executedQty: number;
  executedValue: Amount;
  /** fees paid: in base for buys, in quote for sells */
  fee: Amount;
  /** what the order holds locked (quote for buys, base for sells) */
  locked: Amount;
  triggerPrice: number;
  activationPrice: number;
  /** trailing distance in ticks (by value) */
  trailingValue: number;
  /** trailing rate in basis points of a percent (1.5 % → 150) */
  trailingBps: number;
  /** trailing: activated, and the best last price since */
  trailActive: boolean;
  trailExtreme: number;
  /** plan orders: trigger when last >= trigger (up) or <= trigger (down) */
  triggerDirection: 'up' | 'down' | null;
  /** OCO: the other leg's id; the lock sits on the leg with `ocoHolder` */
  ocoSibling: string | null;
  ocoRole: 'takeProfit' | 'stopLoss' | null;
  /** plan that placed this ordinary order, or the ordinary order a plan placed */
  parentOrderId: string | null;
  childOrderId: string | null;
  /** resting limit orders: lots ahead of it at its price */
  queueAhead: number;
  /** refusal that ended the order (Rejected, or a cancel with a reason) */
  reason: ExchangeError | null;
  createdAt: number;
  updatedAt: number;
  /** sequence of acceptance: time priority among own orders at one price */
  seq: number;
}

export interface Fill {
  tradeId: string;
  orderId: string;
  userId: string;
  symbol: string;
  side: Side;
  price: number;
  qty: number;
  value: Amount;
  fee: Amount;
  feeToken: string;
  isMaker: boolean;
  time: number;
}

export interface BalanceLine {
  token: string;
  free: Amount;
  locked: Amount;
}

export interface AccountSettings {
  userId: string;
  kind: 'UTA' | 'CLASSIC';
  demo: boolean;
  /** an account in liquidation: no orders, no cancels (81001) */
  liquidation?: boolean;
  /** a trade-try-limited user: orders refused with this code */
  tryLimitCode?: TryLimitCode;
  /** a standard account past the phase-out: new orders refused (32329) */
  standardLimited?: boolean;
}

export type ExchangeEvent =
  | { type: 'order'; order: Readonly<Order>; time: number }
  | { type: 'fill'; fill: Fill }
  | { type: 'balance'; userId: string; line: BalanceLine; time: number }
  /** a trade of an own order with the recorded market, for the public trade tape */
  | { type: 'trade'; symbol: string; id: number; price: number; qty: number; buyerIsTaker: boolean; time: number };

export type Result<T> = { ok: true; value: T } | { ok: false; error: ExchangeError };
