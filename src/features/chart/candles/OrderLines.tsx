import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAsGiven } from '../../../domain/format';
import { orderLines } from '../../../domain/orderLines';
import { isPlanOrder } from '../../../domain/orderStatus';
import { useChartDisplaySettings } from '../../../data/chartDisplaySettings';
import { useOpenOrders } from '../../../data/orders';
import type { ChartController } from './chartController';
import type { TraderLine } from './traderOverlays';

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
  const lines = useMemo((): TraderLine[] => {
    if (!display.entrust) return [];
    const all = [...(ordinary ?? []), ...(plans ?? [])];
    return orderLines(all, symbolId).map((line) => {
      const kind = isPlanOrder(line.planType) ? t(`planType_${line.planType}`, { defaultValue: t('planType_1') }) : t(`orderType_${line.type}`);
      return { side: line.side, price: line.price, title: `${t(`side_${line.side}`)} ${kind} ${formatAsGiven(line.qty, i18n.language)}` };
    });
  }, [display.entrust, ordinary, plans, symbolId, t, i18n.language]);
  useEffect(() => controller.overlays.setLines('orders', lines), [controller, lines]);
  return null;
}
