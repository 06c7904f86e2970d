import { memo, type KeyboardEvent } from 'react';
import { formatDecimal } from '../../domain/format';
import { clockTimeOf } from '../../domain/timeFormat';
import { takerSideOf, type TradeTick } from '../../domain/tradeTape';

interface TradeRowProps {
  trade: TradeTick;
  priceDecimals: number;
  quantityDecimals: number;
  locale: string;
  hintId: string;
  onPick: (price: string, side: 'buy' | 'sell') => void;
}

/** One trade; trades are immutable objects kept across pushes, so memo skips every row already drawn. */
export const TradeRow = memo(function TradeRow({ trade, priceDecimals, quantityDecimals, locale, hintId, onPick }: TradeRowProps) {
  const side = takerSideOf(trade);
  const pick = () => onPick(trade.p, side);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    pick();
  };
  return (
    <div className={`trade-row trade-row--${side}`} role="row" tabIndex={0} aria-describedby={hintId} data-side={side} onClick={pick} onKeyDown={onKeyDown}>
      <span role="cell" className="trade-cell trade-cell--price" dir="ltr">{formatDecimal(trade.p, priceDecimals, locale)}</span>
      <span role="cell" className="trade-cell" dir="ltr">{formatDecimal(trade.q, quantityDecimals, locale)}</span>
      {/* Local time of the trade: the browser's offset at that instant (summer time included). */}
      <span role="cell" className="trade-cell trade-cell--time" dir="ltr">{clockTimeOf(trade.t, -new Date(trade.t).getTimezoneOffset())}</span>
    </div>
  );
});
