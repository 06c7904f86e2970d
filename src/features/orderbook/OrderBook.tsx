import { useCallback, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../domain/format';
import { pairKey } from '../../domain/keptBooks';
import { markFirstScreenDrawn } from '../../data/firstScreen';
import { useLastBookPrice } from '../../data/priceEvents';
import { BookSide } from './BookSide';
import { BookToolbar } from './BookToolbar';
import { DepthRatioBar } from './DepthRatioBar';
import { LastPriceRow } from './LastPriceRow';
import { useBookSymbol } from './useBookSymbol';
import { useFitRows } from './useFitRows';
import { useLastPrice } from './useLastPrice';
import { useOrderBook } from './useOrderBook';
import './orderbook.css';

/** Column titles; the left-right layout has one group per side and no Total column. */
function BookHead({ base, quote, total, onTotal }: { base: string; quote: string; total: 'amount' | 'value' | null; onTotal: () => void }) {
  const { t } = useTranslation('orderbook');
  const unit = total === 'amount' ? base : quote;
  const other = total === 'amount' ? quote : base;
  return (
    <div className="ob-head">
      <span>{t('price', { unit: quote })}</span>
      <span className="ob-head__end">{t('amount', { unit: base })}</span>
      {total !== null && (
        <button type="button" className="ob-head__end ob-head__switch" onClick={onTotal} aria-label={`${t('total', { unit })}: ${t('totalSwitch', { unit: other })}`} title={t('totalSwitch', { unit: other })}>
          {t('total', { unit })}
        </button>
      )}
    </div>
  );
}

/**
 * The order book tab (spec 1 §2.6): layouts, merge step, rows with their
 * cumulative depth, the last price between the sides and the depth ratio.
 * The rows element carries the version of the book it shows (`data-book-version`)
 * for benchmarks measuring push-to-paint delay.
 */
export function OrderBook({ base, quote }: { base: string; quote: string }) {
  const { t, i18n } = useTranslation('orderbook');
  const symbol = useBookSymbol(base, quote);
  const [levelsRef, fitRows] = useFitRows<HTMLDivElement>();
  const model = useOrderBook(symbol, fitRows, pairKey(base, quote));
  const last = useLastPrice(symbol.symbolId);
  const picked = useLastBookPrice();
  const hintId = useId();
  const locale = i18n.language;
  const { layout, view } = model;
  const selectedPrice = picked && picked.symbolId === symbol.symbolId ? picked.price : null;
  // Stable, so the memoised rows re-render only when their own numbers change.
  const ownLabel = useCallback((qty: string) => t('ownOrderAt', { qty }), [t]);
  const liveDrawn = view !== null && !model.stale;
  // What waits for the first screen (the service worker's install) may start now.
  useEffect(() => {
    if (liveDrawn) markFirstScreenDrawn();
  }, [liveDrawn]);
  const toggleTotal = () => model.setTotal(model.total === 'amount' ? 'value' : 'amount');

  const side = (which: 'buy' | 'sell', reversed: boolean) => (
    <BookSide
      side={which}
      rows={which === 'buy' ? (view?.bids ?? []) : (view?.asks ?? [])}
      reversed={reversed}
      // Side by side, two sides of three columns do not fit the book's width: price and amount only.
      total={layout === 'split' ? null : model.total}
      priceDecimals={model.decimals.price}
      amountDecimals={model.decimals.amount}
      valueDecimals={model.decimals.value}
      locale={locale}
      selectedPrice={selectedPrice}
      own={model.own[which]}
      ownLabel={ownLabel}
      hintId={hintId}
      label={t(which === 'buy' ? 'bids' : 'asks')}
      onPick={model.pick}
    />
  );
  const lastRow = <LastPriceRow last={last} decimals={symbol.precisions.price} locale={locale} />;

  return (
    <div className="ob">
      <BookToolbar layout={layout} onLayout={model.setLayout} steps={model.steps} step={model.step} onStep={model.setStep} paused={model.paused} />
      <div className={`ob-heads ob-heads--${layout}`}>
        <BookHead base={base} quote={quote} total={layout === 'split' ? null : model.total} onTotal={toggleTotal} />
        {layout === 'split' && <BookHead base={base} quote={quote} total={null} onTotal={toggleTotal} />}
      </div>
      {model.stale && (
        <p className="ob-stale-note" role="status">
          {t('lastKnown')}
        </p>
      )}
      <div
        ref={levelsRef}
        className={`ob-levels ob-levels--${layout}`}
        data-testid="orderbook"
        // Live books only: a kept one is not a version the exchange pushed to this page.
        data-book-version={model.stale ? '' : (model.book?.version ?? '')}
        data-layout={layout}
        data-stale={model.stale || undefined}
        // The last kept book is drawn for reading only: its prices are not the market's now.
        inert={model.stale || undefined}
        onPointerEnter={model.pause}
        onPointerLeave={model.resume}
      >
        {model.error && <p className="ob-error" role="alert">{t('stepRefused')}</p>}
        {view ? (
          <>
            {layout === 'stacked' && (
              <>
                {side('sell', true)}
                {lastRow}
                {side('buy', false)}
              </>
            )}
            {layout === 'buy' && (
              <>
                {lastRow}
                {side('buy', false)}
              </>
            )}
            {layout === 'sell' && (
              <>
                {side('sell', true)}
                {lastRow}
              </>
            )}
            {layout === 'split' && (
              <>
                {lastRow}
                <div className="ob-split">
                  {side('buy', false)}
                  {side('sell', false)}
                </div>
              </>
            )}
          </>
        ) : (
          <div className="skeleton ob-skeleton" role="status" aria-label={t('loading')} aria-busy="true">
            {Array.from({ length: fitRows }, (_, i) => (
              <div key={i} className="skeleton__row" />
            ))}
          </div>
        )}
      </div>
      <DepthRatioBar ratio={view?.ratio ?? null} />
      <p id={hintId} className="visually-hidden">{t('pickHint')}</p>
      <p className="visually-hidden" role="status" data-testid="picked-price">
        {picked && picked.symbolId === symbol.symbolId ? t('picked', { price: formatDecimal(picked.price, symbol.precisions.price, locale) ?? picked.price }) : ''}
      </p>
    </div>
  );
}
