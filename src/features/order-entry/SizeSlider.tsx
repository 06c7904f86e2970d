import { useTranslation } from 'react-i18next';

const MARKS = [0, 25, 50, 75, 100] as const;

/** The quantity slider of spec 2 §1: a share of what the account can buy or sell, with the five marks as buttons. */
export function SizeSlider({ percent, onChange, disabled }: { percent: number; onChange: (percent: number) => void; disabled: boolean }) {
  const { t } = useTranslation('trade');
  return (
    <div className="size-slider">
      <input
        type="range"
        min={0}
        max={100}
        step={1}
        value={percent}
        disabled={disabled}
        aria-label={t('sizeShare')}
        aria-valuetext={`${percent}%`}
        onChange={(e) => onChange(Number(e.target.value))}
        className="size-slider__range"
        style={{ ['--fill' as string]: `${percent}%` }}
      />
      <div className="size-slider__marks">
        {MARKS.map((mark) => (
          <button
            key={mark}
            type="button"
            className="size-slider__mark"
            aria-pressed={percent === mark}
            disabled={disabled}
            onClick={() => onChange(mark)}
          >
            {mark}%
          </button>
        ))}
      </div>
    </div>
  );
}
