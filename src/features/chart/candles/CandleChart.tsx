import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartSettings, ChartStyle, IndicatorConfig, OhlcvBar } from '../../../domain/chartModel';
import { chartWidgetError, chartWidgetOptions, LINE_CREATION_DELAY_MS, type ChartWidgetError } from '../../../domain/chartKind';
import { klineBarsToOhlcv } from '../../../domain/chartStyles';
import type { Interval } from '../../../domain/intervals';
import type { KlineBar } from '../../../data/api/klines';
import type { ChartDatafeed } from '../../../data/chartDatafeed';
import type { KlineState } from '../../../data/realtime';
import { Spinner } from '../../../ui/Spinner';
import { useDocumentTheme } from '../../../ui/useDocumentTheme';
import { ChartController, type ChartTheme } from './chartController';
import { AverageLines } from './AverageLines';
import { HoldingLines } from './HoldingLines';
import { ExecutionMarkers } from './ExecutionMarkers';
import { OrderLines } from './OrderLines';
import { QuickOrders } from './QuickOrders';
import { Legend } from './Legend';
import { ChartViewText } from './ChartViewText';

export interface CandleChartProps {
  /** where the bars come from (data/chartDatafeed.ts); without one the chart says so instead of drawing */
  datafeed: ChartDatafeed | null;
  symbolId: string;
  base: string;
  quote: string;
  symbolName: string;
  interval: Interval;
  style: ChartStyle;
  settings: ChartSettings;
  indicators: readonly IndicatorConfig[];
  compared: ReadonlyMap<string, KlineBar[]>;
  pricePrecision: number;
  numberLocale: string;
  mode: 'pro' | 'simple';
  /** a change rebuilds the chart from fresh data (spec 1 §4) */
  rebuildKey: number;
  /** the controller, for the toolbar's screenshot and time frames; null when gone */
  onController?: (controller: ChartController | null) => void;
  /** after each whole series was drawn (a time frame waits for it to set its range) */
  onBarsShown?: () => void;
}

const COMPARE_PALETTE = ['#2db5e5', '#b45cf0', '#e8c547'];

function readTheme(element: HTMLElement): ChartTheme {
  const css = getComputedStyle(element);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return { background: v('--panel', '#161a1e'), text: v('--muted', '#848e9c'), grid: v('--border', '#2b3139'), line: v('--accent', '#f7a600'), font: css.fontFamily || 'sans-serif' };
}

function liveBar(state: KlineState): OhlcvBar | null {
  const b = state.bar;
  if (!b) return null;
  const bar = { time: b.t, open: Number(b.o), high: Number(b.h), low: Number(b.l), close: Number(b.c), volume: Number(b.v) };
  return [bar.open, bar.high, bar.low, bar.close, bar.volume].every(Number.isFinite) ? bar : null;
}

/**
 * The candle chart of the pro and simple views. Keyed by symbol, interval and
 * rebuild key by its parent: each of those starts a fresh chart and history.
 * Its widget options (spec 1 §3) are checked first: without a data feed or a
 * symbol it shows why instead of a chart; an interval it does not know is 1D.
 */
export function CandleChart(props: CandleChartProps) {
  const { t } = useTranslation('chart');
  const documentTheme = useDocumentTheme();
  const options = chartWidgetOptions({ datafeed: props.datafeed, symbol: props.symbolId, interval: props.interval, timezone: props.settings.timezone, locale: props.numberLocale, theme: documentTheme });
  const missing = chartWidgetError({ hasDatafeed: options.datafeed !== null, hasContainer: true, symbol: options.symbol, loadLastChart: false });
  if (missing || !options.datafeed) {
    return (
      <div className="candle-chart">
        <div className="candle-chart__overlay" role="alert">
          <p>{t(`main.widgetError.${missing ?? 'noDatafeed'}`)}</p>
        </div>
      </div>
    );
  }
  return <CandleChartView {...props} interval={options.interval} datafeed={options.datafeed} documentTheme={documentTheme} />;
}

