import type { BookRow as Row } from '../../domain/orderbookRows';
import type { BookTotalUnit } from '../../data/orderbookSettings';
import { ownAt, type OwnLevels } from '../../domain/ownOrderLevels';
import { BookRow } from './BookRow';

interface BookSideProps {
  side: 'buy' | 'sell';
  rows: readonly Row[];
  /** asks above the last price are drawn worst first, so the best ask meets the spread */
  reversed: boolean;
  /** null: no Total column */
  total: BookTotalUnit | null;
  priceDecimals: number;
  amountDecimals: number;
  valueDecimals: number;
  locale: string;
  selectedPrice: string | null;
  /** the user's own resting size per row price */
  own: OwnLevels;
  ownLabel: (qty: string) => string;
  hintId: string;
  label: string;
  onPick: (price: string, side: 'buy' | 'sell') => void;
}

export function BookSide(props: BookSideProps) {
  const { side, rows, reversed, total, priceDecimals, amountDecimals, valueDecimals, locale, selectedPrice, own, ownLabel, hintId, label, onPick } = props;
  const ordered = reversed ? [...rows].reverse() : rows;
  return (
    <div className={`ob-side ob-side--${side}${reversed ? ' ob-side--reversed' : ''}`} role="group" aria-label={label}>
      {ordered.map((row, i) => (
        <BookRow
          // Position keys: a row keeps its element while prices move through it (no remounts per push).
          key={reversed ? ordered.length - 1 - i : i}
          side={side}
          price={row.price}
          amount={row.amount}
          total={total === null ? null : total === 'amount' ? row.totalAmount : row.totalValue}
          depth={row.depth}
          priceDecimals={priceDecimals}
          amountDecimals={amountDecimals}
          totalDecimals={total === 'amount' ? amountDecimals : valueDecimals}
          locale={locale}
          selected={selectedPrice === row.price}
          own={ownAt(own, row.price, priceDecimals)}
          ownLabel={ownLabel}
          hintId={hintId}
          onPick={onPick}
        />
      ))}
    </div>
  );
}
