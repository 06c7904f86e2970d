// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageCookieOptions, signedInSocket, subscribe } from '../gateway/private/runtimeSockets';
import { RUNTIMES, startRuntime, type ContractRuntime } from '../runtime/contractKit';
import { callerFor, restingBuyPrice, touchOf, type Caller, type Row } from './orders/orderCallKit';
import { DEMO_RESET_PATH } from './assets';
import { ORDER_PATHS } from './orders/paths';
import { pageOf, readListQuery, readStrategyParams, STRATEGY_PATHS } from './strategyOrders';

const twap = { strategyType: 'twap', category: 'UTA_SPOT', symbol: 'BTCUSDT', side: 'Buy', size: '0.01', durationSec: 600, intervalSec: 60 };

const refused = (read: () => unknown) => {
  try {
    read();
    return null;
  } catch (error) {
    return [(error as { code: number }).code, (error as Error).message];
  }
};

describe('reading the strategy calls strictly', () => {
  it('the create body: the fields of its type only, each of its type, naming the first that is not', () => {
    expect(readStrategyParams({ ...twap, priceLimit: '' })).toEqual({ strategyType: 'twap', symbol: 'BTCUSDT', side: 'Buy', size: '0.01', durationSec: 600, intervalSec: 60 });
    expect(readStrategyParams({ strategyType: 'iceberg', symbol: 'BTCUSDT', side: 'Sell', size: '1', price: '70000', visibleSize: '0.1', randomize: true }))
      .toMatchObject({ price: '70000', visibleSize: '0.1', randomize: true });
    expect(refused(() => readStrategyParams({ ...twap, strategyType: 'webhook' }))).toEqual([10001, 'strategyType must be one of twap, iceberg, chase']);
    expect(refused(() => readStrategyParams({ ...twap, price: '1' }))).toEqual([10001, 'price is not a field of a twap order']);
    expect(refused(() => readStrategyParams({ ...twap, category: 'SPOT' }))).toEqual([10001, 'category must be UTA_SPOT']);
    expect(refused(() => readStrategyParams({ ...twap, symbol: 'btc' }))).toEqual([10001, 'symbol must be a pair id']);
    expect(refused(() => readStrategyParams({ ...twap, side: 'BUY' }))).toEqual([10001, 'side must be Buy or Sell']);
    expect(refused(() => readStrategyParams({ ...twap, size: 0.01 }))).toEqual([10001, 'size must be a decimal string']);
    expect(refused(() => readStrategyParams({ ...twap, size: undefined }))).toEqual([10001, 'size is required']);
    expect(refused(() => readStrategyParams({ ...twap, durationSec: '600' }))).toEqual([10001, 'durationSec must be a whole number']);
    expect(refused(() => readStrategyParams({ ...twap, priceLimit: '1e5' }))).toEqual([10001, 'priceLimit must be a decimal string']);
    expect(refused(() => readStrategyParams({ strategyType: 'iceberg', symbol: 'BTCUSDT', side: 'Buy', size: '1', price: '1', visibleSize: '1', randomize: 'yes' })))
      .toEqual([10001, 'randomize must be true or false']);
    expect(refused(() => readStrategyParams({ strategyType: 'chase', symbol: 'BTCUSDT', side: 'Buy', size: '1', chasePercentE4: 1.5 }))).toEqual([10001, 'chasePercentE4 must be a whole number']);
  });

  it('the list query: status required, page size by status (80 running, 20 finished, at most 80), from a body or a URL query', () => {
    expect(readListQuery({ status: 2, category: 'UTA_SPOT' })).toEqual({ status: 2, pageSize: 80 });
    expect(readListQuery({ status: '3', strategyType: 'chase', symbol: 'ETHUSDT', pageSize: '5' })).toEqual({ status: 3, strategyType: 'chase', symbol: 'ETHUSDT', pageSize: 5 });
    expect(readListQuery({ status: 3 })).toMatchObject({ pageSize: 20 });
    expect(refused(() => readListQuery({}))).toEqual([10001, 'status must be 2 (running) or 3 (finished)']);
    expect(refused(() => readListQuery({ status: 2, pageSize: 81 }))).toEqual([10001, 'pageSize must be a whole number from 1 to 80']);
    expect(refused(() => readListQuery({ status: 2, strategyType: 'grid' }))).toEqual([10001, 'strategyType must be one of twap, iceberg, chase']);
    expect(refused(() => readListQuery({ status: 2, limit: 5 }))).toEqual([10001, 'limit is not a field of the strategy list']);
    expect(refused(() => readListQuery({ status: 2, cursor: 'abc' }))).toEqual([10001, 'cursor must be a nextPageCursor of this list']);
  });

  it('pages newest first without repeating or skipping a row', () => {
    const rows = [5, 4, 4, 2, 1].map((t, i) => ({ createdTime: t, strategyId: `72${String(9 - i).padStart(16, '0')}` })) as never[];
    const first = pageOf(rows, { status: 2, pageSize: 2 });
    expect(first.list).toEqual(rows.slice(0, 2));
    const second = pageOf(rows, { status: 2, pageSize: 2, cursor: first.nextPageCursor });
    expect(second.list).toEqual(rows.slice(2, 4));
    const last = pageOf(rows, { status: 2, pageSize: 2, cursor: second.nextPageCursor });
    expect(last).toEqual({ list: rows.slice(4), nextPageCursor: '' });
  });
});

