/**
 * Desktop grid maths (spec 1 §9, spec 2 §9): three panels on a 120-column
 * grid, a width-dependent chart / order-book split while the user has not
 * customised the layout, and default heights from the viewport.
 */
export const GRID_COLS = 120;
export const GRID_ROW_HEIGHT = 44;
export const GRID_MARGIN: readonly [number, number] = [4, 4];
export const MIN_PAGE_WIDTH = 1080;
/** The right column (order entry) takes what the grid does not. */
export const RIGHT_COLUMN_WIDTH = 300;
export const MOBILE_MAX_WIDTH = 500;
export const VIEWPORT_HEIGHT_RANGE = { min: 800, max: 1600 } as const;
/** Height above the grid: settings bar and market header strip. */
export const GRID_TOP_OFFSET = 96;
export const POSITIONS_DEFAULT_H = 8;

export type PanelId = 'chart' | 'orderbook' | 'position';
export const PANEL_IDS: readonly PanelId[] = ['chart', 'orderbook', 'position'];

export interface GridItem {
  i: PanelId;
  x: number;
  y: number;
  w: number;
  h: number;
  minW: number;
  maxW?: number;
  minH: number;
  maxH?: number;
  static?: boolean;
}

const LIMITS: Record<PanelId, Pick<GridItem, 'minW' | 'minH' | 'maxW' | 'maxH'>> = {
  chart: { minW: 60, minH: 6 },
  orderbook: { minW: 30, minH: 4, maxH: 23 },
  position: { minW: 60, minH: 5 },
};

/** Upper bounds are exclusive except the first row ("up to 1420"). */
const SPLITS: ReadonlyArray<{ below: number; chart: number; orderbook: number }> = [
  { below: 1421, chart: 80, orderbook: 40 },
  { below: 1700, chart: 90, orderbook: 30 },
  { below: 1980, chart: 96, orderbook: 24 },
  { below: 2540, chart: 100, orderbook: 20 },
  { below: 3660, chart: 105, orderbook: 15 },
];

const NARROWEST_BOOK = 10;

export function splitForWidth(windowWidth: number): { chart: number; orderbook: number } {
  const row = SPLITS.find((s) => windowWidth < s.below);
  return row ? { chart: row.chart, orderbook: row.orderbook } : { chart: GRID_COLS - NARROWEST_BOOK, orderbook: NARROWEST_BOOK };
}

export function isMobileWidth(windowWidth: number): boolean {
  return windowWidth <= MOBILE_MAX_WIDTH;
}

/** True when a resize moved the page across the 500 px line (the page then reloads). */
export function crossesMobileThreshold(fromWidth: number, toWidth: number): boolean {
  return isMobileWidth(fromWidth) !== isMobileWidth(toWidth);
}

/** The grid's pixel width: the page never goes below 1080, and 300 px is the right column. */
export function gridWidth(windowWidth: number): number {
  return Math.max(windowWidth, MIN_PAGE_WIDTH) - RIGHT_COLUMN_WIDTH;
}

export function clampViewportHeight(height: number): number {
  if (!Number.isFinite(height)) return VIEWPORT_HEIGHT_RANGE.min;
  return Math.min(VIEWPORT_HEIGHT_RANGE.max, Math.max(VIEWPORT_HEIGHT_RANGE.min, height));
}

/** Rows the chart row fills so the first screen is chart and book, positions below. */
export function defaultTopRows(viewportHeight: number): number {
  const usable = clampViewportHeight(viewportHeight) - GRID_TOP_OFFSET;
  const rows = Math.floor((usable + GRID_MARGIN[1]) / (GRID_ROW_HEIGHT + GRID_MARGIN[1]));
  return Math.max(LIMITS.chart.minH, rows);
}

export interface LayoutContext {
  windowWidth: number;
  viewportHeight: number;
  rtl: boolean;
}

