/**
 * The local server's REST surface as the fuzz test (fuzz.test.ts) drives it:
 * every path its handlers register, the documented fields of each, a valid
 * body or query to break one field at a time, and hostile path segments.
 */
import * as fc from 'fast-check';
import type { Endpoint } from './fuzzKit';
import type { LocalServer } from './server';

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
  'POST /unified/api/spot_margin/settings': ['spotMargin', 'leverage', 'marginMode'],
  'POST /unified/api/spot_margin/confirm': [],
  'POST /unified/api/spot_margin/quiz': ['answers'],
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
export const VALID: Record<string, readonly string[]> = {
  symbol_id: ['BTCUSDT'], symbol: ['BTCUSDT'], symbolId: ['BTC3LUSDT', 'BTCUSDT'], side: ['Buy', 'Sell'], type: ['limit', 'market', 'arithmetic'],
  orderType: ['Limit', 'Market'], strategyType: ['twap', 'iceberg', 'chase'], action: ['speed', 'seek'], kind: ['pauseFeed'], coin: ['USDT', 'BTC'],
  userId: ['u-uta', 'u-demo'], interval: ['1m'], klineType: ['tradingview'], host: ['cdn'],
};

const ORDER = { symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', price: '50000', quantity: '0.001', time_in_force: 'GTC' };
const GRID = { symbol: 'BTCUSDT', minPrice: '50000', maxPrice: '70000', gridNumber: 10, type: 'arithmetic', quoteInvestment: '1000', baseInvestment: '0' };

/** A valid body (POST) or query (GET) per path, broken one field at a time by the fuzz. */
export const BASES: Record<string, Readonly<Record<string, unknown>>> = {
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
  'POST /unified/api/spot_margin/confirm': {},
  'POST /unified/api/spot_margin/quiz': { answers: { loss: 'multiplied', owe: 'loanAndInterest', liquidation: 'liquidated' } },
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
export function endpointsOf(server: LocalServer): Endpoint[] {
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
export const pathSegment = fc.constantFrom('u-uta', '1.json', '%E0%A4%A', '%2e%2e', '..', '__proto__', '%00', 'a'.repeat(3000), '%ED%A0%80', '-1.json', '1e309.json');

