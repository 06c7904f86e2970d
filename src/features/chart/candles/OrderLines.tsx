import { useEffect, useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatAsGiven } from '../../../domain/format';
import { orderLines } from '../../../domain/orderLines';
import { isPlanOrder } from '../../../domain/orderStatus';
import { useChartDisplaySettings } from '../../../data/chartDisplaySettings';
import { useOpenOrders, type Order } from '../../../data/orders';
import type { ChartController } from './chartController';
import type { TraderLine } from './traderOverlays';

/**
 * Each order's line, made once per order object (and language, symbol): a
 * push replaces one order object and keeps the others, so 50 pushes a second
 * over 500 orders do not relabel 500 lines each.
 */
function lineMaker(t: TFunction, locale: string, symbolId: string): (order: Order) => TraderLine | null {
  const made = new WeakMap<Order, TraderLine | null>();
  return (order) => {
    if (made.has(order)) return made.get(order)!;
    const line = orderLines([order], symbolId)[0];
    let drawn: TraderLine | null = null;
    if (line) {
      const kind = isPlanOrder(line.planType) ? t(`planType_${line.planType}`, { defaultValue: t('planType_1') }) : t(`orderType_${line.type}`);
      drawn = { id: line.orderId, side: line.side, price: line.price, title: `${t(`side_${line.side}`)} ${kind} ${formatAsGiven(line.qty, locale)}` };
    }
    made.set(order, drawn);
    return drawn;
  };
}

/**
 * The trader's open orders of the chart's symbol as price lines (spec 1
 * "show entrust orders"), labelled with side, kind and quantity, in the up
 * and down colours. The lists are the orders panel's own caches, kept by the
 * same pushes, so a line moves or goes with its row.
 */
export function OrderLines({ controller, symbolId }: { controller: ChartController; symbolId: string }) {
  const { t, i18n } = useTranslation('trade');
  const [display] = useChartDisplaySettings();
  const ordinary = useOpenOrders('ordinary').data;
  const plans = useOpenOrders('plan').data;
  const lineOf = useMemo(() => lineMaker(t, i18n.language, symbolId), [t, i18n.language, symbolId]);
  const lines = useMemo(
    (): TraderLine[] => (display.entrust ? [...(ordinary ?? []), ...(plans ?? [])].flatMap((order) => lineOf(order) ?? []) : []),
    [display.entrust, ordinary, plans, lineOf],
  );
  useEffect(() => controller.overlays.setLines('orders', lines), [controller, lines]);
  return null;
}
