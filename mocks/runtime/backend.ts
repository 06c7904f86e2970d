import type { HttpHandler, WebSocketHandler } from 'msw';
import instruments from '../../fixtures/instruments.json';
import listingsFile from '../../fixtures/listings.json';
import type { FaultSource } from '../faults';
import { privateSocketHandler, quoteSocketHandler } from '../gateway/msw';
import { createPrivateGateway } from '../gateway/private';
import { createQuoteGateway } from '../gateway/quote';
import type { Listing, Scheduler, SessionSet } from '../gateway/types';
import { createHandlers } from '../http/handlers';
import { createAnnouncementStore } from '../http/announcements';
import { createRouteLines } from '../http/lines';
import { DEFAULT_ROUTES } from '../http/probe';
import { createMarketHub, systemScheduler, type ExchangeFeed } from '../market/hub';
import { createUserStore, type TextPersistence } from '../accounts/userStore';
import { parseSavedReplay } from '../market/replay/savedReplay';
import { createAccountDirectory } from '../accounts/directory';
import { createSessionStore } from '../accounts/sessions';
import { createAccountService } from '../accounts/service';
import { tokenFromRequest } from '../accounts/profiles';
import { persistExchange, restoreOrFresh, type ExchangeStateStore } from './exchangePersistence';
import { storageControlHandlers } from './storageControl';
import { createMarginDesk } from '../accounts/margin';
import { createAttachedTpslDesk } from '../exchange/attachedTpsl';
import { createUpgradeDesk } from '../accounts/upgrade';
import { createLeverageFlags, orderViews } from '../http/orders';
import { upgradeControlHandlers } from '../http/upgrade';
import { createRecentsStore } from '../http/assets';
import { createChartStore } from '../accounts/chartStore';
import { sitePreset, type SiteConfig } from '../site';
import { createControlHandlers } from './control';
import { buildInstrument, Exchange, exchangeFeed, type InstrumentListing } from '../exchange';
import { createGridBotDesk, type GridBotDesk } from '../strategies/gridBot';
import { createAlgoDesk, type AlgoDesk } from '../strategies/algoDesk';
import { pushStrategyChanges } from '../strategies/algoPush';
import { createLtDesk, type LtDesk } from '../lt/ltDesk';
import { pushLtOrders } from '../lt/ltPush';
import { openExchangeAccounts } from '../accounts/exchangeAccounts';
import { createNetworkState } from './network';
import { createNetState } from '../net/netState';
import { netControlHandlers } from './netControl';

