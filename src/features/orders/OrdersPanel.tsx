import { useTranslation } from 'react-i18next';
import { useProfile } from '../../data/queries';
import { PanelFrame } from '../../ui/PanelFrame';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { VisitorPrompt } from '../account';
import { CurrentOrders } from './CurrentOrders';
import { OrderHistory } from './OrderHistory';
import { TradeHistory } from './TradeHistory';
import { PairFilterProvider } from './pairFilter';
import './orders.css';

type OrdersTab = 'current' | 'history' | 'trades';

/**
 * Positions and orders area (spec 2 §2): the signed-in user's lists; visitors
 * are asked to log in. With the page's pair the lists can narrow to it.
 */
export function OrdersPanel({ base, quote }: { base?: string; quote?: string } = {}) {
  const { t } = useTranslation('trade');
  const profile = useProfile();
  const tabs = [
    { value: 'current' as const, label: t('tabCurrentOrders') },
    { value: 'history' as const, label: t('tabOrderHistory') },
    { value: 'trades' as const, label: t('tabTradeHistory') },
  ];
  const content = (tab: OrdersTab) => {
    // Until the profile answers, the panel keeps its size; a profile that cannot be read is treated as a visitor's.
    if (profile.isPending) return <SkeletonRows rows={5} label={t('loadingOrders')} />;
    if (!profile.data?.loggedIn) return <VisitorPrompt compact />;
    if (tab === 'history') return <OrderHistory />;
    if (tab === 'trades') return <TradeHistory />;
    return <CurrentOrders />;
  };
  return (
    <PairFilterProvider base={base} quote={quote}>
      <PanelFrame<OrdersTab> areaId="orders" headerId="first-tab-area" title={t('myOrders')} tabs={tabs} initialTab="current">
        {content}
      </PanelFrame>
    </PairFilterProvider>
  );
}
