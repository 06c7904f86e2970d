/**
 * Orders and fills as the order calls answer them and the private socket
 * pushes them (spec 2 §3 field names):
 * the engine's own view (mocks/exchange/render.ts) plus the fields the page
 * reads that the engine does not keep or names differently.
 */
import { formatAmount, orderView, valueOf, PLAN, type Exchange, type Fill, type Instrument, type Order } from '../../exchange';
import { fromUnits } from '../../../src/domain/units';
import type { LeverageFlags } from './leverageFlags';
import type { AttachedTpslDesk } from '../../exchange/attachedTpsl';
import { GRID_SPECIAL_TRADE_FROM, gridBotOfOrder } from '../../strategies/gridTags';
import { strategyOfOrder, strategyTradeFrom, typeOfStrategyId } from '../../strategies/algoTags';

/** `stopOrderType` per plan type; '' for an ordinary order. */
export const STOP_ORDER_TYPE: Readonly<Record<number, string>> = {
  [PLAN.ORDINARY]: '',
  [PLAN.CONDITIONAL]: 'Stop',
  [PLAN.STOP_LIMIT]: 'StopLimit',
  [PLAN.OCO]: 'OcoOrder',
  [PLAN.TPSL]: 'tpslOrder',
  [PLAN.TRAILING_STOP]: 'TrailingStop',
  [PLAN.TRAILING_PROFIT]: 'TrailingProfit',
};

/** `specialTradeFrom` of an order the user placed; a grid bot's are 4, a strategy order's children 1 iceberg, 2 TWAP, 3 chase. */
export const PLACED_BY_USER = 0;

/** `type`: the kind of order that meets the book (after a plan triggers), upper case as the exchange's web API writes it. */
export const orderTypeName = (order: Pick<Order, 'orderType'>) => (order.orderType === 'Market' ? 'MARKET' : 'LIMIT');

export type OrderViews = ReturnType<typeof orderViews>;

/** A strategy child's createType (spec 2 §3 "child orders carry the strategy's createType"). */
const STRATEGY_CREATE_TYPE = { iceberg: 'CreateByIceberg', twap: 'CreateByTwap', chase: 'CreateByChase' } as const;
export type OrderView = ReturnType<OrderViews['order']>;

/** `attached`: limit orders' attached TP/SL, shown on the order they belong to. */
export function orderViews(exchange: Exchange, flags: LeverageFlags, attached?: Pick<AttachedTpslDesk, 'of'>) {
  const inst = (symbol: string): Instrument => exchange.instrument(symbol)!;

  /** Who placed an order: the user, or a plan of theirs when it triggered. */
  const createType = (o: Order): string => {
    if (gridBotOfOrder(o)) return 'CreateByGrid';
    const strategy = strategyOfOrder(o);
    if (strategy) return STRATEGY_CREATE_TYPE[typeOfStrategyId(strategy) ?? 'twap'];
    if (o.parentOrderId === null) return 'CreateByUser';
    const parent = exchange.getOrder(o.userId, { orderId: o.parentOrderId });
    if (parent?.ocoRole === 'takeProfit') return 'CreateByTakeProfit';
    if (parent?.ocoRole === 'stopLoss') return 'CreateByStopLoss';
    if (parent?.planType === PLAN.TRAILING_STOP || parent?.planType === PLAN.TRAILING_PROFIT) return 'CreateByTrailingStop';
    return 'CreateByStopOrder';
  };

  /** Quote value of the order: price × quantity, the value asked (market by value), or what filled so far. */
  const amount = (o: Order, i: Instrument): string => {
    if (o.orderType === 'Market' && o.marketUnit === 'quoteCoin') return formatAmount(o.quoteQty);
    if (o.price > 0) return formatAmount(valueOf(i.scale, o.price, o.qty));
    if (o.executedValue > 0n) return formatAmount(o.executedValue);
    return o.triggerPrice > 0 ? formatAmount(valueOf(i.scale, o.triggerPrice, o.qty)) : '0';
  };

  /** A limit order's attached TP/SL: '' when none; its state once the order ended (placed, refused with a code, dropped). */
  const attachedTpsl = (orderId: string) => {
    const a = attached?.of(orderId);
    return {
      takeProfit: a?.takeProfit ?? '',
      stopLoss: a?.stopLoss ?? '',
      tpslState: a?.state ?? '',
      tpslRefusalCode: a?.refusalCode ?? 0,
    };
  };

  function order(o: Order) {
    const i = inst(o.symbol);
    const base = orderView(o, i);
    const byValue = o.orderType === 'Market' && o.marketUnit === 'quoteCoin';
    return {
      ...base,
      type: orderTypeName(o),
      /** spec 2 §3 list fields: `qty` (as placed, in marketUnit's coin) and `time` (created) */
      qty: base.origQty,
      time: o.createdAt,
      amount: amount(o, i),
      /** base quantity for the list's Qty column: a market order by value only knows it as it fills */
      orderQtyForView: byValue ? base.executedQty : fromUnits(o.qty, i.lot),
      isLeverage: flags.isLeverage(o),
      createType: createType(o),
      stopOrderType: STOP_ORDER_TYPE[o.planType] ?? '',
      specialTradeFrom: gridBotOfOrder(o) ? GRID_SPECIAL_TRADE_FROM : (strategyTradeFrom(o) ?? PLACED_BY_USER),
      /** OCO legs: which leg this is (spec 2 §3 OCO trigger states); null otherwise */
      ocoRole: o.ocoRole,
      ...attachedTpsl(o.orderId),
    };
  }

  /** A fill as getTradeInfo lists it (spec 2 §7). */
  function fill(f: Fill) {
    const i = inst(f.symbol);
    const placed = exchange.getOrder(f.userId, { orderId: f.orderId });
    return {
      tradeId: f.tradeId,
      orderId: f.orderId,
      symbolId: f.symbol,
      side: f.side,
      matchTime: f.time,
      price: fromUnits(f.price, i.tick),
      quantity: fromUnits(f.qty, i.lot),
      amount: formatAmount(f.value),
      tokenFee: formatAmount(f.fee),
      feeTokenId: f.feeToken,
      orderType: placed ? orderTypeName(placed) : '',
      isMaker: f.isMaker,
    };
  }

  return { order, fill };
}
