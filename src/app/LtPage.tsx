import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { spotPath } from '../domain/routes';
import type { PageProps } from './pageProps';

/**
 * Leveraged-token detail page (spec 2 §2): light theme, no global settings
 * bar. The project info sections and forms arrive with the LT issue.
 */
export function LtPage({ locale, base, quote }: PageProps) {
  const { t } = useTranslation('lt');
  return (
    <main className="lt-page">
      <h1 className="lt-page__heading">
        {t('heading', { symbol: `${base}/${quote}` })}
      </h1>
      <p>
        <Link to={spotPath(locale, base, quote)}>{t('tradeOnSpot', { symbol: `${base}/${quote}` })}</Link>
      </p>
    </main>
  );
}
