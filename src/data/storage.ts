/**
 * The only place that touches localStorage. Keys are the spec's where it names
 * them; versioned keys let a future format ignore old data instead of
 * crashing on it. Storage can be missing, full or blocked (private mode,
 * embedded webviews): every access degrades to "nothing stored".
 */
export const STORAGE_KEYS = {
  layout: 'SPOT_grid_layout_v1',
  layoutCustomised: 'SPOT_grid_layout_customised',
  locale: 'SPOT_locale',
  theme: 'SPOT_theme',
  /** Written by the login flow of any tab; other tabs see it as a storage event. */
  account: 'SPOT_account_id',
  lazyReloadAt: 'SPOT_lazy_reload_at',
  /** spec 1 §9: a visitor's favorite symbol ids (JSON list) */
  favorite: 'SPOT_favorite',
  /** the announcement list signature whose bar the user closed (spec 1 §4: until the list changes) */
  announcementClosed: 'SPOT_announcement_closed',
  orderbook: 'SPOT_orderbook_v1',
  /** the last book shown per pair, drawn dimmed at the next start until a live one arrives (src/domain/keptBooks.ts) */
  keptBooks: 'SPOT_kept_books_v1',
  /** the route picker's choice: `{mode:'auto'}` or `{mode:'line', id, base}` (validated on read) */
  apiRoute: 'SPOT_api_route',
  /** spec 1 §9: tradingview (pro, default), lightChart (simple); deepChart is never stored */
  klineType: 'SPOT_kline_type',
  /** spec 1 §9: the pinned quick intervals (JSON list of interval ids) */
  tvIntervals: 'SPOT_tv_intervals',
  /** spec 1 §9: the current interval (30m by default) */
  klineInterval: 'SPOT_kline_interval',
  /** spec 1 §3/§4: chart display settings (trade, position, …, grid) */
  chartDisplay: 'SPOT_kline_display_v1',
  /** the pro chart's layout (style, indicators, compare, settings) kept locally when it is not saved to the cloud */
  chartLayout: 'SPOT_kline_layout_v1',
  /** when the user last saw the sync-to-app option (its unread dot) */
  syncAppSeen: 'SPOT_kline_sync_app_seen',
  /** spec 2 §5 pre-submit gates each user accepted: JSON {userId: GateId[]} */
  gateAccepted: 'SPOT_gate_accepted_v1',
  /** spec 2 §3 trade preference flags per user: JSON {userId: {flag: boolean}} */
  tradePreferences: 'SPOT_trade_preferences_v1',
  /** '1' once the trader asked for system notifications of fills while the page is in the background (this device only) */
  systemNotices: 'SPOT_system_notices',
  /** '0' when the order lists show the page's pair only; anything else: every pair (the default) */
  ordersAllPairs: 'SPOT_orders_all_pairs',
  /** spec 2 §4 footer announcement banner on this device: JSON {hiddenUntil, read: {id: date}, watermark} (domain/footerBanner.ts) */
  footerBanner: 'SPOT_footer_banner_v1',
  /** spec 2 §4 device-local upgrade flags per user: JSON {userId: {tip, guide}} (the one-time tip and the success guide seen) */
  upgradeSeen: 'SPOT_uta_upgrade_seen_v1',
  /** spec 2 §9 auto CDN setting: 'auto' (or absent) lets the network layer use the CDN host; anything else keeps calls on the origin */
  cdnSetting: 'SPOT_cdn_setting',
  /** spec 1 §9 step guide state: JSON [step, total] of the onboarding tour, default [1,3] (domain/tours.ts) */
  stepGuide: 'SPOT_step_guide',
  /** the network probe's device_id: a random id made once per browser */
  deviceId: 'SPOT_device_id',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readString(key: StorageKey): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(key: StorageKey, value: string): boolean {
  try {
    store()?.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeKey(key: StorageKey): void {
  try {
    store()?.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

/** Parsed JSON or undefined; callers validate the shape (stored data is untrusted). */
export function readJson(key: StorageKey): unknown {
  const raw = readString(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function writeJson(key: StorageKey, value: unknown): boolean {
  return writeString(key, JSON.stringify(value));
}
