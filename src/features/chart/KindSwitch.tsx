import { useTranslation } from 'react-i18next';
import { KLINE_TYPES, type KlineType } from '../../domain/chartModel';

/** Simple / Pro / Depth (spec 1 §2.3 chart types). */
export function KindSwitch({ value, onChange }: { value: KlineType; onChange: (kind: KlineType) => void }) {
  const { t } = useTranslation('chart');
  return (
    <div className="chart-kinds" role="group" aria-label={t('main.kindLabel')}>
      {(['lightChart', 'tradingview', 'deepChart'] as const satisfies readonly (typeof KLINE_TYPES)[number][]).map((kind) => (
        <button key={kind} type="button" className="chart-tool" aria-pressed={value === kind} onClick={() => onChange(kind)}>
          {t(`main.kind.${kind}`)}
        </button>
      ))}
    </div>
  );
}
