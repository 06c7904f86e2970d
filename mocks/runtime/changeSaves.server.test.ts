// @vitest-environment node
/**
 * Saves given as changes (`persistExchange` hands the SQLite store the
 * engine's journal, so a save costs what changed) must never leave a row
 * stale: after every save of a real workload through the server (creates,
 * modifies, cancels, fills as the replay moves), the rows read back must
 * equal the engine's whole state at that moment.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ManualScheduler } from '../market/hub';
import { TEST_START, sharedDemoSets } from '../market/hub/testMarket';
import { startLocalServer } from '../server/server';
import { snapshotExchange, type Exchange } from '../exchange';
import type { ExchangeStateStore, SavedChanges, SavedExchange } from './exchangePersistence';
import { openSqliteDataFolder } from './sqliteStores';

const folder = mkdtempSync(join(tmpdir(), 'spot-save-hint-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it('saves given as changes leave the rows equal to the engine\'s state, through creates, modifies, cancels and fills', async () => {
  const stores = openSqliteDataFolder(folder, { log: () => {} });
  const inner = stores.exchangeState;
  let saves = 0;
  let asChanges = 0;
  const mismatches: string[] = [];
  // The engine, once the server made it: the state a save must leave in the rows.
  let engine: Exchange | null = null;
  const checked: ExchangeStateStore = {
    ...inner,
    synchronous: true,
    keepsRecords: true,
    save(state: SavedExchange | SavedChanges) {
      void inner.save(state);
      saves += 1;
      const whole = Array.isArray(state.orders);
      if (!whole) asChanges += 1;
      if (!engine) return;
      const { orders, finished, fills, clientIds, accounts, ledger, quotaUsed, resting } = inner.load() as SavedExchange;
      const now = JSON.parse(JSON.stringify(snapshotExchange(engine))) as SavedExchange;
      try {
        expect({ orders, finished, fills, clientIds, accounts, ledger, quotaUsed, resting }).toEqual({
          orders: now.orders, finished: now.finished, fills: now.fills, clientIds: now.clientIds, accounts: now.accounts, ledger: now.ledger, quotaUsed: now.quotaUsed, resting: now.resting,
        });
      } catch {
        mismatches.push(`save ${saves} (${whole ? 'whole' : 'changes'})`);
      }
    },
  };
  const scheduler = new ManualScheduler(TEST_START);
  const server = await startLocalServer({ sets: sharedDemoSets(), scheduler, port: 0, ...stores, exchangeState: checked });
  try {
    await server.backend.hub.ready();
    engine = server.backend.exchange;
    const call = async (path: string, body: unknown, token: string) => {
      const response = await fetch(`${server.url}${path.slice(1)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { code: number; result: { orderId?: string } };
    };
    const register = async (nickname: string) => {
      const response = await fetch(`${server.url}user/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nickname }) });
      return ((await response.json()) as { result: { token: string } }).result.token;
    };
    const ticker = async () => {
      const body = (await (await fetch(`${server.url}spot/api/quote/v2/tickers?symbol=BTCUSDT`)).json()) as { result: { list: Array<{ lastPrice: string }> } };
      return Number(body.result.list[0]!.lastPrice);
    };
    const tokens = [await register('Hint one'), await register('Hint two')];
    const open: Array<{ token: string; orderId: string }> = [];
    let placed = 0;
    for (let round = 0; round < 40; round += 1) {
      const token = tokens[round % tokens.length]!;
      const last = await ticker();
      // Resting near the market (the replay may fill them), one marketable in four.
      const marketable = round % 4 === 0;
      const price = marketable ? last * 1.01 : last * (0.995 - (round % 5) * 0.001);
      const made = await call('/spot/api/order/create', { symbol_id: 'BTCUSDT', side: 'buy', type: 'limit', price: price.toFixed(2), quantity: '0.01', client_order_id: `hint-${round}` }, token);
      if (made.code === 0 && made.result.orderId) {
        placed += 1;
        if (!marketable) open.push({ token, orderId: made.result.orderId });
      }
      if (round % 3 === 1 && open.length > 0) {
        const order = open[0]!;
        await call('/spot/api/order/modify', { order_id: order.orderId, price: (last * 0.99).toFixed(2), quantity: '0.02' }, order.token);
      }
      if (round % 5 === 4 && open.length > 1) {
        const order = open.splice(1, 1)[0]!;
        await call('/spot/api/order/cancel', { order_id: order.orderId }, order.token);
      }
      // The replay moves: resting orders fill, and the fills are saved a moment later (no call waits for them).
      await scheduler.advance(2_000);
    }
    expect(placed).toBeGreaterThan(20);
    expect(asChanges).toBeGreaterThan(20);
    expect(mismatches).toEqual([]);
  } finally {
    await server.close();
    stores.close();
  }
}, 120_000);
