import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { Locale } from '../domain/locale';
import { spotPath } from '../domain/routes';
import { toastStore } from '../data/toasts';
import { LtDetailSections, LtTradeCard, useLtToken, type LtToken } from '../features/lt';
import { PanelSlot } from './panels';
import type { PageProps } from './pageProps';
import { useSymbolGuard } from './useSymbolGuard';

/**
 * Leveraged-token detail page (spec 2 §2): the project info heading, three
 * info sections, the subscribe / redeem card and a link to trade the pair
 * on spot. It is always light (RoutedPage sets the theme for this route and
 * gives the user's back on leaving) and has no global settings bar.
 */
export function LtPage({ locale, base, quote }: PageProps) {
  const { t } = useTranslation('lt');
  const token = useLtToken(base, quote);
  useSymbolGuard(locale, base, quote);
  useNotLtGuard(locale, token);
  const symbol = `${token.token}/${token.quote}`;

  return (
    <main className="lt-page">
      <header className="lt-page__header">
        <h1 className="lt-page__heading">{t('heading', { symbol })}</h1>
        <Link className="lt-page__spot" to={spotPath(locale, token.token, token.quote)}>{t('tradeOnSpot', { symbol })}</Link>
      </header>
      {token.isLt ? (
        <div className="lt-page__layout">
          <PanelSlot>
            <LtDetailSections token={token} />
          </PanelSlot>
          <aside className="lt-page__side">
            <PanelSlot>
              <LtTradeCard base={base} quote={quote} placement="detail" locale={locale} />
            </PanelSlot>
          </aside>
        </div>
      ) : (
        <p className="lt-page__pending" role="status" aria-busy="true">{t('loading')}</p>
      )}
    </main>
  );
}

/**
 * A listed pair that is not a leveraged token has no detail page: it goes
 * where an unknown pair goes (useSymbolGuard: the default page and the
 * symbolNotFound toast).
 */
function useNotLtGuard(locale: Locale, token: LtToken): void {
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  const wrong = token.listed === true && !token.isLt;
  useEffect(() => {
    if (!wrong) return;
    toastStore.show(t('symbolNotFound', { symbol: `${token.token}/${token.quote}` }), 'error');
    navigate(spotPath(locale), { replace: true });
  }, [wrong, token.token, token.quote, locale, navigate, t]);
}
