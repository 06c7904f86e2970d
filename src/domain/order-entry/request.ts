/**
 * The orderCreate body (spec 2 §7; docs/api/orders.md) for a form that
 * passed its checks, and what the answer's code means to the form (spec 2 §8).
 */
import { PLAN_TYPE } from '../planTypes';
import { leverageOn } from './leverage';
import { firesMarket, orderFormSummary } from './summary';
import type { OrderFormContext, OrderFormInputs } from './types';


export type OrderCreateBody = Record<string, unknown>;

/**
 * Sends only what the type uses, in the units the trader wrote: a size typed
 * as a value goes as a value, so the exchange never sees a rounding the
 * trader did not make.
 */
export function orderCreateBody(inputs: OrderFormInputs, ctx: OrderFormContext): OrderCreateBody {
  const summary = orderFormSummary(inputs, ctx);
  // The client order id is the sender's: one per attempt (src/data/orderEntry.ts).
  const body: OrderCreateBody = { symbol_id: ctx.rules.symbolId, side: inputs.side };
  const market = firesMarket(inputs);
  // A market order sized by value sends the value; every other order sends the base quantity.
  if (market) {
    body.market_unit = inputs.marketUnit;
    body.quantity = inputs.marketUnit === 'quoteCoin' ? summary.amount : summary.quantity;
  } else {
    body.quantity = summary.quantity;
  }
  switch (inputs.type) {
    case 'limit':
      Object.assign(body, { type: 'limit', price: inputs.price, time_in_force: inputs.timeInForce });
      if (inputs.tpslOn && inputs.takeProfit) body.tp_trigger_price = inputs.takeProfit;
      if (inputs.tpslOn && inputs.stopLoss) body.sl_trigger_price = inputs.stopLoss;
      break;
    case 'market':
      body.type = 'market';
      break;
    case 'conditional':
    case 'tpsl':
      Object.assign(body, { type: inputs.planKind, plan_type: PLAN_TYPE[inputs.type], trigger_price: inputs.triggerPrice });
      if (inputs.planKind === 'limit') body.price = inputs.price;
      break;
    case 'stopLimit':
      Object.assign(body, { type: 'limit', plan_type: PLAN_TYPE.stopLimit, trigger_price: inputs.triggerPrice, price: inputs.price });
      break;
    case 'oco': {
      const leg = (l: OrderFormInputs['oco']['takeProfit']) => ({ trigger_price: l.trigger, type: l.kind, ...(l.kind === 'limit' ? { price: l.price } : {}) });
      Object.assign(body, { plan_type: PLAN_TYPE.oco, oco: { take_profit: leg(inputs.oco.takeProfit), stop_loss: leg(inputs.oco.stopLoss) } });
      break;
    }
    case 'trailing':
      Object.assign(body, { plan_type: PLAN_TYPE.trailingStop, market_unit: 'baseCoin', quantity: summary.quantity });
      if (inputs.trailingActivation) body.activation_price = inputs.trailingActivation;
      body[inputs.trailingBy === 'percent' ? 'trailing_percentage' : 'trailing_value'] = inputs.trailingValue;
      break;
  }
  if (market && inputs.slippageKind !== 'none') Object.assign(body, { slippage_type: inputs.slippageKind, slippage_value: inputs.slippage });
  // Spec 1 §5: with spot margin on, a limit or market order borrows what the balance lacks.
  if ((inputs.type === 'limit' || inputs.type === 'market') && leverageOn(ctx.account?.leverage ?? null)) body.is_leverage = true;
  return body;
}

/** Spec 2 §8: codes that set the trade-try-limit flag, and the one that sets the standard-account-limit flag. */
export const TRY_LIMIT_CODES: ReadonlySet<number> = new Set([32241, -2172, 12240, 170348]);
export const STANDARD_ACCOUNT_LIMIT_CODE = 32329;

/** Exchange codes the page explains in its own words (the i18n variant of spec 2 §8); others show the server's message. */
const CODE_KEYS: Record<number, string> = {
  81001: 'liquidationErrorInfo',
  81002: 'overrunErrorInfo',
  170131: 'serverBalanceNotEnough',
  170136: 'serverQtyTooSmall',
  170140: 'serverValueTooSmall',
  170124: 'serverValueTooLarge',
  170193: 'buyPriceAboveBand',
  170194: 'sellPriceBelowBand',
  170218: 'postOnlyWouldTake',
  170810: 'openOrderLimit',
  10006: 'tooManyOrders',
};

export type OrderOutcome =
  | { kind: 'placed' }
  | { kind: 'refused'; key: string | null; message: string; tryLimit: boolean; standardAccountLimit: boolean };

/** What an orderCreate answer means for the form; `key` null means "show the server's message". */
export function orderOutcome(code: number, message: string): OrderOutcome {
  if (code === 0) return { kind: 'placed' };
  return {
    kind: 'refused',
    key: CODE_KEYS[code] ?? null,
    message,
    tryLimit: TRY_LIMIT_CODES.has(code),
    standardAccountLimit: code === STANDARD_ACCOUNT_LIMIT_CODE,
  };
}
