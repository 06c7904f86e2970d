import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchTradeFlow, TRADE_FLOW_PATH } from '../../src/data/api/tradeFlow';
import { ledgerOf, periodFlow, windowStart } from '../../src/domain/tradeAnalysis';
import type { PublicTrade } from '../../mocks/gateway/types';
import { createTestHub } from '../../mocks/market/hub/testMarket';
import type { MarketHub } from '../../mocks/market/hub';
import { createHandlers } from '../../mocks/http/handlers';

/**
 * Contract of the trade analysis REST: the exchange's ledger over the real
 * shipped sessions, read through the page's own fetcher, checked against the
 * trades the market published (collected independently of the ledger).
 */

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

async function setup() {
  const { hub, scheduler } = await createTestHub({ symbols: ['BTCUSDT', 'ETHUSDT'] });
  const server = setupServer(...createHandlers({ market: hub }));
  server.listen({ onUnhandledFrame: 'error' });
  cleanups.push(() => server.close(), () => hub.close());
  return { hub, scheduler, published: collectTrades(hub, 'BTCUSDT') };
}

/** Every BTCUSDT trade the market publishes, by id, read after each pump (a pump publishes far fewer than 100). */
function collectTrades(hub: MarketHub, symbol: string): Map<number, PublicTrade> {
  const seen = new Map<number, PublicTrade>();
  hub.onChange((symbols) => {
    if (!symbols.has(symbol)) return;
    for (const trade of hub.trades(symbol, 100)) seen.set(trade.id, trade);
  });
  return seen;
}

async function raw(path: string) {
  const response = await fetch(path);
  return (await response.json()) as { code: number; success: boolean; result: Record<string, unknown> };
}

describe('GET /spot/api/quote/v5/trade_flow', () => {
  it('answers the taker flow of the trades the market published', async () => {
    const { hub, scheduler, published } = await setup();
    await scheduler.advance(7 * 60_000);
    const now = hub.now();
    const flow = await fetchTradeFlow('BTCUSDT');
    const trades = [...published.values()];
    expect(trades.length).toBeGreaterThan(1000);
    expect(flow.asOf).toBe(now);
    expect(flow.lastId).toBe(Math.max(...trades.map((t) => t.id)));
    expect(flow.since).toBe(Math.min(...trades.map((t) => t.t)));

    const from = windowStart('5m', now);
    const inWindow = trades.filter((t) => t.t >= from);
    const sum = (list: PublicTrade[]) => list.reduce((s, t) => s + Number(t.q), 0);
    const five = periodFlow(ledgerOf(flow), '5m', now);
    expect(five.count).toBe(inWindow.length);
    expect(five.buyQty).toBeCloseTo(sum(inWindow.filter((t) => t.m)), 6);
    expect(five.sellQty).toBeCloseTo(sum(inWindow.filter((t) => !t.m)), 6);
    expect(periodFlow(ledgerOf(flow), '24h', now).count).toBe(trades.length);

    // The biggest trades are the published ones of greatest value.
    const byValue = trades.map((t) => Number(t.p) * Number(t.q)).sort((a, b) => b - a);
    expect(flow.topTrades).toHaveLength(20);
    expect(flow.topTrades.map((t) => Number(t.p) * Number(t.q)).sort((a, b) => b - a)).toEqual(byValue.slice(0, 20));
  });

  it('sends the periods and the large-trade floor as decimal strings', async () => {
    const { scheduler } = await setup();
    await scheduler.advance(2 * 60_000);
    const { result } = await raw(`${TRADE_FLOW_PATH}?symbol=BTCUSDT`);
    const five = (result.periods as Record<string, Record<string, unknown>>)['5m']!;
    expect(five).toMatchObject({ buyQty: expect.stringMatching(/^\d+\.\d{6}$/), netInflow: expect.stringMatching(/^-?\d+\.\d{8}$/) });
    expect(five.trades).toBeGreaterThan(0);
    expect(result.largeTradeMin).toMatch(/^\d+\.\d{8}$/);
    expect((result.buckets as string[][])[0]).toHaveLength(6);
  });

  it('starts afresh after a backward seek, and says since when', async () => {
    const { hub, scheduler } = await setup();
    await scheduler.advance(60_000);
    await hub.seek(20_000);
    const target = hub.now();
    await scheduler.advance(5_000);
    const flow = await fetchTradeFlow('BTCUSDT');
    expect(flow.since).toBeGreaterThanOrEqual(target);
    expect(flow.buckets.every((b) => b.t >= Math.floor(target / 60_000) * 60_000)).toBe(true);
  });

  it('refuses a missing or unknown symbol, and answers 10016 without a market', async () => {
    await setup();
    expect(await raw(TRADE_FLOW_PATH)).toMatchObject({ code: 10001, success: false });
    expect(await raw(`${TRADE_FLOW_PATH}?symbol=NOPEUSDT`)).toMatchObject({ code: 170121, success: false });
    cleanups.splice(0).forEach((f) => f());
    const server = setupServer(...createHandlers());
    server.listen();
    cleanups.push(() => server.close());
    expect(await raw(`${TRADE_FLOW_PATH}?symbol=BTCUSDT`)).toMatchObject({ code: 10016, success: false });
  });
});
