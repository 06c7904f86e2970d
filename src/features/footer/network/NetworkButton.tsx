import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNetState } from '../../../data/network/netStore';
import { NetworkDialog } from './NetworkDialog';
import { pathNow } from './useNetworkView';

/** Beside the latency indicator: the path calls take now; opens the network view. */
export function NetworkButton() {
  const { t } = useTranslation('network');
  const state = useNetState();
  const current = pathNow(state);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="footer-button net-button" aria-haspopup="dialog" data-path={current} data-degraded={state.down.size > 0 || undefined} onClick={() => setOpen(true)}>
        {t('button')} · {t(`path_${current}`)}
      </button>
      <NetworkDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
