/**
 * The price series of one drawing style (spec 1 §2.3 chart types): which
 * lightweight-charts series draws it and how a bar becomes a data point.
 * Heikin-Ashi bars and hollow-candle colours come from the domain.
 */
import {
  AreaSeries,
  BarSeries,
  BaselineSeries,
  CandlestickSeries,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
  type SeriesType,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { ChartStyle, OhlcvBar } from '../../../domain/chartModel';
import { heikinAshi, heikinAshiNext, hollowCandleColors } from '../../../domain/chartStyles';

export interface StyleColors {
  up: string;
  down: string;
  line: string;
}

export const toTime = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

type Point = { time: UTCTimestamp } & Record<string, unknown>;

export interface MainSeries {
  series: ISeriesApi<SeriesType>;
  /** every bar as this style draws it */
  points(bars: readonly OhlcvBar[]): Point[];
  /** the last bar (and the one before it when `appended`) for a live update */
  tail(bars: readonly OhlcvBar[], appended: boolean): Point[];
}

const ohlc = (b: OhlcvBar): Point => ({ time: toTime(b.time), open: b.open, high: b.high, low: b.low, close: b.close });
const value = (b: OhlcvBar): Point => ({ time: toTime(b.time), value: b.close });

function lastPoints(all: (bars: readonly OhlcvBar[]) => Point[], bars: readonly OhlcvBar[], appended: boolean): Point[] {
  // Styles whose point depends on earlier bars recompute from a short tail; two points are enough for both.
  const tail = all(bars.slice(-Math.min(bars.length, 64)));
  return tail.slice(appended ? -2 : -1);
}

export function createMainSeries(chart: IChartApi, style: ChartStyle, colors: StyleColors, priceFormat: { precision: number; minMove: number }): MainSeries {
  const format = { priceFormat: { type: 'price' as const, ...priceFormat } };
  const candleColors = { upColor: colors.up, downColor: colors.down, wickUpColor: colors.up, wickDownColor: colors.down, borderUpColor: colors.up, borderDownColor: colors.down };
  switch (style) {
    case 'bar': {
      const series = chart.addSeries(BarSeries, { ...format, upColor: colors.up, downColor: colors.down });
      const points = (bars: readonly OhlcvBar[]) => bars.map(ohlc);
      return { series, points, tail: (bars, appended) => lastPoints(points, bars, appended) };
    }
    case 'candle': {
      const series = chart.addSeries(CandlestickSeries, { ...format, ...candleColors });
      const points = (bars: readonly OhlcvBar[]) => bars.map(ohlc);
      return { series, points, tail: (bars, appended) => lastPoints(points, bars, appended) };
    }
    case 'hollowCandle': {
      const series = chart.addSeries(CandlestickSeries, { ...format, ...candleColors });
      const points = (bars: readonly OhlcvBar[]) => {
        const paint = hollowCandleColors(bars, colors.up, colors.down);
        return bars.map((b, i) => ({ ...ohlc(b), ...paint[i] }));
      };
      return { series, points, tail: (bars, appended) => lastPoints(points, bars, appended) };
    }
    case 'heikinAshi': {
      const series = chart.addSeries(CandlestickSeries, { ...format, ...candleColors });
      // Heikin-Ashi opens chain back to the first bar: the series is kept, so a tick recomputes only its tail.
      let ha: OhlcvBar[] = [];
      const points = (bars: readonly OhlcvBar[]) => {
        ha = heikinAshi(bars);
        return ha.map(ohlc);
      };
      const tail = (bars: readonly OhlcvBar[], appended: boolean) => {
        const from = bars.length - (appended ? 2 : 1);
        ha.length = Math.max(0, from);
        for (let i = ha.length; i < bars.length; i += 1) ha.push(heikinAshiNext(ha[i - 1] ?? null, bars[i]!));
        return ha.slice(from).map(ohlc);
      };
      return { series, points, tail };
    }
    case 'line': {
      const series = chart.addSeries(LineSeries, { ...format, color: colors.line, lineWidth: 2 });
      const points = (bars: readonly OhlcvBar[]) => bars.map(value);
      return { series, points, tail: (bars, appended) => lastPoints(points, bars, appended) };
    }
    case 'area': {
      const series = chart.addSeries(AreaSeries, {
        ...format,
        lineColor: colors.line,
        topColor: `${colors.line}55`,
        bottomColor: `${colors.line}05`,
        lineWidth: 2,
      });
      const points = (bars: readonly OhlcvBar[]) => bars.map(value);
      return { series, points, tail: (bars, appended) => lastPoints(points, bars, appended) };
    }
    case 'baseline': {
      const series = chart.addSeries(BaselineSeries, {
        ...format,
        topLineColor: colors.up,
        bottomLineColor: colors.down,
        topFillColor1: `${colors.up}44`,
        topFillColor2: `${colors.up}08`,
        bottomFillColor1: `${colors.down}08`,
        bottomFillColor2: `${colors.down}44`,
      });
      const points = (bars: readonly OhlcvBar[]) => {
        // The baseline is the first bar's close, as TradingView's default "50 %" of the first visible range is not stable while scrolling.
        const first = bars[0];
        if (first) series.applyOptions({ baseValue: { type: 'price', price: first.close } });
        return bars.map(value);
      };
      return { series, points, tail: (bars, appended) => bars.slice(appended ? -2 : -1).map(value) };
    }
  }
}
