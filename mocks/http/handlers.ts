import type { HttpHandler } from 'msw';
import type { Exchange } from '../exchange';
import { createAccountService, type AccountService } from '../accounts/service';
import { newUserId } from '../accounts/ids';
import { createUserStore, type UserStore } from '../accounts/userStore';
import { createChartStore, type ChartStore } from '../accounts/chartStore';
import { FaultPlan, type FaultSource } from '../faults';
import type { MarketView } from '../gateway/types';
import { chartSaveHandlers } from './chartSaves';
import { announcementHandlers, createAnnouncementStore, type AnnouncementStore } from './announcements';
import { footerAnnouncementHandlers } from './footerAnnouncements';
import { marketHandlers } from './market';
import { createRouteLines, lineHandlers, type RouteLines } from './lines';
import { DEFAULT_ROUTES, probeHandlers, type RouteSpec } from './probe';
import { sitePreset, type SiteConfig } from '../site';
import { supportHandlers } from './support';
import { tradeFlowHandlers } from './tradeFlow';
import { userHandlers } from './user';
import { authHandlers } from './auth';
import { orderHandlers, type LeverageFlags, type OrderViews } from './orders';
import type { UpgradeDesk } from '../accounts/upgrade';
import { upgradeHandlers } from './upgrade';
import { assetHandlers, type RecentsStore } from './assets';
import type { SpotMarginDesk } from '../accounts/margin';
import type { AttachedTpslDesk } from '../exchange/attachedTpsl';
import type { GridBotDesk } from '../strategies/gridBot';
import { gridHandlers, type GridContext } from './gridBot';
import type { AlgoDesk } from '../strategies/algoDesk';
import { strategyHandlers } from './strategyOrders';
import type { LtDesk } from '../lt/ltDesk';
import { ltHandlers } from './lt';
import { createNetState, type NetState } from '../net/netState';
import { hostHandlers, networkHandlers } from './network';

export interface HandlerOptions {
  /** `?mockFault=` plan; applies to every path */
  faults?: FaultSource;
  /** the live market; without it only the shell's calls (profile, symbol list, time, routes) answer */
  market?: MarketView;
  /** true while the simulated network is down: every path then fails like a dropped connection */
  offline?: () => boolean;
  /** the clock when there is no market */
  scheduler?: { now(): number };
  /** server lines of the latency picker */
  routes?: readonly RouteSpec[];
  /** the lines' live state (shared with `/mock/api/routes`); by default made from `routes` */
  lines?: RouteLines;
  /** favorites and preferences of signed-in users */
  users?: UserStore;
  /** signed-in users' chart configuration and chart saves */
  charts?: ChartStore;
  /** the compliance configuration served to the page */
  site?: () => SiteConfig;
  /** accounts and sessions: who a request is (a fresh directory with the built-in profiles by default) */
  accounts?: AccountService;
  /** the simulated exchange engine: the order, asset and account calls answer only with it */
  exchange?: Exchange;
  /** UTA spot margin: settings and loans (the asset calls answer only with it and the exchange) */
  margin?: SpotMarginDesk;
  /** limit orders' attached TP/SL */
  attached?: AttachedTpslDesk;
  /** the grid bots (without it the grid calls refuse) */
  gridBots?: GridBotDesk;
  /** TWAP, iceberg and chase orders (without it the strategy calls refuse) */
  algoOrders?: AlgoDesk;
  /** leveraged tokens (without it the LT calls refuse with 176011) */
  lt?: LtDesk;
  /** the grid bot backtest's recorded market (the hub's recordedEvents); without it a backtest has nothing to test */
  backtestMarket?: GridContext['backtestMarket'];
  /** signed-in users' recently visited symbols */
  recents?: RecentsStore;
  /** margin flags and order views shared with the private socket, so pushes and calls agree */
  orderViews?: { flags: LeverageFlags; views: OrderViews };
  /** the standard → unified upgrade; without it the upgrade calls are not served */
  upgrades?: UpgradeDesk;
  /** told when a log-out ends a session (the private socket tells that session's sockets at once) */
  onSessionEnded?: (token: string) => void;
  /** makes the id of a newly registered demo user */
  newUserId?: () => string;
  /** the announcement bar's list (the fixture by default) */
  announcements?: AnnouncementStore;
  /** resolves once the exchange's changes so far are written; every POST awaits it before answering */
  commit?: () => Promise<void>;
  /** the network layer's hosts, probe answers and quality reports (a fresh state with the in-page hosts by default) */
  net?: NetState;
  /** the page's API origin, where the alternative hosts forward to (in-page and under msw/node: location.origin) */
  origin?: () => string;
}

/** jsdom and the page have a location; plain Node (no page) gets a placeholder the handlers' relative paths resolve against. */
const pageOrigin = () => (typeof location !== 'undefined' ? location.origin : 'http://localhost');

export { PROFILE_PATH } from './user';

/**
 * REST handlers of the embedded exchange. Paths are documented in docs/api.md.
 * Every handler checks the simulated network and the fault plan first, so any
 * call can be made to fail.
 */
export function createHandlers(options: HandlerOptions = {}): HttpHandler[] {
  const { market } = options;
  const context = {
    faults: options.faults ?? new FaultPlan([]),
    offline: options.offline ?? (() => false),
    commit: options.commit,
    market,
    now: () => (market ? market.now() : (options.scheduler?.now() ?? Date.now())),
    lines: options.lines ?? createRouteLines(options.routes ?? DEFAULT_ROUTES),
    users: options.users ?? createUserStore(),
    charts: options.charts ?? createChartStore(),
    site: options.site ?? (() => sitePreset('global')),
    accounts: options.accounts ?? createAccountService(),
    exchange: options.exchange,
    margin: options.margin,
    recents: options.recents,
    announcements: options.announcements ?? createAnnouncementStore(),
    net: options.net ?? createNetState(),
  };
  const handlers: HttpHandler[] = [
    ...authHandlers({ ...context, onSessionEnded: options.onSessionEnded }, options.newUserId ?? newUserId),
    ...userHandlers(context),
    ...marketHandlers(context),
    ...probeHandlers(context),
    ...announcementHandlers(context),
    ...footerAnnouncementHandlers(context),
    ...supportHandlers(context),
    ...tradeFlowHandlers(context),
    ...chartSaveHandlers(context),
    ...(context.exchange ? orderHandlers({ ...context, exchange: context.exchange, margin: context.margin, attached: options.attached }, options.orderViews) : []),
    ...(context.exchange ? gridHandlers({ ...context, exchange: context.exchange, gridBots: options.gridBots, backtestMarket: options.backtestMarket }) : []),
    ...(context.exchange ? strategyHandlers({ ...context, exchange: context.exchange, algoOrders: options.algoOrders }) : []),
    ...ltHandlers({ ...context, lt: options.lt }),
    ...(options.upgrades ? upgradeHandlers({ ...context, upgrades: options.upgrades }) : []),
    ...(context.exchange && context.margin ? assetHandlers({ ...context, exchange: context.exchange, margin: context.margin, algoOrders: options.algoOrders }) : []),
    ...networkHandlers(context),
  ];
  // Every line serves this same list, so a call through a line cannot answer differently from the origin.
  const routed = [...handlers, ...lineHandlers(context, context.lines, () => handlers)];
  // The alternative hosts serve the origin's answers, lines included (`{host}/line/2/...`).
  return [...routed, ...hostHandlers(context, context.net, () => routed, options.origin ?? pageOrigin)];
}
