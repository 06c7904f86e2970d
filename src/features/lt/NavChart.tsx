import { AreaSeries, ColorType, createChart, TickMarkType, type IChartApi, type ISeriesApi, type Time, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chartDateTime, chartTickLabel } from '../../domain/chartTime';
import type { LtNavBar } from '../../data/lt';
import { TICK_LEVEL } from '../../ui/chartTickLevel';

/** Reads the page's colour variables (the detail page is always light), so the chart matches the theme without its own palette. */
function themeOf(element: HTMLElement) {
  const css = getComputedStyle(element);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return { background: v('--panel', '#ffffff'), text: v('--muted', '#707a8a'), grid: v('--border', '#e6e8ea'), line: v('--accent', '#f7a600'), font: css.fontFamily || 'sans-serif' };
}

const toTime = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

/** The line colour faded for the area's fill; a colour that is not #rrggbb is used as it is. */
const faded = (color: string, alpha: string) => (/^#[0-9a-f]{6}$/i.test(color) ? `${color}${alpha}` : color);

interface Drawn {
  chart: IChartApi;
  series: ISeriesApi<'Area'>;
}

/**
 * The NAV as an area line (lightweight-charts 5). The chart is made once
 * per mount (again only for a new precision or language); new bars
 * replace the series' data (a poll of at most 300 points is cheap).
 */
export default function NavChart({ bars, precision, locale }: { bars: readonly LtNavBar[]; precision: number; locale: string }) {
  const { t } = useTranslation('lt');
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const fitted = useRef(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const theme = themeOf(element);
    const chart = createChart(element, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: theme.background }, textColor: theme.text, fontFamily: theme.font, fontSize: 11, attributionLogo: true },
      grid: { vertLines: { color: theme.grid }, horzLines: { color: theme.grid } },
      rightPriceScale: { borderColor: theme.grid },
      timeScale: {
        borderColor: theme.grid,
        timeVisible: true,
        secondsVisible: false,
        // A wider or narrower window shows the same period, not the bars squeezed to one side.
        lockVisibleTimeRangeOnResize: true,
        tickMarkFormatter: (time: Time, type: TickMarkType) => (typeof time === 'number' ? chartTickLabel(time * 1000, TICK_LEVEL[type], 'UTC') : String(time)),
      },
      // Times are UTC, as the daily reset is (spec 1 §9 format on the crosshair); digits stay Latin in every language (UI.md).
      localization: { locale: `${locale}-u-nu-latn`, timeFormatter: (time: number) => chartDateTime(time * 1000, 'UTC') },
    });
    const series = chart.addSeries(AreaSeries, {
      lineColor: theme.line,
      topColor: faded(theme.line, '55'),
      bottomColor: faded(theme.line, '08'),
      lineWidth: 2,
      priceFormat: { type: 'price', precision, minMove: 10 ** -precision },
    });
    fitted.current = false;
    setDrawn({ chart, series });
    return () => {
      setDrawn(null);
      chart.remove();
    };
  }, [precision, locale]);

  useEffect(() => {
    if (!drawn) return;
    drawn.series.setData(bars.map((bar) => ({ time: toTime(bar.t), value: Number(bar.c) })));
    // Fit once: later polls keep whatever range the trader scrolled to.
    if (!fitted.current && bars.length > 0) {
      drawn.chart.timeScale().fitContent();
      fitted.current = true;
    }
  }, [drawn, bars]);

  return <div ref={box} className="lt-nav-chart" role="img" aria-label={t('navChart')} data-testid="lt-nav-chart" />;
}
