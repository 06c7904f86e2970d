import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { pageStatus } from '../data/pageStatus';

/** The page keeps working offline from its caches; say so, so nobody trades on stale numbers unaware. */
export function OfflineBanner() {
  const { t } = useTranslation('common');
  const online = useSyncExternalStore(pageStatus.subscribe, () => pageStatus.get().online);
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      {t('offline')}
    </div>
  );
}
