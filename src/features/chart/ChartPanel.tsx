import { useTranslation } from 'react-i18next';
import { SymbolNoticeGate } from '../countdown';
import { TradeAnalysisPanel } from '../trade-analysis';
import { PanelFrame } from '../../ui/PanelFrame';
import { SkeletonRows } from '../../ui/SkeletonRows';

type ChartTab = 'chart' | 'analysis';

/** Chart area (spec 1 §2.3). Trade analysis is hidden for demo accounts. */
export function ChartPanel({ isDemo, base, quote }: { isDemo: boolean; base: string; quote: string }) {
  const { t } = useTranslation('trade');
  const tabs = [
    { value: 'chart' as const, label: t('tabChart') },
    ...(isDemo ? [] : [{ value: 'analysis' as const, label: t('tabTradeAnalysis') }]),
  ];
  return (
    <PanelFrame<ChartTab> areaId="chart-area" title={t('tabChart')} tabs={tabs} initialTab="chart">
      {(tab) =>
        tab === 'chart' ? (
          <SymbolNoticeGate base={base} quote={quote}>
            <SkeletonRows rows={8} label={t('loadingMarketData')} />
          </SymbolNoticeGate>
        ) : (
          <TradeAnalysisPanel symbolId={`${base}${quote}`} base={base} quote={quote} />
        )
      }
    </PanelFrame>
  );
}
