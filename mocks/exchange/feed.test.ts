// @vitest-environment node
import { afterEach, expect, test } from 'vitest';
import { Decimal } from 'decimal.js';
import { createTestHub, TEST_START } from '../market/hub/testMarket';
import type { MarketHub } from '../market/hub';
import { Exchange } from './exchange';
import { exchangeFeed, OWN_TRADE_ID_BASE } from './feed';
import { amount, instrumentsFor } from './testKit';

/**
 * The exchange inside the market hub: it meets the replayed events the page
 * sees, its resting orders are part of the book the hub publishes, and its
 * fills print in the public trades (a demo user sees both).
 */
const START = Math.floor(TEST_START / 1000) * 1000;
let hubs: MarketHub[] = [];
afterEach(() => {
  for (const hub of hubs) hub.close();
  hubs = [];
});

async function hubWithExchange() {
  const exchange = new Exchange({ instruments: instrumentsFor(['BTCUSDT']), latencyMs: 20, startTime: START });
  exchange.addAccount({ userId: 'demo', kind: 'UTA', demo: true }, { USDT: amount('100000'), BTC: amount('1') });
  const made = await createTestHub({ symbols: ['BTCUSDT'], exchange: exchangeFeed(exchange), exchangeStart: START });
  hubs.push(made.hub);
  await made.scheduler.advance(5_000);
  return { ...made, exchange };
}

const qtyAt = (levels: string[][] | [number, number][], price: number) => levels.find(([p]) => Number(p) === price)?.[1] ?? 0;

test('a resting own order is in the published book, at its price, on top of the recorded size', async () => {
  const { hub, exchange, scheduler } = await hubWithExchange();
  const before = hub.book('BTCUSDT', 50)!;
  const price = before.b[0]![0] - 5;
  const recorded = qtyAt(before.b, price);
  const placed = exchange.create('demo', { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', price: new Decimal(price).div(100).toFixed(2), qty: '0.5' }, hub.now());
  expect(placed.ok).toBe(true);
  hub.pause();
  await scheduler.advance(200);
  const after = hub.book('BTCUSDT', 50)!;
  expect(after.version, 'a new book version goes out').toBeGreaterThan(before.version);
  expect(qtyAt(after.b, price)).toBe(Number(recorded) + 500_000);
});

test('an own market order prints in the public trades with an id of its own range, at recorded bid prices', async () => {
  const { hub, exchange, scheduler } = await hubWithExchange();
  hub.pause();
  await scheduler.advance(200);
  const bids = hub.book('BTCUSDT', 50)!.b;
  const sold = exchange.create('demo', { symbol: 'BTCUSDT', side: 'Sell', orderType: 'Market', qty: '0.01' }, hub.now());
  expect(sold.ok).toBe(true);
  await scheduler.advance(200);
  const own = hub.trades('BTCUSDT', 100).filter((t) => t.id >= OWN_TRADE_ID_BASE);
  expect(own.length).toBeGreaterThan(0);
  expect(own.reduce((sum, t) => sum.plus(t.q), new Decimal(0)).toFixed(6)).toBe('0.010000');
  for (const trade of own) {
    expect(trade.m, 'a seller took').toBe(false);
    expect(bids.some(([p]) => new Decimal(p).div(100).eq(trade.p)), `${trade.p} was a recorded bid`).toBe(true);
  }
  expect(exchange.openOrders('demo')).toEqual([]);
});
