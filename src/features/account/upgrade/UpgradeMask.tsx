import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { UPGRADING_MESSAGE } from '../../../domain/upgrade';
import { Button } from '../../../ui/Button';
import { dispatchUpgradeModal } from './modalStore';

/**
 * The upgrade progress mask (spec 2 §2, §4) over the trade area while the
 * account is PROCESS: ordering is blocked and it says so (web2_will_update);
 * the modal shows the progress.
 */
export function UpgradeMask() {
  const { t } = useTranslation(['upgrade', 'trade']);
  const titleId = useId();
  return (
    <div className="upgrade-mask" role="group" aria-labelledby={titleId} data-testid="upgrade-mask">
      <div className="upgrade-mask__box">
        <span className="spinner" aria-hidden="true" />
        <h3 id={titleId} className="upgrade-mask__title">{t('maskTitle')}</h3>
        <p className="upgrade-mask__text" aria-live="polite">{t(UPGRADING_MESSAGE, { ns: 'trade' })}</p>
        <Button variant="secondary" aria-haspopup="dialog" onClick={() => dispatchUpgradeModal({ type: 'open' })}>{t('maskDetails')}</Button>
      </div>
    </div>
  );
}