export interface BackendOptions {
  /** the first set is replayed from the start; the replay panel can pick the others */
  sets: SessionSet[];
  faults?: FaultSource;
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
  /** the request's session token; by default its `spot_session` cookie or Bearer header (in-page: document.cookie) */
  tokenOf?: (request: Request) => string | null;
  /** registered demo users and upgrades (memory by default) */
  accountPersistence?: TextPersistence;
  /** the session token of a private socket under msw, which shows no request headers (in-page: document.cookie) */
  socketTokenOf?: () => string | null;
  /** signed-in users' recently visited symbols (memory by default) */
  recentsPersistence?: TextPersistence;
  /** signed-in sessions (memory by default) */
  sessionPersistence?: TextPersistence;
  /** where the replay stands between runs (none by default: every run replays from the start) */
  replayPersistence?: TextPersistence;
  /** the engine's accounts, orders and history between runs (none by default: every run starts fresh) */
  exchangeState?: ExchangeStateStore;
  /** the page's API origin, where the network layer's alternative hosts forward (in-page: location.origin) */
  origin?: () => string;
  /**
   * Resolves once every text-store write made so far is on disk. Stores that
   * write asynchronously (IndexedDB in the shared worker) give it, so a POST's
   * answer waits for its change as it waits for the engine's.
   */
  textsDurable?: () => Promise<void>;
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
  // A replay saved by an earlier run: the market continues where it would be, on the same listing times.
  const resume = parseSavedReplay(options.replayPersistence?.load() ?? null);
  const exchangeStart = resume?.start ?? Math.floor(scheduler.now() / 1000) * 1000;
  const directory = createAccountDirectory(options.accountPersistence);
  const accounts = createAccountService({
    directory,
    sessions: createSessionStore(options.sessionPersistence, () => scheduler.now()),
    tokenOf: options.tokenOf ?? tokenFromRequest,
  });
  const { exchange, restored, damage } = createExchange(exchangeStart, options.exchangeState?.load() ?? null);
  if (damage) {
    // Kept, not overwritten: the trader is told (GET /mock/api/storage) and may download it or let it go.
    console.warn(`embedded exchange: the saved accounts could not be restored (${damage.kind}: ${damage.detail}); set aside, starting fresh`);
    void Promise.resolve(options.exchangeState?.setAside?.({ ...damage, at: scheduler.now() })).catch((error: unknown) =>
      console.warn('embedded exchange: the unreadable saved accounts could not be set aside', error),
    );
  }
  // Restored from a store of records: the engine journals its changes from here, before the desks and the account
  // sync change anything, so its first save is what changed since the rows it was read from (not the whole history).
  if (restored && options.exchangeState?.keepsRecords) exchange.trackChanges();
  const stopAccountSync = openExchangeAccounts(exchange, directory);
  // Loans live beside the engine: restored only with the engine state they were saved with.
  const margin = createMarginDesk(exchange, { state: restored?.margin });
  const attached = createAttachedTpslDesk(exchange, { state: restored?.attachedTpsl, now: () => hub.now(), defer: (run) => void scheduler.setTimeout(run, 0) });
  // Grid bots trade through the engine; their state refers to its order ids, so it is saved in the same write.
  // A restored desk settles its bots at once, before the hub (and its clock) exists: the engine's own clock until then.
  let gridClock = () => exchange.now();
  const gridBots = createGridBotDesk(exchange, { state: restored?.gridBots, now: () => gridClock(), defer: (run) => void scheduler.setTimeout(run, 0) });
  // TWAP, iceberg and chase orders: the same footing as the grid bots (same clock, same save).
  const algoOrders = createAlgoDesk(exchange, { state: restored?.algoOrders, now: () => gridClock(), defer: (run) => void scheduler.setTimeout(run, 0) });
  // Leveraged tokens: their orders lock engine balances, so they are saved in the same write too.
  const lt = createLtDesk(exchange, { state: restored?.lt, now: () => gridClock() });
  const saving = options.exchangeState ? persistExchange(exchange, options.exchangeState, scheduler, margin, { attachedTpsl: attached, gridBots, algoOrders, lt }) : null;
  // After the set-aside (the store keeps its writes in order): the next run reads this fresh state, not the text again.
  if (damage) void saving?.saveNow();
  const textsDurable = options.textsDurable;
  const commit = saving || textsDurable
    ? async () => {
        await saving?.commit();
        await textsDurable?.();
      }
    : undefined;
  const hub = createMarketHub({
    exchangeStart,
    exchange: strategyFeed(exchangeFeed(exchange), gridBots, algoOrders, lt),
    sets: options.sets,
    instruments: instruments.symbols,
    listings: LISTINGS,
    scheduler,
    yieldToPage: yieldNow,
    onDemand: options.onDemand ?? false,
    resume,
    onReplayChange: options.replayPersistence ? (saved) => options.replayPersistence!.save(JSON.stringify(saved)) : undefined,
  });
  gridClock = () => hub.now();
  const quote = createQuoteGateway(hub, { scheduler });
  const flags = createLeverageFlags();
  const orderShared = { flags, views: orderViews(exchange, flags, attached) };
  const privateSocket = createPrivateGateway({ scheduler, accounts, exchange, margin, views: orderShared.views });
  const upgrades = createUpgradeDesk({ directory, scheduler, push: (userId, topic, data) => privateSocket.push(userId, topic, data) });
  const stopStrategyPush = pushStrategyChanges({
    algo: algoOrders, grid: gridBots, push: (userId, topic, data) => privateSocket.push(userId, topic, data), defer: (run) => void scheduler.setTimeout(run, 0),
  });
  const stopLtPush = pushLtOrders(lt, (userId, topic, data) => privateSocket.push(userId, topic, data), (run) => void scheduler.setTimeout(run, 0));
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
  // The in-page hosts by default; the local server points them at its extra listeners once they listen.
  const net = createNetState();

