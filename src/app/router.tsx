import { createBrowserRouter } from 'react-router-dom';
import { AppErrorFallback } from './ErrorBoundaries';
import { RoutedPage } from './RoutedPage';

/**
 * The route table of spec 1 §2.1. The two page routes and the catch-all all
 * resolve through the same pure decision, so redirects live in one place.
 * The router catches render errors itself, so the generic fallback
 * (reloadTips + Reload) is its error element.
 */
export const ROUTES = [
  {
    errorElement: <AppErrorFallback />,
    children: [
      { path: '/:locale/trade/spot/lt/:base/:quote', element: <RoutedPage /> },
      { path: '/:locale/trade/spot/:base/:quote', element: <RoutedPage /> },
      { path: '*', element: <RoutedPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(ROUTES);
}
