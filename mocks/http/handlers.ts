import type { HttpHandler } from 'msw';
import { ok } from '../envelope';
import { FaultPlan } from '../faults';
import type { MarketView } from '../gateway/types';
import { marketHandlers } from './market';
import { DEFAULT_ROUTES, probeHandlers, type RouteSpec } from './probe';
import { route } from './route';

export interface HandlerOptions {
  /** `?mockFault=` plan; applies to every path */
  faults?: FaultPlan;
  /** the live market; without it only the shell's calls (profile, symbol list, time, routes) answer */
  market?: MarketView;
  /** true while the simulated network is down: every path then fails like a dropped connection */
  offline?: () => boolean;
  /** the clock when there is no market */
  scheduler?: { now(): number };
  /** server lines of the latency picker */
  routes?: readonly RouteSpec[];
}

export const PROFILE_PATH = '/user/api/profile';

const VISITOR = { userState: 0, isDemo: false, accountType: null, userId: null };

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
    market,
    now: () => (market ? market.now() : (options.scheduler?.now() ?? Date.now())),
    routes: options.routes ?? DEFAULT_ROUTES,
  };
  return [route(context, PROFILE_PATH, () => ok(VISITOR)), ...marketHandlers(context), ...probeHandlers(context)];
}
