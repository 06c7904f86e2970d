/**
 * One candle chart on lightweight-charts 5, driven imperatively so that live
 * ticks never pass through React: `pushBar` queues, and one animation frame
 * applies every queued tick as a single `update()` per series (spec 1 §7
 * kline subscription; the "one chart update per animation frame").
 */
import {
  ColorType,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  PriceScaleMode,
  TickMarkType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type LogicalRange,
  type MouseEventParams,
  type SeriesType,
  type Time,
} from 'lightweight-charts';
import { legibleOn } from '../../../domain/legibleColor';
import { comparedChange } from '../../../domain/chartCompare';
import type { ChartSettings, ChartStyle, IndicatorConfig, OhlcvBar } from '../../../domain/chartModel';
import { chartDateTime, chartTickLabel } from '../../../domain/chartTime';
import { viewOfRange, type ChartView } from '../../../domain/chartView';
import { IndicatorLayer, type LegendGroup } from './indicatorLayer';
import { createMainSeries, toTime, type MainSeries } from './mainSeries';
import { TraderOverlays } from './traderOverlays';
import { TICK_LEVEL } from '../../../ui/chartTickLevel';

export interface ChartTheme {
  background: string;
  text: string;
  grid: string;
  line: string;
  /** the page's font stack, so the axes draw in the shipped font */
  font: string;
}

export interface ChartControllerOptions {
  style: ChartStyle;
  settings: ChartSettings;
  theme: ChartTheme;
  pricePrecision: number;
  /** BCP-47 tag for number formatting on the axes */
  numberLocale: string;
  /** the simple chart draws volume under the price; the pro chart has the VOL indicator instead */
  volumeOverlay: boolean;
}

export interface LegendState {
  bar: OhlcvBar | null;
  /** change of the bar against the previous close, ratio */
  change: number | null;
  indicators: LegendGroup[];
  /** true while the pointer is over the chart (the legend then follows it) */
  hovering: boolean;
  /** each compared symbol's change as the percent scale draws it (against its first close in view) */
  compared: ComparedLegend[];
  /** the price scale's width in px (0 before the first paint): the legend wraps before it, not under it */
  priceScaleWidth: number;
}

export interface ComparedLegend {
  symbolId: string;
  color: string;
  change: number | null;
}

interface DrawnCompare {
  series: ISeriesApi<SeriesType>;
  bars: readonly OhlcvBar[];
  color: string;
}

/**
 * Benchmarks (`npm run bench`) set this global before the page loads; the
 * controller then records User Timing measures of its updates. Off, it costs
 * one property read per frame.
 */
const benchEnabled = () => (globalThis as { spotChartBench?: boolean }).spotChartBench === true;

/** Bars within this many of the left edge ask for an older page. */
const OLDER_PAGE_EDGE = 5;

const clampPrecision = (p: number) => (Number.isFinite(p) ? Math.max(0, Math.min(16, Math.floor(p))) : 8);

const PRICE_SCALE_MODE = { normal: PriceScaleMode.Normal, log: PriceScaleMode.Logarithmic, percent: PriceScaleMode.Percentage } as const;

export class ChartController {
  readonly chart: IChartApi;
  private bars: OhlcvBar[] = [];
  private main: MainSeries;
  private volume: ISeriesApi<SeriesType> | null = null;
  private readonly indicators: IndicatorLayer;
  private indicatorConfigs: readonly IndicatorConfig[] = [];
  private readonly compared = new Map<string, DrawnCompare>();
  private pending: OhlcvBar[] = [];
  private frame = 0;
  private options: ChartControllerOptions;
  private legendListener: ((legend: LegendState) => void) | null = null;
  /** line colour → its legible shade on the current background; the legend is emitted on every tick, the shades change with the theme */
  private readonly legibleShades = new Map<string, string>();
  private olderListener: (() => void) | null = null;
  private viewListener: ((view: ChartView | null) => void) | null = null;
  private hoverIndex: number | null = null;
  /** the trader's marks and lines on the price series */
  readonly overlays: TraderOverlays;

