import { useTranslation } from 'react-i18next';
import type { Side } from '../../domain/order-entry/types';

/** Buy / Sell as two pressed-state buttons (the order form's and the tools' forms'). */
export function SideSwitch({ side, onChange }: { side: Side; onChange: (side: Side) => void }) {
  const { t } = useTranslation('trade');
  return (
    <div className="order-side" role="group" aria-label={t('side')}>
      {(['Buy', 'Sell'] as const).map((value) => (
        <button
          key={value}
          type="button"
          className={`order-side__button order-side__button--${value.toLowerCase()}`}
          aria-pressed={side === value}
          onClick={() => onChange(value)}
        >
          {t(value === 'Buy' ? 'buy' : 'sell')}
        </button>
      ))}
    </div>
  );
}
