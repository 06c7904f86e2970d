import { memo, type CSSProperties, type KeyboardEvent } from 'react';
import { formatDecimal } from '../../domain/format';
import { formatBookTotal } from '../../domain/orderbookRows';

export interface BookRowProps {
  side: 'buy' | 'sell';
  price: string;
  amount: string;
  /** null: the layout has no room for the Total column (left-right) */
  total: string | null;
  /** 0..1 of the row's width shaded by its cumulative depth */
  depth: number;
  priceDecimals: number;
  amountDecimals: number;
  totalDecimals: number;
  locale: string;
  selected: boolean;
  /** the user's own resting size at this row, null when none */
  own: string | null;
  ownLabel: (qty: string) => string;
  hintId: string;
  onPick: (price: string, side: 'buy' | 'sell') => void;
}

/**
 * One level. Props are primitives, so a push re-renders only the rows whose
 * numbers changed; the shading is a CSS variable (no layout of the cells).
 */
export const BookRow = memo(function BookRow(props: BookRowProps) {
  const { side, price, amount, total, depth, priceDecimals, amountDecimals, totalDecimals, locale, selected, own, ownLabel, hintId, onPick } = props;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onPick(price, side);
  };
  return (
    <div
      className={`ob-row ob-row--${side}`}
      role="button"
      tabIndex={0}
      aria-describedby={hintId}
      aria-current={selected || undefined}
      data-price={price}
      style={{ '--depth': depth } as CSSProperties}
      onClick={() => onPick(price, side)}
      onKeyDown={onKeyDown}
    >
      <span className="ob-cell ob-cell--price" dir="ltr">
        {own !== null && <span className="ob-own" role="img" aria-label={ownLabel(own)} title={ownLabel(own)} />}
        {formatDecimal(price, priceDecimals, locale)}
      </span>
      <span className="ob-cell" dir="ltr">{formatBookTotal(amount, amountDecimals, locale)}</span>
      {total !== null && <span className="ob-cell" dir="ltr">{formatBookTotal(total, totalDecimals, locale)}</span>}
    </div>
  );
});
