import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { loadedLocaleUrls } from './i18n';
import { fetchedAssetUrls, registerServiceWorker } from './pwa';

/** "New version — reload": shown when a new worker waits; never reloads without the user. */
export function UpdatePrompt() {
  const { t } = useTranslation('common');
  const [apply, setApply] = useState<(() => void) | null>(null);
  useEffect(() => registerServiceWorker((fn) => setApply(() => fn), () => [...loadedLocaleUrls(), ...fetchedAssetUrls()]), []);
  if (!apply) return null;
  return (
    <div className="update-prompt" role="status">
      <span>{t('newVersion')}</span>
      <Button variant="primary" onClick={apply}>{t('reload')}</Button>
    </div>
  );
}