describe.each(RUNTIMES)('the strategy calls on the embedded exchange (%s)', (kind) => {
  let rt: ContractRuntime;
  let uta: Caller;
  beforeAll(async () => {
    rt = await startRuntime(kind, pageCookieOptions);
    uta = await callerFor(rt, 'u-uta');
  });
  afterAll(() => rt.close());

  const iceberg = (price: string, extra: Row = {}) => ({ strategyType: 'iceberg', symbol: 'BTCUSDT', side: 'Buy', size: '0.002', price, visibleSize: '0.001', ...extra });

  it('refuses visitors, classic and non-compliant accounts, malformed bodies and broken rules', async () => {
    expect(await rt.call(STRATEGY_PATHS.create, { body: twap })).toMatchObject({ code: 10007, success: false });
    const classic = await callerFor(rt, 'u-standard');
    expect(await classic(STRATEGY_PATHS.create, twap)).toMatchObject({ code: 170227, message: 'strategy orders need a unified trading account' });
    const eaa = await callerFor(rt, 'u-eaa');
    expect(await eaa(STRATEGY_PATHS.create, twap)).toMatchObject({ code: 170227, message: 'strategy orders are not available for this account' });
    const liquidation = await callerFor(rt, 'u-liquidation');
    expect(await liquidation(STRATEGY_PATHS.create, twap)).toMatchObject({ code: 81001 });
    expect(await uta(STRATEGY_PATHS.create, { ...twap, visibleSize: '1' })).toMatchObject({ code: 10001, message: 'visibleSize is not a field of a twap order' });
    expect(await uta(STRATEGY_PATHS.create, { ...twap, durationSec: 60 })).toMatchObject({ code: 170130, message: 'durationSec must be a whole number from 300 to 86400' });
    expect(await uta(STRATEGY_PATHS.create, { ...twap, size: '100' })).toMatchObject({ code: 170131, message: expect.stringMatching(/^Balance insufficient/) });
    expect(await uta(STRATEGY_PATHS.cancel, { strategyId: '7200000000000000099' })).toMatchObject({ code: 170213 });
    expect(await uta(STRATEGY_PATHS.cancel, {})).toMatchObject({ code: 10001, message: 'strategyId must be a strategy id (digits)' });
    expect(await uta(STRATEGY_PATHS.list, { category: 'UTA_SPOT' })).toMatchObject({ code: 10001 });
  });

  it('creates, lists by status with filters and pages, cancels; its children carry specialTradeFrom', async () => {
    const price = restingBuyPrice(rt, 'BTCUSDT');
    const made: Row[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await uta(STRATEGY_PATHS.create, iceberg(price));
      expect(answer).toMatchObject({ code: 0, success: true });
      made.push(answer.result as Row);
      await rt.scheduler.advance(1);
    }
    expect(made[0]).toMatchObject({ strategyType: 'iceberg', category: 'UTA_SPOT', status: 2, size: '0.002000', executedSize: '0.000000', price, visibleSize: '0.001000' });
    const chase = (await uta(STRATEGY_PATHS.create, { strategyType: 'chase', symbol: 'BTCUSDT', side: 'Buy', size: '0.001', chasePercentE4: 5000, maxChasePrice: price })).result as Row;
    await rt.scheduler.advance(100);

    const all = await uta(STRATEGY_PATHS.list, { status: 2, category: 'UTA_SPOT' });
    const ids = (all.result as { list: Row[] }).list.map((r) => r.strategyId);
    expect(ids).toEqual([chase.strategyId, ...made.map((r) => r.strategyId).reverse()]);
    const icebergs = (await uta(STRATEGY_PATHS.list, { status: 2, strategyType: 'iceberg', pageSize: 2 })).result as { list: Row[]; nextPageCursor: string };
    expect(icebergs.list.map((r) => r.strategyId)).toEqual([made[2]!.strategyId, made[1]!.strategyId]);
    const rest = (await rt.call(`${STRATEGY_PATHS.list}?status=2&strategyType=iceberg&pageSize=2&cursor=${icebergs.nextPageCursor}`, { token: await rt.signIn('u-uta') })).result as { list: Row[]; nextPageCursor: string };
    expect(rest).toEqual({ list: [expect.objectContaining({ strategyId: made[0]!.strategyId })], nextPageCursor: '' });
    expect(((await uta(STRATEGY_PATHS.list, { status: 2, symbol: 'ETHUSDT' })).result as { list: Row[] }).list).toEqual([]);

    // The children are in the order lists, tagged for the page's notices to skip.
    const open = (await uta(`${ORDER_PATHS.openOrders}?symbol_id=BTCUSDT`)).result as { list: Row[] };
    const tags = open.list.filter((o) => String(o.clientOrderId).startsWith('algo-')).map((o) => o.specialTradeFrom).sort();
    expect(tags).toEqual([1, 1, 1, 3]);
    expect(open.list.filter((o) => o.specialTradeFrom === 1).map((o) => o.createType)).toEqual(['CreateByIceberg', 'CreateByIceberg', 'CreateByIceberg']);
    // A child is its strategy's to move and end: the user's cancel is refused (cancel the strategy instead).
    const child = open.list.find((o) => o.specialTradeFrom === 1)!;
    expect(await uta(ORDER_PATHS.cancel, { order_id: child.orderId })).toMatchObject({ code: 170227 });
    const childPrice = Number(open.list.find((o) => o.specialTradeFrom === 3)!.price);
    expect(childPrice).toBeLessThan(touchOf(rt, 'BTCUSDT').ask / 100);
    expect(await uta(ORDER_PATHS.create, { symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', price, quantity: '0.001', client_order_id: 'algo-1' })).toMatchObject({ code: 10001 });

    const cancelled = await uta(STRATEGY_PATHS.cancel, { strategyId: made[0]!.strategyId });
    expect(cancelled).toMatchObject({ code: 0, result: { status: 3, endReason: 'cancelled', childOrderId: '' } });
    expect(await uta(STRATEGY_PATHS.cancel, { strategyId: made[0]!.strategyId })).toMatchObject({ code: 170190 });
    const history = (await uta(STRATEGY_PATHS.list, { status: 3 })).result as { list: Row[] };
    expect(history.list.map((r) => r.strategyId)).toEqual([made[0]!.strategyId]);
    const stranger = await callerFor(rt, 'u-sub');
    expect(await stranger(STRATEGY_PATHS.cancel, { strategyId: made[1]!.strategyId })).toMatchObject({ code: 170213 });
  });

  it('a demo reset ends the account\'s running strategies, a TWAP between slices included', async () => {
    const demo = await callerFor(rt, 'u-demo');
    const made = (await demo(STRATEGY_PATHS.create, twap)).result as Row;
    await rt.scheduler.advance(100);
    expect(((await demo(STRATEGY_PATHS.list, { status: 2 })).result as { list: Row[] }).list.map((r) => r.strategyId)).toEqual([made.strategyId]);
    expect(await demo(DEMO_RESET_PATH, {})).toMatchObject({ code: 0 });
    expect(((await demo(STRATEGY_PATHS.list, { status: 2 })).result as { list: Row[] }).list).toEqual([]);
    const ended = ((await demo(STRATEGY_PATHS.list, { status: 3 })).result as { list: Row[] }).list;
    expect(ended).toEqual([expect.objectContaining({ strategyId: made.strategyId, endReason: 'cancelled' })]);
    // Nothing trades on after it: the next slice's time passes with no child.
    await rt.scheduler.advance(120_000);
    expect(((await demo(`${ORDER_PATHS.openOrders}?symbol_id=BTCUSDT`)).result as { list: Row[] }).list).toEqual([]);
  });

  it('pushes changes of the user\'s strategies on `strategy`, once per burst', async () => {
    // Whatever the earlier calls left pending goes out first.
    await rt.scheduler.advance(1);
    const token = await rt.signIn('u-uta');
    const ws = await signedInSocket(rt, token);
    expect(await subscribe(ws, 'strategy')).toMatchObject({ code: '0' });
    const made = (await uta(STRATEGY_PATHS.create, iceberg(restingBuyPrice(rt, 'BTCUSDT')))).result as Row;
    await rt.scheduler.advance(1);
    const mine = (f: { data?: unknown }) => ((f.data ?? []) as Row[]).filter((i) => i.strategyId === made.strategyId);
    // Created, then its first child placed: two changes, one push, one item.
    const push = await ws.next((f) => f.topic === 'strategy' && mine(f).length > 0);
    expect(push).toMatchObject({ topic: 'strategy', sendTime: expect.any(Number) });
    expect(mine(push)).toEqual([{ kind: 'algo', strategyId: made.strategyId, strategyType: 'iceberg', symbol: 'BTCUSDT', status: 2 }]);
    await uta(STRATEGY_PATHS.cancel, { strategyId: made.strategyId });
    await rt.scheduler.advance(1);
    const ended = await ws.next((f) => f.topic === 'strategy' && mine(f)[0]?.status === 3);
    expect(mine(ended)).toEqual([{ kind: 'algo', strategyId: made.strategyId, strategyType: 'iceberg', symbol: 'BTCUSDT', status: 3 }]);
    ws.close();
  });
});

describe('strategy orders across a restart of the embedded exchange', () => {
  it('are saved with the engine (key algoOrders) and keep running after it restarts from the save', async () => {
    let saved: unknown = null;
    const store = { load: () => saved, save: (snap: unknown) => void (saved = JSON.parse(JSON.stringify(snap))) };
    const first = await startRuntime('msw/node', { exchangeState: store });
    const call = await callerFor(first, 'u-uta');
    const made = (await call(STRATEGY_PATHS.create, { strategyType: 'iceberg', symbol: 'BTCUSDT', side: 'Buy', size: '0.002', price: restingBuyPrice(first, 'BTCUSDT'), visibleSize: '0.001' })).result as Row;
    await first.scheduler.advance(1);
    first.backend.flushState();
    await first.close();
    expect((saved as { algoOrders: { strategies: Row[] } }).algoOrders.strategies).toEqual([expect.objectContaining({ strategyId: made.strategyId, status: 2 })]);

    const second = await startRuntime('msw/node', { exchangeState: store });
    const again = await callerFor(second, 'u-uta');
    const running = (await again(STRATEGY_PATHS.list, { status: 2 })).result as { list: Row[] };
    expect(running.list).toEqual([expect.objectContaining({ strategyId: made.strategyId, status: 2, childOrderId: expect.stringMatching(/^\d+$/) })]);
    await second.close();
  });
});
