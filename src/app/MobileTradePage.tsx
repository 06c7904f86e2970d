import { useEffect } from 'react';
import { prefetchChartCache } from '../data/chartPrefs';
import { useProfile, useRetrySymbols } from '../data/queries';
import { AccountMenu, AccountNotices, PairBalances, UpgradeArea, VisitorPrompt } from '../features/account';
import { MarketHeader } from '../features/market-header';
import { ReplayToggle } from '../features/replay';
import { SettingsBar } from '../features/settings-bar';
import {
  AnnouncementSlot, LazyAnnouncementBar, LazyChartPanel, LazyEuUsdtTipsBanner, LazyStoredDataBanner, LazyFooterBannerSlot, LazyFooterBar, LazyLtTradeCard, LazyMobileTradeBar, LazyOrderbookPanel, LazyOrdersPanel, PanelSlot,
} from './panels';
import type { PageProps } from './pageProps';

/** The page at 500 px or less: the same panels in one column, order entry before the order lists. */
export function MobileTradePage({ locale, base, quote }: PageProps) {
  const retrySymbols = useRetrySymbols();
  // The chart's code loads lazily; its cached candles are read meanwhile.
  useEffect(() => prefetchChartCache(`${base}${quote}`), [base, quote]);
  const profile = useProfile().data;
  const isDemo = profile?.isDemo ?? false;
  const loggedIn = profile?.loggedIn ?? false;
  return (
    <div className="mobile-page" data-testid="mobile-page">
      <SettingsBar locale={locale} compact tools={
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
      <main className="mobile-page__main">
        <PanelSlot onRetry={retrySymbols} fallback={<div className="market-header" aria-busy="true" />}>
          <MarketHeader locale={locale} base={base} quote={quote} />
        </PanelSlot>
        <AnnouncementSlot>
          <LazyAnnouncementBar symbolId={`${base}${quote}`} />
        </AnnouncementSlot>
        <section id="chart-area" className="panel mobile-panel mobile-panel--chart" aria-labelledby="chart-area-title">
          <PanelSlot><LazyChartPanel isDemo={isDemo} base={base} quote={quote} locale={locale} /></PanelSlot>
        </section>
        <section id="orderbook-area" className="panel mobile-panel" aria-labelledby="orderbook-area-title">
          <PanelSlot><LazyOrderbookPanel base={base} quote={quote} /></PanelSlot>
        </section>
        <div id="spot-trade-container" className="mobile-panel">
          <div id="trade-area">
            <PanelSlot fallback={null}><UpgradeArea /></PanelSlot>
            <PanelSlot>{loggedIn ? <PairBalances base={base} quote={quote} /> : <VisitorPrompt />}</PanelSlot>
            {loggedIn && <PanelSlot fallback={null}><AccountNotices /></PanelSlot>}
            <PanelSlot fallback={null}>
              <LazyLtTradeCard key={`lt-${base}/${quote}`} base={base} quote={quote} placement="spot" locale={locale} />
            </PanelSlot>
          </div>
        </div>
        <section id="position-area" className="panel mobile-panel" aria-labelledby="orders-title">
          <PanelSlot><LazyOrdersPanel base={base} quote={quote} /></PanelSlot>
        </section>
      </main>
      <PanelSlot fallback={null}><LazyFooterBannerSlot locale={locale} /></PanelSlot>
      <PanelSlot>
        <LazyFooterBar locale={locale} base={base} quote={quote} />
      </PanelSlot>
      <PanelSlot fallback={null}>
        <LazyMobileTradeBar key={`${base}/${quote}`} base={base} quote={quote} />
      </PanelSlot>
    </div>
  );
}
