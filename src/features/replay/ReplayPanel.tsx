import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useReplayState } from '../../data/replayQueries';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { FaultButtons } from './FaultButtons';
import { LiveCounters } from './LiveCounters';
import { ReplayControls } from './ReplayControls';

interface ReplayPanelProps {
  symbol: string;
  onClose: () => void;
}

/**
 * The simulated exchange's replay panel: replay controls, fault injection and
 * live counters of what the page's realtime client receives. A non-modal
 * panel (the page stays usable behind it); Escape closes it.
 */
export function ReplayPanel({ symbol, onClose }: ReplayPanelProps) {
  const { t } = useTranslation('replay');
  const state = useReplayState(true);
  const heading = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // Escape closes the panel while focus is in it (a non-modal panel must not steal Escape from the rest of the page).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && panel.current?.contains(document.activeElement)) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <section ref={panel} className="replay" id="replay-panel" aria-labelledby="replay-title">
      <header className="replay__header">
        <h2 id="replay-title" ref={heading} tabIndex={-1} className="replay__title">{t('title')}</h2>
        <Button variant="ghost" onClick={onClose} aria-label={t('close')}>×</Button>
      </header>
      {state.data ? (
        <>
          <ReplayControls state={state.data} />
          <FaultButtons />
        </>
      ) : state.error ? (
        <p role="alert" className="replay__error">{t('unavailable')}</p>
      ) : (
        <Spinner label={t('loading')} />
      )}
      <LiveCounters symbol={symbol} replay={state.data ?? null} />
    </section>
  );
}
