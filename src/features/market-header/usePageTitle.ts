import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../domain/format';
import { nextPriceDirection, pageTitle, type PriceDirection } from '../../domain/headerRules';

/** Spec 1 §2.4 / spec 2 §2: the document title follows the last price with its arrow. */
export function usePageTitle(pair: string, lastPrice: string | undefined, pricePrecision: number, locale: string): void {
  const { t } = useTranslation('market');
  const previous = useRef<string | null>(null);
  const direction = useRef<PriceDirection>('up');
  const titledPair = useRef(pair);
  useEffect(() => {
    // Another symbol's price is not a move of this one.
    if (titledPair.current !== pair) {
      titledPair.current = pair;
      previous.current = null;
    }
    if (lastPrice !== undefined) {
      direction.current = nextPriceDirection(previous.current, lastPrice, direction.current);
      previous.current = lastPrice;
    }
    const price = lastPrice === undefined ? null : formatDecimal(lastPrice, pricePrecision, locale);
    document.title = pageTitle(
      { withPrice: (v) => t('pageTitle', v), withoutPrice: (v) => t('pageTitleNoPrice', v) },
      pair,
      price,
      direction.current,
    );
  }, [pair, lastPrice, pricePrecision, locale, t]);
}
