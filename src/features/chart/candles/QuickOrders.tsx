import { useChartDisplaySettings } from '../../../data/chartDisplaySettings';
import { GateDialog, useQuickOrder } from '../../order-entry';
import type { ChartController } from './chartController';
import { HoverQuickOrder } from './HoverQuickOrder';
import { QuickMarketTrade } from './QuickMarketTrade';

interface QuickOrdersProps {
  controller: ChartController;
  host: HTMLElement;
  base: string;
  quote: string;
}

/**
 * The chart's two ways to order (spec 1 §2.3): the quick market trade
 * ("trade" display setting) and the hover limit order ("limitTrade"), sharing
 * one order context and one gate dialog.
 */
export function QuickOrders({ controller, host, base, quote }: QuickOrdersProps) {
  const [display] = useChartDisplaySettings();
  const quick = useQuickOrder(base, quote);
  if (!display.trade && !display.limitTrade) return null;
  return (
    <>
      {display.trade && <QuickMarketTrade quick={quick} />}
      {display.limitTrade && <HoverQuickOrder controller={controller} host={host} quick={quick} />}
      <GateDialog {...quick.gateDialog} />
    </>
  );
}
