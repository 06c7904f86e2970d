/**
 * The orderCreate body (spec 2 §7, snake_case as the page sends it) read into
 * the engine's OrderRequest. Only shape is checked here (10001 naming the
 * field); steps, limits and what the account may do are the engine's checks.
 */
import { PLAN, type OcoLegRequest, type OrderRequest, type OrderType, type Slippage } from '../../exchange';
import { badParam } from '../errors';
import {
  clientOrderIdOf, createPlanTypeOf, optionalBoolean, optionalChoice, optionalDecimal, requiredDecimal, requiredString, sideOf, type Body,
} from './params';

export interface CreateCall {
  request: OrderRequest;
  /** a limit order's attached take-profit / stop-loss trigger prices (placed when it fills) */
  tpsl: { takeProfit: string | null; stopLoss: string | null } | null;
  /** spot margin: borrow what the order needs beyond the free balance first */
  isLeverage: boolean;
}

const TYPES = ['limit', 'market'] as const;
const toOrderType = (t: (typeof TYPES)[number]): OrderType => (t === 'market' ? 'Market' : 'Limit');

function slippageOf(body: Body): Slippage | undefined {
  const kind = optionalChoice(body, 'slippage_type', ['ticks', 'percent'] as const);
  const raw = body.slippage_value;
  if (kind === undefined) {
    if (raw !== undefined && raw !== null && raw !== '') throw badParam('slippage_type is required with slippage_value');
    return undefined;
  }
  const value = optionalDecimal(body, 'slippage_value');
  if (value === undefined) throw badParam('slippage_value is required with slippage_type');
  if (kind === 'ticks') {
    if (!/^\d+$/.test(value)) throw badParam('slippage_value must be a whole number of ticks');
    return { kind, value: Number(value) };
  }
  return { kind, value };
}

function legOf(oco: Body, role: 'take_profit' | 'stop_loss'): OcoLegRequest {
  const leg = oco[role];
  if (typeof leg !== 'object' || leg === null || Array.isArray(leg)) throw badParam(`oco.${role} is required`);
  const body = leg as Body;
  const type = optionalChoice(body, 'type', TYPES);
  if (!type) throw badParam(`oco.${role}.type is required`);
  try {
    return { triggerPrice: requiredDecimal(body, 'trigger_price'), orderType: toOrderType(type), price: optionalDecimal(body, 'price') };
  } catch (error) {
    // Name the leg: "trigger_price is required" alone would not say which.
    if (error instanceof Error) error.message = `oco.${role}.${error.message}`;
    throw error;
  }
}

function ocoOf(body: Body): OrderRequest['oco'] {
  const oco = body.oco;
  if (oco === undefined || oco === null) return undefined;
  if (typeof oco !== 'object' || Array.isArray(oco)) throw badParam('oco must be an object {take_profit, stop_loss}');
  return { takeProfit: legOf(oco as Body, 'take_profit'), stopLoss: legOf(oco as Body, 'stop_loss') };
}

export function readCreateCall(body: Body): CreateCall {
  const symbol = requiredString(body, 'symbol_id');
  const side = sideOf(body);
  const planType = createPlanTypeOf(body);
  const oco = ocoOf(body);
  if (planType === PLAN.OCO && !oco) throw badParam('oco is required for plan_type 10');
  if (oco && planType !== undefined && planType !== PLAN.OCO) throw badParam('oco goes with plan_type 10 only');
  const type = optionalChoice(body, 'type', TYPES);
  // An OCO's legs carry their own types; a trailing order places a market order when it fires.
  const trailing = planType === PLAN.TRAILING_STOP || planType === PLAN.TRAILING_PROFIT;
  if (!type && !oco && !trailing) throw badParam('type is required');
  const request: OrderRequest = {
    symbol,
    side,
    orderType: toOrderType(type ?? (trailing ? 'market' : 'limit')),
    qty: requiredDecimal(body, 'quantity'),
    price: optionalDecimal(body, 'price'),
    timeInForce: optionalChoice(body, 'time_in_force', ['GTC', 'IOC', 'FOK', 'PostOnly'] as const),
    marketUnit: optionalChoice(body, 'market_unit', ['baseCoin', 'quoteCoin'] as const),
    slippage: slippageOf(body),
    clientOrderId: clientOrderIdOf(body),
    planType: planType === PLAN.OCO ? undefined : planType,
    triggerPrice: optionalDecimal(body, 'trigger_price'),
    activationPrice: optionalDecimal(body, 'activation_price'),
    trailingValue: optionalDecimal(body, 'trailing_value'),
    trailingPercentage: optionalDecimal(body, 'trailing_percentage'),
    oco,
  };
  // The engine reads absent fields as "not given": leave no undefined keys behind.
  for (const key of Object.keys(request) as Array<keyof OrderRequest>) if (request[key] === undefined) delete request[key];
  return { request, tpsl: attachedTpslOf(body, request), isLeverage: optionalBoolean(body, 'is_leverage') ?? false };
}

/**
 * `tp_trigger_price` / `sl_trigger_price`: only on an ordinary limit order,
 * and on the side of its price they close (a buy's take-profit above it and
 * stop-loss below it; a sell the reverse).
 */
function attachedTpslOf(body: Body, request: OrderRequest): CreateCall['tpsl'] {
  const takeProfit = optionalDecimal(body, 'tp_trigger_price') ?? null;
  const stopLoss = optionalDecimal(body, 'sl_trigger_price') ?? null;
  if (takeProfit === null && stopLoss === null) return null;
  if (request.planType !== undefined || request.oco || request.orderType !== 'Limit') throw badParam('tp_trigger_price and sl_trigger_price go with an ordinary limit order only');
  const price = Number(request.price);
  const buy = request.side === 'Buy';
  if (takeProfit !== null && !(buy ? Number(takeProfit) > price : Number(takeProfit) < price)) throw badParam(`tp_trigger_price must be ${buy ? 'above' : 'below'} the price`);
  if (stopLoss !== null && !(buy ? Number(stopLoss) < price : Number(stopLoss) > price)) throw badParam(`sl_trigger_price must be ${buy ? 'below' : 'above'} the price`);
  return { takeProfit, stopLoss };
}
