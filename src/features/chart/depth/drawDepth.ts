/**
 * Paints the depth chart on a 2D canvas: the bids' stepped area left of the
 * mid, the asks' right of it, the mid-price marker, the price axis under the
 * plot, the cumulative amount axis at its right and the crosshair. Drawing
 * only; every number comes from the domain model.
 */
import { niceTicks } from '../../../domain/depthAxis';
import type { DepthCurves, DepthHit, DepthPoint, DepthRange } from '../../../domain/depthCurve';
import { plotArea, scalesOf, type PlotArea, type Scales } from './depthGeometry';

export interface DepthColors {
  up: string;
  down: string;
  text: string;
  muted: string;
  border: string;
  font: string;
}

export interface DepthPaint {
  width: number;
  height: number;
  dpr: number;
  curves: DepthCurves;
  range: DepthRange;
  hit: DepthHit | null;
  colors: DepthColors;
  formatPrice: (value: number, decimals: number) => string;
  formatAmount: (value: number, decimals: number) => string;
}

/** Reads the theme from the page's CSS variables (styles.css), so a theme switch needs no code here. */
export function readDepthColors(element: Element): DepthColors {
  const style = getComputedStyle(element);
  const get = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    up: get('--up', '#20b26c'),
    down: get('--down', '#ef454a'),
    text: get('--text', '#eaecef'),
    muted: get('--muted', '#848e9c'),
    border: get('--border', '#2b3139'),
    font: `11px ${style.fontFamily || 'sans-serif'}`,
  };
}

/**
 * One side's step outline from its best level outwards: the cumulative
 * amount holds from a level's price up to the next level's price, where it
 * steps to the next total. Starts on the baseline; `close` brings it back
 * down there for the fill (the line itself stops at the deepest level).
 */
function traceSide(ctx: CanvasRenderingContext2D, points: readonly DepthPoint[], s: Scales, base: number, close: boolean) {
  const first = points[0]!;
  ctx.moveTo(s.x(first.plotPrice), base);
  let y = base;
  for (const point of points) {
    const x = s.x(point.plotPrice);
    ctx.lineTo(x, y);
    y = s.y(point.plotTotal);
    ctx.lineTo(x, y);
  }
  if (close) ctx.lineTo(s.x(points[points.length - 1]!.plotPrice), base);
}

function paintSide(ctx: CanvasRenderingContext2D, points: readonly DepthPoint[], s: Scales, area: PlotArea, color: string) {
  if (points.length === 0) return;
  ctx.beginPath();
  traceSide(ctx, points, s, area.bottom, true);
  ctx.globalAlpha = 0.18;
  ctx.fillStyle = color;
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.beginPath();
  traceSide(ctx, points, s, area.bottom, false);
  ctx.strokeStyle = color;
  ctx.lineWidth = 1.5;
  ctx.stroke();
}

function paintAxes(ctx: CanvasRenderingContext2D, p: DepthPaint, area: PlotArea, s: Scales) {
  const { colors, range, width } = p;
  ctx.font = colors.font;
  ctx.fillStyle = colors.muted;
  ctx.strokeStyle = colors.border;
  ctx.lineWidth = 1;

  const prices = niceTicks(range.low, range.high, Math.max(2, Math.floor((area.right - area.left) / 110)));
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (const value of prices.values) {
    const x = Math.round(s.x(value)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(x, area.bottom);
    ctx.lineTo(x, area.bottom + 4);
    ctx.stroke();
    ctx.fillText(p.formatPrice(value, prices.decimals), x, area.bottom + 6);
  }

  const totals = niceTicks(0, s.topTotal, Math.max(2, Math.floor((area.bottom - area.top) / 40)));
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  for (const value of totals.values) {
    if (value === 0) continue;
    const y = Math.round(s.y(value)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(area.left, y);
    ctx.lineTo(area.right, y);
    ctx.globalAlpha = 0.5;
    ctx.stroke();
    ctx.globalAlpha = 1;
    ctx.fillText(p.formatAmount(value, totals.decimals), area.right + 6, y, width - area.right - 8);
  }
  ctx.beginPath();
  ctx.moveTo(area.left, area.bottom + 0.5);
  ctx.lineTo(area.right, area.bottom + 0.5);
  ctx.stroke();
}

function paintMid(ctx: CanvasRenderingContext2D, p: DepthPaint, area: PlotArea, s: Scales) {
  const x = Math.round(s.x(p.range.mid)) + 0.5;
  ctx.save();
  ctx.setLineDash([3, 3]);
  ctx.strokeStyle = p.colors.muted;
  ctx.beginPath();
  ctx.moveTo(x, area.top);
  ctx.lineTo(x, area.bottom);
  ctx.stroke();
  ctx.restore();
}

function paintCrosshair(ctx: CanvasRenderingContext2D, p: DepthPaint, area: PlotArea, s: Scales) {
  if (!p.hit) return;
  const { point, side } = p.hit;
  const x = Math.round(s.x(point.plotPrice)) + 0.5;
  const y = Math.max(area.top, s.y(point.plotTotal));
  ctx.save();
  ctx.setLineDash([4, 3]);
  ctx.strokeStyle = p.colors.text;
  ctx.globalAlpha = 0.6;
  ctx.beginPath();
  ctx.moveTo(x, area.top);
  ctx.lineTo(x, area.bottom);
  ctx.moveTo(area.left, y);
  ctx.lineTo(area.right, y);
  ctx.stroke();
  ctx.restore();
  ctx.beginPath();
  ctx.arc(x, y, 4, 0, Math.PI * 2);
  ctx.fillStyle = side === 'bid' ? p.colors.up : p.colors.down;
  ctx.fill();
}

export function drawDepth(ctx: CanvasRenderingContext2D, p: DepthPaint): void {
  const area = plotArea(p.width, p.height);
  const s = scalesOf(area, p.range);
  ctx.setTransform(p.dpr, 0, 0, p.dpr, 0, 0);
  ctx.clearRect(0, 0, p.width, p.height);
  paintAxes(ctx, p, area, s);
  ctx.save();
  ctx.beginPath();
  ctx.rect(area.left, area.top, area.right - area.left, area.bottom - area.top);
  ctx.clip();
  paintSide(ctx, p.curves.bids, s, area, p.colors.up);
  paintSide(ctx, p.curves.asks, s, area, p.colors.down);
  paintMid(ctx, p, area, s);
  paintCrosshair(ctx, p, area, s);
  ctx.restore();
}
