import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { MarketRow } from '../../domain/marketList';
import { useFavorites } from '../../data/favorites';
import { useMarketRows } from './useMarketRows';
import { CaretDownIcon } from '../../ui/icons';
import { TokenIcon } from '../../ui/TokenIcon';
import { lazyNamed } from '../../ui/lazyNamed';

// The list (search, tabs, sorting, virtual rows) loads the first time it opens.
const MarketList = lazyNamed(() => import('./MarketList'), 'MarketList');

const hoverCapable = () => typeof matchMedia === 'function' && matchMedia('(hover: hover)').matches;

/** Spec 1 §9: the market list closes 300 ms after the pointer leaves. */
export const MARKET_LIST_CLOSE_DELAY_MS = 300;

/**
 * The current symbol; hovering (or clicking, or Enter / ArrowDown) opens the
 * market list. Leaving closes it after 300 ms unless the pointer comes back,
 * so crossing the gap between button and list does not close it.
 */
export function SymbolSwitcher({ locale, base, quote, symbolId }: { locale: string; base: string; quote: string; symbolId: string }) {
  const { t } = useTranslation('market');
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const navigate = useNavigate();
  const favorites = useFavorites();
  const rows = useMarketRows(open);

  const cancelClose = () => {
    if (closeTimer.current !== null) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const scheduleClose = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), MARKET_LIST_CLOSE_DELAY_MS);
  };
  useEffect(
    () => () => {
      if (closeTimer.current !== null) clearTimeout(closeTimer.current);
    },
    [],
  );

  const close = (returnFocus: boolean) => {
    cancelClose();
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  const select = (row: MarketRow) => {
    close(true);
    if (row.symbolId !== symbolId) void navigate(`/${locale}/trade/spot/${row.base}/${row.quote}`);
  };

  return (
    <div
      className="symbol-switcher"
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse') return;
        cancelClose();
        setOpen(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') scheduleClose();
      }}
    >
      <h1 className="market-header__symbol">
        <button
          ref={buttonRef}
          type="button"
          className="symbol-switcher__button"
          dir="ltr"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          title={t('switchMarket')}
          // A mouse click lands on a list the hover already opened: keep it open. Keyboard and touch toggle.
        onClick={(event) => (open && (event.detail === 0 || !hoverCapable()) ? close(false) : setOpen(true))}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setOpen(true);
            }
          }}
        >
          <TokenIcon coin={base} />
          {base}/{quote}
          <CaretDownIcon className="symbol-switcher__caret" />
        </button>
      </h1>
      {open && (
        <Suspense fallback={null}>
          <MarketList id={listId} rows={rows} currentSymbolId={symbolId} favorites={favorites} onSelect={select} onClose={() => close(true)} />
        </Suspense>
      )}
    </div>
  );
}