  const httpHandlers: HttpHandler[] = [
    // Before the controls: their /mock/api/* catch-all answers 10404.
    ...upgradeControlHandlers(upgrades),
    ...netControlHandlers(net),
    ...storageControlHandlers(options.exchangeState),
    ...createControlHandlers({ hub, quote, network, yieldNow, exchange, lt, commit, setSite: (next) => void (site = next), announcements, lines }),
    ...createHandlers({
      faults: options.faults,
      market: hub,
      offline: isOffline,
      scheduler,
      users,
      charts: createChartStore(options.chartPersistence),
      site: () => site,
      accounts,
      exchange,
      margin,
      attached,
      gridBots,
      algoOrders,
      lt,
      backtestMarket: (symbol, rule) => hub.recordedEvents(symbol, rule),
      recents: createRecentsStore(options.recentsPersistence),
      upgrades,
      orderViews: orderShared,
      onSessionEnded: (token: string) => privateSocket.sessionEnded(token),
      announcements,
      lines,
      commit,
      net,
      origin: options.origin,
    }),
  ];
  const socketHandlers: WebSocketHandler[] = [
    quoteSocketHandler(quote, '*/realtime', { isOffline }),
    privateSocketHandler(privateSocket, '*/realtime_w', { isOffline, tokenOf: options.socketTokenOf }),
  ];

  return {
    hub,
    exchange,
    accounts,
    margin,
    lt,
    /** switches the compliance configuration (a tab joining the shared exchange with `?mockSite=`) */
    setSite(next: SiteConfig) {
      site = next;
    },
    /** saves the exchange's state now if a save is due (page hide, server stop) */
    flushState: () => saving?.flush(),
    quote,
    privateSocket,
    network,
    /** the network layer's hosts, probe answers and quality reports (`/mock/api/net`) */
    net,
    httpHandlers,
    socketHandlers,
    /** stops everything; resolves once the last save is written */
    close(): Promise<void> {
      const saved = saving?.flush() ?? Promise.resolve();
      saving?.stop();
      stopAccountSync();
      attached.close();
      gridBots.dispose();
      stopStrategyPush();
      stopLtPush();
      algoOrders.dispose();
      upgrades.close();
      quote.close();
      privateSocket.close();
      hub.close();
      return saved;
    },
  };
}

export type Backend = ReturnType<typeof createBackend>;

/**
 * The engine emits nothing for the market's own trades and book changes: the
 * strategy desks hear of them here, after the engine took each one. Grid bots
 * look at the last price only; strategy orders also at the best bid and ask;
 * leveraged tokens at their underlying's last price, and at the time passing
 * (their orders wait out a delay, their days end at 00:00 UTC).
 */
function strategyFeed(feed: ExchangeFeed, gridBots: GridBotDesk, algoOrders: AlgoDesk, lt: LtDesk): ExchangeFeed {
  return {
    ...feed,
    onMarket(event, at) {
      feed.onMarket(event, at);
      if (event.ch === 'trade') {
        gridBots.onMarket(event.msg.s);
        lt.onTrade(event.msg.s, at);
      }
      if (event.ch === 'trade' || event.ch === 'book' || event.ch === 'snapshot') algoOrders.onMarket(event.msg.s);
    },
    advance(now, paused) {
      feed.advance(now, paused);
      lt.advance(now, paused);
    },
  };
}

/** The simulated exchange on the fixtures' instruments; a new listing opens when the hub's listing schedule says. */
function createExchange(exchangeStart: number, stored: unknown) {
  const opensAfter = new Map(LISTINGS.map((l) => [l.symbolId, l.opensAfterMs]));
  const listed = instruments.symbols as InstrumentListing[];
  const options = {
    instruments: listed.map((l) => buildInstrument(l, { openTime: opensAfter.has(l.symbolId) ? exchangeStart + opensAfter.get(l.symbolId)! : null })),
    // A browser order reaches a real matching engine some milliseconds after it is sent.
    latencyMs: ORDER_ENTRY_LATENCY_MS,
    startTime: exchangeStart,
  };
  return restoreOrFresh(options, stored, () => new Exchange(options));
}

export const ORDER_ENTRY_LATENCY_MS = 20;
