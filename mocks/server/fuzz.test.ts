// @vitest-environment node
import * as fc from 'fast-check';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualScheduler } from '../market/hub';
import { TEST_START, sharedDemoSets } from '../market/hub/testMarket';
import {
  closeAgent, hostileBody, hostileFrame, hostileHeaders, hostileQuery, HUGE, sendRaw, singleConnection, subscribeStorm,
  type Endpoint, type FuzzRequest, type Outcome, type SocketFrame,
} from './fuzzKit';
import { startLocalServer, type LocalServer } from './server';

/**
 * Issue 31: every documented endpoint and both sockets of the local server,
 * driven with malformed and hostile input (fast-check, seeded: FUZZ_SEED
 * replays a run). Properties: never a 5xx, an answer within 5 s, no uncaught
 * exception, no polluted prototype, and after every batch a clean client
 * still lists symbols, places and cancels an order and gets quote pushes.
 */

const TIMEOUT_MS = 5_000;
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 24);
const REQUESTS_PER_BATCH = 40;
const CONCURRENCY = 4;

/** Body fields (POST) and query parameters (GET) per path, from docs/api.md and docs/api/*.md. */
const FIELDS: Record<string, readonly string[]> = {
  'POST /user/api/login': ['userId', 'redirect_url'],
  'POST /user/api/register': ['nickname', 'redirect_url'],
  'POST /spot/api/user/favorites': ['symbolIds'],
  'POST /spot/api/user/preferences': ['upsert_keys'],
  'POST /spot/api/user/otc_guided': ['guided'],
  'GET /spot/api/quote/v2/tickers': ['symbol'],
  'GET /spot/api/quote/v5/klines': ['symbol', 'interval', 'limit', 'to'],
  'GET /spot/api/basic/notice': ['symbol_id'],
  'GET /spot/api/basic/announcement_search': ['date_from', 'date_to', 'topics', 'query', 'page_size'],
  'POST /spot/api/support/chat': ['message'],
  'GET /spot/api/quote/v5/trade_flow': ['symbol'],
  'POST /spot/api/account/set_kline_config': ['klineType', 'interval', 'pinnedIntervals', 'display'],
  'POST /spot/api/account/upload_kline': ['version', 'saveData', 'indicatorVersion'],
  'GET /spot/api/account/get_kline': ['version'],
  'POST /spot/api/order/create': ['symbol_id', 'side', 'type', 'price', 'quantity', 'client_order_id', 'time_in_force', 'market_unit', 'slippage_type', 'slippage_value', 'plan_type', 'trigger_price', 'activation_price', 'trailing_value', 'trailing_percentage', 'oco', 'is_leverage', 'tp_trigger_price', 'sl_trigger_price'],
  'POST /spot/api/order/cancel': ['order_id', 'client_order_id'],
  'POST /spot/api/plan_order/cancel': ['order_id', 'client_order_id', 'plan_type'],
  'POST /spot/api/order/modify': ['order_id', 'client_order_id', 'price', 'quantity', 'trigger_price'],
  'POST /spot/api/plan_order/modify': ['order_id', 'client_order_id', 'price', 'quantity', 'trigger_price', 'plan_type'],
  'POST /spot/api/order/cancel_all': ['symbol_id', 'side', 'plan_type'],
  'POST /spot/api/plan_order/cancel_all': ['symbol_id', 'side', 'plan_type', 'plan_types'],
  'GET /spot/api/order/open_orders': ['symbol_id', 'side', 'limit', 'cursor'],
  'GET /spot/api/plan_order/open_orders': ['symbol_id', 'plan_type', 'plan_types', 'limit'],
  'GET /spot/api/order/history': ['symbol_id', 'plan_type', 'plan_types', 'limit', 'start_time', 'end_time', 'cursor'],
  'GET /spot/api/order/uta_orders': ['symbol_id', 'plan_type', 'limit', 'cursor'],
  'GET /spot/api/order/trade_info': ['symbol_id', 'limit', 'start_time', 'end_time'],
  'GET /spot/api/order/trade_info_kline': ['symbol_id', 'interval', 'start_time', 'end_time'],
  'GET /spot/api/order/trade_avg_kline': ['symbol_id', 'days'],
  'GET /spot/api/order/trade_avg_info': ['symbol_id', 'days'],
  'GET /spot/api/order/pnl': ['symbol_id'],
  'POST /unified/integrated/v5/queryOpenOrders': ['symbol', 'category', 'limit', 'cursor'],
  'POST /unified/integrated/v5/queryPositions': ['symbol', 'category'],
  'POST /spot/api/grid/v1/create': ['symbol', 'minPrice', 'maxPrice', 'gridNumber', 'type', 'quoteInvestment', 'baseInvestment', 'entryPrice', 'stopLossPrice', 'takeProfitPrice', 'trailing'],
  'POST /spot/api/grid/v1/backtest': ['symbol', 'minPrice', 'maxPrice', 'gridNumber', 'type', 'quoteInvestment', 'baseInvestment', 'trailing'],
  'POST /spot/api/grid/v1/list': ['status', 'symbol'],
  'POST /spot/api/grid/v1/close': ['botId', 'sellBase'],
  'POST /spot/api/strategy/v1/create': ['strategyType', 'category', 'symbol', 'side', 'size', 'durationSec', 'intervalSec', 'priceLimit', 'price', 'visibleSize', 'randomize', 'chasePercentE4', 'maxChasePrice'],
  'POST /spot/api/strategy/v1/cancel': ['strategyId'],
  'POST /spot/api/strategy/v1/list': ['status', 'symbol', 'strategyType', 'limit'],
  'GET /spot/api/strategy/v1/list': ['status', 'symbol', 'strategyType', 'limit'],
  'GET /spot/api/lt/v1/symbol-info': ['symbolId'],
  'GET /spot/api/lt/v1/info': ['symbolId'],
  'GET /spot/api/lt/v1/kline': ['symbolId', 'interval', 'limit'],
  'POST /spot/api/lt/v1/subscribe': ['symbolId', 'amount'],
  'POST /spot/api/lt/v1/redeem': ['symbolId', 'quantity'],
  'GET /spot/api/lt/v1/orders': ['orderType', 'days', 'symbolId', 'cursor', 'limit'],
  'POST /unified/api/upgrade': ['confirm'],
  'GET /spot/api/asset/balances': ['token_id'],
  'GET /spot/api/asset/unified_asset': ['symbolName', 'side', 'isMargin', 'limitPrice'],
  'GET /spot/api/account/info': ['symbol_id', 'price'],
  'GET /spot/api/order/innovation_remain': ['symbol_id'],
  'GET /unified/api/liability/list': ['settleCoin', 'ignoreZeroBorrowSize'],
  'POST /unified/api/spot_margin/settings': ['spotMargin', 'leverage'],
  'POST /unified/api/liability/repay': ['coin', 'amount'],
  'POST /spot/api/demo/recharge': ['bizScene', 'coin', 'amount'],
  'POST /spot/api/user/recents': ['symbolId', 'visitedAt', 'list'],
  'GET /spot/api/proxy-switch': ['seq_id', 'device_id', 'app', 'os', 'bu', 'v'],
  'POST /monitor/api/report': ['batchId', 'deviceId', 'reports'],
  'POST /mock/api/accounts/upgrade_outcome': ['userId', 'outcome'],
  'POST /mock/api/net': ['host', 'latencyMs', 'down', 'sdkLevel', 'whitelist', 'resCode', 'monitorSwitch', 'excludes'],
  'POST /mock/api/storage': ['action'],
  'POST /mock/api/replay': ['action', 'speed', 'position', 'name'],
  'POST /mock/api/replay/upload': ['name'],
  'POST /mock/api/faults': ['kind', 'ms', 'count'],
  'POST /mock/api/site': ['region'],
  'POST /mock/api/announcements': ['list'],
  // not `fail`: a failing line drops its calls by design (docs/api.md "Footer"), which this test would take for a bug
  'POST /mock/api/routes': ['line', 'latencyMs'],
  'GET /mock/api/truth': ['topic', 'symbol', 'dumpScale'],
  'POST /mock/api/exchange/orders': ['userId', 'symbol', 'side', 'orderType', 'qty', 'price', 'timeInForce', 'marketUnit', 'slippage', 'clientOrderId', 'planType', 'triggerPrice', 'oco'],
  'POST /mock/api/exchange/cancel': ['userId', 'orderId', 'clientOrderId'],
  'GET /mock/api/exchange/account': ['userId'],
  'POST /mock/api/lt': ['symbolId', 'st', 'riskState', 'riskSwitchStatus', 'nav'],
};

