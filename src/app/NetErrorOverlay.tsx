import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { netErrorStore } from '../data/netError';
import { Button } from '../ui/Button';

/**
 * Spec 1 §2.8 / §8: text sveNetError, its refresh reloads the page. A native
 * modal dialog: the page behind is inert, and Escape cannot dismiss it (the
 * page cannot work until it reloads).
 */
export function NetErrorOverlay() {
  const shown = useSyncExternalStore(netErrorStore.subscribe, netErrorStore.get);
  const { t } = useTranslation('common', { useSuspense: false });
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (shown && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [shown]);
  if (!shown) return null;
  return (
    <dialog ref={dialog} className="overlay" role="alertdialog" aria-labelledby="net-error-text" onCancel={(e) => e.preventDefault()}>
      <div className="overlay__card">
        <p id="net-error-text">{t('sveNetError')}</p>
        <Button variant="primary" autoFocus onClick={() => window.location.reload()}>
          {t('refresh')}
        </Button>
      </div>
    </dialog>
  );
}
