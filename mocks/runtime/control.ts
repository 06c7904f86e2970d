import { http, HttpResponse, type HttpHandler } from 'msw';
import { fail, ok } from '../envelope';
import { parseSessionText } from '../market/session/text-reader';
import type { MarketView, QuoteGateway, ReplayControl } from '../gateway/types';
import { sessionBytesToText } from './gunzip';
import type { NetworkState } from './network';
import { SITE_PRESETS, type SiteConfig } from '../site';
import { validateAnnouncements, type AnnouncementStore } from '../http/announcements';
import type { RouteLines } from '../http/lines';
import type { Exchange } from '../exchange';
import { exchangeControlHandlers } from './exchangeControl';
import type { LtDesk } from '../lt/ltDesk';
import { ltControlHandlers } from './ltControl';
import { readBody } from './body';

/**
 * The replay and fault controls of the embedded exchange, as REST under
 * /mock/api/ (docs/api.md): the replay panel, Playwright and the local server
 * all drive the exchange the same way, so the page never imports mocks/.
 * They stay reachable while the simulated network is down, or nothing could
 * bring it back.
 */
export interface ControlDeps {
  hub: MarketView & ReplayControl;
  quote: QuoteGateway;
  network: NetworkState;
  yieldNow: () => Promise<void>;
  /** switches the compliance configuration the page is served */
  setSite: (site: SiteConfig) => void;
  /** the announcement bar's list, replaced by `POST /mock/api/announcements` */
  announcements?: AnnouncementStore;
  /** the route picker's server lines, made slow or failing by `/mock/api/routes` */
  lines?: RouteLines;
  /** the exchange engine, for the order controls of `/mock/api/exchange` */
  exchange?: Exchange;
  /** resolves once the exchange's changes so far are written (the order controls answer after it, like the real calls) */
  commit?: () => Promise<void>;
  /** the leveraged tokens, whose state `/mock/api/lt` sets */
  lt?: LtDesk;
}

type Body = Record<string, unknown>;


const count = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 10_000 ? v : fallback);
const millis = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 3_600_000 ? v : null);

function statusOf({ hub, quote, network }: ControlDeps) {
  return { replay: hub.status(), gateway: quote.stats(), offline: network.isOffline() };
}

async function replayAction({ hub }: ControlDeps, body: Body): Promise<string | null> {
  switch (body.action) {
    case 'speed':
      if (typeof body.speed !== 'number' || !Number.isFinite(body.speed) || body.speed <= 0) return 'speed must be a positive number';
      hub.setSpeed(body.speed);
      return null;
    case 'pause':
      hub.pause();
      return null;
    case 'resume':
      hub.resume();
      return null;
    case 'seek': {
      const { duration } = hub.status();
      if (typeof body.position !== 'number' || !(body.position >= 0 && body.position <= duration)) return `position must be 0..${duration} ms`;
      await hub.seek(body.position);
      return null;
    }
    case 'session':
      if (typeof body.name !== 'string' || !hub.status().sessions.includes(body.name)) return 'unknown session';
      await hub.selectSession(body.name);
      return null;
    default:
      return 'unknown action';
  }
}

function faultAction({ quote, network }: ControlDeps, body: Body): string | null {
  const faults = quote.faults;
  switch (body.kind) {
    case 'dropSockets':
      faults.dropSockets();
      return null;
    case 'stallPongs':
      faults.stallPongs(millis(body.ms) ?? 10_000);
      return null;
    case 'dropFrames':
      faults.dropFrames(count(body.count, 1));
      return null;
    case 'duplicateFrames':
      faults.duplicateFrames(count(body.count, 1));
      return null;
    case 'reorderFrames':
      faults.reorderFrames(count(body.count, 1));
      return null;
    case 'malformedFrame':
      faults.sendMalformed();
      return null;
    case 'pauseFeed':
      faults.pauseFeed(millis(body.ms));
      return null;
    case 'resumeFeed':
      faults.resumeFeed();
      return null;
    case 'offline':
      network.setOffline(millis(body.ms));
      return null;
    case 'online':
      network.setOnline();
      return null;
    default:
      return 'unknown fault kind';
  }
}

