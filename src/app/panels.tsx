import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../ui/lazyNamed';
import { SkeletonRows } from '../ui/SkeletonRows';
import { PanelBoundary } from './ErrorBoundaries';

/** Panels are split into their own chunks so the shell paints first. */
export const LazyChartPanel = lazyNamed(() => import('../features/chart'), 'ChartPanel');
export const LazyOrderbookPanel = lazyNamed(() => import('../features/orderbook'), 'OrderbookPanel');
export const LazyOrdersPanel = lazyNamed(() => import('../features/orders'), 'OrdersPanel');

// The trade column, the tools and the footer load beside the panels, after the shell: none of them is
// what the first paint shows (the market header and the book are), and together they are ~40 KB gzip.
export const LazyOrderEntryPanel = lazyNamed(() => import('../features/order-entry'), 'OrderEntryPanel');
export const LazyMobileTradeBar = lazyNamed(() => import('../features/order-entry'), 'MobileTradeBar');
export const LazyTradeSidePanel = lazyNamed(() => import('../features/tools'), 'TradeSidePanel');
export const LazyGridPanel = lazyNamed(() => import('../features/tools'), 'GridPanel');
export const LazyLtTradeCard = lazyNamed(() => import('../features/lt'), 'LtTradeCard');
// Banners come seconds after the page (the announcement bar waits 3 s); their slots hold the space meanwhile.
export const LazyAnnouncementBar = lazyNamed(() => import('../features/announcements'), 'AnnouncementBar');
export const LazyEuUsdtTipsBanner = lazyNamed(() => import('../features/announcements'), 'EuUsdtTipsBanner');
export const LazyStoredDataBanner = lazyNamed(() => import('../features/announcements'), 'StoredDataBanner');
export const LazyFooterBar = lazyNamed(() => import('../features/footer'), 'FooterBar');
export const LazyFooterBannerSlot = lazyNamed(() => import('../features/footer'), 'FooterBannerSlot');

/**
 * Boundary + suspense around one panel: its failure stays inside it. A slot
 * that is usually empty (a banner) passes `fallback={null}`: skeleton rows
 * that then vanish would push the page around (CLS).
 */
export function PanelSlot({ children, onRetry, fallback }: { children: ReactNode; onRetry?: () => void; fallback?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <PanelBoundary onRetry={onRetry}>
      <Suspense fallback={fallback === undefined ? <SkeletonRows rows={6} label={t('loading')} /> : fallback}>{children}</Suspense>
    </PanelBoundary>
  );
}

/** The announcement bar's strip: its height is held from the first paint, since the bar appears 3 s later and must push nothing down (CLS). */
export function AnnouncementSlot({ children }: { children: ReactNode }) {
  return (
    <div className="announcement-slot">
      {/* No skeleton: rows that appear and vanish inside the held strip would be a shift of their own. */}
      <PanelSlot fallback={null}>{children}</PanelSlot>
    </div>
  );
}
