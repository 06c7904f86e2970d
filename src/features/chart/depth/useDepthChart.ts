import { useCallback, useMemo, useState } from 'react';
import type { DepthBook } from '../../../domain/depthBook';
import {
  clampZoom,
  DEFAULT_DEPTH_ZOOM,
  DEPTH_ZOOM_LEVELS,
  depthCurves,
  depthRange,
  pointAt,
  stepPoint,
  type DepthCurves,
  type DepthHit,
  type DepthRange,
  type DepthSide,
} from '../../../domain/depthCurve';
import { precisionsOf } from '../../../domain/format';
import { useSymbols } from '../../../data/queries';
import { useDepth } from '../../../data/realtime';

export interface DepthChartModel {
  /** the book drawn: the live one, or while the stream reconnects the last one it had */
  book: DepthBook | null;
  /** the drawn book is not live (the socket is gone or resubscribing) */
  stale: boolean;
  curves: DepthCurves | null;
  range: DepthRange | null;
  /** the point under the crosshair, when it is within the range */
  hit: DepthHit | null;
  zoom: number;
  canZoomIn: boolean;
  canZoomOut: boolean;
  zoomIn: () => void;
  zoomOut: () => void;
  /** moves the crosshair to the level whose total holds at `price` */
  pointTo: (price: number) => void;
  step: (move: -1 | 1 | 'first' | 'last') => void;
  clear: () => void;
  priceDecimals: number;
  amountDecimals: number;
}

interface Cursor {
  symbolId: string;
  side: DepthSide;
  price: string;
}

/**
 * The depth chart's logic: the unmerged full book (topic `depth`, 200 levels,
 * so the curve holds the book's real levels and totals), the held last book
 * while reconnecting, the curves, zoom and crosshair.
 */
export function useDepthChart(symbolId: string, pricePrecision?: number, quantityPrecision?: number): DepthChartModel {
  const symbols = useSymbols().data;
  const precisions = useMemo(() => precisionsOf(symbols?.find((s) => s.symbolId === symbolId)), [symbols, symbolId]);
  const depth = useDepth(symbolId, 'depth');

  // A lost socket clears the stream's book; the stream keeps the last one, drawn dimmed rather than blanking the chart.
  const book = depth.book ?? depth.lastBook ?? null;
  const stale = book !== null && (book !== depth.book || !depth.live);

  const [zoom, setZoom] = useState(DEFAULT_DEPTH_ZOOM);
  const [cursor, setCursor] = useState<Cursor | null>(null);
  const curves = useMemo(() => (book ? depthCurves(book) : null), [book]);
  const range = useMemo(() => (curves ? depthRange(curves, zoom) : null), [curves, zoom]);
  const hit = useMemo(() => {
    // A crosshair placed on another symbol's book means nothing here.
    if (!curves || !range || !cursor || cursor.symbolId !== symbolId) return null;
    const found = pointAt(curves, cursor.price, cursor.side);
    return found && found.point.plotPrice >= range.low && found.point.plotPrice <= range.high ? found : null;
  }, [curves, range, cursor, symbolId]);

  const pointTo = useCallback(
    (price: number) => {
      const found = curves ? pointAt(curves, price) : null;
      setCursor(found ? { symbolId, side: found.side, price: found.point.price } : null);
    },
    [curves, symbolId],
  );
  const step = useCallback(
    (move: -1 | 1 | 'first' | 'last') => {
      if (!curves) return;
      const next = stepPoint(curves, range, hit ? { side: hit.side, price: hit.point.price } : null, move);
      if (next) setCursor({ symbolId, side: next.side, price: next.point.price });
    },
    [curves, range, hit, symbolId],
  );

  return {
    book,
    stale,
    curves,
    range,
    hit,
    zoom,
    canZoomIn: zoom < DEPTH_ZOOM_LEVELS.length - 1,
    canZoomOut: zoom > 0,
    zoomIn: useCallback(() => setZoom((z) => clampZoom(z + 1)), []),
    zoomOut: useCallback(() => setZoom((z) => clampZoom(z - 1)), []),
    pointTo,
    step,
    clear: useCallback(() => setCursor(null), []),
    priceDecimals: pricePrecision ?? precisions.price,
    amountDecimals: quantityPrecision ?? precisions.quantity,
  };
}
