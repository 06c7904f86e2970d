/**
 * What the chart draws of the trader's own trading, on the price series:
 * fills as marks (spec 1 execution markers), the average buy / sell lines
 * and the open orders' lines. Everything here changes only when a fill or
 * an order changes, never per tick; a new price series (style or colours)
 * gets all of it again through `attach`.
 */
import {
  LineStyle,
  createSeriesMarkers,
  type IPriceLine,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type MouseEventParams,
  type SeriesMarker,
  type SeriesType,
  type Time,
} from 'lightweight-charts';
import type { OhlcvBar } from '../../../domain/chartModel';
import type { ExecutionMarker } from '../../../domain/executionMarkers';
import { toTime } from './mainSeries';

/** A line of the trader's (an average, an open order): its side's colour, price and the label on the axis. */
export interface TraderLine {
  side: 'Buy' | 'Sell';
  price: number;
  title: string;
}

/** Averages are dashed, so an order line at the same price still reads as an order. */
export type LineGroup = 'averages' | 'orders';
const GROUP_STYLE: Record<LineGroup, LineStyle> = { averages: LineStyle.Dashed, orders: LineStyle.Solid };

/** The mark under the pointer and where it is in the chart's box (px), for the hover card. */
export interface MarkerHover {
  marker: ExecutionMarker;
  x: number;
  y: number;
}

interface Host {
  /** the bars drawn: a mark needs its bar to sit on */
  bars: () => readonly OhlcvBar[];
  colors: () => { up: string; down: string };
}

export class TraderOverlays {
  private series: ISeriesApi<SeriesType>;
  private markers: readonly ExecutionMarker[] = [];
  private markerText = { Buy: 'B', Sell: 'S' };
  private plugin: ISeriesMarkersPluginApi<Time> | null = null;
  /** marks whose bar is not loaded yet: drawn once a page or a live bar brings it */
  private waiting = 0;
  private readonly lines: Record<LineGroup, { wanted: readonly TraderLine[]; drawn: IPriceLine[] }> = {
    averages: { wanted: [], drawn: [] },
    orders: { wanted: [], drawn: [] },
  };
  private hoverListener: ((hover: MarkerHover | null) => void) | null = null;
  private clickListener: ((marker: ExecutionMarker) => void) | null = null;
  private hovered: string | null = null;

  constructor(series: ISeriesApi<SeriesType>, private readonly host: Host) {
    this.series = series;
  }

  /** A new price series replaced the old one (which took its marks and lines with it): draw everything on it. */
  attach(series: ISeriesApi<SeriesType>): void {
    this.series = series;
    this.plugin = null;
    this.lines.averages.drawn = [];
    this.lines.orders.drawn = [];
    this.drawMarkers();
    this.drawLines('averages');
    this.drawLines('orders');
  }

  /** The whole series changed (a page, a rebuild): marks may have a bar now, or lost theirs. */
  barsReplaced(): void {
    this.drawMarkers();
  }

  /** A live bar was appended: a mark waiting for it can be drawn. */
  barAppended(): void {
    if (this.waiting > 0) this.drawMarkers();
  }

  /** The trader's fills as marks, one per side and bucket; `text` is the short side label drawn beside each. */
  setMarkers(markers: readonly ExecutionMarker[], text: { Buy: string; Sell: string }): void {
    this.markers = markers;
    this.markerText = text;
    this.drawMarkers();
  }

  /** One group of lines to show (none: each is removed). */
  setLines(group: LineGroup, lines: readonly TraderLine[]): void {
    this.lines[group].wanted = lines;
    this.drawLines(group);
  }

  onMarkerHover(listener: ((hover: MarkerHover | null) => void) | null): void {
    this.hoverListener = listener;
  }

  onMarkerClick(listener: ((marker: ExecutionMarker) => void) | null): void {
    this.clickListener = listener;
  }

  /** The pointer moved: tells the hover listener when it enters, moves over or leaves a mark. */
  pointerMoved(param: MouseEventParams): void {
    const marker = this.markerOf(param);
    if (!marker || !param.point) {
      if (this.hovered !== null) this.hoverListener?.(null);
      this.hovered = null;
      return;
    }
    this.hovered = marker.id;
    this.hoverListener?.({ marker, x: param.point.x, y: param.point.y });
  }

  clicked(param: MouseEventParams): void {
    const marker = this.markerOf(param);
    if (marker) this.clickListener?.(marker);
  }

  private markerOf(param: MouseEventParams): ExecutionMarker | undefined {
    const id = typeof param.hoveredObjectId === 'string' ? param.hoveredObjectId : null;
    return id === null ? undefined : this.markers.find((m) => m.id === id);
  }

  private drawLines(group: LineGroup): void {
    const { up, down } = this.host.colors();
    const state = this.lines[group];
    for (const line of state.drawn) this.series.removePriceLine(line);
    state.drawn = state.wanted.map((l) =>
      this.series.createPriceLine({ price: l.price, color: l.side === 'Buy' ? up : down, lineWidth: 1, lineStyle: GROUP_STYLE[group], axisLabelVisible: true, title: l.title }),
    );
  }

  /** Draws the marks whose bar is loaded. */
  private drawMarkers(): void {
    const times = new Set(this.host.bars().map((b) => b.time));
    const { up, down } = this.host.colors();
    const drawn: SeriesMarker<Time>[] = [];
    for (const m of this.markers) {
      if (!times.has(m.time)) continue;
      const buy = m.side === 'Buy';
      drawn.push({ time: toTime(m.time), position: buy ? 'belowBar' : 'aboveBar', shape: buy ? 'arrowUp' : 'arrowDown', color: buy ? up : down, id: m.id, text: this.markerText[m.side] });
    }
    this.waiting = this.markers.length - drawn.length;
    if (drawn.length === 0 && !this.plugin) return;
    if (this.plugin) this.plugin.setMarkers(drawn);
    else this.plugin = createSeriesMarkers(this.series, drawn);
  }
}
