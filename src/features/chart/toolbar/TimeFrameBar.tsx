import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_FRAMES, type TimeFrame } from '../../../domain/chartToolbar';
import './toolbar.css';

export interface TimeFrameBarProps {
  /** id of the frame last chosen ("5y" … "1d"), null when the user scrolled away from it */
  value: string | null;
  onSelect: (frame: TimeFrame) => void;
}

/** The time-frame buttons 5y … 1d of spec 1 §9, each with its resolution. */
export function TimeFrameBar({ value, onSelect }: TimeFrameBarProps) {
  const { t } = useTranslation('chart');
  return (
    <div className="ct-timeframes" role="group" aria-label={t('toolbar.timeFrames')}>
      {DEFAULT_TIME_FRAMES.map((frame) => {
        const name = t(`toolbar.timeFrameName_${frame.id}`);
        const short = t(`toolbar.timeFrame_${frame.id}`);
        return (
          <button
            key={frame.id}
            type="button"
            className="ct-button ct-timeframe"
            aria-pressed={frame.id === value}
            // The accessible name starts with the visible label (WCAG 2.5.3).
            aria-label={`${short} (${name})`}
            title={name}
            onClick={() => onSelect(frame)}
          >
            <span dir="ltr">{short}</span>
          </button>
        );
      })}
    </div>
  );
}
