import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ordersPanelTabs, type OrdersPanelTab } from '../../domain/ordersPanelTabs';
import { useProfile } from '../../data/queries';
import { PanelFrame } from '../../ui/PanelFrame';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { VisitorPrompt } from '../account';
import { AssetsList } from './AssetsList';
import { BorrowingList } from './BorrowingList';
import { CurrentOrders } from './CurrentOrders';
import { IntegratedOpenOrders } from './IntegratedOpenOrders';
import { LtRecords } from './LtRecords';
import { OrderHistory } from './OrderHistory';
import { PairFilterProvider } from './pairFilter';
import { PnlList } from './PnlList';
import { PositionsList } from './PositionsList';
import { StrategyOrders } from './StrategyOrders';
import { TradeHistory } from './TradeHistory';
import { TrailingOrders } from './TrailingOrders';
import './orders.css';

const LABEL_KEYS: Record<OrdersPanelTab, string> = {
  current: 'tabCurrentOrders',
  trailing: 'tabTrailingStop',
  iceberg: 'tool_iceberg',
  twap: 'tool_twap',
  chase: 'tool_chase',
  borrowing: 'tabBorrowing',
  assets: 'tabAssets',
  openOrder: 'tabOpenOrder',
  positions: 'tabPositions',
  history: 'tabOrderHistory',
  trades: 'tabTradeHistory',
  ltRecords: 'tabLtRecords',
  pnl: 'tabPnl',
};

/** One tab's list. */
function TabContent({ tab, trailingApart }: { tab: OrdersPanelTab; trailingApart: boolean }): ReactNode {
  switch (tab) {
    case 'current':
      return <CurrentOrders trailingApart={trailingApart} />;
    case 'trailing':
      return <TrailingOrders />;
    case 'iceberg':
    case 'twap':
    case 'chase':
      // Keyed: each tab has its own running / finished choice.
      return <StrategyOrders key={tab} kind={tab} />;
    case 'borrowing':
      return <BorrowingList />;
    case 'assets':
      return <AssetsList />;
    case 'openOrder':
      return <IntegratedOpenOrders />;
    case 'positions':
      return <PositionsList />;
    case 'history':
      return <OrderHistory />;
    case 'trades':
      return <TradeHistory />;
    case 'ltRecords':
      return <LtRecords />;
    case 'pnl':
      return <PnlList />;
  }
}

/**
 * Positions and orders area (spec 2 §2): the tabs the account may see, in the
 * spec's order (domain/ordersPanelTabs); visitors are asked to log in. With
 * the page's pair the lists can narrow to it.
 */
export function OrdersPanel({ base, quote }: { base?: string; quote?: string } = {}) {
  const { t } = useTranslation('trade');
  const profile = useProfile();
  const data = profile.data;
  const tabs = ordersPanelTabs({
    signedIn: data?.loggedIn ?? false,
    isDemo: data?.isDemo ?? false,
    unified: data?.accountType === 'UTA',
    compliant: !(data?.eaaRestricted ?? false),
  });
  const content = (tab: OrdersPanelTab) => {
    // Until the profile answers, the panel keeps its size; a profile that cannot be read is treated as a visitor's.
    if (profile.isPending) return <SkeletonRows rows={5} label={t('loadingOrders')} />;
    if (!data?.loggedIn) return <VisitorPrompt compact />;
    // A tab the account no longer sees (log-out, account switch) shows the first one's content.
    return <TabContent tab={tabs.includes(tab) ? tab : 'current'} trailingApart={tabs.includes('trailing')} />;
  };
  return (
    <PairFilterProvider base={base} quote={quote}>
      <PanelFrame<OrdersPanelTab>
        areaId="orders"
        headerId="first-tab-area"
        title={t('myOrders')}
        tabs={tabs.map((value) => ({ value, label: t(LABEL_KEYS[value]) }))}
        initialTab="current"
      >
        {content}
      </PanelFrame>
    </PairFilterProvider>
  );
}
