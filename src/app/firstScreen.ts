import type { i18n as I18n } from 'i18next';
import { isMobileWidth } from '../domain/layout';
import { preloadTradeGrid } from '../features/layout';
import type { NAMESPACES } from './i18n';
import { LazyChartPanel, LazyOrderEntryPanel, LazyOrderbookPanel, LazyOrdersPanel } from './panels';

/**
 * The language files the trading page's first screen reads besides `common`
 * (its header, panels, trade column, footer and banners).
 */
export const TRADE_SCREEN_NAMESPACES: readonly (typeof NAMESPACES)[number][] = [
  'market', 'trade', 'chart', 'orderbook', 'replay', 'notice', 'upgrade', 'footer', 'banner', 'network',
];

/**
 * Asks for the first trade screen's language files as soon as i18next is up.
 * Left to each widget, a panel's file was asked for only once its chunk had
 * loaded and rendered, one round trip after another; a file that fails here
 * is asked for again by its widget.
 */
export function preloadTradeScreenTexts(i18n: I18n): void {
  void i18n.loadNamespaces([...TRADE_SCREEN_NAMESPACES]).catch(() => undefined);
}

/**
 * Asks for the first trade screen's chunks before React renders their
 * parents. Left to React, each chunk is asked for once its parent has
 * rendered (app → grid → panel), which held the first book row ~0.7 s
 * behind the shell of a warm start and ~1.2 s behind a cold one. main.tsx
 * calls it at boot when the service worker has the app, and on a first
 * visit once the exchange's worker script has arrived: over a slow line the
 * panels must not take bandwidth from that script, which the book waits for
 * more, but they can load (and render) while the exchange boots.
 */
export function preloadTradeScreenChunks(windowWidth: number): void {
  for (const panel of [LazyChartPanel, LazyOrderbookPanel, LazyOrdersPanel, LazyOrderEntryPanel]) void panel.preload();
  if (!isMobileWidth(windowWidth)) void preloadTradeGrid();
}
