import type { TFunction } from 'i18next';
import { isPlanOrder } from '../../domain/orderStatus';
import type { Fill, Order } from '../../data/orders';
import type { OrderFormat } from './useOrderFormat';

/** Order rows for CSV: the table's columns, numbers as the exchange wrote them (no grouping), times as shown. */
export function ordersTable(orders: readonly Order[], t: TFunction, format: OrderFormat) {
  const header = [t('colPair'), t('colTime'), t('colSide'), t('colType'), t('colTrigger'), t('colPrice'), t('colQty'), t('colFilled'), t('colAvgPrice'), t('colStatus')];
  const rows = orders.map((o) => [
    `${o.baseTokenName}/${o.quoteTokenName}`,
    format.time(o.time),
    t(`side_${o.side}`),
    isPlanOrder(o.planType) ? t(`planType_${o.planType}`, { defaultValue: t('planType_1') }) : t(`orderType_${o.type}`),
    isPlanOrder(o.planType) ? o.triggerPrice : '',
    o.type === 'MARKET' ? t('marketPrice') : o.price,
    o.qty,
    o.executedQty,
    o.avgPrice,
    t(`status_${o.status}`),
  ]);
  return { header, rows };
}

export function fillsTable(fills: readonly Fill[], t: TFunction, format: OrderFormat) {
  const header = [t('colPair'), t('colTime'), t('colSide'), t('colPrice'), t('colQty'), t('colValue'), t('colFee'), t('colRole')];
  const rows = fills.map((f) => [
    format.pair(f.symbolId),
    format.time(f.matchTime),
    t(`side_${f.side}`),
    f.price,
    f.quantity,
    f.amount,
    `${f.tokenFee} ${f.feeTokenId}`,
    t(f.isMaker ? 'roleMaker' : 'roleTaker'),
  ]);
  return { header, rows };
}

/** Trailing orders for CSV: activation, distance (a percentage marked %) and the stop as it stands. */
export function trailingOrdersTable(orders: readonly Order[], t: TFunction, format: OrderFormat) {
  const header = [t('colPair'), t('colTime'), t('colSide'), t('colType'), t('colActivation'), t('colTrailing'), t('colStopPrice'), t('colQty'), t('colStatus')];
  const rows = orders.map((o) => [
    `${o.baseTokenName}/${o.quoteTokenName}`,
    format.time(o.time),
    t(`side_${o.side}`),
    t(`planType_${o.planType}`, { defaultValue: t('planType_4') }),
    Number(o.activationPrice) > 0 ? o.activationPrice : '',
    Number(o.trailingPercentage) > 0 ? `${o.trailingPercentage}%` : o.trailingValue,
    Number(o.triggerPrice) > 0 ? o.triggerPrice : '',
    o.qty,
    t(`status_${o.status}`),
  ]);
  return { header, rows };
}
