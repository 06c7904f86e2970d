import { Route, Routes } from 'react-router-dom';
import { AppErrorBoundary } from './ErrorBoundaries';
import { RoutedPage } from './RoutedPage';

/**
 * The route table of spec 1 §2.1. The two page routes and the catch-all all
 * resolve through the same pure decision, so redirects live in one place.
 * A page that throws while rendering is replaced by the generic fallback
 * (reloadTips + Reload) inside the router. Declarative routes, not a data
 * router: the page has no loaders or actions, and the data router's code
 * (~13 KB gzip) would sit on the first load for nothing.
 */
export function AppRoutes() {
  return (
    <AppErrorBoundary>
      <Routes>
        <Route path="/:locale/trade/spot/lt/:base/:quote" element={<RoutedPage />} />
        <Route path="/:locale/trade/spot/:base/:quote" element={<RoutedPage />} />
        <Route path="*" element={<RoutedPage />} />
      </Routes>
    </AppErrorBoundary>
  );
}
