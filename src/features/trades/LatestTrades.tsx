import { useCallback, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { precisionsOf } from '../../domain/format';
import { findSymbol } from '../../domain/symbol';
import { shownTrades } from '../../domain/tradeTape';
import { publishBookPrice } from '../../data/priceEvents';
import { useSymbols } from '../../data/queries';
import { useTrades } from '../../data/realtime';
import { TradeRow } from './TradeRow';
import './trades.css';

/**
 * Latest trades (spec 1 §2.6, §9): the newest 40 of the 100 the stream
 * keeps, price coloured by taker side, local time HH:mm:ss. Clicking a trade
 * hands its price to the order form, like a book row.
 */
export function LatestTrades({ base, quote }: { base: string; quote: string }) {
  const { t, i18n } = useTranslation('orderbook');
  const symbols = useSymbols().data;
  const symbol = useMemo(() => (symbols ? findSymbol(symbols, base, quote) : undefined), [symbols, base, quote]);
  const symbolId = symbol?.symbolId ?? '';
  const precisions = precisionsOf(symbol);
  const stream = useTrades(symbolId);
  const trades = shownTrades(stream.trades);
  const hintId = useId();
  const onPick = useCallback((price: string, side: 'buy' | 'sell') => {
    if (symbolId) publishBookPrice({ symbolId, price, side });
  }, [symbolId]);

  return (
    <div id="latest-trades" className="trades" data-symbol={`${base}${quote}`}>
      <div className="trades__table" role="table" aria-label={t('tradesList')} aria-rowcount={trades.length + 1}>
        <div className="trade-row trade-row--head" role="row">
          <span role="columnheader">{t('price', { unit: quote })}</span>
          <span role="columnheader" className="trade-cell">{t('amount', { unit: base })}</span>
          <span role="columnheader" className="trade-cell">{t('time')}</span>
        </div>
        {stream.trades.length === 0 ? (
          stream.live ? (
            <p className="trades__empty">{t('tradesEmpty')}</p>
          ) : (
            <div className="skeleton trades__skeleton" role="status" aria-label={t('tradesLoading')} aria-busy="true">
              {Array.from({ length: 14 }, (_, i) => <div key={i} className="skeleton__row" />)}
            </div>
          )
        ) : (
          <div role="rowgroup" data-testid="trade-rows">
            {trades.map((trade) => (
              <TradeRow key={trade.v} trade={trade} priceDecimals={precisions.price} quantityDecimals={precisions.quantity} locale={i18n.language} hintId={hintId} onPick={onPick} />
            ))}
          </div>
        )}
      </div>
      <p id={hintId} className="visually-hidden">{t('pickHint')}</p>
    </div>
  );
}
