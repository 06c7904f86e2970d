import { setupServer } from 'msw/node';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { fetchKlines } from '../../src/data/api/klines';
import { fetchNotice } from '../../src/data/api/notice';
import { fetchProfile } from '../../src/data/api/profile';
import { fetchRoutes, probeRoute } from '../../src/data/api/routes';
import { fetchServerTime } from '../../src/data/api/serverTime';
import { fetchSymbols } from '../../src/data/api/symbols';
import { fetchTickers } from '../../src/data/api/tickers';
import { ApiError, HttpStatusError, MalformedResponseError, NetworkError } from '../../src/data/http';
import { latencyLevel } from '../../src/domain/latency';
import { FaultPlan, parseFaults } from '../../mocks/faults';
import { createHandlers, type HandlerOptions } from '../../mocks/http/handlers';
import { DEFAULT_ROUTES } from '../../mocks/http/probe';
import { BTC_BARS, createFakeMarket, MINUTE, T0 } from './fakeMarket';

/**
 * Contract of the market REST: the embedded exchange's handlers under
 * msw/node, read through the page's own fetchers, so the two sides cannot
 * drift apart. Wire shapes are checked on the raw JSON as well.
 */

const servers: ReturnType<typeof setupServer>[] = [];

/** A backend for one test; closed after it. */
function backend(options: HandlerOptions = {}) {
  const server = setupServer(...createHandlers(options));
  server.listen({ onUnhandledFrame: 'error' });
  servers.push(server);
  return server;
}

afterEach(() => {
  servers.splice(0).forEach((s) => s.close());
});

