import type { DepthRange } from '../../../domain/depthCurve';

/** Room for the price labels under the plot and the amount labels at its right. */
const AXIS_BOTTOM_PX = 22;
const AXIS_SIDE_PX = 64;
const TOP_PX = 8;
/** The amount axis tops out a little above the deepest visible total, so the curve never touches the edge. */
const HEADROOM = 1.1;

export interface PlotArea {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The plot's rectangle inside a chart of `width` × `height` CSS px. */
export function plotArea(width: number, height: number): PlotArea {
  return { left: 0, top: TOP_PX, right: Math.max(1, width - AXIS_SIDE_PX), bottom: Math.max(TOP_PX + 1, height - AXIS_BOTTOM_PX) };
}

/** Price ↔ x and cumulative amount ↔ y for one range in one plot area. */
export interface Scales {
  x: (price: number) => number;
  price: (x: number) => number;
  y: (total: number) => number;
  /** the amount at the top edge */
  topTotal: number;
}

export function scalesOf(area: PlotArea, range: DepthRange): Scales {
  const span = range.high - range.low || 1;
  const width = area.right - area.left;
  const topTotal = range.maxTotal > 0 ? range.maxTotal * HEADROOM : 1;
  const height = area.bottom - area.top;
  return {
    x: (price) => area.left + ((price - range.low) / span) * width,
    price: (x) => range.low + ((x - area.left) / width) * span,
    y: (total) => area.bottom - (total / topTotal) * height,
    topTotal,
  };
}