function CandleChartView(props: CandleChartProps & { datafeed: ChartDatafeed; documentTheme: string }) {
  const { symbolId, interval, style, settings, indicators, compared, rebuildKey, onController, documentTheme } = props;
  const { useHistory, useLiveBar } = props.datafeed;
  const { t } = useTranslation('chart');
  const container = useRef<HTMLDivElement>(null);
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const [controller, setController] = useState<ChartController | null>(null);
  const [failure, setFailure] = useState<ChartWidgetError | 'construction' | null>(null);
  const history = useHistory(symbolId, interval, { rebuildKey });
  const historyRef = useRef(history);
  historyRef.current = history;
  const initial = useRef(props);
  const viewId = useId();

  useEffect(() => {
    const element = container.current;
    const missing = chartWidgetError({ hasDatafeed: true, hasContainer: element !== null, symbol: initial.current.symbolId, loadLastChart: false }); // the feed was checked above
    if (missing || !element) {
      setFailure(missing ?? 'noContainer');
      return undefined;
    }
    let created: ChartController;
    try {
      const p = initial.current;
      created = new ChartController(element, {
        style: p.style,
        settings: p.settings,
        theme: readTheme(element),
        pricePrecision: p.pricePrecision,
        numberLocale: p.numberLocale,
        volumeOverlay: p.mode === 'simple',
      });
    } catch {
      setFailure('construction');
      return undefined;
    }
    created.onNeedOlder(() => {
      const h = historyRef.current;
      if (h.canLoadOlder && !h.loadingOlder && h.status === 'ready') h.loadOlder();
    });
    setController(created);
    onController?.(created);
    // The demo build lets end-to-end tests find what the canvas drew (a mark's place), as it does for the quote client.
    if (import.meta.env.VITE_BACKEND !== 'remote') Object.assign(window, { spotChartDebug: created });
    return () => {
      onController?.(null);
      created.destroy();
      setController(null);
    };
    // The controller lives as long as this component; option changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Passive effects run after the page's layout effect has set the new theme: the CSS read here is the new one.
  useEffect(() => {
    if (controller && container.current) controller.setTheme(readTheme(container.current));
  }, [controller, documentTheme]);
  useEffect(() => controller?.setPricePrecision(props.pricePrecision), [controller, props.pricePrecision]);
  useEffect(() => controller?.setStyle(style), [controller, style]);
  useEffect(() => controller?.setSettings(settings), [controller, settings]);
  useEffect(() => controller?.setIndicators(indicators), [controller, indicators]);
  useEffect(() => {
    if (!controller) return;
    const series = new Map<string, OhlcvBar[]>();
    for (const [id, bars] of compared) series.set(id, klineBarsToOhlcv(bars));
    controller.setCompared(series, COMPARE_PALETTE);
  }, [controller, compared]);

  useEffect(() => {
    if (!controller) return;
    controller.setBars(klineBarsToOhlcv(history.bars));
    if (history.bars.length > 0) props.onBarsShown?.();
    // `revision` marks a whole new series; live ticks come through the feed below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, history.revision]);

  const onKline = useCallback(
    (state: KlineState) => {
      const bar = liveBar(state);
      if (bar && controller && controller.barCount > 0) controller.pushBar(bar);
    },
    [controller],
  );
  useLiveBar(symbolId, interval, onKline);

  // The trader's lines come LINE_CREATION_DELAY_MS after the chart first shows its bars (spec 1 §9).
  const [linesReady, setLinesReady] = useState(false);
  const barsShown = controller !== null && history.bars.length > 0;
  useEffect(() => {
    if (!barsShown || linesReady) return undefined;
    const timer = setTimeout(() => setLinesReady(true), LINE_CREATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [barsShown, linesReady]);
  const lines = controller !== null && linesReady;

  const empty = history.bars.length === 0;
  return (
    <div className="candle-chart" ref={setHost}>
      {controller && <Legend controller={controller} symbolName={props.symbolName} interval={interval} pricePrecision={props.pricePrecision} locale={props.numberLocale} />}
      {controller && (
        <ExecutionMarkers controller={controller} symbolId={symbolId} interval={interval} pricePrecision={props.pricePrecision} timeZone={settings.timezone} />
      )}
      {lines && controller && <AverageLines controller={controller} symbolId={symbolId} pricePrecision={props.pricePrecision} />}
      {lines && controller && <HoldingLines controller={controller} symbolId={symbolId} base={props.base} />}
      {lines && controller && <OrderLines controller={controller} symbolId={symbolId} />}
      {controller && host && <QuickOrders controller={controller} host={host} base={props.base} quote={props.quote} />}
      <div
        ref={container}
        className="candle-chart__canvas"
        data-testid="candle-chart"
        data-bars={history.bars.length}
        data-pages={history.pagesLoaded}
        role="group"
        aria-label={t('main.canvasLabel', { symbol: props.symbolName })}
        aria-describedby={controller ? viewId : undefined}
      />
      {controller && <ChartViewText controller={controller} id={viewId} timeZone={settings.timezone} />}
      {history.offline && (
        <span className="candle-chart__badge candle-chart__badge--offline" role="status">
          {t('main.offlineMark')}
        </span>
      )}
      {history.loadingOlder && (
        <span className="candle-chart__older">
          <Spinner label={t('main.loadingOlder')} />
          <span aria-hidden="true">{t('main.loadingOlder')}</span>
        </span>
      )}
      {failure && (
        <div className="candle-chart__overlay" role="alert">
          <p>{t(`main.widgetError.${failure}`)}</p>
        </div>
      )}
      {!failure && empty && history.status === 'loading' && (
        <div className="candle-chart__overlay">
          <Spinner label={t('main.loading')} />
        </div>
      )}
      {!failure && empty && history.status === 'error' && (
        <div className="candle-chart__overlay" role="alert">
          <p>{t('main.loadFailed')}</p>
        </div>
      )}
      {!failure && empty && history.status === 'ready' && (
        <div className="candle-chart__overlay">
          <p>{t('main.noData')}</p>
        </div>
      )}
    </div>
  );
}
