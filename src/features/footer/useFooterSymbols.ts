import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { changeDirection, formatChangePercent } from '../../domain/changePercent';
import { footerSymbolItems, type FooterSymbolItem } from '../../domain/footerSymbols';
import { findSymbol } from '../../domain/symbol';
import { useFavorites } from '../../data/favorites';
import { useSymbols } from '../../data/queries';
import { useTickers } from '../../data/realtime';
import { useRecents } from '../../data/recents';

export interface FooterSymbol extends FooterSymbolItem {
  /** "+1.90%", or null until the live ticker arrives */
  change: string | null;
  direction: 'up' | 'down' | 'flat';
}

export interface FooterSymbols {
  favorites: FooterSymbol[];
  recents: FooterSymbol[];
  /** false until the symbol list is known (the strips show a quiet placeholder, not the empty state) */
  ready: boolean;
  select: (item: FooterSymbol) => void;
}

/** Favorites and recents with their live 24 h change (spec 1 §2.7); selecting one opens its page in the current locale. */
export function useFooterSymbols(locale: string, base: string, quote: string): FooterSymbols {
  const symbols = useSymbols().data;
  const favoriteIds = useFavorites().ids;
  const recents = useRecents();
  const navigate = useNavigate();

  const currentId = symbols ? (findSymbol(symbols, base, quote)?.symbolId ?? null) : null;
  const favoriteItems = useMemo(() => footerSymbolItems(favoriteIds, symbols ?? [], currentId), [favoriteIds, symbols, currentId]);
  const recentIds = useMemo(() => recents.map((r) => r.symbolId), [recents]);
  const recentItems = useMemo(() => footerSymbolItems(recentIds, symbols ?? [], currentId), [recentIds, symbols, currentId]);

  const shownIds = useMemo(() => [...new Set([...favoriteItems, ...recentItems].map((i) => i.symbolId))], [favoriteItems, recentItems]);
  const { tickers } = useTickers(shownIds);

  const withChange = useCallback(
    (item: FooterSymbolItem): FooterSymbol => {
      const ratio = tickers[item.symbolId]?.m;
      return { ...item, change: ratio === undefined ? null : formatChangePercent(ratio), direction: ratio === undefined ? 'flat' : changeDirection(ratio) };
    },
    [tickers],
  );

  const select = useCallback(
    (item: FooterSymbol) => {
      if (!item.current) navigate(`/${locale}/trade/spot/${item.base}/${item.quote}`);
    },
    [navigate, locale],
  );

  return { favorites: favoriteItems.map(withChange), recents: recentItems.map(withChange), ready: symbols !== undefined, select };
}
