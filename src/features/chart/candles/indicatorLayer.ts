/**
 * The indicators on the pro chart: price-pane overlays and one sub-pane per
 * oscillator (spec 1 §2.3). Values come from the domain; this layer only maps
 * them onto lightweight-charts series. A live tick recomputes (cheap: O(n)
 * per indicator) and pushes only the last point of every line.
 */
import { HistogramSeries, LineSeries, type IChartApi, type ISeriesApi, type SeriesType } from 'lightweight-charts';
import type { IndicatorConfig, IndicatorLine, IndicatorOutput, OhlcvBar } from '../../../domain/chartModel';
import { computeIndicators, INDICATORS, volumeUp } from '../../../domain/indicators';
import { toTime } from './mainSeries';

interface DrawnLine {
  line: IndicatorLine;
  series: ISeriesApi<SeriesType>;
}

interface DrawnIndicator {
  config: IndicatorConfig;
  output: IndicatorOutput;
  lines: DrawnLine[];
}

export interface LegendValue {
  name: string;
  color: string;
  value: number | null;
}

export interface LegendGroup {
  key: string;
  label: string;
  values: LegendValue[];
}

export class IndicatorLayer {
  private drawn: DrawnIndicator[] = [];

  constructor(
    private readonly chart: IChartApi,
    private readonly colors: { up: string; down: string },
  ) {}

  /** Replaces every indicator (a new list, or a full data reload). */
  set(configs: readonly IndicatorConfig[], bars: readonly OhlcvBar[]): void {
    this.clear();
    let nextPane = 1;
    for (const { config, output } of computeIndicators(bars, configs)) {
      const pane = output.pane === 'price' ? 0 : nextPane++;
      const lines = output.lines.map((line) => {
        const series =
          line.kind === 'histogram'
            ? this.chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false }, pane)
            : this.chart.addSeries(LineSeries, { color: line.color, lineWidth: 1, priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false }, pane);
        series.setData(this.points(config, line, bars, 0));
        return { line, series };
      });
      this.drawn.push({ config, output, lines });
    }
    const panes = this.chart.panes();
    for (let i = 1; i < panes.length; i += 1) panes[i]?.setStretchFactor(0.35);
  }

  /** After a live tick: recompute and push the changed tail of every line. */
  update(bars: readonly OhlcvBar[], appended: boolean): void {
    const from = Math.max(0, bars.length - (appended ? 2 : 1));
    const computed = computeIndicators(bars, this.drawn.map((d) => d.config));
    this.drawn.forEach((drawn, k) => {
      const next = computed[k];
      if (next) drawn.output = next.output;
      drawn.lines.forEach((d, i) => {
        const line = drawn.output.lines[i];
        if (!line) return;
        d.line = line;
        for (const point of this.points(drawn.config, line, bars, from)) d.series.update(point);
      });
    });
  }

  /** Indicator values at bar `index` for the legend. */
  legend(index: number): LegendGroup[] {
    return this.drawn.map(({ config, lines }) => ({
      key: config.key,
      label: INDICATORS[config.id].title(config.params),
      values: lines.map(({ line }) => ({ name: line.name, color: line.color, value: line.values[index] ?? null })),
    }));
  }

  clear(): void {
    for (const drawn of this.drawn) for (const { series } of drawn.lines) this.chart.removeSeries(series);
    this.drawn = [];
    // Sub-panes left empty are removed from the bottom up so indices stay valid.
    const panes = this.chart.panes();
    for (let i = panes.length - 1; i >= 1; i -= 1) {
      if (panes[i]?.getSeries().length === 0) this.chart.removePane(i);
    }
  }

  private points(config: IndicatorConfig, line: IndicatorLine, bars: readonly OhlcvBar[], from: number) {
    const out = [];
    for (let i = from; i < bars.length; i += 1) {
      const bar = bars[i]!;
      const v = line.values[i];
      if (v === null || v === undefined || !Number.isFinite(v)) {
        out.push({ time: toTime(bar.time) });
        continue;
      }
      if (line.kind === 'histogram') {
        // Volume bars take the candle's direction; oscillator histograms their sign.
        const up = config.id === 'VOL' ? volumeUp(bar) : v >= 0;
        out.push({ time: toTime(bar.time), value: v, color: up ? `${this.colors.up}aa` : `${this.colors.down}aa` });
      } else {
        out.push({ time: toTime(bar.time), value: v });
      }
    }
    return out;
  }
}
