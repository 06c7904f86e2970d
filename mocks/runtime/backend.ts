import type { HttpHandler, WebSocketHandler } from 'msw';
import instruments from '../../fixtures/instruments.json';
import listingsFile from '../../fixtures/listings.json';
import { FaultPlan } from '../faults';
import { privateSocketHandler, quoteSocketHandler } from '../gateway/msw';
import { createPrivateGateway } from '../gateway/private';
import { createQuoteGateway } from '../gateway/quote';
import type { Listing, Scheduler, SessionSet } from '../gateway/types';
import { createHandlers } from '../http/handlers';
import { createAnnouncementStore } from '../http/announcements';
import { createRouteLines } from '../http/lines';
import { DEFAULT_ROUTES } from '../http/probe';
import { createMarketHub, systemScheduler } from '../market/hub';
import { createUserStore, type TextPersistence } from '../accounts/userStore';
import { createChartStore } from '../accounts/chartStore';
import { sitePreset, type SiteConfig } from '../site';
import { createControlHandlers } from './control';
import { buildInstrument, Exchange, exchangeFeed, type InstrumentListing } from '../exchange';
import { openExchangeAccounts } from '../accounts/exchangeAccounts';
import { createNetworkState } from './network';

export interface BackendOptions {
  /** the first set is replayed from the start; the replay panel can pick the others */
  sets: SessionSet[];
  faults?: FaultPlan;
  scheduler?: Scheduler;
  /** lets a page render between slices of heavy work (session parsing, history generation) */
  yieldNow?: () => Promise<void>;
  /** load a market's session only once something asks for it (in-page: parsing costs the page) */
  onDemand?: boolean;
  /** where signed-in users' favorites and preferences are kept (memory by default) */
  userPersistence?: TextPersistence;
  /** where signed-in users' chart configurations and chart saves are kept (memory by default) */
  chartPersistence?: TextPersistence;
  /** the compliance configuration at start; `/mock/api/site` switches it */
  site?: SiteConfig;
  /** the session's user id; by default the request's `spot_session` cookie (in-page: document.cookie) */
  sessionOf?: (request: Request) => string | null;
}

export const LISTINGS = listingsFile.listings as Listing[];

/**
 * One embedded exchange: the live market, the quote and private gateways,
 * the REST handlers and the replay/fault controls. The three runtimes (in-page
 * msw, msw/node, the local server) wrap this same object, so they cannot
 * drift apart.
 */
export function createBackend(options: BackendOptions) {
  const scheduler = options.scheduler ?? systemScheduler;
  const yieldNow = options.yieldNow ?? (() => Promise.resolve());
  const exchangeStart = Math.floor(scheduler.now() / 1000) * 1000;
  const exchange = createExchange(exchangeStart);
  const hub = createMarketHub({
    exchangeStart,
    exchange: exchangeFeed(exchange),
    sets: options.sets,
    instruments: instruments.symbols,
    listings: LISTINGS,
    scheduler,
    yieldToPage: yieldNow,
    onDemand: options.onDemand ?? false,
  });
  const quote = createQuoteGateway(hub, { scheduler });
  const privateSocket = createPrivateGateway({ scheduler });
  const network = createNetworkState({ now: () => scheduler.now() });
  // A network that goes down takes the open sockets with it.
  network.onDown(() => {
    quote.faults.dropSockets();
    privateSocket.dropSockets();
  });
  const isOffline = () => network.isOffline();
  const users = createUserStore(options.userPersistence);
  let site = options.site ?? sitePreset('global');
  const announcements = createAnnouncementStore();

  const lines = createRouteLines(DEFAULT_ROUTES);

  const httpHandlers: HttpHandler[] = [
    ...createControlHandlers({ hub, quote, network, yieldNow, exchange, setSite: (next) => void (site = next), announcements, lines }),
    ...createHandlers({
      faults: options.faults,
      market: hub,
      offline: isOffline,
      scheduler,
      users,
      charts: createChartStore(options.chartPersistence),
      site: () => site,
      sessionOf: options.sessionOf,
      announcements,
      lines,
    }),
  ];
  const socketHandlers: WebSocketHandler[] = [
    quoteSocketHandler(quote, '*/realtime', { isOffline }),
    privateSocketHandler(privateSocket, '*/realtime_w', { isOffline }),
  ];

  return {
    hub,
    exchange,
    quote,
    privateSocket,
    network,
    httpHandlers,
    socketHandlers,
    close() {
      quote.close();
      privateSocket.close();
      hub.close();
    },
  };
}

export type Backend = ReturnType<typeof createBackend>;

/** The simulated exchange on the fixtures' instruments; a new listing opens when the hub's listing schedule says. */
function createExchange(exchangeStart: number): Exchange {
  const opensAfter = new Map(LISTINGS.map((l) => [l.symbolId, l.opensAfterMs]));
  const listed = instruments.symbols as InstrumentListing[];
  const exchange = new Exchange({
    instruments: listed.map((l) => buildInstrument(l, { openTime: opensAfter.has(l.symbolId) ? exchangeStart + opensAfter.get(l.symbolId)! : null })),
    // A browser order reaches a real matching engine some milliseconds after it is sent.
    latencyMs: ORDER_ENTRY_LATENCY_MS,
    startTime: exchangeStart,
  });
  openExchangeAccounts(exchange);
  return exchange;
}

export const ORDER_ENTRY_LATENCY_MS = 20;
