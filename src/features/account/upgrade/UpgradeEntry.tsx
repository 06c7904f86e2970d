import { useTranslation } from 'react-i18next';
import { useUpgradeView } from '../../../data/upgrade';
import { Button } from '../../../ui/Button';
import { dispatchUpgradeModal } from './modalStore';

/**
 * The upgrade entry in the account menu (spec 2 §4): offered to a classic
 * account (tag none or FAIL, gray flag on); while upgrading it opens the
 * modal in progress instead.
 */
export function UpgradeEntry() {
  const { t } = useTranslation('upgrade');
  const { stage } = useUpgradeView();
  if (stage !== 'offer' && stage !== 'process') return null;
  const upgrading = stage === 'process';
  return (
    <Button
      variant={upgrading ? 'ghost' : 'primary'}
      className="upgrade-entry"
      aria-haspopup="dialog"
      aria-busy={upgrading || undefined}
      onClick={() => dispatchUpgradeModal({ type: 'open' })}
    >
      {upgrading ? t('entryInProgress') : t('entry')}
    </Button>
  );
}
