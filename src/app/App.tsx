import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { reloadUserData, watchAccountSwitch } from '../data/accountSwitch';
import { connectPageStatus, pageStatus } from '../data/pageStatus';
import { createQueryClient } from '../data/queries';
import { lazyNamed } from '../ui/lazyNamed';
import { Spinner } from '../ui/Spinner';
import { removeBootPlaceholder } from './bootPlaceholder';
import { AppErrorBoundary } from './ErrorBoundaries';
import { NetErrorOverlay } from './NetErrorOverlay';
import { NetworkLayer } from './NetworkLayer';
import { OfflineBanner } from './OfflineBanner';
import { AppRoutes } from './router';
import { Toaster } from './Toaster';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * The private socket and what its pushes patch load beside the first paint,
 * not before it: its chunk asks for nothing the page paints, and it is
 * requested at the first render, long before the exchange it connects to has
 * booted or an order form exists.
 */
const PrivatePushes = lazyNamed(() => import('../data/privatePushes'), 'PrivatePushes');

function PageSpinner() {
  // The common namespace is loaded before the first render (main.tsx), so this never suspends.
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <div className="page-spinner">
      <Spinner label={t('loading', 'Loading')} />
    </div>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);

  useEffect(removeBootPlaceholder, []);
  useEffect(() => connectPageStatus(pageStatus), []);
  useEffect(() => watchAccountSwitch(() => void reloadUserData(queryClient)), [queryClient]);

  // Page-wide messages sit outside the page's suspense boundary: a namespace
  // still loading must not hide the offline banner, a toast or the overlay.
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <PrivatePushes />
        </Suspense>
        <NetworkLayer />
        <OfflineBanner />
        <Suspense fallback={<PageSpinner />}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Suspense>
        <Toaster />
        <NetErrorOverlay />
        <UpdatePrompt />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
