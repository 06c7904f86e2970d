import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { netErrorStore } from './netErrorStore';

/** Spec 1 §2.8 / §8: text sveNetError, its refresh reloads the page. */
export function NetErrorOverlay() {
  const shown = useSyncExternalStore(netErrorStore.subscribe, netErrorStore.get);
  const { t } = useTranslation('common');
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (shown) button.current?.focus();
  }, [shown]);
  if (!shown) return null;
  return (
    <div className="overlay" role="alertdialog" aria-modal="true" aria-labelledby="net-error-text">
      <div className="overlay__card">
        <p id="net-error-text">{t('sveNetError')}</p>
        <Button ref={button} variant="primary" onClick={() => window.location.reload()}>
          {t('refresh')}
        </Button>
      </div>
    </div>
  );
}