/** `{line, latencyMs?, fail?}`: at least one change, each of the right type. */
function routeChangeProblem(body: Body | null): string | null {
  if (!body) return 'body must be a JSON object';
  if (typeof body.line !== 'number' || !Number.isInteger(body.line)) return 'line must be a line number';
  if (body.latencyMs !== undefined && millis(body.latencyMs) === null) return 'latencyMs must be 0..3600000';
  if (body.fail !== undefined && typeof body.fail !== 'boolean') return 'fail must be true or false';
  if (body.latencyMs === undefined && body.fail === undefined) return 'give latencyMs or fail';
  return null;
}

async function sessionText(request: Request): Promise<string> {
  return sessionBytesToText(new Uint8Array(await request.arrayBuffer()));
}

export function createControlHandlers(deps: ControlDeps): HttpHandler[] {
  return [
    http.get('/mock/api/replay', () => ok(statusOf(deps))),
    http.post('/mock/api/replay', async ({ request }) => {
      const body = await readBody(request);
      if (!body) return fail(10001, 'body must be a JSON object');
      const problem = await replayAction(deps, body);
      return problem ? fail(10002, problem) : ok(statusOf(deps));
    }),
    http.post('/mock/api/replay/upload', async ({ request }) => {
      const name = new URL(request.url).searchParams.get('name')?.trim() || 'uploaded';
      try {
        const session = await parseSessionText(await sessionText(request), name, deps.yieldNow);
        const symbols = session.header.symbols.map((s) => s.symbol);
        deps.hub.addSessionSet({ name, sources: [{ symbols, load: () => Promise.resolve(session) }] });
        await deps.hub.selectSession(name);
        return ok(statusOf(deps));
      } catch (error) {
        return fail(10003, `session not accepted: ${(error as Error).message}`);
      }
    }),
    http.post('/mock/api/faults', async ({ request }) => {
      const body = await readBody(request);
      if (!body) return fail(10001, 'body must be a JSON object');
      const problem = faultAction(deps, body);
      return problem ? fail(10002, problem) : ok(statusOf(deps));
    }),
    http.post('/mock/api/site', async ({ request }) => {
      const body = await readBody(request);
      const region = body?.region;
      if (region !== 'global' && region !== 'eu') return fail(10002, 'region must be global or eu');
      deps.setSite(SITE_PRESETS[region]);
      return ok(SITE_PRESETS[region]);
    }),
    http.post('/mock/api/announcements', async ({ request }) => {
      const store = deps.announcements;
      if (!store) return fail(10002, 'this exchange has no announcement list');
      const checked = validateAnnouncements((await readBody(request))?.list);
      if (typeof checked === 'string') return fail(10002, checked);
      store.replace(checked);
      return ok({ list: store.list() });
    }),
    http.get('/mock/api/routes', () => (deps.lines ? ok({ list: deps.lines.list() }) : fail(10002, 'no route lines'))),
    http.post('/mock/api/routes', async ({ request }) => {
      const body = await readBody(request);
      const problem = !deps.lines ? 'no route lines' : routeChangeProblem(body);
      if (problem || !body || !deps.lines) return fail(10002, problem ?? 'body must be a JSON object');
      const changed = deps.lines.change(body.line as number, { latencyMs: millis(body.latencyMs) ?? undefined, fail: body.fail as boolean | undefined });
      return changed ? ok({ list: deps.lines.list() }) : fail(10002, `no line ${String(body.line)}`);
    }),
    http.get('/mock/api/truth', ({ request }) => {
      const q = new URL(request.url).searchParams;
      const topic = q.get('topic');
      const symbol = q.get('symbol') ?? '';
      if (topic !== 'depth' && topic !== 'mergedDepth' && topic !== 'diffDepth') return fail(10002, 'topic must be depth, mergedDepth or diffDepth');
      const scale = q.get('dumpScale');
      const book = deps.quote.lastPushedBook(topic, symbol, scale === null ? undefined : Number(scale));
      return book ? ok(book) : fail(10004, 'nothing pushed for that stream yet');
    }),
    // Not part of the exchange: the in-page backend answers everything it owns, so a typo here is a 404, not a network error.
    ...(deps.exchange ? exchangeControlHandlers(deps.exchange, () => deps.hub.now(), deps.commit) : []),
    ...(deps.lt ? ltControlHandlers(deps.lt, () => deps.hub.now(), deps.commit) : []),
    http.all('/mock/api/*', () => HttpResponse.json({ code: 10404, success: false, message: 'no such control' }, { status: 404 })),
  ];
}
