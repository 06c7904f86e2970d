import { reloadPage, useStartUpgrade } from '../../../data/upgrade';
import { dispatchUpgradeModal, useUpgradeModal } from './modalStore';
import { UpgradeModalView } from './UpgradeModalView';

/** The page's one upgrade modal: the view over the shared modal state, starting through the data layer. */
export function UpgradeModal() {
  const modal = useUpgradeModal();
  const start = useStartUpgrade();
  return (
    <UpgradeModalView
      modal={modal}
      onStart={() => {
        // Only the press that moved the modal to "starting" sends: a double click asks once.
        // The answer comes back as an effect (progress or the refusal's code), like a push.
        if (dispatchUpgradeModal({ type: 'start' })) start.mutate();
      }}
      onClose={() => dispatchUpgradeModal({ type: 'close' })}
      onRetry={() => dispatchUpgradeModal({ type: 'retry' })}
      onReload={reloadPage}
    />
  );
}
