import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartConfig, ChartLayoutState, ChartStyle, KlineType } from '../../domain/chartModel';
import { chartLocale, timeFrameRange, type TimeFrame } from '../../domain/chartToolbar';
import { precisionsOf } from '../../domain/format';
import type { Interval } from '../../domain/intervals';
import { findSymbol } from '../../domain/symbol';
import { klineDatafeed } from '../../data/chartDatafeed';
import { useChartDisplaySettings } from '../../data/chartDisplaySettings';
import { usePinnedIntervals, useStoredInterval, useStoredKlineType } from '../../data/chartPrefs';
import { useChartCloudSave } from '../../data/chartSaves';
import { useCompareKlines } from '../../data/compareKlines';
import { useSymbols } from '../../data/queries';
import { Spinner } from '../../ui/Spinner';
import { CandleChart } from './candles/CandleChart';
import type { ChartController } from './candles/chartController';
import { DepthChart } from './depth';
import { DisplayOptions } from './display';
import { INDICATOR_DEFINITIONS } from './indicatorDefinitions';
import { KindSwitch } from './KindSwitch';
import { composeScreenshot, downloadCanvas, screenshotFileName } from './screenshot';
import { ChartSettingsDialog, ChartStyleMenu, CompareDialog, IndicatorsDialog, IntervalBar, ScrollableToolbar, TimeFrameBar } from './toolbar';
import { useFullscreen } from './useFullscreen';
import { useRebuildKey } from './useRebuildKey';
import { useRemoteConfig } from './useRemoteConfig';
import './chart.css';

export interface ChartAreaProps {
  base: string;
  quote: string;
  locale: string;
  isDemo: boolean;
  loggedIn: boolean;
}

/** The simple chart draws an area or candles; the pro chart any of the seven styles. */
type SimpleStyle = Extract<ChartStyle, 'area' | 'candle'>;

