import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { euUsdtTipsVisible } from '../../domain/euTips';
import { useSiteConfig } from '../../data/queries';
import './announcements.css';

/** ESMA's public page on MiCA: what the restriction is about. */
const MICA_INFO_URL = 'https://www.esma.europa.eu/esmas-activities/digital-finance-and-innovation/markets-crypto-assets-regulation-mica';

/**
 * Closed for this page session only: the restriction is a legal notice, so it
 * comes back on the next visit (nothing is stored).
 */
const closedForSession = (() => {
  let closed = false;
  const listeners = new Set<() => void>();
  return {
    get: () => closed,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close() {
      closed = true;
      listeners.forEach((l) => l());
    },
  };
})();

/** EU USDT tips banner (spec 1 §2.2) under the settings bar. */
export function EuUsdtTipsBanner({ base, quote }: { base: string; quote: string }) {
  const { t } = useTranslation('notice');
  const site = useSiteConfig();
  const closed = useSyncExternalStore(closedForSession.subscribe, closedForSession.get);
  if (closed || !euUsdtTipsVisible({ siteEuUsdtTips: site.euUsdtTips, base, quote })) return null;
  return (
    <section className="eu-tips" aria-label={t('euTipsLabel')}>
      <p className="eu-tips__text">
        {t('euTipsText')}
        <a href={MICA_INFO_URL} target="_blank" rel="noopener noreferrer">
          {t('learnMore')}
          <span className="visually-hidden"> {t('opensInNewTab')}</span>
        </a>
      </p>
      <button type="button" className="eu-tips__close" aria-label={t('euTipsClose')} onClick={closedForSession.close}>
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}
