import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { averagePrice, avgWindowDays } from '../../../domain/averageLines';
import { avgLineDaysLabel, DEFAULT_AVG_LINE_DAYS, isAvgLineDays } from '../../../domain/chartDisplay';
import { useChartDisplaySettings } from '../../../data/chartDisplaySettings';
import { useTradeTotals } from '../../../data/chartTrades';
import type { ChartController } from './chartController';
import type { TraderLine } from './traderOverlays';

interface AverageLinesProps {
  controller: ChartController;
  symbolId: string;
  pricePrecision: number;
}

/**
 * The average buy (green) and sell (red) lines of the display options: each
 * side's average fill price over its day choice (the exchange averages at
 * most 90 days), removed when switched off or when there is no trade, and
 * read again on each fill push. Draws on the chart; renders nothing itself.
 */
export function AverageLines({ controller, symbolId, pricePrecision }: AverageLinesProps) {
  const { t } = useTranslation('chart');
  const [display] = useChartDisplaySettings();
  const buyDays = avgWindowDays(display.avgBuyLineDays);
  const sellDays = avgWindowDays(display.avgSellLineDays);
  const buys = useTradeTotals(symbolId, 'Buy', buyDays, display.avgBuyLine);
  const sells = useTradeTotals(symbolId, 'Sell', sellDays, display.avgSellLine);
  const label = (side: 'Buy' | 'Sell') => {
    const days = side === 'Buy' ? display.avgBuyLineDays : display.avgSellLineDays;
    const { unit, count } = avgLineDaysLabel(isAvgLineDays(days) ? days : DEFAULT_AVG_LINE_DAYS);
    // The same period words as the display options' day selector.
    const period = unit === 'days' ? t('display.days', { count }) : count === 1 ? t('display.oneYear') : t('display.years', { count });
    return t(side === 'Buy' ? 'main.avgLine.buy' : 'main.avgLine.sell', { period });
  };
  const buyTitle = label('Buy');
  const sellTitle = label('Sell');
  const lines = useMemo(() => {
    const out: TraderLine[] = [];
    const add = (side: 'Buy' | 'Sell', on: boolean, totals: typeof buys.data, title: string) => {
      const price = on && totals ? averagePrice(totals.sumExecValue, totals.sumExecQty, pricePrecision) : null;
      if (price !== null) out.push({ id: side, side, price: Number(price), title });
    };
    add('Buy', display.avgBuyLine, buys.data, buyTitle);
    add('Sell', display.avgSellLine, sells.data, sellTitle);
    return out;
  }, [display.avgBuyLine, display.avgSellLine, buys.data, sells.data, buyTitle, sellTitle, pricePrecision]);
  useEffect(() => controller.overlays.setLines('averages', lines), [controller, lines]);
  return null;
}
