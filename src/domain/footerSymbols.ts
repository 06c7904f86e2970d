/** The footer's favorite and recent strips (spec 1 §2.7) as a pure list rule. */
export interface FooterSymbolSource {
  symbolId: string;
  baseTokenName: string;
  quoteTokenName: string;
}

export interface FooterSymbolItem {
  symbolId: string;
  base: string;
  quote: string;
  current: boolean;
}

/**
 * The ids in their order, named from the symbol list; an id the list does
 * not have (delisted, or a stale local favorite) is skipped, not shown bare.
 */
export function footerSymbolItems(ids: readonly string[], symbols: readonly FooterSymbolSource[], currentSymbolId: string | null): FooterSymbolItem[] {
  const byId = new Map(symbols.map((s) => [s.symbolId, s]));
  const items: FooterSymbolItem[] = [];
  for (const id of new Set(ids)) {
    const symbol = byId.get(id);
    if (!symbol) continue;
    items.push({ symbolId: id, base: symbol.baseTokenName, quote: symbol.quoteTokenName, current: id === currentSymbolId });
  }
  return items;
}
