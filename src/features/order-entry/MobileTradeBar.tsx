import { useEffect, useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Side } from '../../domain/order-entry/types';
import { subscribeBookPrice } from '../../data/priceEvents';
import { useModalDialog } from '../../ui/useModalDialog';
import { OrderEntryPanel, type SideRequest } from './OrderEntryPanel';

/**
 * The phone's way to trade (issue 30): a Buy / Sell bar fixed at the bottom
 * opens the order form of the desktop page in a bottom sheet — the same form
 * object, gates and toasts. The sheet is a native modal dialog (focus kept
 * inside, Escape closes) and stays mounted while closed, so what the trader
 * typed survives closing and opening it, and a tap on a book row or a trade
 * still fills its price.
 */
export function MobileTradeBar({ base, quote }: { base: string; quote: string }) {
  const { t } = useTranslation('trade');
  const [request, setRequest] = useState<SideRequest | null>(null);
  const [open, setOpen] = useState(false);
  const sheetRef = useModalDialog(open);
  const titleId = useId();
  // Only the sheet's own cancel and close: React carries a dialog's events up through portals, and a gate, the
  // leverage onboarding or a tour opened from the form inside must not close the sheet with it.
  const closedItself = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) setOpen(false);
  };

  // A tap on a book row or a trade fills the form's price (the form listens itself) and brings the sheet up to show it.
  useEffect(() => subscribeBookPrice((event) => event.symbolId === `${base}${quote}` && setOpen(true)), [base, quote]);

  const openFor = (side: Side) => {
    setRequest({ side, at: Date.now() });
    setOpen(true);
  };

  return (
    <>
      <div className="mobile-trade-bar" role="group" aria-label={t('tradeTab')}>
        <button type="button" className="mobile-trade-bar__button mobile-trade-bar__button--buy" onClick={() => openFor('Buy')}>
          {t('buyCoin', { coin: base })}
        </button>
        <button type="button" className="mobile-trade-bar__button mobile-trade-bar__button--sell" onClick={() => openFor('Sell')}>
          {t('sellCoin', { coin: base })}
        </button>
      </div>
      <dialog ref={sheetRef} className="order-sheet" aria-labelledby={titleId} onClose={closedItself} onCancel={closedItself}>
        <div className="order-sheet__header">
          <h2 id={titleId} className="order-sheet__title">{t('tradePair', { base, quote })}</h2>
          <button type="button" className="order-sheet__close" onClick={() => setOpen(false)}>
            {t('closeSheet')}
          </button>
        </div>
        <OrderEntryPanel key={`${base}/${quote}`} base={base} quote={quote} sideRequest={request} />
      </dialog>
    </>
  );
}