export function defaultLayout(ctx: LayoutContext): GridItem[] {
  const split = splitForWidth(ctx.windowWidth);
  const topRows = defaultTopRows(ctx.viewportHeight);
  const bookRows = Math.min(topRows, LIMITS.orderbook.maxH ?? topRows);
  // In right-to-left locales the order book comes first (spec 1 §9): positions
  // are physical, and a mirrored page has the order-entry column on the left,
  // so the book at x = 0 sits next to it, as it does on the right in LTR.
  const chartX = ctx.rtl ? split.orderbook : 0;
  const bookX = ctx.rtl ? 0 : split.chart;
  return [
    { i: 'chart', x: chartX, y: 0, w: split.chart, h: topRows, ...LIMITS.chart },
    { i: 'orderbook', x: bookX, y: 0, w: split.orderbook, h: bookRows, ...LIMITS.orderbook },
    { i: 'position', x: 0, y: topRows, w: GRID_COLS, h: POSITIONS_DEFAULT_H, ...LIMITS.position },
  ];
}

/**
 * A stored layout is untrusted (old versions, hand edits, other tabs): keep
 * only well-formed items of known panels, clamp them into the grid and the
 * spec's minimums, and fall back to the default when any panel is missing.
 */
export function sanitizeLayout(raw: unknown, fallback: GridItem[]): GridItem[] {
  if (!Array.isArray(raw)) return fallback;
  const byId = new Map<PanelId, GridItem>();
  for (const entry of raw) {
    const item = sanitizeItem(entry);
    if (item && !byId.has(item.i)) byId.set(item.i, item);
  }
  if (byId.size !== PANEL_IDS.length) return fallback;
  return PANEL_IDS.map((id) => byId.get(id)!);
}

function sanitizeItem(entry: unknown): GridItem | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const e = entry as Record<string, unknown>;
  const id = e.i;
  if (id !== 'chart' && id !== 'orderbook' && id !== 'position') return null;
  const nums = [e.x, e.y, e.w, e.h];
  if (!nums.every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
  const limits = LIMITS[id];
  // The width table itself goes below the order book's minW (24, 20, 15, 10 columns):
  // minW limits what a user can resize to, not the defaults a saved layout may still hold.
  const narrowest = id === 'orderbook' ? Math.min(limits.minW, NARROWEST_BOOK) : limits.minW;
  const w = clampInt(e.w as number, narrowest, limits.maxW ?? GRID_COLS);
  const h = clampInt(e.h as number, limits.minH, limits.maxH ?? 200);
  const x = clampInt(e.x as number, 0, GRID_COLS - w);
  const y = clampInt(e.y as number, 0, 10_000);
  return { i: id, x, y, w, h, ...limits };
}

function clampInt(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** Layout mirrored for a direction change: the x axis flips, sizes stay. */
export function mirrorLayout(items: readonly GridItem[]): GridItem[] {
  return items.map((item) => ({ ...item, x: GRID_COLS - item.x - item.w }));
}

export function sameGeometry(a: readonly GridItem[], b: readonly GridItem[]): boolean {
  return a.length === b.length && a.every((item) => {
    const other = b.find((o) => o.i === item.i);
    return !!other && other.x === item.x && other.y === item.y && other.w === item.w && other.h === item.h;
  });
}

/** Only geometry is persisted; limits always come from the spec. */
export function layoutGeometry(items: readonly GridItem[]): Array<Pick<GridItem, 'i' | 'x' | 'y' | 'w' | 'h'>> {
  return items.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));
}

/** The grid's height in px, as react-grid-layout sizes its container: rows to the lowest panel's bottom, margins between them. */
export function gridHeight(items: readonly Pick<GridItem, 'y' | 'h'>[]): number {
  const rows = items.reduce((bottom, item) => Math.max(bottom, item.y + item.h), 0);
  return rows === 0 ? 0 : rows * GRID_ROW_HEIGHT + (rows - 1) * GRID_MARGIN[1];
}
