import { decimalsOf, fromUnits } from '../../src/domain/units';
import { formatAmount } from './amount';
import type { Instrument } from './instruments';
import { isTrailing, trailDistance } from './plans';
import type { BalanceLine, Fill, Order } from './types';

/**
 * A trailing order's trigger: once it trails, the stop it would fire at (the
 * best price since activation less the distance for a sell, plus it for a
 * buy), which moves with the market; before that none (0).
 */
function triggerOf(order: Order): number {
  if (!isTrailing(order)) return order.triggerPrice;
  if (!order.trailActive || order.trailExtreme <= 0) return 0;
  const distance = trailDistance(order, order.trailExtreme);
  return order.side === 'Sell' ? Math.max(0, order.trailExtreme - distance) : order.trailExtreme + distance;
}

/** An order as the exchange's JSON answers carry it: decimals as strings in the instrument's steps. */
export function orderView(order: Order, inst: Instrument) {
  const price = (ticks: number) => (ticks > 0 ? fromUnits(ticks, inst.tick) : '0');
  const qty = (lots: number) => fromUnits(lots, inst.lot);
  return {
    orderId: order.orderId,
    clientOrderId: order.clientOrderId,
    symbolId: order.symbol,
    side: order.side,
    type: order.orderType,
    timeInForce: order.timeInForce,
    planType: order.planType,
    status: order.status,
    price: price(order.price),
    origQty: order.marketUnit === 'quoteCoin' && order.orderType === 'Market' ? formatAmount(order.quoteQty) : qty(order.qty),
    executedQty: qty(order.executedQty),
    executedValue: formatAmount(order.executedValue),
    avgPrice: order.executedQty > 0 ? formatAmount((order.executedValue * 10n ** 18n) / (BigInt(order.executedQty) * inst.scale.lotAmount), decimalsOf(inst.tick) + 2) : '0',
    fee: formatAmount(order.fee),
    marketUnit: order.marketUnit,
    triggerPrice: price(triggerOf(order)),
    activationPrice: price(order.activationPrice),
    trailingValue: price(order.trailingValue),
    trailingPercentage: order.trailingBps > 0 ? (order.trailingBps / 100).toFixed(2) : '0',
    ocoSiblingId: order.ocoSibling,
    parentOrderId: order.parentOrderId,
    baseTokenName: inst.base,
    quoteTokenName: inst.quote,
    rejectCode: order.reason?.code ?? 0,
    rejectReason: order.reason?.message ?? '',
    createdTime: order.createdAt,
    updatedTime: order.updatedAt,
  };
}

export function fillView(fill: Fill, inst: Instrument) {
  return {
    tradeId: fill.tradeId,
    orderId: fill.orderId,
    symbolId: fill.symbol,
    side: fill.side,
    price: fromUnits(fill.price, inst.tick),
    qty: fromUnits(fill.qty, inst.lot),
    value: formatAmount(fill.value),
    fee: formatAmount(fill.fee),
    feeToken: fill.feeToken,
    isMaker: fill.isMaker,
    time: fill.time,
  };
}

export function balanceView(line: BalanceLine) {
  return { tokenId: line.token, free: formatAmount(line.free), locked: formatAmount(line.locked), total: formatAmount(line.free + line.locked) };
}
