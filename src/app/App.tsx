import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { reloadUserData, watchAccountSwitch } from '../data/accountSwitch';
import { connectPageStatus, pageStatus } from '../data/pageStatus';
import { createQueryClient } from '../data/queries';
import { Spinner } from '../ui/Spinner';
import { Toaster } from '../ui/Toaster';
import { removeBootPlaceholder } from './bootPlaceholder';
import { AppErrorBoundary } from './ErrorBoundaries';
import { NetErrorOverlay } from './NetErrorOverlay';
import { OfflineBanner } from './OfflineBanner';
import { createRouter } from './router';
import { UpdatePrompt } from './UpdatePrompt';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);

  useEffect(removeBootPlaceholder, []);
  useEffect(() => connectPageStatus(pageStatus), []);
  useEffect(() => watchAccountSwitch(() => void reloadUserData(queryClient)), [queryClient]);

  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<div className="page-spinner"><Spinner label="Loading" /></div>}>
          <OfflineBanner />
          <RouterProvider router={router} />
          <Toaster />
          <NetErrorOverlay />
          <UpdatePrompt />
        </Suspense>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
