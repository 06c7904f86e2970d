import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../domain/format';
import type { LastPrice } from './useLastPrice';

const ARROWS = { up: '↑', down: '↓', flat: '' } as const;

/** The line between the sides: last trade price coloured by its direction, and the mark price. */
export function LastPriceRow({ last, decimals, locale }: { last: LastPrice; decimals: number; locale: string }) {
  const { t } = useTranslation('orderbook');
  const show = (value: string | null) => (value === null ? '—' : (formatDecimal(value, decimals, locale) ?? '—'));
  return (
    <div className="ob-last" data-testid="orderbook-last-price">
      <span className={`ob-last__price ob-last__price--${last.direction}`} dir="ltr" aria-label={t('lastPriceLabel', { price: show(last.price), direction: t(`direction_${last.direction}`) })}>
        {show(last.price)}
        <span aria-hidden="true">{ARROWS[last.direction]}</span>
      </span>
      <span className="ob-last__mark" title={t('markPrice')}>
        <span className="visually-hidden">{t('markPrice')}</span>
        <span dir="ltr">{show(last.mark)}</span>
      </span>
    </div>
  );
}
