import { useEffect } from 'react';
import { prefetchChartCache } from '../data/chartPrefs';
import { useProfile, useRetrySymbols } from '../data/queries';
import { AccountMenu, AccountNotices, PairBalances, UpgradeArea, VisitorPrompt } from '../features/account';
import { LtTradeCard } from '../features/lt';
import { MobileTradeBar } from '../features/order-entry';
import { MarketHeader } from '../features/market-header';
import { ReplayToggle } from '../features/replay';
import { SettingsBar } from '../features/settings-bar';
import { AnnouncementBar, EuUsdtTipsBanner } from '../features/announcements';
import { FooterBannerSlot, FooterBar } from '../features/footer';
import { AnnouncementSlot, LazyChartPanel, LazyOrderbookPanel, LazyOrdersPanel, PanelSlot } from './panels';
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
        <EuUsdtTipsBanner base={base} quote={quote} />
      </PanelSlot>
      <main className="mobile-page__main">
        <PanelSlot onRetry={retrySymbols} fallback={<div className="market-header" aria-busy="true" />}>
          <MarketHeader locale={locale} base={base} quote={quote} />
        </PanelSlot>
        <AnnouncementSlot>
          <AnnouncementBar symbolId={`${base}${quote}`} />
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
              <LtTradeCard key={`lt-${base}/${quote}`} base={base} quote={quote} placement="spot" locale={locale} />
            </PanelSlot>
          </div>
        </div>
        <section id="position-area" className="panel mobile-panel" aria-labelledby="orders-title">
          <PanelSlot><LazyOrdersPanel base={base} quote={quote} /></PanelSlot>
        </section>
      </main>
      <PanelSlot fallback={null}><FooterBannerSlot locale={locale} /></PanelSlot>
      <PanelSlot>
        <FooterBar locale={locale} base={base} quote={quote} />
      </PanelSlot>
      <PanelSlot fallback={null}>
        <MobileTradeBar key={`${base}/${quote}`} base={base} quote={quote} />
      </PanelSlot>
    </div>
  );
}
