import { useTranslation } from 'react-i18next';
import { ORDER_HISTORY_RANGES, type OrderHistoryRange } from '../../domain/orderStatus';

/** Spec 2 §2/§9 time ranges of the historical lists: last 7, 30 or 180 days, one pressed. */
export function RangePicker({ days, onDays }: { days: OrderHistoryRange; onDays: (days: OrderHistoryRange) => void }) {
  const { t } = useTranslation('trade');
  return (
    <div className="orders__ranges" role="group" aria-label={t('timeRange')}>
      {ORDER_HISTORY_RANGES.map((d) => (
        <button key={d} type="button" className="orders__range" aria-pressed={d === days} onClick={() => onDays(d)}>
          {t('lastDays', { count: d })}
        </button>
      ))}
    </div>
  );
}
