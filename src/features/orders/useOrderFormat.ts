import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { chartDateTime } from '../../domain/chartTime';
import { formatDecimal, precisionsOf, type Precisions } from '../../domain/format';
import { useSymbols } from '../../data/queries';

export interface OrderFormat {
  locale: string;
  /** `YYYY-MM-DD HH:mm:ss` in the browser's zone (spec 1 §9) */
  time: (ms: number) => string;
  price: (symbolId: string, value: string) => string;
  qty: (symbolId: string, value: string) => string;
  amount: (symbolId: string, value: string) => string;
  /** BASE/QUOTE of a symbol id (fills carry only the id) */
  pair: (symbolId: string) => string;
}

const LOCAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Numbers at each row's own symbol precision (the lists mix pairs), grouped for the page's locale. */
export function useOrderFormat(): OrderFormat {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const symbols = useSymbols().data;
  return useMemo(() => {
    const bySymbol = new Map((symbols ?? []).map((s) => [s.symbolId, precisionsOf(s)]));
    const names = new Map((symbols ?? []).map((s) => [s.symbolId, `${s.baseTokenName}/${s.quoteTokenName}`]));
    // Until the symbol list is in (or for a pair it lacks), the server's own decimals stand: they are the pair's precision already.
    const digits = (symbolId: string, field: keyof Precisions, value: string) => bySymbol.get(symbolId)?.[field] ?? (value.split('.')[1]?.length ?? 0);
    const number = (field: keyof Precisions) => (symbolId: string, value: string) => formatDecimal(value, digits(symbolId, field, value), locale) ?? value;
    return { locale, time: (ms) => chartDateTime(ms, LOCAL_ZONE), price: number('price'), qty: number('quantity'), amount: number('amount'), pair: (id) => names.get(id) ?? id };
  }, [symbols, locale]);
}
