import { useTranslation } from 'react-i18next';
import { PanelFrame } from '../../ui/PanelFrame';
import { LatestTrades } from '../trades';
import { OrderBook } from './OrderBook';

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
      {(tab) => (tab === 'trades' ? <LatestTrades base={base} quote={quote} /> : <OrderBook base={base} quote={quote} />)}
    </PanelFrame>
  );
}
