import { useTranslation } from 'react-i18next';
import { PanelFrame } from '../../ui/PanelFrame';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { LatestTrades } from '../trades';

type BookTab = 'book' | 'trades';

/** Order book area (spec 1 §2.6): Order book and Latest trades tabs. */
export function OrderbookPanel({ base, quote }: { base: string; quote: string }) {
  const { t } = useTranslation('trade');
  const tabs = [
    { value: 'book' as const, label: t('tabOrderbook') },
    { value: 'trades' as const, label: t('tabLatestTrades') },
  ];
  return (
    <PanelFrame<BookTab> areaId="orderbook-area" title={t('tabOrderbook')} tabs={tabs} initialTab="book">
      {(tab) => (
        tab === 'trades' ? <LatestTrades base={base} quote={quote} /> : <SkeletonRows rows={14} label={t('loadingMarketData')} />
      )}
    </PanelFrame>
  );
}
