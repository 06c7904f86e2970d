import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReplayAvailable } from '../../data/replayQueries';
import { Button } from '../../ui/Button';
import { lazyNamed } from '../../ui/lazyNamed';

// The panel's controls, counters and fault buttons load when it is first opened, not with the page.
const ReplayPanel = lazyNamed(() => import('./ReplayPanel'), 'ReplayPanel');

/** The settings-bar button that opens the replay panel; shown only when the exchange is a simulated one. */
export function ReplayToggle({ symbol }: { symbol: string }) {
  // Not suspending: the settings bar must not wait for the replay's translations.
  const { t, ready } = useTranslation('replay', { useSuspense: false });
  const available = useReplayAvailable();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!available || !ready) return null;
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <Button ref={button} variant="ghost" aria-expanded={open} aria-controls="replay-panel" onClick={() => (open ? close() : setOpen(true))}>
        {t('open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReplayPanel symbol={symbol} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
