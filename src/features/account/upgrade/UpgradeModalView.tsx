import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorNeedsReload, upgradeErrorKey, type UpgradeModal } from '../../../domain/upgrade';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';

export interface UpgradeModalViewProps {
  modal: UpgradeModal;
  onStart: () => void;
  onClose: () => void;
  /** read the status again (after currentOperationFailed) */
  onRetry: () => void;
  onReload: () => void;
}

const CHANGES = ['changeWallet', 'changeCarried', 'changeOrders', 'changePause'] as const;
/** A server code is worth showing; the page's own ('network') is not. */
const isServerCode = (code: string) => /^-?\d+$/.test(code);

/**
 * The upgrade modal (spec 2 §2, §4, §8): terms and what changes with a start
 * that needs the terms ticked; in progress; done (reloading); an error with
 * the code's message; currentOperationFailed when it could not initialise.
 */
export function UpgradeModalView({ modal, onStart, onClose, onRetry, onReload }: UpgradeModalViewProps) {
  const { t } = useTranslation('upgrade');
  const [agreed, setAgreed] = useState(false);
  const agreeId = useId();
  // Every opening asks for the terms again: the tick is dropped as the modal closes (set while rendering, not in an effect).
  if (modal.phase === 'closed' && agreed) setAgreed(false);

  const close = <Button variant="secondary" onClick={onClose}>{t('close')}</Button>;
  const body = (() => {
    switch (modal.phase) {
      case 'closed':
        return null;
      case 'loading':
        return <Busy text={t('modalLoading')} />;
      case 'intro':
      case 'starting':
        return (
          <div className="upgrade-modal__intro">
            <p className="upgrade-modal__lead">{t('introLead')}</p>
            <h3 className="upgrade-modal__heading">{t('changesTitle')}</h3>
            <ul className="upgrade-modal__changes">
              {CHANGES.map((key) => <li key={key}>{t(key)}</li>)}
            </ul>
            <h3 className="upgrade-modal__heading">{t('termsTitle')}</h3>
            <p className="upgrade-modal__terms">{t('termsText')}</p>
            <div className="upgrade-modal__agree">
              <input id={agreeId} type="checkbox" checked={agreed} disabled={modal.phase === 'starting'} onChange={(e) => setAgreed(e.target.checked)} />
              <label htmlFor={agreeId}>{t('termsAgree')}</label>
            </div>
          </div>
        );
      case 'progress':
        return <Busy text={t('progressText')} />;
      case 'done':
        return <Busy text={t('doneText')} />;
      case 'error':
        return (
          <div className="upgrade-modal__error">
            <p role="alert">{t(upgradeErrorKey(modal.code), { code: modal.code })}</p>
            {isServerCode(modal.code) && <p className="upgrade-modal__code">{t('errorCode', { code: modal.code })}</p>}
          </div>
        );
      case 'initFailed':
        return <p role="alert" className="upgrade-modal__error">{t('currentOperationFailed')}</p>;
    }
  })();

  const actions = (() => {
    switch (modal.phase) {
      case 'intro':
      case 'starting':
        return (
          <>
            <Button variant="secondary" onClick={onClose}>{t('cancel')}</Button>
            <Button variant="primary" disabled={!agreed || modal.phase === 'starting'} aria-busy={modal.phase === 'starting' || undefined} onClick={onStart}>
              {modal.phase === 'starting' ? t('starting') : t('start')}
            </Button>
          </>
        );
      case 'error':
        return (
          <>
            {close}
            {errorNeedsReload(modal.code) ? (
              <Button variant="primary" onClick={onReload}>{t('reload')}</Button>
            ) : (
              <Button variant="primary" onClick={onStart}>{t('tryAgain')}</Button>
            )}
          </>
        );
      case 'initFailed':
        return (
          <>
            {close}
            <Button variant="primary" onClick={onRetry}>{t('retry')}</Button>
          </>
        );
      case 'loading':
        return <Button variant="secondary" onClick={onClose}>{t('cancel')}</Button>;
      case 'done':
        return null;
      default:
        return close;
    }
  })();

  return (
    <Dialog open={modal.phase !== 'closed'} title={t('modalTitle')} onClose={onClose} actions={actions}>
      <div className="upgrade-modal" data-phase={modal.phase}>{body}</div>
    </Dialog>
  );
}

function Busy({ text }: { text: string }) {
  return (
    <div className="upgrade-modal__busy" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}
