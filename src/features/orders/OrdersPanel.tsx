import { useTranslation } from 'react-i18next';
import { useProfile } from '../../data/queries';
import { PanelFrame } from '../../ui/PanelFrame';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { VisitorPrompt } from '../account';
import { CurrentOrders } from './CurrentOrders';
import { OrderHistory } from './OrderHistory';
import { TradeHistory } from './TradeHistory';
import { AssetsList } from './AssetsList';
import { BorrowingList } from './BorrowingList';
import { PairFilterProvider } from './pairFilter';
import './orders.css';

type OrdersTab = 'current' | 'borrowing' | 'assets' | 'history' | 'trades';

/**
 * Positions and orders area (spec 2 §2): the signed-in user's lists; visitors
 * are asked to log in. With the page's pair the lists can narrow to it.
 */
export function OrdersPanel({ base, quote }: { base?: string; quote?: string } = {}) {
  const { t } = useTranslation('trade');
  const profile = useProfile();
  const signedIn = profile.data?.loggedIn ?? false;
  // Spec 2 §2 order; borrowing only for unified accounts (§6), assets for any signed-in account.
  const tabs = [
    { value: 'current' as const, label: t('tabCurrentOrders') },
    ...(signedIn && profile.data?.accountType === 'UTA' ? [{ value: 'borrowing' as const, label: t('tabBorrowing') }] : []),
    ...(signedIn ? [{ value: 'assets' as const, label: t('tabAssets') }] : []),
    { value: 'history' as const, label: t('tabOrderHistory') },
    { value: 'trades' as const, label: t('tabTradeHistory') },
  ];
  const content = (tab: OrdersTab) => {
    // Until the profile answers, the panel keeps its size; a profile that cannot be read is treated as a visitor's.
    if (profile.isPending) return <SkeletonRows rows={5} label={t('loadingOrders')} />;
    if (!profile.data?.loggedIn) return <VisitorPrompt compact />;
    if (tab === 'history') return <OrderHistory />;
    if (tab === 'trades') return <TradeHistory />;
    if (tab === 'assets') return <AssetsList />;
    if (tab === 'borrowing') return <BorrowingList />;
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
