import { Decimal } from 'decimal.js';

/** One row of the header's market list (spec 1 §2.4). */
export interface MarketRow {
  symbolId: string;
  base: string;
  quote: string;
  /** last price as the exchange sent it; null before any ticker */
  lastPrice: string | null;
  /** 24 h change ratio ("0.0190"); null before any ticker */
  change: string | null;
}

export type MarketTab = 'favorites' | { quote: string };
export type SortKey = 'symbol' | 'price' | 'change';
export interface MarketSort {
  key: SortKey;
  direction: 'asc' | 'desc';
}

/** Quote-token tabs: the quotes that exist, USDT first (the default quote), then by how many pairs use them. */
export function quoteTabs(rows: readonly Pick<MarketRow, 'quote'>[]): string[] {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.quote, (counts.get(r.quote) ?? 0) + 1);
  return [...counts.keys()].sort((a, b) => {
    if (a === 'USDT' || b === 'USDT') return a === 'USDT' ? -1 : 1;
    return (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || a.localeCompare(b);
  });
}

/**
 * What the search box matches: the base token, the pair with or without a
 * slash ("btc", "BTC/US", "btcusdt"). Blank matches everything.
 */
export function matchesSearch(row: Pick<MarketRow, 'base' | 'quote'>, search: string): boolean {
  const q = search.trim().toUpperCase().replace(/\s+/g, '');
  if (!q) return true;
  if (q.includes('/')) return `${row.base}/${row.quote}`.startsWith(q);
  return row.base.startsWith(q) || `${row.base}${row.quote}`.startsWith(q) || row.base.includes(q);
}

function numeric(value: string | null): Decimal | null {
  if (value === null) return null;
  try {
    const d = new Decimal(value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** Rows without a value sort last in both directions: a missing ticker is not "the smallest". */
function compare(a: MarketRow, b: MarketRow, sort: MarketSort): number {
  const sign = sort.direction === 'asc' ? 1 : -1;
  if (sort.key === 'symbol') return sign * `${a.base}/${a.quote}`.localeCompare(`${b.base}/${b.quote}`);
  const va = numeric(sort.key === 'price' ? a.lastPrice : a.change);
  const vb = numeric(sort.key === 'price' ? b.lastPrice : b.change);
  if (va === null || vb === null) return va === vb ? 0 : va === null ? 1 : -1;
  return sign * va.comparedTo(vb);
}

/**
 * The rows a tab shows: favorites keep the user's order unless a sort is
 * chosen; quote tabs list their pairs. Search applies to both. `sort` null
 * keeps the list order.
 */
export function marketListRows(
  rows: readonly MarketRow[],
  options: { tab: MarketTab; search: string; favorites: readonly string[]; sort: MarketSort | null },
): MarketRow[] {
  const { tab, search, favorites, sort } = options;
  let list: MarketRow[];
  if (tab === 'favorites') {
    const byId = new Map(rows.map((r) => [r.symbolId, r]));
    list = favorites.flatMap((id) => byId.get(id) ?? []);
  } else {
    list = rows.filter((r) => r.quote === tab.quote);
  }
  list = list.filter((r) => matchesSearch(r, search));
  return sort ? [...list].sort((a, b) => compare(a, b, sort) || a.symbolId.localeCompare(b.symbolId)) : list;
}

/** Clicking a column header: a new key starts descending for numbers, ascending for names; the same key flips; a third click clears. */
export function nextSort(current: MarketSort | null, key: SortKey): MarketSort | null {
  const first: MarketSort['direction'] = key === 'symbol' ? 'asc' : 'desc';
  if (!current || current.key !== key) return { key, direction: first };
  if (current.direction === first) return { key, direction: first === 'asc' ? 'desc' : 'asc' };
  return null;
}
