import { isMobileWidth } from '../domain/layout';
import { DesktopTradePage } from './DesktopTradePage';
import { MobileTradePage } from './MobileTradePage';
import type { PageProps } from './pageProps';
import { useSymbolGuard } from './useSymbolGuard';
import { useRecordVisit } from './useRecordVisit';
import { useReloadOnMobileCrossing, useViewport } from './viewport';

export type { PageProps } from './pageProps';

/** The spot trading page: desktop above 500 px, the mobile page at 500 px or less. */
export function SpotPage(props: PageProps) {
  const viewport = useViewport();
  const startWidth = useReloadOnMobileCrossing(viewport.width);
  useSymbolGuard(props.locale, props.base, props.quote);
  useRecordVisit(props.base, props.quote);
  return isMobileWidth(startWidth) ? (
    <MobileTradePage {...props} />
  ) : (
    <DesktopTradePage {...props} viewport={viewport} />
  );
}
