import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chartDateTime } from '../../../domain/chartTime';
import { executionMarkers } from '../../../domain/executionMarkers';
import { formatAsGiven, formatDecimal } from '../../../domain/format';
import type { Interval } from '../../../domain/intervals';
import { useChartDisplaySettings } from '../../../data/chartDisplaySettings';
import { useChartTrades } from '../../../data/chartTrades';
import type { ExecutionMarker } from '../../../domain/executionMarkers';
import { Button } from '../../../ui/Button';
import type { ChartController } from './chartController';
import type { MarkerHover } from './traderOverlays';
import { DealHistoryDialog } from './DealHistoryDialog';

interface ExecutionMarkersProps {
  controller: ChartController;
  symbolId: string;
  interval: Interval;
  pricePrecision: number;
  timeZone: string;
}

/**
 * The trader's fills on the chart (spec 1 execution markers, "trade info"
 * display option): marks per bucket from getTradeInfoForKLine, read again on
 * each fill push; hovering a mark shows its average price, quantity, fee and
 * time. Renders only the hover card: the marks are the chart's.
 */
export function ExecutionMarkers({ controller, symbolId, interval, pricePrecision, timeZone }: ExecutionMarkersProps) {
  const { t, i18n } = useTranslation('chart');
  const [display] = useChartDisplaySettings();
  const shown = display.dealHistory;
  const trades = useChartTrades(symbolId, shown);
  const markers = useMemo(() => (shown && trades.data ? executionMarkers(trades.data, interval) : []), [shown, trades.data, interval]);
  const buy = t('main.marker.buy');
  const sell = t('main.marker.sell');
  useEffect(() => controller.overlays.setMarkers(markers, { Buy: buy, Sell: sell }), [controller, markers, buy, sell]);

  const [hover, setHover] = useState<MarkerHover | null>(null);
  // The deal history: open from a clicked mark (its fills highlighted) or from the summary button.
  const [deals, setDeals] = useState<{ marker: ExecutionMarker | null } | null>(null);
  useEffect(() => {
    controller.overlays.onMarkerHover(setHover);
    controller.overlays.onMarkerClick((marker) => setDeals({ marker }));
    return () => {
      controller.overlays.onMarkerHover(null);
      controller.overlays.onMarkerClick(null);
    };
  }, [controller]);
  const fills = (side: 'Buy' | 'Sell') => markers.filter((m) => m.side === side).reduce((n, m) => n + m.fills, 0);
  // The marks are drawn on a canvas: in words for assistive tech, and a keyboard way to the deal history.
  const summary = (
    <>
      {markers.length > 0 && (
        <Button className="candle-chart__marks-summary" data-testid="execution-markers" onClick={() => setDeals({ marker: null })}>
          {t('main.marker.summary', { buys: fills('Buy'), sells: fills('Sell') })}
        </Button>
      )}
      <DealHistoryDialog
        open={deals !== null && shown}
        symbolId={symbolId}
        marker={deals?.marker ?? null}
        pricePrecision={pricePrecision}
        timeZone={timeZone}
        onClose={() => setDeals(null)}
      />
    </>
  );
  if (!hover || !shown) return summary;

  const locale = i18n.language;
  const m = hover.marker;
  const price = formatDecimal(m.avgPrice, pricePrecision, locale) ?? m.avgPrice;
  const time = m.firstTime === m.lastTime ? chartDateTime(m.firstTime, timeZone) : `${chartDateTime(m.firstTime, timeZone)} – ${chartDateTime(m.lastTime, timeZone)}`;
  const fees = m.fees.map((f) => `${formatAsGiven(f.amount, locale)} ${f.coin}`).join(' + ') || '—';
  // Beside the pointer, on the side with room: marks near the right edge (the latest bars) get the card on their left.
  const width = controller.chart.chartElement().clientWidth;
  const place = hover.x > width / 2 ? { right: width - hover.x + 12 } : { left: hover.x + 12 };
  return (
    <>
      {summary}
      <div className="candle-chart__marker-card" role="tooltip" style={{ ...place, top: Math.max(0, hover.y - 12) }}>
        <p className={m.side === 'Buy' ? 'candle-chart__marker-side--buy' : 'candle-chart__marker-side--sell'}>
          {t(m.side === 'Buy' ? 'main.marker.bought' : 'main.marker.sold', { count: m.fills })}
        </p>
        <dl>
          <dt>{t('main.marker.price')}</dt>
          <dd dir="ltr">{price}</dd>
          <dt>{t('main.marker.qty')}</dt>
          <dd dir="ltr">{formatAsGiven(m.qty, locale)}</dd>
          <dt>{t('main.marker.fee')}</dt>
          <dd dir="ltr">{fees}</dd>
          <dt>{t('main.marker.time')}</dt>
          <dd dir="ltr">{time}</dd>
        </dl>
      </div>
    </>
  );
}
