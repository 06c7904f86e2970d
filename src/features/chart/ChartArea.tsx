import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CHART_SETTINGS, type ChartLayoutState, type KlineType } from '../../domain/chartModel';
import { precisionsOf } from '../../domain/format';
import { findSymbol } from '../../domain/symbol';
import { usePinnedIntervals, useStoredInterval, useStoredKlineType } from '../../data/chartPrefs';
import { useCompareKlines } from '../../data/compareKlines';
import { useSymbols } from '../../data/queries';
import { CandleChart } from './candles/CandleChart';
import { DepthChart } from './depth';
import type { ChartController } from './candles/chartController';
import { KindSwitch } from './KindSwitch';
import { composeScreenshot, downloadCanvas, screenshotFileName } from './screenshot';
import { useFullscreen } from './useFullscreen';
import { useRebuildKey } from './useRebuildKey';
import './chart.css';

export interface ChartAreaProps {
  base: string;
  quote: string;
  locale: string;
  isDemo: boolean;
  loggedIn: boolean;
}

const DEFAULT_LAYOUT: ChartLayoutState = { style: 'candle', indicators: [], compare: [], settings: DEFAULT_CHART_SETTINGS };

/** The chart tab: the chosen chart (simple, pro or depth), its toolbar and its saves. */
export function ChartArea({ base, quote, locale }: ChartAreaProps) {
  const { t } = useTranslation('chart');
  const symbolId = `${base}${quote}`;
  const symbolName = `${base}/${quote}`;
  const [storedKind, storeKind] = useStoredKlineType();
  const [depth, setDepth] = useState(false);
  const kind: KlineType = depth ? 'deepChart' : storedKind;
  const [interval, setInterval] = useStoredInterval();
  const [pinned] = usePinnedIntervals();
  const [layout] = useState<ChartLayoutState>(DEFAULT_LAYOUT);
  const areaRef = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(areaRef);
  const controller = useRef<ChartController | null>(null);
  const onController = useCallback((c: ChartController | null) => (controller.current = c), []);
  const rebuildKey = useRebuildKey(interval, 0);
  const symbols = useSymbols().data;
  const pricePrecision = precisionsOf(symbols ? findSymbol(symbols, base, quote) : undefined).price;
  const compareIds = useMemo(() => (kind === 'tradingview' ? layout.compare : []), [kind, layout.compare]);
  const compared = useCompareKlines(compareIds, interval);

  const chooseKind = (next: KlineType) => {
    setDepth(next === 'deepChart');
    storeKind(next);
  };

  const screenshot = async () => {
    const c = controller.current;
    const area = areaRef.current;
    if (!c || !area) return;
    const css = getComputedStyle(area);
    const legend = area.querySelector('[data-testid="chart-legend"]')?.textContent ?? '';
    const now = Date.now();
    const canvas = composeScreenshot(
      c.screenshot(),
      { title: `${symbolName} · ${t(`main.interval.${interval}`)}`, legend, timeZone: layout.settings.timezone, background: css.getPropertyValue('--panel').trim() || '#161a1e', text: css.getPropertyValue('--text').trim() || '#eaecef' },
      now,
    );
    await downloadCanvas(canvas, screenshotFileName(symbolId, interval, now));
  };

  return (
    <div ref={areaRef} className={`chart-area${fullscreen.fallback ? ' chart-area--filled' : ''}`}>
      <div className="chart-toolbar" role="toolbar" aria-label={t('main.toolbarLabel')}>
        {kind !== 'deepChart' && (
          <div className="chart-intervals" role="group" aria-label={t('main.intervalsLabel')}>
            {pinned.map((i) => (
              <button key={i} type="button" className="chart-tool" aria-pressed={i === interval} onClick={() => setInterval(i)}>
                {t(`main.interval.${i}`)}
              </button>
            ))}
          </div>
        )}
        <span className="chart-toolbar__spacer" />
        {kind !== 'deepChart' && (
          <button type="button" className="chart-tool" onClick={() => void screenshot()}>
            {t('main.screenshot')}
          </button>
        )}
        <button type="button" className="chart-tool" aria-pressed={fullscreen.on} onClick={fullscreen.toggle}>
          {fullscreen.on ? t('main.fullscreenOff') : t('main.fullscreenOn')}
        </button>
        <KindSwitch value={kind} onChange={chooseKind} />
      </div>
      <div className="chart-area__body">
        {kind === 'deepChart' ? (
          <DepthChart key={symbolId} symbolId={symbolId} base={base} quote={quote} />
        ) : (
          <CandleChart
            key={`${symbolId}|${interval}|${rebuildKey}|${kind}`}
            symbolId={symbolId}
            symbolName={symbolName}
            interval={interval}
            style={kind === 'lightChart' ? 'area' : layout.style}
            settings={layout.settings}
            indicators={kind === 'lightChart' ? [] : layout.indicators}
            compared={compared}
            pricePrecision={pricePrecision}
            numberLocale={locale}
            mode={kind === 'lightChart' ? 'simple' : 'pro'}
            rebuildKey={rebuildKey}
            onController={onController}
          />
        )}
      </div>
    </div>
  );
}
