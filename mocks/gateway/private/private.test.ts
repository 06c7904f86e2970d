// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { engineSettings, startAmounts } from '../../accounts/exchangeAccounts';
import { createAccountService } from '../../accounts/service';
import { place, touchMarket } from '../../exchange/orderTestKit';
import type { OrderRequest } from '../../exchange';
import { ManualScheduler } from '../../market/hub';
import { ERRORS } from '../quote/frames';
import { memoryTestSocket, type Frame, type TestSocket } from '../quote/testSocket';
import { createPrivateGateway, USER_TOPICS } from './gateway';

/** A gateway over a real engine on BTCUSDT (touch 59,999 / 60,001, last 60,000) and the built-in accounts. */
function setup() {
  const h = touchMarket();
  h.trade('60000', '0.01', true);
  const accounts = createAccountService();
  for (const p of accounts.directory.list()) h.ex.addAccount(engineSettings(p), startAmounts());
  const scheduler = new ManualScheduler(0);
  const gateway = createPrivateGateway({ scheduler, accounts, exchange: h.ex });
  const connect = (userId: string, topics: string[]) => {
    const ws = memoryTestSocket(gateway);
    ws.send({ event: 'auth', params: { token: accounts.sessions.open(userId) } });
    for (const topic of topics) ws.send({ topic, event: 'sub' });
    ws.drain();
    return ws;
  };
  const order = (userId: string, req: Partial<OrderRequest>) => place(h, { qty: '0.01', price: '59000', ...req }, userId);
  return { h, accounts, scheduler, gateway, connect, order };
}

/** Pushes come after the engine call that caused them has finished. */
const delivered = () => Promise.resolve();
const pushes = (ws: TestSocket) => ws.frames.filter((f) => Array.isArray(f.data));
const topicsAndStatuses = (ws: TestSocket) =>
  pushes(ws).map((f) => [f.topic, ...(f.data as Array<{ status?: string; planType?: number }>).map((o) => `${o.status}/${o.planType}`)]);

