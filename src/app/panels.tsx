import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SkeletonRows } from '../ui/SkeletonRows';
import { PanelBoundary } from './ErrorBoundaries';

/** Panels are split into their own chunks so the shell paints first. */
export const LazyChartPanel = lazy(() => import('../features/chart').then((m) => ({ default: m.ChartPanel })));
export const LazyOrderbookPanel = lazy(() => import('../features/orderbook').then((m) => ({ default: m.OrderbookPanel })));
export const LazyOrdersPanel = lazy(() => import('../features/orders').then((m) => ({ default: m.OrdersPanel })));

// The trade column, the tools and the footer load beside the panels, after the shell: none of them is
// what the first paint shows (the market header and the book are), and together they are ~40 KB gzip.
export const LazyOrderEntryPanel = lazy(() => import('../features/order-entry').then((m) => ({ default: m.OrderEntryPanel })));
export const LazyMobileTradeBar = lazy(() => import('../features/order-entry').then((m) => ({ default: m.MobileTradeBar })));
export const LazyTradeSidePanel = lazy(() => import('../features/tools').then((m) => ({ default: m.TradeSidePanel })));
export const LazyGridPanel = lazy(() => import('../features/tools').then((m) => ({ default: m.GridPanel })));
export const LazyLtTradeCard = lazy(() => import('../features/lt').then((m) => ({ default: m.LtTradeCard })));
// Banners come seconds after the page (the announcement bar waits 3 s); their slots hold the space meanwhile.
export const LazyAnnouncementBar = lazy(() => import('../features/announcements').then((m) => ({ default: m.AnnouncementBar })));
export const LazyEuUsdtTipsBanner = lazy(() => import('../features/announcements').then((m) => ({ default: m.EuUsdtTipsBanner })));
export const LazyFooterBar = lazy(() => import('../features/footer').then((m) => ({ default: m.FooterBar })));
export const LazyFooterBannerSlot = lazy(() => import('../features/footer').then((m) => ({ default: m.FooterBannerSlot })));

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