  constructor(container: HTMLElement, options: ChartControllerOptions) {
    this.options = options;
    this.chart = createChart(container, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: options.theme.background },
        textColor: options.theme.text,
        fontFamily: options.theme.font,
        fontSize: 11,
        // The lightweight-charts licence asks for the TradingView attribution; the logo links to it.
        attributionLogo: true,
        panes: { separatorColor: options.theme.grid },
      },
      timeScale: { timeVisible: true, secondsVisible: true, rightOffset: 6 },
      // A vertical swipe over the chart scrolls the page: on a phone the chart is half the screen and would trap it.
      // Horizontal swipes pan, a pinch zooms, a long press shows the crosshair (the library's touch defaults).
      handleScroll: { vertTouchDrag: false },
      // Wide enough for a price like 61,802.44 from the first paint: an axis that widens when the labels arrive moves the candles (CLS).
      rightPriceScale: { minimumWidth: 72 },
      localization: { locale: options.numberLocale },
    });
    this.applySettings(options.settings);
    this.main = this.createMain(options.style);
    this.overlays = new TraderOverlays(this.main.series, {
      bars: () => this.bars,
      colors: () => ({ up: this.options.settings.upColor, down: this.options.settings.downColor }),
    });
    this.indicators = new IndicatorLayer(this.chart, { up: options.settings.upColor, down: options.settings.downColor });
    if (options.volumeOverlay) this.addVolumeOverlay();
    this.chart.subscribeCrosshairMove(this.onCrosshair);
    this.chart.subscribeClick(this.onClick);
    this.chart.timeScale().subscribeVisibleLogicalRangeChange(this.onRange);
  }

  /** Replaces the whole series (first load, an older page, a rebuild). */
  setBars(bars: readonly OhlcvBar[]): void {
    const start = performance.now();
    this.cancelFrame();
    this.pending = [];
    this.bars = [...bars];
    this.main.series.setData(this.main.points(this.bars));
    this.volume?.setData(this.volumePoints(0));
    this.indicators.set(this.indicatorConfigs, this.bars);
    this.overlays.barsReplaced();
    this.overlays.viewMoved();
    this.emitLegend();
    if (benchEnabled()) {
      performance.measure('chart:setBars', { start, detail: { bars: this.bars.length, indicators: this.indicatorConfigs.length } });
      if (this.bars.length > 0 && performance.getEntriesByName('chart:firstCandle').length === 0) performance.mark('chart:firstCandle');
    }
  }

  /** A live bar: applied on the next animation frame together with any others that arrive before it. */
  pushBar(bar: OhlcvBar): void {
    this.pending.push(bar);
    if (!this.frame) this.frame = requestAnimationFrame(this.flush);
  }

  /** Applies queued ticks now (the frame callback; also for benchmarks). */
  readonly flush = (): void => {
    const start = performance.now();
    this.frame = 0;
    const queued = this.pending;
    this.pending = [];
    let appended = false;
    let changed = false;
    for (const bar of queued) {
      const last = this.bars[this.bars.length - 1];
      if (!last) continue;
      if (bar.time === last.time) this.bars[this.bars.length - 1] = bar;
      else if (bar.time > last.time) {
        this.bars.push(bar);
        appended = true;
      } else continue;
      changed = true;
    }
    if (!changed) return;
    for (const point of this.main.tail(this.bars, appended)) this.main.series.update(point);
    if (this.volume) for (const point of this.volumePoints(this.bars.length - (appended ? 2 : 1))) this.volume.update(point);
    this.indicators.update(this.bars, appended);
    if (appended) this.overlays.barAppended();
    this.overlays.viewMoved();
    if (this.hoverIndex === null) this.emitLegend();
    if (benchEnabled()) performance.measure('chart:update', { start, detail: { bars: this.bars.length, indicators: this.indicatorConfigs.length } });
  };

  setStyle(style: ChartStyle): void {
    if (style === this.options.style) return;
    this.options = { ...this.options, style };
    this.replaceMain();
  }

  setIndicators(configs: readonly IndicatorConfig[]): void {
    this.indicatorConfigs = configs;
    this.indicators.set(configs, this.bars);
    this.emitLegend();
  }

  /** A theme switch: colours change in place, the series, the view and the trader's marks stay. */
  setTheme(theme: ChartTheme): void {
    const old = this.options.theme;
    if (old.background === theme.background && old.text === theme.text && old.grid === theme.grid && old.line === theme.line) return;
    this.options = { ...this.options, theme };
    this.legibleShades.clear();
    this.chart.applyOptions({ layout: { background: { type: ColorType.Solid, color: theme.background }, textColor: theme.text, panes: { separatorColor: theme.grid } } });
    this.applySettings(this.options.settings);
    this.emitLegend();
  }

  setSettings(settings: ChartSettings): void {
    const colorsChanged = settings.upColor !== this.options.settings.upColor || settings.downColor !== this.options.settings.downColor;
    this.options = { ...this.options, settings };
    this.applySettings(settings);
    if (colorsChanged) this.replaceMain();
  }

  /** Compare: another symbol's closes on the same scale; the scale switches to percent so both start at 0 %. */
  setCompared(series: ReadonlyMap<string, readonly OhlcvBar[]>, palette: readonly string[]): void {
    for (const [id, drawn] of this.compared) {
      if (!series.has(id)) {
        this.chart.removeSeries(drawn.series);
        this.compared.delete(id);
      }
    }
    let i = 0;
    for (const [id, bars] of series) {
      let drawn = this.compared.get(id);
      if (!drawn) {
        const color = palette[i % palette.length] ?? this.options.theme.line;
        drawn = { series: this.chart.addSeries(LineSeries, { color, lineWidth: 2, priceLineVisible: false, title: id }), bars, color };
        this.compared.set(id, drawn);
      }
      drawn.bars = bars;
      drawn.series.setData(bars.map((b) => ({ time: toTime(b.time), value: b.close })));
      i += 1;
    }
    this.applySettings(this.options.settings);
    this.emitLegend();
  }

  onLegend(listener: ((legend: LegendState) => void) | null): void {
    this.legendListener = listener;
    if (listener) this.emitLegend();
  }

  /** Called when the user scrolls near the oldest bar (the history pager decides whether a page is left). */
  onNeedOlder(listener: (() => void) | null): void {
    this.olderListener = listener;
  }

  /** Shows the bars between two times (time-frame buttons). */
  showRange(fromMs: number, toMs: number): void {
    try {
      this.chart.timeScale().setVisibleRange({ from: toTime(fromMs), to: toTime(toMs) });
    } catch {
      // Nothing drawn yet: the range is applied by the fit after the first data.
      this.chart.timeScale().fitContent();
    }
  }

  /** The symbol list may answer after the chart was built; the axis then gets the symbol's precision. */
  setPricePrecision(pricePrecision: number): void {
    if (pricePrecision === this.options.pricePrecision) return;
    this.options = { ...this.options, pricePrecision };
    const precision = clampPrecision(pricePrecision);
    this.main.series.applyOptions({ priceFormat: { type: 'price', precision, minMove: 10 ** -precision } });
  }

  screenshot(): HTMLCanvasElement {
    return this.chart.takeScreenshot(true);
  }

  get barCount(): number {
    return this.bars.length;
  }

  destroy(): void {
    this.cancelFrame();
    this.chart.unsubscribeCrosshairMove(this.onCrosshair);
    this.chart.unsubscribeClick(this.onClick);
    this.chart.timeScale().unsubscribeVisibleLogicalRangeChange(this.onRange);
    this.chart.remove();
  }

  /** A new price series (style or colours changed): the trader's marks and lines go onto it. */
  private replaceMain(): void {
    this.chart.removeSeries(this.main.series);
    this.main = this.createMain(this.options.style);
    this.main.series.setData(this.main.points(this.bars));
    this.overlays.attach(this.main.series);
  }

  private createMain(style: ChartStyle): MainSeries {
    const { settings, pricePrecision, theme } = this.options;
    const precision = clampPrecision(pricePrecision);
    return createMainSeries(this.chart, style, { up: settings.upColor, down: settings.downColor, line: theme.line }, { precision, minMove: 10 ** -precision });
  }

  private addVolumeOverlay(): void {
    this.volume = this.chart.addSeries(HistogramSeries, { priceScaleId: 'volume', priceFormat: { type: 'volume' }, priceLineVisible: false, lastValueVisible: false });
    this.chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  }

  private volumePoints(from: number) {
    const { upColor, downColor } = this.options.settings;
    return this.bars.slice(Math.max(0, from)).map((b) => ({ time: toTime(b.time), value: b.volume, color: b.close >= b.open ? `${upColor}66` : `${downColor}66` }));
  }

  private applySettings(settings: ChartSettings): void {
    const { grid } = this.options.theme;
    const timeZone = settings.timezone;
    this.chart.applyOptions({
      grid: { vertLines: { visible: settings.gridVertical, color: grid }, horzLines: { visible: settings.gridHorizontal, color: grid } },
      crosshair: { mode: settings.crosshair === 'magnet' ? CrosshairMode.Magnet : CrosshairMode.Normal },
      rightPriceScale: { mode: this.compared.size > 0 ? PriceScaleMode.Percentage : PRICE_SCALE_MODE[settings.priceScale], borderColor: grid },
      timeScale: {
        borderColor: grid,
        tickMarkFormatter: (time: Time, type: TickMarkType) => (typeof time === 'number' ? chartTickLabel(time * 1000, TICK_LEVEL[type], timeZone) : String(time)),
      },
      localization: { timeFormatter: (time: Time) => (typeof time === 'number' ? chartDateTime(time * 1000, timeZone) : String(time)) },
    });
  }

  private readonly onCrosshair = (param: MouseEventParams): void => {
    const index = param.logical === undefined || param.point === undefined ? null : Math.round(param.logical);
    this.hoverIndex = index !== null && index >= 0 && index < this.bars.length ? index : null;
    this.emitLegend();
    this.overlays.pointerMoved(param);
    // A drag of the price axis moves the view with no tick: the pointer is on the chart then.
    this.overlays.viewMoved();
  };

  private readonly onClick = (param: MouseEventParams): void => this.overlays.clicked(param);

  private readonly onRange = (range: LogicalRange | null): void => {
    if (range && range.from < OLDER_PAGE_EDGE && this.bars.length > 0) this.olderListener?.();
    this.emitView(range);
    this.overlays.viewMoved();
    // The percent scale re-bases on the first bar in view, and so do the compared changes.
    if (this.compared.size > 0) this.emitLegend();
  };

  /** The bars in view, for the chart's description; null when gone. */
  onView(listener: ((view: ChartView | null) => void) | null): void {
    this.viewListener = listener;
    if (listener) this.emitView(this.chart.timeScale().getVisibleLogicalRange());
  }

  private emitView(range: LogicalRange | null): void {
    this.viewListener?.(viewOfRange(this.bars.length, (i) => this.bars[i]!.time, range));
  }

  private emitLegend(): void {
    if (!this.legendListener) return;
    const index = this.hoverIndex ?? this.bars.length - 1;
    const bar = this.bars[index] ?? null;
    const prev = this.bars[index - 1];
    this.legendListener({
      bar,
      change: bar && prev && prev.close !== 0 ? (bar.close - prev.close) / prev.close : null,
      // Values in each line's colour, shaded to read on this theme's background (an amber MA is 2:1 on white).
      indicators: this.indicators.legend(index).map((group) => ({ ...group, values: group.values.map((v) => ({ ...v, color: this.legible(v.color) })) })),
      hovering: this.hoverIndex !== null,
      compared: this.comparedLegend(bar).map((c) => ({ ...c, color: this.legible(c.color) })),
      priceScaleWidth: this.chart.priceScale('right').width(),
    });
  }

  private legible(color: string): string {
    let shade = this.legibleShades.get(color);
    if (shade === undefined) {
      shade = legibleOn(color, this.options.theme.background);
      this.legibleShades.set(color, shade);
    }
    return shade;
  }

  private comparedLegend(bar: OhlcvBar | null): ComparedLegend[] {
    if (this.compared.size === 0 || !bar) return [];
    const range = this.chart.timeScale().getVisibleLogicalRange();
    const firstInView = this.bars[Math.max(0, Math.ceil(range?.from ?? 0))] ?? this.bars[0];
    const fromMs = firstInView?.time ?? bar.time;
    return [...this.compared].map(([symbolId, drawn]) => ({ symbolId, color: drawn.color, change: comparedChange(drawn.bars, fromMs, bar.time) }));
  }

  private cancelFrame(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
  }
}
