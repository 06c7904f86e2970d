import { useEffect, useState } from 'react';
import { gridWidth, type PanelId } from '../domain/layout';
import { isRtlLocale } from '../domain/locale';
import { prefetchChartCache } from '../data/chartPrefs';
import { useProfile, useRetrySymbols } from '../data/queries';
import { AccountMenu, AccountNotices, PairBalances, UpgradeArea } from '../features/account';
import { ResetLayoutDialog, TradeGrid, useTradeLayout } from '../features/layout';
import { MarketHeader } from '../features/market-header';
import { ReplayToggle } from '../features/replay';
import { useSidePanel } from '../data/sidePanel';
import { SettingsBar } from '../features/settings-bar';
import {
  AnnouncementSlot, LazyAnnouncementBar, LazyChartPanel, LazyEuUsdtTipsBanner, LazyStoredDataBanner, LazyFooterBannerSlot, LazyFooterBar, LazyGridPanel, LazyLtTradeCard, LazyOrderbookPanel, LazyOrderEntryPanel, LazyOrdersPanel, LazyTradeSidePanel, PanelSlot,
} from './panels';
import type { PageProps } from './pageProps';
import type { Viewport } from './viewport';

/** Desktop layout (spec 1 §2.2, §9): settings bar, grid of three panels, order-entry column. */
export function DesktopTradePage({ locale, base, quote, viewport }: PageProps & { viewport: Viewport }) {
  const rtl = isRtlLocale(locale);
  const layout = useTradeLayout({ windowWidth: viewport.width, viewportHeight: viewport.height, rtl });
  const [resetOpen, setResetOpen] = useState(false);
  const profile = useProfile().data;
  const isDemo = profile?.isDemo ?? false;
  const loggedIn = profile?.loggedIn ?? false;
  const width = gridWidth(viewport.clientWidth);
  const refetchSymbols = useRetrySymbols();
  const [sidePanel] = useSidePanel();
  // The chart's code loads lazily; its cached candles are read meanwhile.
  useEffect(() => prefetchChartCache(`${base}${quote}`), [base, quote]);

  const panels: Record<PanelId, React.ReactNode> = {
    chart: <PanelSlot><LazyChartPanel isDemo={isDemo} base={base} quote={quote} locale={locale} /></PanelSlot>,
    orderbook: <PanelSlot><LazyOrderbookPanel base={base} quote={quote} /></PanelSlot>,
    position: <PanelSlot>{loggedIn && sidePanel.tool === 'gridBot' ? <LazyGridPanel base={base} quote={quote} /> : <LazyOrdersPanel base={base} quote={quote} />}</PanelSlot>,
  };

  return (
    <div className="desktop-page" data-customised={layout.customised}>
      <SettingsBar locale={locale} onResetLayout={() => setResetOpen(true)} tools={
          <>
            <ReplayToggle symbol={`${base}${quote}`} />
            <AccountMenu />
          </>
        } />
      <PanelSlot fallback={null}>
        <LazyEuUsdtTipsBanner base={base} quote={quote} />
      </PanelSlot>
      <PanelSlot fallback={null}>
        <LazyStoredDataBanner />
      </PanelSlot>
      <div className="trade-page">
        <main className="trade-page__main" style={{ inlineSize: width }}>
          <PanelSlot onRetry={refetchSymbols} fallback={<div className="market-header" aria-busy="true" />}>
            <MarketHeader locale={locale} base={base} quote={quote} />
          </PanelSlot>
          <AnnouncementSlot>
            <LazyAnnouncementBar symbolId={`${base}${quote}`} />
          </AnnouncementSlot>
          <TradeGrid width={width} items={layout.items} rtl={rtl} panels={panels} onCommit={layout.commit} />
        </main>
        <aside id="spot-trade-container" className="trade-page__side">
          <div id="trade-area">
            <PanelSlot fallback={null}><UpgradeArea /></PanelSlot>
            <PanelSlot>
              <LazyTradeSidePanel
                base={base}
                quote={quote}
                trade={
                  <>
                    <PanelSlot><LazyOrderEntryPanel key={`${base}/${quote}`} base={base} quote={quote} /></PanelSlot>
                    {/* Subscribe / redeem under the order form when the pair is a leveraged token (spec 2 §2); nothing otherwise. */}
                    <PanelSlot fallback={null}>
                      <LazyLtTradeCard key={`lt-${base}/${quote}`} base={base} quote={quote} placement="spot" locale={locale} />
                    </PanelSlot>
                  </>
                }
              />
            </PanelSlot>
            {loggedIn && (
              <PanelSlot>
                <PairBalances base={base} quote={quote} />
              </PanelSlot>
            )}
            {loggedIn && <PanelSlot fallback={null}><AccountNotices /></PanelSlot>}
          </div>
        </aside>
      </div>
      <PanelSlot fallback={null}><LazyFooterBannerSlot locale={locale} /></PanelSlot>
      <PanelSlot>
        <LazyFooterBar locale={locale} base={base} quote={quote} />
      </PanelSlot>
      <ResetLayoutDialog open={resetOpen} onConfirm={layout.reset} onClose={() => setResetOpen(false)} />
    </div>
  );
}