async function raw(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(path);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function result(path: string): Promise<Record<string, unknown>> {
  const { body } = await raw(path);
  expect(body).toMatchObject({ code: 0, success: true });
  return body.result as Record<string, unknown>;
}

async function refusal(path: string) {
  const { status, body } = await raw(path);
  return { status, code: body.code, success: body.success, message: body.message };
}

describe('GET /spot/api/basic/symbol_list', () => {
  const FIELD_TYPES = {
    symbolId: 'string', baseTokenId: 'string', quoteTokenId: 'string', baseTokenName: 'string', quoteTokenName: 'string',
    pricePrecision: 'number', quantityPrecision: 'number', amountPrecision: 'number', minPricePrecision: 'string',
    minTradeQuantity: 'string', maxTradeQuantity: 'string', minTradeAmount: 'string', maxTradeAmount: 'string',
    tradeStatus: 'number', isBanBuy: 'boolean', isBanSell: 'boolean', noticeVisible: 'boolean',
    digitMerge: 'string', pricescale: 'number',
  };

  it('carries every Symbol field of spec 1 §3 and spec 2 §3 with its wire type', async () => {
    backend({ market: createFakeMarket().market });
    const { list } = (await result('/spot/api/basic/symbol_list')) as { list: Record<string, unknown>[] };
    expect(list).toHaveLength(16);
    for (const symbol of list) {
      for (const [field, type] of Object.entries(FIELD_TYPES)) expect(typeof symbol[field], `${String(symbol.symbolId)}.${field}`).toBe(type);
      expect(Array.isArray(symbol.mark)).toBe(true);
    }
  });

  it('takes the status fields from the live market: a listing is pre-open until it opens', async () => {
    const fake = createFakeMarket();
    backend({ market: fake.market });
    const before = await fetchSymbols();
    expect(before.find((s) => s.symbolId === 'WIFUSDT')).toMatchObject({ tradeStatus: 2, noticeVisible: true });
    expect(before.find((s) => s.symbolId === 'BTCUSDT')).toMatchObject({ tradeStatus: 1, noticeVisible: false });
    fake.open('WIFUSDT');
    fake.banSell('BTCUSDT');
    const after = await fetchSymbols();
    expect(after.find((s) => s.symbolId === 'WIFUSDT')).toMatchObject({ tradeStatus: 1, noticeVisible: false });
    expect(after.find((s) => s.symbolId === 'BTCUSDT')).toMatchObject({ isBanBuy: false, isBanSell: true });
  });

  it('serves the fixture as shipped without a market', async () => {
    backend();
    const symbols = await fetchSymbols();
    expect(symbols.find((s) => s.symbolId === 'WIFUSDT')).toMatchObject({ tradeStatus: 1, mark: ['adventure'] });
  });
});

describe('GET /spot/api/quote/v2/tickers', () => {
  it('answers every ticker field as a string, mark = index = last, after every session is ready', async () => {
    const fake = createFakeMarket();
    backend({ market: fake.market });
    const { list } = (await result('/spot/api/quote/v2/tickers')) as { list: Record<string, unknown>[] };
    expect(fake.calls.ready).toBe(1);
    // WIFUSDT has no statistics before it opens and is left out, not zeroed.
    expect(list.map((t) => t.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(list[0]).toEqual({
      symbol: 'BTCUSDT', lastPrice: '61140.00', markPrice: '61140.00', indexPrice: '61140.00',
      volume24h: '812.345678', turnover24h: '49668041.12', price24hPcntE6: '19000',
      highPrice24h: '61900.00', lowPrice24h: '59800.00', prevPrice24h: '60000.00',
    });
  });

  it('computes the E6 change exactly, rounding half away from zero', async () => {
    backend({ market: createFakeMarket().market });
    const [eth] = await fetchTickers(['ETHUSDT']);
    // (2622.33 - 2700) / 2700 = -0.0287666…
    expect(eth).toMatchObject({ symbol: 'ETHUSDT', price24hPcntE6: -28767, lastPrice: '2622.33' });
  });

  it('asks only for the named symbols, without waiting for the others', async () => {
    const fake = createFakeMarket();
    backend({ market: fake.market });
    const tickers = await fetchTickers(['BTCUSDT', 'ETHUSDT']);
    expect(tickers.map((t) => t.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(fake.calls.want).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(fake.calls.ready).toBe(0);
    await expect(fetchTickers([])).resolves.toEqual([]);
  });

  it('refuses an unknown symbol and an empty entry', async () => {
    backend({ market: createFakeMarket().market });
    await expect(fetchTickers(['BTCUSDT', 'NOPEUSDT'])).rejects.toMatchObject({ name: 'ApiError', code: 170121, message: 'Invalid symbol: NOPEUSDT' });
    expect(await refusal('/spot/api/quote/v2/tickers?symbol=BTCUSDT,,')).toMatchObject({ status: 200, code: 10001, success: false });
  });
});

describe('GET /spot/api/quote/v5/klines', () => {
  it('answers v5 rows newest first, every value a string, after loading the symbol', async () => {
    const fake = createFakeMarket();
    backend({ market: fake.market });
    const page = (await result('/spot/api/quote/v5/klines?symbol=BTCUSDT&interval=1m&limit=3')) as { symbol: string; interval: string; list: string[][] };
    expect(fake.calls.want).toEqual(['BTCUSDT']);
    expect(page.symbol).toBe('BTCUSDT');
    expect(page.interval).toBe('1m');
    const newest = 6_000_000 + BTC_BARS - 1;
    expect(page.list[0]).toEqual([String(T0 - MINUTE), fromTicks(newest), fromTicks(newest + 50), fromTicks(newest - 50), fromTicks(newest + 10), `0.00${1500 + BTC_BARS - 1}`]);
    expect(page.list.map((row) => Number(row[0]))).toEqual([T0 - MINUTE, T0 - 2 * MINUTE, T0 - 3 * MINUTE]);
    for (const row of page.list) for (const value of row) expect(typeof value).toBe('string');
  });

  it('gives the page bars oldest first with a numeric time and string prices', async () => {
    backend({ market: createFakeMarket().market });
    const bars = await fetchKlines({ symbol: 'BTCUSDT', interval: '1m', limit: 2 });
    expect(bars).toEqual([
      { time: T0 - 2 * MINUTE, open: '60024.98', high: '60025.48', low: '60024.48', close: '60025.08', volume: '0.003998' },
      { time: T0 - MINUTE, open: '60024.99', high: '60025.49', low: '60024.49', close: '60025.09', volume: '0.003999' },
    ]);
  });

  it('defaults to 500 bars, allows up to 1000, and treats `to` as exclusive', async () => {
    const fake = createFakeMarket();
    backend({ market: fake.market });
    expect(await fetchKlines({ symbol: 'BTCUSDT', interval: '1m' })).toHaveLength(500);
    expect(await fetchKlines({ symbol: 'BTCUSDT', interval: '1m', limit: 1000 })).toHaveLength(1000);
    const older = await fetchKlines({ symbol: 'BTCUSDT', interval: '1m', limit: 5, to: T0 - 10 * MINUTE });
    expect(older.map((b) => b.time)).toEqual([15, 14, 13, 12, 11].map((n) => T0 - n * MINUTE));
    const { list } = (await result('/spot/api/quote/v5/klines?symbol=BTCUSDT&interval=1m')) as { list: unknown[] };
    expect(list).toHaveLength(500);
    expect(fake.calls.klines.at(-1)).toMatchObject({ limit: 500, to: undefined });
  });

  it.each([
    ['60', '1h'],
    ['1D', '1d'],
    ['D', '1d'],
    ['1M', '1M'],
    ['1S', '1s'],
    ['4h', '4h'],
  ])('accepts interval %s as %s', async (asked, interval) => {
    const fake = createFakeMarket();
    backend({ market: fake.market });
    const page = await result(`/spot/api/quote/v5/klines?symbol=BTCUSDT&interval=${asked}&limit=1`);
    expect(page.interval).toBe(interval);
    expect(fake.calls.klines[0]?.interval).toBe(interval);
  });

  it.each([
    ['interval=1m', 10001, 'symbol is required'],
    ['symbol=BTCUSDT', 10001, 'interval is required'],
    ['symbol=BTCUSDT&interval=7m', 10001, 'interval must be one of'],
    ['symbol=BTCUSDT&interval=1m&limit=0', 10001, 'limit must be an integer from 1 to 1000'],
    ['symbol=BTCUSDT&interval=1m&limit=1001', 10001, 'limit must be'],
    ['symbol=BTCUSDT&interval=1m&limit=2.5', 10001, 'limit must be'],
    ['symbol=BTCUSDT&interval=1m&to=-5', 10001, 'to must be a time in ms'],
    ['symbol=BTCUSDT&interval=1m&to=soon', 10001, 'to must be'],
    ['symbol=NOPEUSDT&interval=1m', 170121, 'Invalid symbol: NOPEUSDT'],
  ])('refuses %s with %i', async (query, code, message) => {
    const fake = createFakeMarket();
    backend({ market: fake.market });
    const answer = await refusal(`/spot/api/quote/v5/klines?${query}`);
    expect(answer).toMatchObject({ status: 200, code, success: false });
    expect(answer.message).toContain(message);
    // Refused before any session is loaded for it.
    expect(fake.calls.want).toEqual([]);
  });
});

describe('GET /spot/api/basic/notice', () => {
  it('answers the notice fields of spec 1 §3 for a symbol with a notice', async () => {
    backend({ market: createFakeMarket().market });
    const notice = await result('/spot/api/basic/notice?symbol_id=WIFUSDT');
    expect(notice).toEqual({
      symbolId: 'WIFUSDT', noticeType: 1, noticeContent: 'WIF/USDT opens soon.',
      noticeLinkUrl: '/announcements/new-listing-wifusdt', onlineTime: T0 + 5 * MINUTE, nowTime: T0,
    });
    await expect(fetchNotice('WIFUSDT')).resolves.toEqual(notice);
  });

  it('answers null when the symbol has none, or no longer has one once open', async () => {
    const fake = createFakeMarket();
    backend({ market: fake.market });
    const { body } = await raw('/spot/api/basic/notice?symbol_id=BTCUSDT');
    expect(body).toEqual({ code: 0, success: true, result: null });
    fake.open('WIFUSDT');
    await expect(fetchNotice('WIFUSDT')).resolves.toBeNull();
  });

  it('refuses a missing or unknown symbol_id', async () => {
    backend({ market: createFakeMarket().market });
    expect(await refusal('/spot/api/basic/notice')).toMatchObject({ code: 10001, message: 'symbol_id is required' });
    await expect(fetchNotice('NOPEUSDT')).rejects.toMatchObject({ code: 170121 });
  });
});

describe('GET /spot/api/basic/server_time', () => {
  it('answers the market exchange time', async () => {
    backend({ market: createFakeMarket().market, scheduler: { now: () => 1 } });
    expect(await result('/spot/api/basic/server_time')).toEqual({ serverTime: T0 });
    await expect(fetchServerTime()).resolves.toBe(T0);
  });

  it("answers the scheduler's time without a market", async () => {
    backend({ scheduler: { now: () => 42_000 } });
    await expect(fetchServerTime()).resolves.toBe(42_000);
  });
});

describe('routes and the latency probe', () => {
  it('lists the server lines without their simulated latency', async () => {
    backend();
    const routes = await fetchRoutes();
    expect(routes).toEqual(DEFAULT_ROUTES.map(({ id, name, base }) => ({ id, name, base })));
    const { list } = (await result('/spot/api/basic/routes')) as { list: Record<string, unknown>[] };
    expect(Object.keys(list[0] ?? {})).toEqual(['id', 'name', 'base']);
  });

  it('answers each probe with the server time after its line latency, one colour per line', async () => {
    backend({ market: createFakeMarket().market });
    expect(await result('/line/1/t1')).toEqual({ t: T0 });
    const latencies = await Promise.all(DEFAULT_ROUTES.map((r) => probeRoute(r.base, () => performance.now())));
    DEFAULT_ROUTES.forEach((r, i) => expect(latencies[i]).toBeGreaterThanOrEqual(r.latencyMs - 5));
    expect(latencies.map(latencyLevel)).toEqual(['success', 'success', 'warn', 'danger']);
  });

  it('counts a failed, refused or malformed probe as 15000 ms', async () => {
    backend({
      routes: [{ id: 'a', name: 'A', base: '/a', latencyMs: 0 }, { id: 'b', name: 'B', base: '/b', latencyMs: 0 }, { id: 'c', name: 'C', base: '/c', latencyMs: 0 }],
      faults: new FaultPlan(parseFaults('/a/t1:network,/b/t1:error,/c/t1:malformed')),
    });
    const now = () => performance.now();
    expect(await Promise.all(['/a', '/b', '/c'].map((base) => probeRoute(base, now)))).toEqual([15_000, 15_000, 15_000]);
  });

  it('measures with the clock it is given and rejects only when the caller aborts', async () => {
    backend({ routes: [{ id: 'a', name: 'A', base: '/a', latencyMs: 30 }] });
    let t = 0;
    await expect(probeRoute('/a', () => (t += 123))).resolves.toBe(123);
    const caller = new AbortController();
    const probe = probeRoute('/a', () => performance.now(), caller.signal);
    caller.abort();
    await expect(probe).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('fault plan on every path', () => {
  const PATHS = {
    '/user/api/profile': () => fetchProfile(),
    '/spot/api/basic/symbol_list': () => fetchSymbols(),
    '/spot/api/quote/v2/tickers': () => fetchTickers(),
    '/spot/api/quote/v5/klines': () => fetchKlines({ symbol: 'BTCUSDT', interval: '1m', limit: 2 }),
    '/spot/api/basic/notice': () => fetchNotice('WIFUSDT'),
    '/spot/api/basic/server_time': () => fetchServerTime(),
    '/spot/api/basic/routes': () => fetchRoutes(),
  };

  it.each(Object.entries(PATHS))('%s: network, error and malformed faults are typed, then it answers', async (path, call) => {
    backend({ market: createFakeMarket().market, faults: new FaultPlan(parseFaults(`${path}:network:1,${path}:error:1,${path}:malformed:1`)) });
    await expect(call()).rejects.toBeInstanceOf(NetworkError);
    await expect(call()).rejects.toBeInstanceOf(HttpStatusError);
    await expect(call()).rejects.toBeInstanceOf(MalformedResponseError);
    await expect(call()).resolves.toBeDefined();
  });

  it('delays a slow path by 4 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      backend({ faults: new FaultPlan(parseFaults('/spot/api/basic/server_time:slow:1')), scheduler: { now: () => 7 } });
      let answered = false;
      const call = fetchServerTime().then((t) => ((answered = true), t));
      await vi.advanceTimersByTimeAsync(3_900);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      await expect(call).resolves.toBe(7);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('simulated network down', () => {
  it('fails every path like a dropped connection, and answers again when it is back', async () => {
    let offline = true;
    backend({ market: createFakeMarket().market, offline: () => offline });
    const calls = [
      fetchProfile, () => fetchSymbols(), () => fetchTickers(), () => fetchKlines({ symbol: 'BTCUSDT', interval: '1m' }),
      () => fetchNotice('WIFUSDT'), () => fetchServerTime(), () => fetchRoutes(),
    ];
    for (const call of calls) await expect(call()).rejects.toBeInstanceOf(NetworkError);
    await expect(probeRoute('/line/1', () => performance.now())).resolves.toBe(15_000);
    offline = false;
    for (const call of calls) await expect(call()).resolves.toBeDefined();
  });
});

describe('without a market', () => {
  it('refuses prices and klines with 10016 and knows no notices', async () => {
    backend();
    await expect(fetchTickers()).rejects.toMatchObject({ code: 10016 });
    await expect(fetchKlines({ symbol: 'BTCUSDT', interval: '1m' })).rejects.toBeInstanceOf(ApiError);
    await expect(fetchNotice('WIFUSDT')).resolves.toBeNull();
    await expect(fetchNotice('NOPEUSDT')).rejects.toMatchObject({ code: 170121 });
  });
});

describe('a failing market', () => {
  it('answers a 500 in the envelope instead of hanging the call', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { market } = createFakeMarket();
    backend({ market: { ...market, ticker: () => { throw new Error('boom'); } } });
    const answer = await refusal('/spot/api/quote/v2/tickers');
    expect(answer).toMatchObject({ status: 500, code: 10016, success: false, message: 'Internal error' });
    expect(error).toHaveBeenCalled();
  });
});

afterAll(() => servers.forEach((s) => s.close()));

function fromTicks(ticks: number): string {
  return `${Math.floor(ticks / 100)}.${String(ticks % 100).padStart(2, '0')}`;
}
