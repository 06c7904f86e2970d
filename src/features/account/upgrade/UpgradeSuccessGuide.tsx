import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessGuide, type UpgradeAccount } from '../../../domain/upgrade';
import { useUpgradeSeen } from '../../../data/upgrade';
import { Button } from '../../../ui/Button';
import { useOnceShown } from './useOnceShown';

const POINTS = ['guideOrders', 'guideLists', 'guideMargin'] as const;

/**
 * The upgrade-success guide (spec 2 §4): a unified account that has not seen
 * it on this device, not demo. It sits in the trade column rather than over
 * the page: nothing the trader is doing is interrupted, and it goes with
 * "Got it".
 */
export function UpgradeSuccessGuide({ account, userId }: { account: UpgradeAccount; userId: string | null }) {
  const { t } = useTranslation('upgrade');
  const { seen, markSeen } = useUpgradeSeen(userId);
  const markGuide = useCallback(() => markSeen('guide'), [markSeen]);
  const { shown, dismiss } = useOnceShown(showSuccessGuide(account, seen), markGuide);
  const titleId = useId();
  if (!shown) return null;
  return (
    <section className="upgrade-card upgrade-card--success" aria-labelledby={titleId} data-testid="upgrade-success-guide">
      <h3 id={titleId} className="upgrade-card__title">{t('guideTitle')}</h3>
      <p className="upgrade-card__text">{t('guideText')}</p>
      <ul className="upgrade-card__points">
        {POINTS.map((key) => <li key={key}>{t(key)}</li>)}
      </ul>
      <div className="upgrade-card__actions">
        <Button variant="primary" onClick={dismiss}>{t('guideDone')}</Button>
      </div>
    </section>
  );
}