/** The chart tab: the chosen chart (simple, pro or depth), its toolbar and its saves. */
export function ChartArea({ base, quote, locale, isDemo, loggedIn }: ChartAreaProps) {
  const { t } = useTranslation('chart');
  const symbolId = `${base}${quote}`;
  const symbolName = `${base}/${quote}`;
  const [storedKind, storeKind] = useStoredKlineType();
  const [depth, setDepth] = useState(false);
  const kind: KlineType = depth ? 'deepChart' : storedKind;
  const [interval, storeInterval] = useStoredInterval();
  const [pinned, storePinned] = usePinnedIntervals();
  const [display] = useChartDisplaySettings();
  const [simpleStyle, setSimpleStyle] = useState<SimpleStyle>('area');
  const [timeFrame, setTimeFrame] = useState<string | null>(null);
  const cloud = useChartCloudSave({ symbolId, isDemo, loggedIn });
  const { layout, saveLayout, saveConfig } = cloud;
  useRemoteConfig(cloud.config, { kind: storedKind, interval, pinned }, { storeKind, storeInterval, storePinned });

  const areaRef = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(areaRef);
  const controller = useRef<ChartController | null>(null);
  const pendingFrame = useRef<TimeFrame | null>(null);
  const onController = useCallback((c: ChartController | null) => {
    controller.current = c;
  }, []);
  const rebuildKey = useRebuildKey(interval, cloud.remoteRevision);
  const symbolQuery = useSymbols();
  const symbols = symbolQuery.data;
  // Bars drawn before the pair's precision is known get a 13-decimal price scale that then narrows: the
  // legend beside it rewraps and the phone page shifts (CLS, CI of 649fdd0). A failed list, or one waiting
  // for a network the browser says is gone, keeps the default rather than hold the chart back.
  const precisionKnown = symbolQuery.status !== 'pending' || symbolQuery.fetchStatus === 'paused';
  const pricePrecision = precisionsOf(symbols ? findSymbol(symbols, base, quote) : undefined).price;
  const compareIds = useMemo(() => (kind === 'tradingview' ? layout.compare : []), [kind, layout.compare]);
  const compared = useCompareKlines(compareIds, interval);
  const compareSymbols = useMemo(() => (symbols ?? []).map((s) => ({ symbolId: s.symbolId, base: s.baseTokenName, quote: s.quoteTokenName })), [symbols]);
  const numberLocale = chartLocale(locale).replace('_', '-');

  /** Spec 1 §7: the chart configuration follows a signed-in user (set_kline_config). */
  const pushConfig = (patch: Partial<ChartConfig>) => {
    if (!loggedIn || isDemo) return;
    saveConfig({ klineType: storedKind, interval, pinnedIntervals: pinned, display, ...patch });
  };
  const chooseKind = (next: KlineType) => {
    setDepth(next === 'deepChart');
    storeKind(next);
    if (next !== 'deepChart') pushConfig({ klineType: next });
  };
  const chooseInterval = (next: Interval) => {
    setTimeFrame(null);
    storeInterval(next);
    pushConfig({ interval: next });
  };
  const choosePinned = (next: Interval[]) => {
    storePinned(next);
    pushConfig({ pinnedIntervals: next });
  };
  const changeLayout = (patch: Partial<ChartLayoutState>) => saveLayout({ ...layout, ...patch });

  const chooseTimeFrame = (frame: TimeFrame) => {
    setTimeFrame(frame.id);
    const range = timeFrameRange(frame, Date.now());
    if (range.interval !== interval) {
      // The new interval rebuilds the chart; the range is applied once its bars are in.
      pendingFrame.current = frame;
      storeInterval(range.interval);
      pushConfig({ interval: range.interval });
    } else {
      controller.current?.showRange(range.from, range.to);
    }
  };
  const onBarsShown = useCallback(() => {
    const frame = pendingFrame.current;
    if (!frame) return;
    pendingFrame.current = null;
    const range = timeFrameRange(frame, Date.now());
    controller.current?.showRange(range.from, range.to);
  }, []);

  const screenshot = async () => {
    const c = controller.current;
    const area = areaRef.current;
    if (!c || !area) return;
    const css = getComputedStyle(area);
    const legend = area.querySelector('[data-testid="chart-legend"]')?.textContent ?? '';
    const now = Date.now();
    const canvas = composeScreenshot(
      c.screenshot(),
      {
        title: `${symbolName} · ${t(`main.interval.${interval}`)}`,
        legend,
        timeZone: layout.settings.timezone,
        background: css.getPropertyValue('--panel').trim() || '#161a1e',
        text: css.getPropertyValue('--text').trim() || '#eaecef',
        font: css.fontFamily || 'sans-serif',
      },
      now,
    );
    await downloadCanvas(canvas, screenshotFileName(symbolId, interval, now));
  };

  const candles = kind !== 'deepChart';
  const pro = kind === 'tradingview';
  return (
    <div ref={areaRef} className={`chart-area${fullscreen.fallback ? ' chart-area--filled' : ''}`}>
      <div className="chart-toolbar" role="toolbar" aria-label={t('main.toolbarLabel')}>
        <ScrollableToolbar label={t('main.toolsLabel')}>
          {candles && <IntervalBar pinned={pinned} value={interval} onChange={chooseInterval} onPinnedChange={choosePinned} />}
          {pro && (
            <>
              <ChartStyleMenu value={layout.style} onChange={(style) => changeLayout({ style })} />
              <IndicatorsDialog value={layout.indicators} definitions={INDICATOR_DEFINITIONS} onChange={(indicators) => changeLayout({ indicators })} />
              <CompareDialog symbols={compareSymbols} current={symbolId} value={layout.compare} onChange={(compare) => changeLayout({ compare })} />
              <ChartSettingsDialog value={layout.settings} onChange={(settings) => changeLayout({ settings })} />
            </>
          )}
          {kind === 'lightChart' && (
            <div className="chart-kinds" role="group" aria-label={t('main.simpleStyle')}>
              {(['area', 'candle'] as const).map((style) => (
                <button key={style} type="button" className="chart-tool" aria-pressed={simpleStyle === style} onClick={() => setSimpleStyle(style)}>
                  {t(style === 'area' ? 'main.simpleArea' : 'main.simpleCandle')}
                </button>
              ))}
            </div>
          )}
          {candles && (
            <button type="button" className="chart-tool" onClick={() => void screenshot()}>
              {t('main.screenshot')}
            </button>
          )}
          <DisplayOptions />
          <button type="button" className="chart-tool" aria-pressed={fullscreen.on} onClick={fullscreen.toggle}>
            {fullscreen.on ? t('main.fullscreenOff') : t('main.fullscreenOn')}
          </button>
          <KindSwitch value={kind} onChange={chooseKind} />
        </ScrollableToolbar>
      </div>
      <div className="chart-area__body">
        {kind === 'deepChart' ? (
          <DepthChart key={symbolId} symbolId={symbolId} base={base} quote={quote} />
        ) : cloud.loaded && precisionKnown ? (
          <CandleChart
            key={`${symbolId}|${interval}|${rebuildKey}|${kind}`}
            datafeed={klineDatafeed}
            symbolId={symbolId}
            base={base}
            quote={quote}
            symbolName={symbolName}
            interval={interval}
            style={pro ? layout.style : simpleStyle}
            settings={layout.settings}
            indicators={pro ? layout.indicators : []}
            compared={compared}
            pricePrecision={pricePrecision}
            numberLocale={numberLocale}
            mode={pro ? 'pro' : 'simple'}
            rebuildKey={rebuildKey}
            onController={onController}
            onBarsShown={onBarsShown}
          />
        ) : (
          <div className="candle-chart__overlay">
            <Spinner label={t('main.loading')} />
          </div>
        )}
      </div>
      {pro && (
        <div className="chart-area__footer">
          <TimeFrameBar value={timeFrame} onSelect={chooseTimeFrame} />
        </div>
      )}
    </div>
  );
}