/**
 * Valid values for a few fields, so a body gets past its first check and the
 * value checks behind it are fuzzed too. None of them can switch the server
 * into a state the batch's clean check cannot undo (no offline, no dropped
 * sockets, no stalled pongs).
 */
const VALID: Record<string, readonly string[]> = {
  symbol_id: ['BTCUSDT'], symbol: ['BTCUSDT'], symbolId: ['BTC3LUSDT', 'BTCUSDT'], side: ['Buy', 'Sell'], type: ['limit', 'market', 'arithmetic'],
  orderType: ['Limit', 'Market'], strategyType: ['twap', 'iceberg', 'chase'], action: ['speed', 'seek'], kind: ['pauseFeed'], coin: ['USDT', 'BTC'],
  userId: ['u-uta', 'u-demo'], interval: ['1m'], klineType: ['tradingview'], host: ['cdn'],
};

const ORDER = { symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', price: '50000', quantity: '0.001', time_in_force: 'GTC' };
const GRID = { symbol: 'BTCUSDT', minPrice: '50000', maxPrice: '70000', gridNumber: 10, type: 'arithmetic', quoteInvestment: '1000', baseInvestment: '0' };

/** A valid body (POST) or query (GET) per path, broken one field at a time by the fuzz. */
const BASES: Record<string, Readonly<Record<string, unknown>>> = {
  'POST /user/api/login': { userId: 'u-uta', redirect_url: '/en/trade/spot/BTC/USDT' },
  'POST /user/api/register': { nickname: 'Fuzzed', redirect_url: '/' },
  'POST /spot/api/user/favorites': { symbolIds: ['BTCUSDT', 'ETHUSDT'] },
  'POST /spot/api/user/preferences': { upsert_keys: { spot_kline_sync_app: 'Y', double_confirm: 'notifyClose', free: 'x' } },
  'POST /spot/api/user/otc_guided': { guided: true },
  'GET /spot/api/quote/v2/tickers': { symbol: 'BTCUSDT,ETHUSDT' },
  'GET /spot/api/quote/v5/klines': { symbol: 'BTCUSDT', interval: '1m', limit: '500', to: '1767225600000' },
  'GET /spot/api/basic/notice': { symbol_id: 'WIFUSDT' },
  'GET /spot/api/basic/announcement_search': { date_from: '0', date_to: '1893456000000', topics: 'Spot', query: 'listing', page_size: '50' },
  'POST /spot/api/support/chat': { message: 'what are the fees?' },
  'GET /spot/api/quote/v5/trade_flow': { symbol: 'BTCUSDT' },
  'POST /spot/api/account/set_kline_config': {
    klineType: 'tradingview', interval: '1m', pinnedIntervals: ['1m', '1h'],
    display: { trade: true, position: true, limitTrade: true, entrust: true, dealHistory: true, avgBuyLine: false, avgSellLine: false, grid: true, avgBuyLineDays: 7, avgSellLineDays: 30 },
  },
  'POST /spot/api/account/upload_kline': { version: 0, saveData: '{"charts":[]}', indicatorVersion: 0 },
  'GET /spot/api/account/get_kline': { version: '0' },
  'POST /spot/api/order/create': ORDER,
  'POST /spot/api/order/cancel': { order_id: '1900000000000000001' },
  'POST /spot/api/plan_order/cancel': { order_id: '1900000000000000001', plan_type: 1 },
  'POST /spot/api/order/modify': { order_id: '1900000000000000001', price: '50001', quantity: '0.002' },
  'POST /spot/api/order/cancel_all': { symbol_id: 'BTCUSDT', side: 'Buy' },
  'POST /spot/api/plan_order/cancel_all': { symbol_id: 'BTCUSDT', plan_types: [1, 11] },
  'GET /spot/api/order/open_orders': { symbol_id: 'BTCUSDT', limit: '20' },
  'GET /spot/api/plan_order/open_orders': { symbol_id: 'BTCUSDT', plan_types: '1,11,4,5' },
  'GET /spot/api/order/history': { symbol_id: 'BTCUSDT', plan_type: '-1', limit: '20' },
  'GET /spot/api/order/trade_info': { symbol_id: 'BTCUSDT', limit: '20' },
  'GET /spot/api/order/trade_avg_info': { symbol_id: 'BTCUSDT', days: '30' },
  'POST /unified/integrated/v5/queryOpenOrders': { symbol: 'BTCUSDT', category: 'spot' },
  'POST /spot/api/grid/v1/create': GRID,
  'POST /spot/api/grid/v1/backtest': GRID,
  'POST /spot/api/grid/v1/list': { status: 'running', symbol: 'BTCUSDT' },
  'POST /spot/api/grid/v1/close': { botId: '1' },
  'POST /spot/api/strategy/v1/create': { strategyType: 'twap', symbol: 'BTCUSDT', side: 'Buy', size: '0.01', durationSec: 600, intervalSec: 30 },
  'POST /spot/api/strategy/v1/cancel': { strategyId: '1' },
  'GET /spot/api/lt/v1/kline': { symbolId: 'BTC3LUSDT', interval: '1m', limit: '300' },
  'POST /spot/api/lt/v1/subscribe': { symbolId: 'BTC3LUSDT', amount: '10' },
  'POST /spot/api/lt/v1/redeem': { symbolId: 'BTC3LUSDT', quantity: '1' },
  'GET /spot/api/lt/v1/orders': { orderType: '1', days: '7', symbolId: 'BTC3LUSDT', limit: '20' },
  'GET /spot/api/asset/unified_asset': { symbolName: 'BTCUSDT', side: 'Buy', isMargin: '0', limitPrice: '60000' },
  'GET /spot/api/account/info': { symbol_id: 'BTCUSDT', price: '60000' },
  'POST /unified/api/spot_margin/settings': { spotMargin: true, leverage: 5 },
  'POST /unified/api/liability/repay': { coin: 'BTC', amount: '0.2' },
  'POST /spot/api/demo/recharge': { bizScene: 'SPOT_TRADE', coin: 'USDT', amount: '2.5' },
  'POST /spot/api/user/recents': { symbolId: 'ETHUSDT', visitedAt: 1767225600000 },
  'GET /spot/api/proxy-switch': { seq_id: '1', device_id: 'd', app: 'web', os: 'linux', bu: 'spot', v: '1' },
  'POST /monitor/api/report': { batchId: 'b-1', deviceId: 'd-1', reports: [{ type: 'httpQuality', t: 1764150000000 }] },
  'POST /mock/api/accounts/upgrade_outcome': { userId: 'u-classic', outcome: 'fail' },
  'POST /mock/api/net': { host: 'cdn', latencyMs: 40, sdkLevel: 1, whitelist: ['u-uta'], monitorSwitch: 1, excludes: ['/spot/api/order/pnl'] },
  'POST /mock/api/replay': { action: 'seek', position: 1000 },
  'POST /mock/api/faults': { kind: 'pauseFeed', ms: 1000 },
  'POST /mock/api/site': { region: 'global' },
  'POST /mock/api/announcements': { list: [{ id: 'a-1', symbolName: 'ALL', info: 'fuzzed', url: '/x' }] },
  'POST /mock/api/routes': { line: 2, latencyMs: 240 },
  'GET /mock/api/truth': { topic: 'diffDepth', symbol: 'BTCUSDT', dumpScale: '2' },
  'POST /mock/api/exchange/orders': { userId: 'u-uta', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.001', price: '50000' },
  'POST /mock/api/exchange/cancel': { userId: 'u-uta', orderId: '1' },
  'GET /mock/api/exchange/account': { userId: 'u-uta' },
  'POST /mock/api/lt': { symbolId: 'BTC3LUSDT', nav: '1.5' },
};

const family = (path: string) => {
  const parts = path.split('/').filter(Boolean);
  return parts[0] === 'logout' ? 'logout' : parts[0] === 'line' ? 'line' : `${parts[0]}/${parts[1] ?? ''}`;
};

/** Every REST path the server's handlers register (wildcards aside), with its documented fields. */
function endpointsOf(server: LocalServer): Endpoint[] {
  const list: Endpoint[] = [];
  for (const handler of server.backend.httpHandlers) {
    const { method, path } = handler.info as { method?: unknown; path?: unknown };
    if (typeof path !== 'string' || (method !== 'GET' && method !== 'POST')) continue;
    list.push({ method, path, family: family(path), fields: FIELDS[`${method} ${path}`] ?? [] });
  }
  // paths no handler matches, and the route lines' forwarding (docs/api.md "Footer")
  list.push({ method: 'GET', path: '/mock/api/no_such_control', family: 'mock/api', fields: ['a'] });
  list.push({ method: 'POST', path: '/mock/api/__proto__', family: 'mock/api', fields: ['a'] });
  list.push({ method: 'GET', path: '/line/1/spot/api/quote/v5/klines', family: 'line', fields: ['symbol', 'interval', 'limit', 'to'] });
  list.push({ method: 'POST', path: '/line/1/spot/api/order/create', family: 'line', fields: FIELDS['POST /spot/api/order/create']! });
  list.push({ method: 'GET', path: '/line/1/mock/api/replay', family: 'line', fields: [] });
  list.push({ method: 'GET', path: '/line/9/t1', family: 'line', fields: [] });
  return list;
}

/** Replaces `:param` segments with hostile path segments. */
const pathSegment = fc.constantFrom('u-uta', '1.json', '%E0%A4%A', '%2e%2e', '..', '__proto__', '%00', 'a'.repeat(3000), '%ED%A0%80', '-1.json', '1e309.json');

const UPGRADES = ['foreign origin', 'foreign host', 'unknown path', 'bad cookie', 'long path'] as const;
type UpgradeKind = (typeof UPGRADES)[number];

interface Batch {
  upgrade: UpgradeKind;
  requests: FuzzRequest[];
  quoteFrames: SocketFrame[];
  privateFrames: SocketFrame[];
  privateCookie: boolean;
}

interface Counts {
  perFamily: Record<string, number>;
  frames: { quote: number; private: number };
  upgrades: number;
  status: Record<string, number>;
  labels: Record<string, number>;
  /** envelope codes of the answers (`ok`: code 0 / 200 with success) */
  codes: Record<string, number>;
}

function envelopeCode(body: string): string {
  try {
    const value = JSON.parse(body) as { code?: unknown; success?: unknown; ret_code?: unknown; err_code?: unknown };
    if (value.success === true) return 'ok';
    return String(value.code ?? value.ret_code ?? value.err_code ?? 'other json');
  } catch {
    return 'not json';
  }
}

describe('local server under hostile input (issue 31)', () => {
  let server: LocalServer;
  let scheduler: ManualScheduler;
  let port: number;
  let controlToken: string | undefined;
  let fuzzToken = '';
  /** a session of its own for /logout, so a log-out does not make the rest of the batch a visitor's */
  let logoutToken = '';
  let healthToken = '';
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  const properHeaders = (path: string, token: string): Record<string, string> => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
    if (path.startsWith('/mock/api/') && controlToken !== undefined) headers['x-mock-control-token'] = controlToken;
    return headers;
  };

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, token = healthToken): Promise<{ status: number; json: { code: number; success?: boolean; result: Record<string, unknown> } }> {
    const headers = properHeaders(path, token);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.url}${path.slice(1)}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(TIMEOUT_MS) });
    return { status: response.status, json: (await response.json()) as { code: number; result: Record<string, unknown> } };
  }

  async function register(nickname: string): Promise<string> {
    const { json } = await call('POST', '/user/api/register', { nickname });
    expect(json.code).toBe(0);
    return (json.result as { token: string }).token;
  }

  beforeAll(async () => {
    process.on('uncaughtException', onUncaught);
    process.on('unhandledRejection', onUncaught);
    scheduler = new ManualScheduler(TEST_START);
    server = await startLocalServer({ sets: sharedDemoSets(), scheduler, port: 0 });
    controlToken = (server as { controlToken?: string }).controlToken;
    port = Number(new URL(server.url).port);
    await server.backend.hub.ready();
    healthToken = await register('Health');
  }, 30_000);

  afterAll(async () => {
    closeAgent();
    await server?.close();
    process.off('uncaughtException', onUncaught);
    process.off('unhandledRejection', onUncaught);
  });

  function requestArb(endpoints: Endpoint[]): fc.Arbitrary<FuzzRequest> {
    // a family first, so the few paths of /logout or /monitor/api get as many requests as the many of /spot/api
    const families = [...new Set(endpoints.map((e) => e.family))];
    const byFamily = fc.constantFrom(...families).chain((f) => fc.constantFrom(...endpoints.filter((e) => e.family === f)));
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...endpoints) }, { weight: 1, arbitrary: byFamily }).chain((endpoint) => {
      const target = endpoint.path.includes(':')
        ? fc.tuple(pathSegment, pathSegment).map(([a, b]) => endpoint.path.replace(':userId', a).replace(':file', b))
        : fc.constant(endpoint.path);
      const method = fc.oneof({ weight: 12, arbitrary: fc.constant<string>(endpoint.method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH') });
      const base = BASES[`${endpoint.method} ${endpoint.path.replace(/^\/line\/1/, '')}`];
      const queryBase = endpoint.method === 'GET' && base ? Object.fromEntries(Object.entries(base).map(([k, v]) => [k, String(v)])) : undefined;
      return fc.tuple(target, method, hostileQuery(endpoint.fields, queryBase), hostileBody(endpoint.fields, VALID, endpoint.method === 'POST' ? base : undefined), hostileHeaders(endpoint.method, {}), fc.boolean()).map(([path, verb, query, body, headers, withQuery]) => {
        const sendsBody = verb !== 'GET' && verb !== 'HEAD';
        const useQuery = !sendsBody || withQuery;
        return {
          endpoint,
          method: verb,
          target: useQuery && query.query ? `${path}?${query.query}` : path,
          headers: headers.headers,
          body: sendsBody ? (typeof body.text === 'string' ? Buffer.from(body.text, 'utf8') : body.text) : undefined,
          label: `${verb} ${endpoint.path} [${[useQuery ? query.label : '', sendsBody ? body.label : '', headers.label].filter(Boolean).join(', ')}]`,
        };
      });
    });
  }

  /** The token-less shape above gets the session and control token at send time (they change per batch). */
  function withSession(req: FuzzRequest): FuzzRequest {
    const label = req.label;
    if (label.includes('no token')) return req;
    const proper = properHeaders(req.endpoint.path, req.endpoint.path === '/logout' ? logoutToken : fuzzToken);
    return { ...req, headers: { ...proper, ...req.headers } };
  }

  async function sendAll(requests: FuzzRequest[], counts: Counts): Promise<string[]> {
    const problems: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const req = withSession(requests[next++]!);
        const outcome: Outcome = await sendRaw(port, req, TIMEOUT_MS);
        counts.perFamily[req.endpoint.family] = (counts.perFamily[req.endpoint.family] ?? 0) + 1;
        const bucket = outcome.kind === 'status' ? `${Math.floor(outcome.status / 100)}xx` : outcome.kind;
        counts.status[bucket] = (counts.status[bucket] ?? 0) + 1;
        if (outcome.kind === 'status') {
          counts.labels[`${outcome.status}`] = (counts.labels[`${outcome.status}`] ?? 0) + 1;
          const code = envelopeCode(outcome.body);
          // oxlint-disable-next-line no-console
          if (process.env.FUZZ_LOG) console.log(`${outcome.status} ${code} ${req.label} ${req.target.slice(0, 200)} ${req.body?.toString('utf8', 0, 300) ?? ''} -> ${outcome.body.slice(0, 200)}`);
          counts.codes[code] = (counts.codes[code] ?? 0) + 1;
        }
        if (outcome.kind === 'timeout') problems.push(`no answer within ${TIMEOUT_MS} ms: ${req.label}`);
        else if (outcome.kind === 'dropped') problems.push(`connection dropped (${outcome.error}): ${req.label}`);
        else if (outcome.status >= 500) problems.push(`HTTP ${outcome.status}: ${req.label}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return problems;
  }

  function openSocket(path: string, cookie?: string): Promise<{ ws: WebSocket; frames: string[] }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers: cookie ? { cookie: `spot_session=${cookie}` } : {}, origin: server.url.replace(/\/$/, '') });
      const frames: string[] = [];
      ws.on('message', (data) => frames.push(String(data)));
      ws.once('open', () => resolve({ ws, frames }));
      ws.once('error', reject);
    });
  }

  const waitFor = async (check: () => boolean, ms: number, tick?: () => Promise<void>) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if (check()) return true;
      if (tick) await tick();
      await new Promise((r) => setTimeout(r, 20));
    }
    return check();
  };

  /** Sends hostile frames, then checks the socket is still open and answers a ping. */
  async function fuzzSocket(path: string, frames: SocketFrame[], cookie: string | undefined, counts: Counts): Promise<string[]> {
    const { ws, frames: received } = await openSocket(path, cookie);
    let closedWith: number | null = null;
    ws.on('close', (code) => (closedWith = code));
    for (const frame of frames) {
      if (ws.readyState !== ws.OPEN) break;
      ws.send(frame.data, { binary: typeof frame.data !== 'string' });
      counts.frames[path === '/realtime' ? 'quote' : 'private'] += 1;
    }
    const ping = 4_242_424;
    ws.send(JSON.stringify({ ping }));
    const pong = await waitFor(() => received.some((t) => t.includes(`"pong":${ping}`)), TIMEOUT_MS);
    ws.terminate();
    if (pong) return [];
    return [`${path}: no pong after ${frames.map((f) => f.label).join(', ')} (closed: ${String(closedWith)})`];
  }

  /** An upgrade that is foreign, odd or to no socket: refused or accepted, it settles within the timeout. */
  async function hostileUpgrade(kind: UpgradeKind): Promise<string[]> {
    const own = server.url.replace(/\/$/, '');
    const options: Record<UpgradeKind, { path: string; headers: Record<string, string> }> = {
      'foreign origin': { path: '/realtime', headers: { origin: 'https://evil.example' } },
      'foreign host': { path: '/realtime_w', headers: { origin: own, host: 'evil.example' } },
      'unknown path': { path: '/realtime_x?%E0%A4%A', headers: { origin: own } },
      'bad cookie': { path: '/realtime_w', headers: { origin: own, cookie: 'spot_session=%ED%A0%80; spot_session=__proto__' } },
      'long path': { path: `/realtime?${'a'.repeat(20_000)}`, headers: { origin: own } },
    };
    const { path, headers } = options[kind];
    const settled = await new Promise<string>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers, handshakeTimeout: TIMEOUT_MS });
      ws.once('open', () => {
        ws.terminate();
        resolve('open');
      });
      ws.once('unexpected-response', (_req, res) => {
        resolve(`refused ${res.statusCode ?? 0}`);
        ws.terminate();
      });
      ws.once('error', (error) => resolve(`error ${error.message}`));
    });
    return settled.includes('timed out') ? [`upgrade (${kind}): ${settled}`] : [];
  }

  /** A clean client after a batch: undo what the batch's valid-looking controls may have set, then use the exchange. */
  async function cleanClientWorks(): Promise<void> {
    for (const body of [{ kind: 'resumeFeed' }, { kind: 'online' }]) expect((await call('POST', '/mock/api/faults', body)).status).toBe(200);
    for (const body of [{ action: 'resume' }, { action: 'speed', speed: 1 }, { action: 'session', name: 'demo' }]) expect((await call('POST', '/mock/api/replay', body)).json.code).toBe(0);
    for (const [index, latencyMs] of [60, 240, 640, 1300].entries()) expect((await call('POST', '/mock/api/routes', { line: index + 1, latencyMs, fail: false })).json.code).toBe(0);

    const symbols = await call('GET', '/spot/api/basic/symbol_list');
    expect(symbols.status).toBe(200);
    expect(symbols.json.code).toBe(0);
    expect((symbols.json.result.list as unknown[]).length).toBeGreaterThan(0);

    const ticker = await call('GET', '/spot/api/quote/v2/tickers?symbol=BTCUSDT');
    const last = Number((ticker.json.result.list as Array<{ lastPrice: string }>)[0]!.lastPrice);
    const placed = await call('POST', '/spot/api/order/create', { symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', price: (last * 0.95).toFixed(2), quantity: '0.001' });
    expect(placed.json, JSON.stringify(placed.json)).toMatchObject({ code: 0, result: { status: 'New' } });
    const cancelled = await call('POST', '/spot/api/order/cancel', { order_id: placed.json.result.orderId });
    expect(cancelled.json, JSON.stringify(cancelled.json)).toMatchObject({ code: 0, result: { status: 'Cancelled' } });

    const { ws, frames } = await openSocket('/realtime');
    ws.send(JSON.stringify({ symbol: 'BTCUSDT', topic: 'mergedDepth', event: 'sub', params: { dumpScale: 1, binary: false } }));
    const pushed = await waitFor(() => frames.some((t) => t.includes('"topic":"mergedDepth"') && t.includes('"data":')), TIMEOUT_MS, () => scheduler.advance(300));
    ws.terminate();
    expect(pushed, `no mergedDepth push; frames: ${frames.slice(-3).join('\n').slice(0, 500)}`).toBe(true);

    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTO_NAMES);
    expect(uncaught.map(String)).toEqual([]);
  }
  const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

  it('answers the next request on a keep-alive connection after a POST whose 1 MB body no handler read', async () => {
    // /logout ignores its body; before the body was read by the server, the rest of it stayed in the connection
    // and the next request on it never got an answer.
    const connection = singleConnection();
    try {
      const logout = await sendRaw(port, { method: 'POST', target: '/logout', headers: { 'content-type': 'application/json' }, body: Buffer.from(`{"a":"${HUGE}"}`) }, TIMEOUT_MS, connection);
      expect(logout).toMatchObject({ kind: 'status', status: 200 });
      expect(await sendRaw(port, { method: 'GET', target: '/spot/api/basic/server_time', headers: {} }, TIMEOUT_MS, connection)).toMatchObject({ kind: 'status', status: 200 });
    } finally {
      connection.destroy();
    }
  }, 15_000);

  it('answers every hostile request without a 5xx within 5 s, survives hostile socket frames, and still serves a clean client', async () => {
    const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
    // oxlint-disable-next-line no-console
    console.log(`fuzz seed ${seed} (replay: FUZZ_SEED=${seed})`);
    const endpoints = endpointsOf(server);
    const counts: Counts = { perFamily: {}, frames: { quote: 0, private: 0 }, upgrades: 0, status: {}, labels: {}, codes: {} };
    const batch: fc.Arbitrary<Batch> = fc
      .record({
        upgrade: fc.constantFrom(...UPGRADES),
        requests: fc.array(requestArb(endpoints), { minLength: REQUESTS_PER_BATCH, maxLength: REQUESTS_PER_BATCH }),
        quoteFrames: fc.tuple(fc.array(hostileFrame(), { maxLength: 25 }), subscribeStorm()).map(([a, b]) => [...a, ...b]),
        privateFrames: fc.tuple(fc.array(hostileFrame(), { maxLength: 25 }), subscribeStorm()).map(([a, b]) => [...a, ...b]),
        privateCookie: fc.boolean(),
      })
      // a counterexample prints by its labels, not its megabytes
      .map((b) => Object.assign(b, { [fc.toStringMethod]: () => [`upgrade ${b.upgrade}`, ...b.requests.map((r) => r.label), ...b.quoteFrames.map((f) => `quote ${f.label}`), ...b.privateFrames.map((f) => `private ${f.label}`)].join('\n') }));

    // Every documented family is in the draw.
    for (const f of ['spot/api', 'user/api', 'logout', 'monitor/api', 'mock/api', 'unified/api', 'unified/integrated', 'line']) expect(endpoints.some((e) => e.family === f), f).toBe(true);

    await fc.assert(
      fc.asyncProperty(batch, async (b) => {
        fuzzToken = await register('Fuzz');
        logoutToken = await register('Leaving');
        const problems = [
          ...(await sendAll(b.requests, counts)),
          ...(await fuzzSocket('/realtime', b.quoteFrames, undefined, counts)),
          ...(await fuzzSocket('/realtime_w', b.privateFrames, b.privateCookie ? fuzzToken : undefined, counts)),
          ...(await hostileUpgrade(b.upgrade)),
        ];
        counts.upgrades += 1;
        expect(problems).toEqual([]);
        await cleanClientWorks();
      }),
      { seed, numRuns: NUM_RUNS, endOnFailure: true },
    );

    const families = Object.entries(counts.perFamily).sort().map(([k, v]) => `${k}=${v}`).join(' ');
    // oxlint-disable-next-line no-console
    console.log(
      `fuzz: ${Object.values(counts.perFamily).reduce((a, b) => a + b, 0)} requests (${families}); ` +
        `socket frames quote=${counts.frames.quote} private=${counts.frames.private}, hostile upgrades ${counts.upgrades}; ` +
        `2xx=${counts.status['2xx'] ?? 0} 4xx=${counts.status['4xx'] ?? 0} 5xx=${counts.status['5xx'] ?? 0} ` +
        `other=${JSON.stringify(Object.fromEntries(Object.entries(counts.status).filter(([k]) => !['2xx', '4xx', '5xx'].includes(k))))}; ` +
        `statuses ${JSON.stringify(counts.labels)}; envelope codes ${JSON.stringify(counts.codes)}; huge payload ${HUGE.length} chars`,
    );
    expect(counts.status['5xx'] ?? 0).toBe(0);
  }, 180_000);
});
