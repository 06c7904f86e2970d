import { useTranslation } from 'react-i18next';
import type { FaultRequest } from '../../data/api/replay';
import { useFault } from '../../data/replayQueries';
import { Button } from '../../ui/Button';

/** Faults the panel can inject; durations and counts are what makes each one visible but survivable. */
const FAULTS: ReadonlyArray<{ id: string; request: FaultRequest }> = [
  { id: 'dropSockets', request: { kind: 'dropSockets' } },
  { id: 'stallPongs', request: { kind: 'stallPongs', ms: 10_000 } },
  { id: 'dropFrames', request: { kind: 'dropFrames', count: 5 } },
  { id: 'duplicateFrames', request: { kind: 'duplicateFrames', count: 5 } },
  { id: 'reorderFrames', request: { kind: 'reorderFrames', count: 5 } },
  { id: 'malformedFrame', request: { kind: 'malformedFrame' } },
  { id: 'pauseFeed', request: { kind: 'pauseFeed', ms: 10_000 } },
  { id: 'offline', request: { kind: 'offline', ms: 10_000 } },
];

export function FaultButtons() {
  const { t } = useTranslation('replay');
  const fault = useFault();
  return (
    <section className="replay__section" aria-labelledby="replay-faults-title">
      <h3 id="replay-faults-title" className="replay__heading">{t('faults')}</h3>
      <div className="replay__grid">
        {FAULTS.map(({ id, request }) => (
          <Button key={id} onClick={() => fault.mutate(request)} data-fault={id}>
            {t(`fault_${id}`)}
          </Button>
        ))}
      </div>
      {fault.isSuccess && <p role="status" className="replay__note">{t('faultSent')}</p>}
      {fault.error && <p role="alert" className="replay__error">{t('controlFailed', { message: fault.error.message })}</p>}
    </section>
  );
}
