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
  /** stable per line (an order id, a side): a push that changes one order redraws only its line */
  id: string;
  side: 'Buy' | 'Sell';
  price: number;
  title: string;
}

/** Averages are dashed, so an order line at the same price still reads as an order; a position dotted, a grid bot's range wide-dashed. */
export type LineGroup = 'averages' | 'orders' | 'holdings';
const LINE_GROUPS: readonly LineGroup[] = ['averages', 'orders', 'holdings'];
const GROUP_STYLE: Record<LineGroup, LineStyle> = { averages: LineStyle.Dashed, orders: LineStyle.Solid, holdings: LineStyle.Dotted };

/**
 * Lines are drawn for the prices around the view only — the visible range
 * and twice its height above and below — and at most this many, nearest the
 * middle first: each drawn line (and its axis label) costs every frame, and
 * an account may hold 500 orders, most far from the market.
 */
const MAX_DRAWN_LINES = 100;

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
  private readonly lines: Record<LineGroup, { wanted: readonly TraderLine[]; drawn: Map<string, { line: IPriceLine; spec: TraderLine }> }> = {
    averages: { wanted: [], drawn: new Map() },
    orders: { wanted: [], drawn: new Map() },
    holdings: { wanted: [], drawn: new Map() },
  };
  private hoverListener: ((hover: MarkerHover | null) => void) | null = null;
  private clickListener: ((marker: ExecutionMarker) => void) | null = null;
  private hovered: string | null = null;
  /** the price band the lines were last chosen for */
  private band: { from: number; to: number } | null = null;
  /** told after anything that may move a line on screen (a tick, a scroll, new lines): the order handles follow */
  private readonly viewListeners = new Set<() => void>();

  constructor(series: ISeriesApi<SeriesType>, private readonly host: Host) {
    this.series = series;
  }

  /** A new price series replaced the old one (which took its marks and lines with it): draw everything on it. */
  attach(series: ISeriesApi<SeriesType>): void {
    this.series = series;
    this.plugin = null;
    for (const group of LINE_GROUPS) this.lines[group].drawn.clear();
    this.band = null;
    this.drawMarkers();
    for (const group of LINE_GROUPS) this.drawLines(group);
    this.viewChanged();
  }

  /**
   * The view may have moved (a tick rescaled the price axis, a scroll, a
   * zoom): when it left the band the lines were chosen for, or shrank well
   * inside it, choose again. Cheap enough for every frame.
   */
  viewMoved(): void {
    const range = this.series.priceScale().getVisibleRange();
    if (!range) return;
    this.viewChanged();
    const band = this.band;
    const span = range.to - range.from;
    if (band && range.from >= band.from && range.to <= band.to && span * 10 > band.to - band.from) return;
    this.band = { from: range.from - 2 * span, to: range.to + 2 * span };
    for (const group of LINE_GROUPS) this.drawLines(group);
  }

  /** Where a price is drawn, in px from the top of the chart; null before the axis has a range. */
  coordinateOf(price: number): number | null {
    return this.series.priceToCoordinate(price);
  }

  /** The price at a height of the chart (px from its top); null before the axis has a range. */
  priceAt(y: number): number | null {
    return this.series.coordinateToPrice(y);
  }

  /** The order lines drawn now (the ones near the view): their handles are the ones worth showing. */
  drawnOrderIds(): ReadonlySet<string> {
    return new Set(this.lines.orders.drawn.keys());
  }

  /** Tells `listener` after each change that may move a line on screen; returns the unsubscribe. */
  onViewChange(listener: () => void): () => void {
    this.viewListeners.add(listener);
    return () => this.viewListeners.delete(listener);
  }

  private viewChanged(): void {
    for (const listener of this.viewListeners) listener();
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
    this.viewChanged();
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

  /**
   * Brings a group's drawn lines to the wanted ones, touching only what
   * changed: every order push (the trader's own modifies, 50 a second at
   * most) would otherwise redraw every line of up to 500 open orders.
   */
  private drawLines(group: LineGroup): void {
    const { up, down } = this.host.colors();
    const { drawn } = this.lines[group];
    const wanted = this.inBand(this.lines[group].wanted);
    const keep = new Set(wanted.map((l) => l.id));
    for (const [id, { line }] of drawn) {
      if (keep.has(id)) continue;
      this.series.removePriceLine(line);
      drawn.delete(id);
    }
    for (const spec of wanted) {
      const options = { price: spec.price, color: spec.side === 'Buy' ? up : down, title: spec.title };
      const current = drawn.get(spec.id);
      if (!current) {
        drawn.set(spec.id, { line: this.series.createPriceLine({ ...options, lineWidth: 1, lineStyle: GROUP_STYLE[group], axisLabelVisible: true }), spec });
      } else if (current.spec.price !== spec.price || current.spec.title !== spec.title || current.spec.side !== spec.side) {
        current.line.applyOptions(options);
        current.spec = spec;
      }
    }
  }

  /** The lines of the band, nearest its middle first, at most MAX_DRAWN_LINES; all of them before the axis has a range. */
  private inBand(lines: readonly TraderLine[]): readonly TraderLine[] {
    const band = this.band;
    if (!band) return lines.slice(0, MAX_DRAWN_LINES);
    const middle = (band.from + band.to) / 2;
    const near = lines.filter((l) => l.price >= band.from && l.price <= band.to);
    return near.length <= MAX_DRAWN_LINES ? near : [...near].sort((a, b) => Math.abs(a.price - middle) - Math.abs(b.price - middle)).slice(0, MAX_DRAWN_LINES);
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
