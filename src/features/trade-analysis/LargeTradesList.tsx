import { useTranslation } from 'react-i18next';
import type { Precisions } from '../../domain/format';
import { formatDecimal } from '../../domain/format';
import { clockTimeOf } from '../../domain/timeFormat';
import { flowAmount, type LargeTrade } from '../../domain/tradeAnalysis';

interface LargeTradesListProps {
  trades: readonly LargeTrade[];
  precisions: Precisions;
  base: string;
  quote: string;
  locale: string;
}

/** The large trades of the last 24 h, newest first: local time HH:mm:ss, taker side, price, quantity, value. */
export function LargeTradesList({ trades, precisions, base, quote, locale }: LargeTradesListProps) {
  const { t } = useTranslation('chart');
  if (trades.length === 0) return <p className="flow__hint">{t('analysis.largeEmpty')}</p>;
  return (
    <table className="flow__table">
      <thead>
        <tr>
          <th scope="col">{t('analysis.time')}</th>
          <th scope="col">{t('analysis.side')}</th>
          <th scope="col">{t('analysis.price', { unit: quote })}</th>
          <th scope="col">{t('analysis.quantity', { unit: base })}</th>
          <th scope="col">{t('analysis.value', { unit: quote })}</th>
        </tr>
      </thead>
      <tbody>
        {trades.map((trade) => {
          const side = trade.buy ? 'buy' : 'sell';
          return (
            <tr key={trade.id} className={`flow__row flow__row--${side}`}>
              <td dir="ltr">{clockTimeOf(trade.t, -new Date(trade.t).getTimezoneOffset())}</td>
              <td className="flow__row-side">{t(`analysis.${side}`)}</td>
              <td dir="ltr">{formatDecimal(trade.p, precisions.price, locale) ?? trade.p}</td>
              <td dir="ltr">{formatDecimal(trade.q, precisions.quantity, locale) ?? trade.q}</td>
              <td dir="ltr">{flowAmount(trade.value, precisions.price, locale)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
