import { useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeDirection, formatChangePercent } from '../../domain/changePercent';
import { marketListRows, nextSort, quoteTabs, type MarketRow, type MarketSort, type MarketTab, type SortKey } from '../../domain/marketList';
import type { Favorites } from '../../data/favorites';
import { SortIcon, StarIcon } from '../../ui/icons';

interface MarketListProps {
  rows: readonly MarketRow[];
  currentSymbolId: string;
  favorites: Favorites;
  onSelect: (row: MarketRow) => void;
  onClose: () => void;
  id: string;
}

function focusRowIn(list: HTMLElement | null, index: number) {
  const buttons = list?.querySelectorAll<HTMLButtonElement>('[data-market-row]');
  if (!buttons?.length) return;
  buttons[Math.max(0, Math.min(buttons.length - 1, index))]?.focus();
}

const tabKey = (tab: MarketTab) => (tab === 'favorites' ? 'favorites' : tab.quote);

/**
 * The hover market list: search, Favorites and quote-token tabs, sortable
 * columns, a star per row. Arrow keys move between rows, Enter opens one,
 * Escape closes the list.
 */
export function MarketList({ rows, currentSymbolId, favorites, onSelect, onClose, id }: MarketListProps) {
  const { t } = useTranslation('market');
  const quotes = useMemo(() => quoteTabs(rows), [rows]);
  const currentQuote = rows.find((r) => r.symbolId === currentSymbolId)?.quote ?? quotes[0] ?? 'USDT';
  const [tab, setTab] = useState<MarketTab>({ quote: currentQuote });
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<MarketSort | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const shown = marketListRows(rows, { tab, search, favorites: favorites.ids, sort });
  const tabs: MarketTab[] = ['favorites', ...quotes.map((quote) => ({ quote }))];

  const focusRow = (index: number) => focusRowIn(listRef.current, index);

  const containerRef = useRef<HTMLDivElement>(null);
  const closeList = useEffectEvent(() => onClose());
  // Keys of the whole list (a dialog): Escape closes it, arrows walk the rows. Attached in the commit that
  // focuses the search box (autoFocus), not after paint: on a busy main thread a passive effect ran late, and an
  // Escape typed right after the list opened reached a list with no listener yet and was lost (CI of e31bac5).
  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        closeList();
        return;
      }
      const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('[data-market-row]') ?? [])];
      const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
      if (index < 0) return;
      let next: number;
      if (event.key === 'ArrowDown') next = index + 1;
      else if (event.key === 'ArrowUp') next = index - 1;
      else if (event.key === 'Home') next = 0;
      else if (event.key === 'End') next = buttons.length - 1;
      else return;
      event.preventDefault();
      if (next < 0) container.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
      else focusRowIn(listRef.current, next);
    };
    container.addEventListener('keydown', onKeyDown);
    return () => container.removeEventListener('keydown', onKeyDown);
  }, []);

  const sortButton = (key: SortKey, label: string) => {
    const active = sort?.key === key ? sort.direction : null;
    return (
      <button
        type="button"
        className="market-list__sort"
        aria-label={t('sortBy', { column: label })}
        aria-pressed={active !== null}
        data-direction={active ?? undefined}
        onClick={() => setSort(nextSort(sort, key))}
      >
        {label}
        <SortIcon order={active} className="market-list__sort-icon" />
      </button>
    );
  };

  return (
    <div id={id} ref={containerRef} className="market-list" role="dialog" aria-label={t('marketList')}>
      <input
        className="market-list__search"
        type="search"
        value={search}
        placeholder={t('searchPlaceholder')}
        aria-label={t('search')}
        autoFocus
        maxLength={30}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            focusRow(0);
          } else if (event.key === 'Enter' && shown[0]) onSelect(shown[0]);
        }}
      />
      <div className="market-list__tabs" role="group" aria-label={t('quoteTabs')}>
        {tabs.map((item) => (
          <button
            key={tabKey(item)}
            type="button"
            aria-pressed={tabKey(item) === tabKey(tab)}
            onClick={() => setTab(item)}
          >
            {item === 'favorites' ? t('favorites') : item.quote}
          </button>
        ))}
      </div>
      <div className="market-list__columns">
        {sortButton('symbol', t('columnPair'))}
        {sortButton('price', t('columnPrice'))}
        {sortButton('change', t('columnChange'))}
      </div>
      {shown.length === 0 ? (
        <p className="market-list__empty">{tab === 'favorites' && !search.trim() ? t('noFavorites') : t('noMatch')}</p>
      ) : (
        <ul ref={listRef} className="market-list__rows" aria-label={t('pairs')}>
          {shown.map((row) => (
            <MarketListRow key={row.symbolId} row={row} current={row.symbolId === currentSymbolId} favorites={favorites} onSelect={onSelect} />
          ))}
        </ul>
      )}
    </div>
  );
}

function MarketListRow({ row, current, favorites, onSelect }: { row: MarketRow; current: boolean; favorites: Favorites; onSelect: (row: MarketRow) => void }) {
  const { t } = useTranslation('market');
  const pair = `${row.base}/${row.quote}`;
  const starred = favorites.isFavorite(row.symbolId);
  const change = row.change === null ? null : formatChangePercent(row.change);
  return (
    <li className="market-list__row" aria-current={current || undefined}>
      <button
        type="button"
        className="market-list__star"
        aria-pressed={starred}
        aria-label={starred ? t('removeFavorite', { pair }) : t('addFavorite', { pair })}
        onClick={() => favorites.toggle(row.symbolId)}
      >
        <StarIcon filled={starred} />
      </button>
      <button type="button" className="market-list__pick" data-market-row onClick={() => onSelect(row)}>
        <span className="market-list__pair" dir="ltr">{pair}</span>
        <span className="market-list__price" dir="ltr">{row.lastPrice ?? '—'}</span>
        <span className={`market-list__change market-list__change--${row.change === null ? 'flat' : changeDirection(row.change)}`} dir="ltr">
          {change ?? '—'}
        </span>
      </button>
    </li>
  );
}
