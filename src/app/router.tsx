import { createBrowserRouter } from 'react-router-dom';
import { RoutedPage } from './RoutedPage';

/**
 * The route table of spec 1 §2.1. The two page routes and the catch-all all
 * resolve through the same pure decision, so redirects live in one place.
 */
export function createRouter() {
  return createBrowserRouter([
    { path: '/:locale/trade/spot/lt/:base/:quote', element: <RoutedPage /> },
    { path: '/:locale/trade/spot/:base/:quote', element: <RoutedPage /> },
    { path: '*', element: <RoutedPage /> },
  ]);
}
