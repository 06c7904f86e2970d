import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../domain/format';
import type { Interval } from '../../../domain/intervals';
import type { ChartController, LegendState } from './chartController';

/** A value at its decimals, grouped the page's way (the header and the book write "61 802,44" in Russian; so does the legend). */
const fmt = (v: number | null | undefined, decimals: number, locale: string) =>
  v === null || v === undefined || !Number.isFinite(v) ? '—' : (formatDecimal(v, decimals, locale) ?? '—');
/** A change with its sign: a rise, or one that rounds to nothing, takes '+'; formatDecimal writes the '-'. */
const percent = (ratio: number, locale: string) => {
  const body = fmt(ratio * 100, 2, locale);
  return `${body.startsWith('-') ? '' : '+'}${body}%`;
};

/**
 * The values under the crosshair (the last bar when the pointer is away):
 * O/H/L/C, volume, change and each indicator's lines. It renders on its own,
 * so a live tick repaints the legend and not the chart's React tree.
 */
export function Legend({ controller, symbolName, interval, pricePrecision, locale }: { controller: ChartController; symbolName: string; interval: Interval; pricePrecision: number; locale: string }) {
  const { t } = useTranslation('chart');
  const [legend, setLegend] = useState<LegendState | null>(null);
  useEffect(() => {
    controller.onLegend(setLegend);
    return () => controller.onLegend(null);
  }, [controller]);
  const bar = legend?.bar;
  const change = legend?.change ?? null;
  const direction = change === null ? '' : change >= 0 ? 'up' : 'down';
  return (
    <div
      className="chart-legend"
      data-testid="chart-legend"
      data-hovering={legend?.hovering ? 'true' : 'false'}
      // Wraps before the price scale, whose width follows the prices' digits (the stylesheet's 80 px is the guess before the first paint).
      style={legend?.priceScaleWidth ? { maxInlineSize: `calc(100% - ${legend.priceScaleWidth + 16}px)` } : undefined}
    >
      <div className="chart-legend__row">
        <strong>{symbolName}</strong>
        <span>· {t(`main.interval.${interval}`)}</span>
        {bar && (
          <span dir="ltr" className={`chart-legend__ohlc chart-legend__ohlc--${direction}`}>
            <span>{t('main.legend.open')} {fmt(bar.open, pricePrecision, locale)}</span>
            <span>{t('main.legend.high')} {fmt(bar.high, pricePrecision, locale)}</span>
            <span>{t('main.legend.low')} {fmt(bar.low, pricePrecision, locale)}</span>
            <span data-testid="legend-close">{t('main.legend.close')} {fmt(bar.close, pricePrecision, locale)}</span>
            {change !== null && <span>{percent(change, locale)}</span>}
            <span>{t('main.legend.volume')} {fmt(bar.volume, 4, locale)}</span>
          </span>
        )}
      </div>
      {legend?.indicators.map((group) => (
        <div className="chart-legend__row" key={group.key} data-testid="legend-indicator">
          {/* A one-line indicator's line already carries its title. */}
          {group.values.length > 1 && <span>{group.label}</span>}
          {group.values.map((v) => (
            <span key={v.name} dir="ltr" style={{ color: v.color }}>
              {v.name} {fmt(v.value, pricePrecision, locale)}
            </span>
          ))}
        </div>
      ))}
      {legend?.compared.map((c) => (
        <div className="chart-legend__row" key={c.symbolId} data-testid="legend-compare">
          <span style={{ color: c.color }}>{c.symbolId}</span>
          <span dir="ltr" className="chart-legend__change">
            {c.change === null ? '—' : percent(c.change, locale)}
          </span>
        </div>
      ))}
    </div>
  );
}