describe('private socket', () => {
  it('answers pings, refuses user topics until login and unknown topics always', () => {
    const gateway = createPrivateGateway();
    const ws = memoryTestSocket(gateway);
    ws.send({ ping: 42 });
    expect(ws.frames.at(-1)).toEqual({ pong: 42 });
    for (const topic of USER_TOPICS) {
      ws.send({ topic, event: 'sub', params: { binary: false } });
      expect(ws.frames.at(-1), topic).toEqual({ topic, event: 'sub', code: ERRORS.loginRequired[0], desc: 'Login required.' });
    }
    expect(USER_TOPICS.size).toBe(19);
    ws.send({ topic: 'trade', symbol: 'BTCUSDT', event: 'sub' });
    expect(ws.frames.at(-1)).toEqual({ topic: 'trade', symbol: 'BTCUSDT', event: 'sub', code: '-100011', desc: 'Invalid Topic!' });
    ws.send({ topic: 'order_new', event: 'cancel' });
    expect(ws.frames.at(-1)).toMatchObject({ code: '-100012' });
    ws.send({ topic: 'order_new', event: 'unsub' });
    expect(ws.frames.at(-1)).toMatchObject({ code: '-100002' });
    ws.send('{');
    expect(ws.frames.at(-1)).toEqual({ code: '-100001', desc: 'Invalid request.' });
    gateway.close();
  });

  it('drops its sockets abnormally', async () => {
    const gateway = createPrivateGateway();
    const a = memoryTestSocket(gateway);
    const b = memoryTestSocket(gateway);
    b.close();
    expect(gateway.dropSockets()).toBe(1);
    expect(await a.closed).toEqual({ code: 1006 });
    gateway.close();
  });

  it('sends a classic account its orders by plan type, and a unified one every order on one topic', async () => {
    const { connect, order, gateway } = setup();
    const classic = connect('u-standard', ['order_new', 'plan_order', 'stop_limit_order', 'oco_order']);
    const unified = connect('u-uta', ['user.uta.spot.order']);
    for (const userId of ['u-standard', 'u-uta']) {
      order(userId, {});
      order(userId, { planType: 1, triggerPrice: '60100', price: '60150' });
      order(userId, { side: 'Sell', planType: 8, triggerPrice: '59900', price: '59850' });
      order(userId, {
        side: 'Sell', oco: { takeProfit: { triggerPrice: '61000', orderType: 'Limit', price: '61000' }, stopLoss: { triggerPrice: '59000', orderType: 'Market' } },
      });
    }
    await delivered();
    expect(topicsAndStatuses(classic)).toEqual([
      ['order_new', 'New/-1'], ['plan_order', 'Untriggered/1'], ['stop_limit_order', 'Untriggered/8'], ['oco_order', 'Untriggered/10', 'Untriggered/10'],
    ]);
    // One engine call, one frame: the unified account's four calls came in one task, so they share a frame per topic.
    expect(topicsAndStatuses(unified)).toEqual([['user.uta.spot.order', 'New/-1', 'Untriggered/1', 'Untriggered/8', 'Untriggered/10', 'Untriggered/10']]);
    const [stopLimit] = pushes(classic)[2]!.data as Array<Record<string, unknown>>;
    expect(stopLimit).toMatchObject({ stopOrderType: 'StopLimit', triggerPrice: '59900.00', createType: 'CreateByUser', specialTradeFrom: 0 });
    gateway.close();
  });

  it('sends a fill as a trade, then the order Filled, and the wallet once per call', async () => {
    const { connect, order, h, gateway } = setup();
    const ws = connect('u-standard', ['match', 'order_new', 'asset.spot-walletbalance']);
    const taken = order('u-standard', { orderType: 'Market', qty: '0.5', marketUnit: 'baseCoin', price: undefined });
    await delivered();
    const [trade] = pushes(ws).filter((f) => f.topic === 'match').flatMap((f) => f.data as Array<Record<string, unknown>>);
    expect(trade).toEqual({
      tradeId: expect.any(String), orderId: taken.orderId, symbolId: 'BTCUSDT', side: 'Buy', orderType: 'MARKET', price: '60001.00', quantity: '0.500000',
      amount: '30000.5', tokenFee: '0.0005', feeTokenId: 'BTC', isMaker: false, matchTime: h.t,
    });
    expect(topicsAndStatuses(ws).filter(([t]) => t === 'order_new')).toEqual([['order_new', 'Filled/-1']]);
    const wallets = pushes(ws).filter((f) => f.topic === 'asset.spot-walletbalance');
    // The first is the whole wallet a subscription starts with.
    expect(wallets).toHaveLength(2);
    expect(wallets[1]!.data).toContainEqual({ tokenId: 'BTC', free: '1.4995', spotAvailableBalance: '1.4995', transferLimit: '1.4995', locked: '0', total: '1.4995' });
    gateway.close();
  });

  it("never sends one user's events to another, and reaches every socket of the owner", async () => {
    const { connect, order, gateway } = setup();
    const mine = [connect('u-uta', ['user.uta.spot.order', 'user.unify.uta.wallet']), connect('u-uta', ['user.uta.spot.order'])];
    const theirs = connect('u-eaa', ['user.uta.spot.order', 'user.unify.uta.wallet']);
    order('u-uta', {});
    await delivered();
    expect(mine.map((ws) => pushes(ws).filter((f) => f.topic === 'user.uta.spot.order').length)).toEqual([1, 1]);
    expect(pushes(mine[0]!).filter((f) => f.topic === 'user.unify.uta.wallet')).toHaveLength(2);
    expect(pushes(theirs).filter((f) => f.topic !== 'user.unify.uta.wallet')).toEqual([]);
    expect(pushes(theirs)).toHaveLength(1);
    gateway.close();
  });

  it('pushes the wallet every interval while subscribed, with the interval', async () => {
    const { connect, scheduler, gateway } = setup();
    const ws = connect('u-eaa', ['user.unify.uta.wallet']);
    expect(pushes(ws)).toHaveLength(1);
    await scheduler.advance(15_000);
    expect(pushes(ws).map((f) => [f.interval, f.sendTime])).toEqual([[5000, 0], [5000, 5000], [5000, 10_000], [5000, 15_000]]);
    ws.send({ topic: 'user.unify.uta.wallet', event: 'cancel' });
    expect(ws.frames.at(-1)).toMatchObject({ code: '0' });
    await scheduler.advance(10_000);
    expect(pushes(ws)).toHaveLength(4);
    gateway.close();
  });

  it('pushes what it is told to subscribed sockets; a new sign-in drops the old subscriptions; a session ends', async () => {
    const { connect, accounts, gateway, scheduler } = setup();
    const ws = connect('u-standard', ['user.uta.upgrade']);
    expect(gateway.push('u-standard', 'user.uta.upgrade', [{ code: 200, data: '0' }])).toBe(1);
    expect(gateway.push('u-standard', 'strategy', [{}])).toBe(0);
    expect(pushes(ws)).toEqual([{ topic: 'user.uta.upgrade', data: [{ code: 200, data: '0' }], sendTime: 0 }]);
    const token = accounts.sessions.open('u-uta');
    ws.send({ event: 'auth', params: { token } });
    expect(gateway.push('u-standard', 'user.uta.upgrade', [{}])).toBe(0);
    expect(gateway.push('u-uta', 'user.uta.upgrade', [{}])).toBe(0);
    ws.send({ topic: 'user.uta.upgrade', event: 'sub' });
    accounts.sessions.close(token);
    expect(gateway.push('u-uta', 'user.uta.upgrade', [{}])).toBe(0);
    expect(ws.frames.filter((f: Frame) => f.event === 'auth').map((f) => f.desc ?? f.msg)).toEqual(['Success', 'Success', 'Session ended.']);
    await scheduler.advance(5000);
    expect(ws.frames.filter((f: Frame) => f.event === 'auth')).toHaveLength(3);
    gateway.close();
  });
});
