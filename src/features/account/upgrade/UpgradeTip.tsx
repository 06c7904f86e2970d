import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { showUpgradeTip, type UpgradeStage } from '../../../domain/upgrade';
import { useUpgradeSeen } from '../../../data/upgrade';
import { Button } from '../../../ui/Button';
import { dispatchUpgradeModal } from './modalStore';
import { useOnceShown } from './useOnceShown';

/** The one-time tip beside the entry (spec 2 §4): why upgrade, and a way to start. */
export function UpgradeTip({ stage, userId }: { stage: UpgradeStage; userId: string | null }) {
  const { t } = useTranslation('upgrade');
  const { seen, markSeen } = useUpgradeSeen(userId);
  const markTip = useCallback(() => markSeen('tip'), [markSeen]);
  const { shown, dismiss } = useOnceShown(showUpgradeTip(stage, seen), markTip);
  const titleId = useId();
  // The offer may end while the tip is up (an upgrade started from the menu).
  if (!shown || stage !== 'offer') return null;
  return (
    <section className="upgrade-card" aria-labelledby={titleId} data-testid="upgrade-tip">
      <h3 id={titleId} className="upgrade-card__title">{t('tipTitle')}</h3>
      <p className="upgrade-card__text">{t('tipText')}</p>
      <div className="upgrade-card__actions">
        <Button variant="ghost" onClick={dismiss}>{t('tipDismiss')}</Button>
        <Button
          variant="primary"
          aria-haspopup="dialog"
          onClick={() => {
            dismiss();
            dispatchUpgradeModal({ type: 'open' });
          }}
        >
          {t('tipStart')}
        </Button>
      </div>
    </section>
  );
}
