import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PINNED_INTERVALS, togglePinned } from '../../../domain/chartToolbar';
import { INTERVALS, type Interval } from '../../../domain/intervals';
import { Button } from '../../../ui/Button';

interface PinnedIntervalsEditorProps {
  pinned: readonly Interval[];
  onConfirm: (list: Interval[]) => void;
  onCancel: () => void;
}

/**
 * The customize-pinned-intervals panel (spec 1 §2.3): a toggle per interval
 * on a draft; Reset goes back to the defaults, Confirm applies, Cancel discards.
 */
export function PinnedIntervalsEditor({ pinned, onConfirm, onCancel }: PinnedIntervalsEditorProps) {
  const { t } = useTranslation('chart');
  const [draft, setDraft] = useState<Interval[]>(() => [...pinned]);
  const firstRef = useRef<HTMLInputElement>(null);

  useEffect(() => firstRef.current?.focus(), []);

  return (
    <div className="ct-pinned">
      <fieldset className="ct-pinned__list">
        <legend className="ct-popover__title">{t('toolbar.customizeTitle')}</legend>
        <p className="ct-hint">{t('toolbar.customizeHint')}</p>
        {INTERVALS.map((interval, i) => {
          const checked = draft.includes(interval);
          // The last pinned interval cannot be removed: the bar is never empty.
          const locked = checked && draft.length === 1;
          return (
            <label key={interval} className="ct-pinned__item">
              <input
                ref={i === 0 ? firstRef : undefined}
                type="checkbox"
                checked={checked}
                disabled={locked}
                onChange={() => setDraft((list) => togglePinned(list, interval))}
              />
              <span dir="ltr">{t(`toolbar.interval_${interval}`)}</span>
              <span className="visually-hidden">{t(`toolbar.intervalName_${interval}`)}</span>
            </label>
          );
        })}
      </fieldset>
      <div className="ct-popover__actions">
        <Button variant="ghost" onClick={() => setDraft([...DEFAULT_PINNED_INTERVALS])}>
          {t('toolbar.reset')}
        </Button>
        <Button onClick={onCancel}>{t('toolbar.cancel')}</Button>
        <Button variant="primary" onClick={() => onConfirm(draft)}>
          {t('toolbar.confirm')}
        </Button>
      </div>
    </div>
  );
}
