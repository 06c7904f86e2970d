import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePinnedIntervals, samePinned } from '../../../domain/chartToolbar';
import { INTERVALS, type Interval } from '../../../domain/intervals';
import { ChevronIcon } from './icons';
import { PinnedIntervalsEditor } from './PinnedIntervalsEditor';
import { usePopover } from './usePopover';
import './toolbar.css';

export interface IntervalBarProps {
  /** pinned quick intervals (SPOT_tv_intervals) */
  pinned: Interval[];
  value: Interval;
  onChange: (interval: Interval) => void;
  onPinnedChange: (list: Interval[]) => void;
}

function IntervalButton({ interval, current, onClick }: { interval: Interval; current: boolean; onClick: () => void }) {
  const { t } = useTranslation('chart');
  const name = t(`toolbar.intervalName_${interval}`);
  const short = t(`toolbar.interval_${interval}`);
  // The accessible name starts with the visible label (WCAG 2.5.3: a voice user says what they see).
  return (
    <button type="button" className="ct-button ct-interval" aria-pressed={current} aria-label={`${short} (${name})`} title={name} onClick={onClick}>
      <span dir="ltr">{short}</span>
    </button>
  );
}

/** The dropdown's list of all 14 intervals; focus starts on the current one. */
function AllIntervals({ value, onChoose, onCustomize }: { value: Interval; onChoose: (i: Interval) => void; onCustomize: () => void }) {
  const { t } = useTranslation('chart');
  const gridRef = useRef<HTMLDivElement>(null);
  useEffect(() => gridRef.current?.querySelector<HTMLButtonElement>('[aria-pressed="true"]')?.focus(), []);
  return (
    <>
      <p className="ct-popover__title">{t('toolbar.allIntervals')}</p>
      <div className="ct-interval-grid" ref={gridRef}>
        {INTERVALS.map((interval) => (
          <IntervalButton key={interval} interval={interval} current={interval === value} onClick={() => onChoose(interval)} />
        ))}
      </div>
      <div className="ct-popover__actions">
        <button type="button" className="ct-link" onClick={onCustomize}>
          {t('toolbar.customize')}
        </button>
      </div>
    </>
  );
}

/** The open dropdown: the list, or the customize panel in its place (a fresh list view at every opening). */
function IntervalsPopover({ panelProps, pinned, value, onChoose, onConfirm, onCancel }: {
  panelProps: ReturnType<typeof usePopover>['panelProps'];
  pinned: Interval[];
  value: Interval;
  onChoose: (i: Interval) => void;
  onConfirm: (list: Interval[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('chart');
  const [customizing, setCustomizing] = useState(false);
  return (
    <div className="ct-popover" role="dialog" aria-label={customizing ? t('toolbar.customizeTitle') : t('toolbar.allIntervals')} {...panelProps}>
      {customizing ? (
        <PinnedIntervalsEditor pinned={pinned} onConfirm={onConfirm} onCancel={onCancel} />
      ) : (
        <AllIntervals value={value} onChoose={onChoose} onCustomize={() => setCustomizing(true)} />
      )}
    </div>
  );
}

/**
 * Interval quick buttons and the all-intervals dropdown with its
 * customize-pinned-intervals panel (spec 1 §2.3). The current interval is
 * shown as a quick button too when it is not pinned, so it is always visible.
 */
export function IntervalBar({ pinned, value, onChange, onPinnedChange }: IntervalBarProps) {
  const { t } = useTranslation('chart');
  const popover = usePopover();
  const list = parsePinnedIntervals(pinned);
  const quick = list.includes(value) ? list : INTERVALS.filter((i) => i === value || list.includes(i));

  const choose = (interval: Interval) => {
    onChange(interval);
    popover.close(true);
  };
  const confirm = (next: Interval[]) => {
    if (!samePinned(next, list)) onPinnedChange(next);
    popover.close(true);
  };

  return (
    <div className="ct-intervals" role="group" aria-label={t('toolbar.intervals')}>
      {quick.map((interval) => (
        <IntervalButton key={interval} interval={interval} current={interval === value} onClick={() => onChange(interval)} />
      ))}
      <div className="ct-popover-wrap" {...popover.wrapProps}>
        <button type="button" className="ct-button" aria-haspopup="dialog" aria-label={t('toolbar.moreIntervals')} title={t('toolbar.moreIntervals')} {...popover.triggerProps}>
          <ChevronIcon direction="down" />
        </button>
        {popover.open && (
          <IntervalsPopover panelProps={popover.panelProps} pinned={list} value={value} onChoose={choose} onConfirm={confirm} onCancel={() => popover.close(true)} />
        )}
      </div>
    </div>
  );
}
