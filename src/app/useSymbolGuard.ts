import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Locale } from '../domain/locale';
import { spotPath } from '../domain/routes';
import { findSymbol } from '../domain/symbol';
import { NetworkError } from '../data/http';
import { useSymbols } from '../data/queries';
import { toastStore } from '../data/toasts';
import { netErrorStore } from '../data/netError';

/**
 * A symbol in the URL that the exchange does not list goes to the default
 * page with a toast. An unreachable exchange raises the network-error overlay.
 */
export function useSymbolGuard(locale: Locale, base: string, quote: string): void {
  const symbols = useSymbols();
  const navigate = useNavigate();
  const { t } = useTranslation('common');

  useEffect(() => {
    // Cached symbols still work: only a page with nothing to show is blocked.
    if (symbols.error instanceof NetworkError && !symbols.data) netErrorStore.show();
  }, [symbols.error, symbols.data]);

  useEffect(() => {
    if (!symbols.data || findSymbol(symbols.data, base, quote)) return;
    const fallback = spotPath(locale);
    toastStore.show(t('symbolNotFound', { symbol: `${base}/${quote}` }), 'error');
    if (window.location.pathname.replace(/\/$/, '') !== fallback) navigate(fallback, { replace: true });
  }, [symbols.data, base, quote, locale, navigate, t]);
}
