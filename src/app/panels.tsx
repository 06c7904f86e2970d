import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SkeletonRows } from '../ui/SkeletonRows';
import { PanelBoundary } from './ErrorBoundaries';

/** Panels are split into their own chunks so the shell paints first. */
export const LazyChartPanel = lazy(() => import('../features/chart').then((m) => ({ default: m.ChartPanel })));
export const LazyOrderbookPanel = lazy(() => import('../features/orderbook').then((m) => ({ default: m.OrderbookPanel })));
export const LazyOrdersPanel = lazy(() => import('../features/orders').then((m) => ({ default: m.OrdersPanel })));

/** Boundary + suspense around one panel: its failure stays inside it. */
export function PanelSlot({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <PanelBoundary onRetry={onRetry}>
      <Suspense fallback={<SkeletonRows rows={6} label={t('loading')} />}>{children}</Suspense>
    </PanelBoundary>
  );
}
