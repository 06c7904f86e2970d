/**
 * The order-list area's tabs an account sees, in the spec's order (spec 2 §2,
 * §5, §6), and the links out to the full lists each tab offers.
 */
import type { OrderSubTab } from './orderSubTabs';

export type OrdersPanelTab =
  | 'current'
  | 'trailing'
  | 'iceberg'
  | 'twap'
  | 'chase'
  | 'borrowing'
  | 'assets'
  | 'openOrder'
  | 'positions'
  | 'history'
  | 'trades'
  | 'ltRecords'
  | 'pnl';

export interface PanelAccount {
  signedIn: boolean;
  isDemo: boolean;
  /** a unified (UTA) account */
  unified: boolean;
  /** the compliance flag (not restricted) */
  compliant: boolean;
}

/**
 * Visitors see the list tabs (each asks them to log in). Trailing stops and
 * borrowing exist on unified accounts only; the strategy orders (iceberg,
 * TWAP, chase) follow their tools (src/domain/tools.ts: UTA and
 * compliance), as do the integrated open-order and position lists. The
 * leveraged-token records need the compliance flag and a real account (§6:
 * demo accounts have no LT records), of either account type.
 */
export function ordersPanelTabs(account: PanelAccount): OrdersPanelTab[] {
  const { signedIn, unified, compliant } = account;
  const tabs: OrdersPanelTab[] = ['current'];
  if (signedIn && unified) tabs.push('trailing');
  if (signedIn && unified && compliant) tabs.push('iceberg', 'twap', 'chase');
  if (signedIn && unified) tabs.push('borrowing');
  if (signedIn) tabs.push('assets');
  if (signedIn && unified && compliant) tabs.push('openOrder', 'positions');
  tabs.push('history', 'trades');
  if (signedIn && compliant && !account.isDemo) tabs.push('ltRecords');
  if (signedIn) tabs.push('pnl');
  return tabs;
}

const CURRENT_PATHS: Record<OrderSubTab, string> = { ordinary: 'active', stopLimit: 'stop-limit', conditional: 'conditional', oco: 'oco' };
/** The full history has no OCO page (spec 2 §2 lists active, stop-limit and conditional). */
const HISTORY_PATHS: Partial<Record<OrderSubTab, string>> = { ordinary: 'active', stopLimit: 'stop-limit', conditional: 'conditional' };

export const PERFORMANCE_PATH = '/user/assets/home/performance?tab=spot';

export interface OrdersPanelLinks {
  /** the full list of what the tab shows, or null when the site has none */
  fullList: string | null;
  /** the spot performance page: historical tabs of accounts that are not demo */
  performance: string | null;
}

/** Spec 2 §2 links out to full lists, per tab and sub-tab. */
export function ordersPanelLinks(tab: OrdersPanelTab, subTab: OrderSubTab, account: Pick<PanelAccount, 'isDemo'>): OrdersPanelLinks {
  const historical = tab === 'history' || tab === 'pnl';
  const performance = historical && !account.isDemo ? PERFORMANCE_PATH : null;
  const fullList = (() => {
    switch (tab) {
      case 'current':
        return `/user/assets/order/fed/spot-current-orders/${CURRENT_PATHS[subTab]}`;
      case 'trailing':
        // The full site lists trailing stops with the conditional orders.
        return '/user/assets/order/fed/spot-current-orders/conditional';
      case 'history': {
        const path = HISTORY_PATHS[subTab];
        return path ? `/user/assets/order/fed/spot-orders/${path}` : null;
      }
      case 'trades':
        return '/user/assets/order/fed/spot-history/active';
      default:
        return null;
    }
  })();
  return { fullList, performance };
}

/** Spec 2 §2 record sub-tabs of the LT records tab, in its order. */
export type LtRecordTab = 'subscription' | 'redemption';
export const LT_RECORD_TABS: readonly LtRecordTab[] = ['subscription', 'redemption'];

/** Spec 2 §2 link out: the site's full LT order list of the sub-tab (the path segment is the sub-tab's name). */
export function ltRecordsLink(tab: LtRecordTab): string {
  return `/user/assets/order/fed/spot-lt-order/${tab}`;
}
