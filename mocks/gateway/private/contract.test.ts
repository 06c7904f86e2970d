// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIMES, startRuntime, type ContractRuntime } from '../../runtime/contractKit';
import type { Frame, TestSocket } from '../quote/testSocket';
import { pageCookieOptions, privateSocket, signedInSocket, subscribe } from './runtimeSockets';

const ORDER = { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.001', price: '1000' };

/** Every frame before a pong to this ping has arrived: nothing pushed so far is still on its way. */
async function settled(ws: TestSocket): Promise<void> {
  const ping = Math.random();
  ws.send({ ping });
  await ws.next((f) => f.pong === ping);
}

const pushesOf = (ws: TestSocket, topic: string) => ws.frames.filter((f) => f.topic === topic && Array.isArray(f.data));

/** The private socket `/realtime_w` over both runtimes: sign-in, topics by account type, the engine's pushes. */
describe.each(RUNTIMES)('private socket (%s)', (kind) => {
  let rt: ContractRuntime;
  const open: TestSocket[] = [];
  const track = (ws: TestSocket) => (open.push(ws), ws);
  beforeAll(async () => {
    rt = await startRuntime(kind, pageCookieOptions);
  });
  afterEach(async () => {
    const closing = open.splice(0);
    for (const ws of closing) ws.close();
    await Promise.all(closing.map((ws) => ws.closed));
  });
  afterAll(() => rt.close());

  it('signs in with an auth frame; refuses a bad token and user topics without a session', async () => {
    const ws = track(await privateSocket(rt));
    expect(await subscribe(ws, 'order_new')).toEqual({ topic: 'order_new', event: 'sub', code: '-100401', desc: 'Login required.' });
    ws.send({ event: 'auth', params: { token: 'u-standard' } });
    expect(await ws.next((f) => f.event === 'auth')).toEqual({ event: 'auth', code: '-100401', desc: 'Invalid session.' });
    ws.send({ event: 'auth' });
    expect(await ws.next((f) => f.event === 'auth')).toMatchObject({ code: '-100401' });
    ws.send({ event: 'auth', params: { token: await rt.signIn('u-standard') } });
    expect(await ws.next((f) => f.event === 'auth')).toEqual({ event: 'auth', code: '0', msg: 'Success', userId: 'u-standard', accountType: 'CLASSIC' });
    expect(await subscribe(ws, 'order_new')).toMatchObject({ code: '0', msg: 'Success' });
  });

  it('signs in with the session cookie of the connecting page', async () => {
    const token = await rt.signIn('u-uta');
    const ws = track(await privateSocket(rt, `theme=dark; spot_session=${token}`));
    expect(await subscribe(ws, 'user.uta.spot.order')).toMatchObject({ code: '0' });
    const stranger = track(await privateSocket(rt, 'spot_session=u-uta'));
    expect(await subscribe(stranger, 'user.uta.spot.order')).toMatchObject({ code: '-100401', desc: 'Login required.' });
  });

  it("refuses the other account type's topics; shared topics serve both", async () => {
    const classic = track(await signedInSocket(rt, await rt.signIn('u-standard')));
    const unified = track(await signedInSocket(rt, await rt.signIn('u-uta')));
    const wrong = { code: '-100403', desc: 'Topic not available for this account type.' };
    for (const topic of ['user.uta.spot.order', 'user.uta.spot.trade', 'user.unify.uta.wallet', 'private.position']) {
      expect(await subscribe(classic, topic), topic).toEqual({ topic, event: 'sub', ...wrong });
    }
    for (const topic of ['order_new', 'plan_order', 'stop_limit_order', 'oco_order', 'match', 'asset.spot-walletbalance']) {
      expect(await subscribe(unified, topic), topic).toEqual({ topic, event: 'sub', ...wrong });
    }
    for (const topic of ['user.uta.upgrade', 'lt_order', 'strategy']) {
      expect(await subscribe(classic, topic), topic).toMatchObject({ code: '0' });
      expect(await subscribe(unified, topic), topic).toMatchObject({ code: '0' });
    }
  });

  it("pushes an order's New and Cancelled to its owner only, and the wallet change", async () => {
    const owner = track(await signedInSocket(rt, await rt.signIn('u-standard')));
    const other = track(await signedInSocket(rt, await rt.signIn('u-eaa')));
    await subscribe(owner, 'order_new');
    await subscribe(owner, 'asset.spot-walletbalance');
    await owner.next((f) => f.topic === 'asset.spot-walletbalance' && Array.isArray(f.data));
    await subscribe(other, 'user.uta.spot.order');
    await subscribe(other, 'user.unify.uta.wallet');
    await other.next((f) => f.topic === 'user.unify.uta.wallet' && Array.isArray(f.data));

    const placed = await rt.call('/mock/api/exchange/orders', { body: { userId: 'u-standard', ...ORDER } });
    const { orderId } = placed.result as { orderId: string };
    // The order meets the book (and is pushed New) on the first market step after the entry latency.
    await rt.scheduler.advance(100);
    const push = await owner.next((f) => f.topic === 'order_new' && Array.isArray(f.data));
    expect(push).toEqual({ topic: 'order_new', data: [expect.any(Object)], sendTime: expect.any(Number) });
    expect(push.data![0]).toMatchObject({
      orderId, symbolId: 'BTCUSDT', side: 'Buy', type: 'LIMIT', status: 'New', planType: -1, price: '1000.00', origQty: '0.001000', executedQty: '0.000000',
      amount: '1', orderQtyForView: '0.001000', baseTokenName: 'BTC', quoteTokenName: 'USDT', stopOrderType: '', isLeverage: false,
    });
    const wallet = await owner.next((f) => f.topic === 'asset.spot-walletbalance' && Array.isArray(f.data));
    expect(wallet.interval).toBe(5000);
    expect(wallet.data).toContainEqual({ tokenId: 'USDT', free: '99999', spotAvailableBalance: '99999', transferLimit: '99999', locked: '1', total: '100000' });

    await rt.call('/mock/api/exchange/cancel', { body: { userId: 'u-standard', orderId } });
    const cancelled = await owner.next((f) => f.topic === 'order_new' && Array.isArray(f.data));
    expect(cancelled.data![0]).toMatchObject({ orderId, status: 'Cancelled' });
    await settled(other);
    expect(other.frames.filter((f) => Array.isArray(f.data) && f.topic !== 'user.unify.uta.wallet')).toEqual([]);
    expect(pushesOf(other, 'user.unify.uta.wallet')).toHaveLength(1);
  });

  it('pushes a fill as a trade with the spec fields (UTA)', async () => {
    const ws = track(await signedInSocket(rt, await rt.signIn('u-uta')));
    await subscribe(ws, 'user.uta.spot.trade');
    await subscribe(ws, 'user.uta.spot.order');
    const placed = await rt.call('/mock/api/exchange/orders', { body: { userId: 'u-uta', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Market', qty: '100', marketUnit: 'quoteCoin' } });
    expect(placed).toMatchObject({ code: 0 });
    await rt.scheduler.advance(1000);
    const trade = await ws.next((f) => f.topic === 'user.uta.spot.trade' && Array.isArray(f.data));
    const item = trade.data![0] as Record<string, unknown>;
    expect(Object.keys(item).sort()).toEqual(
      ['amount', 'feeTokenId', 'isMaker', 'matchTime', 'orderId', 'orderType', 'price', 'quantity', 'side', 'symbolId', 'tokenFee', 'tradeId'].sort(),
    );
    expect(item).toMatchObject({ orderId: (placed.result as { orderId: string }).orderId, symbolId: 'BTCUSDT', side: 'Buy', orderType: 'MARKET', isMaker: false, feeTokenId: 'BTC' });
    for (const field of ['price', 'quantity', 'amount', 'tokenFee', 'tradeId']) expect(item[field], field).toMatch(/^\d+(\.\d+)?$/);
    const filled = await ws.next((f) => f.topic === 'user.uta.spot.order' && (f.data as Array<{ status: string }>).some((o) => o.status === 'Filled'));
    expect(filled).toBeTruthy();
  });

  it('pushes the whole wallet every declared interval, with the interval', async () => {
    const ws = track(await signedInSocket(rt, await rt.signIn('u-sub')));
    await subscribe(ws, 'user.unify.uta.wallet');
    const first = await ws.next((f) => f.topic === 'user.unify.uta.wallet' && Array.isArray(f.data));
    await rt.scheduler.advance(15_000);
    await settled(ws);
    const pushes = pushesOf(ws, 'user.unify.uta.wallet');
    expect(pushes).toHaveLength(4);
    for (const push of pushes) expect(push.interval).toBe(5000);
    const times = pushes.map((p) => p.sendTime as number);
    expect([times[2]! - times[1]!, times[3]! - times[2]!]).toEqual([5000, 5000]);
    const [wallet] = first.data as Array<{ coinList: Array<Record<string, string>>; actualLeverageRatio: string }>;
    expect(wallet!.actualLeverageRatio).toBe('1.00');
    expect(wallet!.coinList.find((c) => c.tokenId === 'USDT')).toEqual({
      tokenId: 'USDT', walletBalance: '100000', spotAvailableBalance: '100000', spotMarginAvailableBalance: '100000', borrowSize: '0',
      occAssetUSDTValue: '0.00',
    });
  });

  it('tells the socket when its session ends and drops its subscriptions', async () => {
    const token = await rt.signIn('u-leader');
    const ws = track(await signedInSocket(rt, token));
    await subscribe(ws, 'user.uta.spot.order');
    expect(await rt.call('/logout', { method: 'POST', token })).toMatchObject({ code: 0 });
    await rt.scheduler.advance(5000);
    expect(await ws.next((f: Frame) => f.event === 'auth')).toEqual({ event: 'auth', code: '-100401', desc: 'Session ended.' });
    expect(await subscribe(ws, 'user.uta.spot.order')).toMatchObject({ code: '-100401', desc: 'Login required.' });
    await rt.call('/mock/api/exchange/orders', { body: { userId: 'u-leader', ...ORDER } });
    await settled(ws);
    expect(pushesOf(ws, 'user.uta.spot.order')).toEqual([]);

    const again = await rt.signIn('u-leader');
    const second = track(await signedInSocket(rt, again));
    expect(rt.backend.privateSocket.sessionEnded(again)).toBe(1);
    expect(await second.next((f) => f.event === 'auth')).toMatchObject({ desc: 'Session ended.' });
  });
});
