import { useTranslation } from 'react-i18next';
import { useProfile } from '../../data/queries';
import { SymbolNoticeGate } from '../countdown';
import { TradeAnalysisPanel } from '../trade-analysis';
import { PanelFrame } from '../../ui/PanelFrame';
import { ChartArea } from './ChartArea';

type ChartTab = 'chart' | 'analysis';

/** Chart area (spec 1 §2.3). Trade analysis is hidden for demo accounts. */
export function ChartPanel({ isDemo, base, quote, locale }: { isDemo: boolean; base: string; quote: string; locale: string }) {
  const { t } = useTranslation('trade');
  const loggedIn = useProfile().data?.loggedIn ?? false;
  const tabs = [
    { value: 'chart' as const, label: t('tabChart') },
    ...(isDemo ? [] : [{ value: 'analysis' as const, label: t('tabTradeAnalysis') }]),
  ];
  return (
    <PanelFrame<ChartTab> areaId="chart-area" title={t('tabChart')} tabs={tabs} initialTab="chart">
      {(tab) =>
        tab === 'chart' ? (
          <SymbolNoticeGate base={base} quote={quote}>
            <ChartArea base={base} quote={quote} locale={locale} isDemo={isDemo} loggedIn={loggedIn} />
          </SymbolNoticeGate>
        ) : (
          <TradeAnalysisPanel symbolId={`${base}${quote}`} base={base} quote={quote} />
        )
      }
    </PanelFrame>
  );
}
