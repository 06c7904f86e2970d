/**
 * The chart area's shared vocabulary (spec 1 §2.3, §3, §9): the types every
 * part of the chart agrees on — chart kinds, drawing styles, indicators, the
 * chart settings, the display options and what a chart save holds. Pure data;
 * the rules over it live in their own domain modules.
 */
import type { Interval } from './intervals';

/** `SPOT_kline_type` values (spec 1 §9): pro, simple, depth. Depth is never remembered. */
export const KLINE_TYPES = ['tradingview', 'lightChart', 'deepChart'] as const;
export type KlineType = (typeof KLINE_TYPES)[number];
export const DEFAULT_KLINE_TYPE: KlineType = 'tradingview';

/** The chart-type dropdown of the pro chart (spec 1 §2.3). */
export const CHART_STYLES = ['bar', 'candle', 'hollowCandle', 'heikinAshi', 'line', 'area', 'baseline'] as const;
export type ChartStyle = (typeof CHART_STYLES)[number];
export const DEFAULT_CHART_STYLE: ChartStyle = 'candle';

/** The indicators the pro chart offers. MA/EMA/BOLL/VWAP draw on the price pane; the rest get a sub-pane. */
export const INDICATOR_IDS = ['MA', 'EMA', 'BOLL', 'VWAP', 'VOL', 'MACD', 'RSI', 'KDJ'] as const;
export type IndicatorId = (typeof INDICATOR_IDS)[number];

/** One indicator on the chart: which one, its numeric parameters in the order its definition lists them. */
export interface IndicatorConfig {
  /** stable key of this instance (two MAs with different lengths are two instances) */
  key: string;
  id: IndicatorId;
  params: number[];
}

/** A bar with numbers, oldest first, time in ms (the chart's working form of a kline). */
export interface OhlcvBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** One output line of an indicator; `values[i]` belongs to `bars[i]`, null while the window is not full. */
export interface IndicatorLine {
  /** short label for the legend, e.g. "MA(7)", "DIF", "K" */
  name: string;
  kind: 'line' | 'histogram';
  values: (number | null)[];
  /** CSS colour for the line (histograms colour each bar by sign) */
  color: string;
}

export interface IndicatorOutput {
  /** 'price' draws over the candles; 'sub' gets its own pane below */
  pane: 'price' | 'sub';
  lines: IndicatorLine[];
}

export type CrosshairMode = 'normal' | 'magnet';
export type PriceScaleMode = 'normal' | 'log' | 'percent';

/** The pro chart's settings dialog (colours, grid, crosshair, price scale, timezone). */
export interface ChartSettings {
  upColor: string;
  downColor: string;
  gridVertical: boolean;
  gridHorizontal: boolean;
  crosshair: CrosshairMode;
  priceScale: PriceScaleMode;
  /** an IANA zone such as "UTC" or "Asia/Singapore"; UTC by default (spec 1 §9) */
  timezone: string;
}

export const DEFAULT_CHART_SETTINGS: ChartSettings = {
  upColor: '#20b26c',
  downColor: '#ef454a',
  gridVertical: true,
  gridHorizontal: true,
  crosshair: 'normal',
  priceScale: 'normal',
  timezone: 'UTC',
};

/**
 * What the chart save of spec 1 §3 carries in `saveData` (JSON): everything
 * the user built on the pro chart. `version` counts saves; `indicatorVersion`
 * names the indicator definitions the parameters belong to.
 */
export interface ChartLayoutState {
  style: ChartStyle;
  indicators: IndicatorConfig[];
  /** symbolIds overlaid in percent (Compare) */
  compare: string[];
  settings: ChartSettings;
}

export const INDICATOR_VERSION = 1;

export interface ChartSavedData {
  version: number;
  indicatorVersion: number;
  saveData: ChartLayoutState;
}

/** Chart display settings of spec 1 §3, persisted in local storage. */
export interface ChartDisplaySettings {
  /** show quick market trade (everyone) */
  trade: boolean;
  /** position / average cost lines */
  position: boolean;
  /** hover quick limit order */
  limitTrade: boolean;
  /** show entrust (open) orders */
  entrust: boolean;
  /** trade info: execution markers and the deal-history modal */
  dealHistory: boolean;
  avgBuyLine: boolean;
  avgSellLine: boolean;
  avgBuyLineDays: number;
  avgSellLineDays: number;
  /** grid-bot price lines */
  grid: boolean;
}

/**
 * The chart configuration of set/get_kline_config (spec 1 §7): the choices
 * that follow the user between devices, as opposed to the drawing in saveData.
 */
export interface ChartConfig {
  klineType: Exclude<KlineType, 'deepChart'>;
  interval: Interval;
  pinnedIntervals: Interval[];
  display: ChartDisplaySettings;
}
