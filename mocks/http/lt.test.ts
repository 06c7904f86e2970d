// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amount } from '../exchange/testKit';
import { pageCookieOptions, signedInSocket, subscribe } from '../gateway/private/runtimeSockets';
import { LT_TOPICS } from '../lt/ltPush';
import { RUNTIMES, startRuntime, type ContractRuntime } from '../runtime/contractKit';
import { LT_CONTROL_PATH } from '../runtime/ltControl';
import { callerFor, type Caller, type Row } from './orders/orderCallKit';
import { LT_PATHS } from './lt';

const BTC3L = 'BTC3LUSDT';
const SCALE = 10n ** 18n;
const sub = (amountText: string, symbolId = BTC3L) => ({ symbolId, amount: amountText });
const red = (quantity: string, symbolId = BTC3L) => ({ symbolId, quantity });

/** An LT order that must be accepted. */
async function placed(call: Caller, path: string, body: Row): Promise<Row> {
  const answer = await call(path, body);
  if (answer.code !== 0) throw new Error(`refused ${answer.code}: ${answer.message ?? ''}`);
  return answer.result as Row;
}

const control = (rt: ContractRuntime, body: Row) => rt.call(LT_CONTROL_PATH, { body });
const ordersOf = async (call: Caller, query: string) => ((await call(`${LT_PATHS.orders}?${query}`)).result as { list: Row[]; nextCursor: string | null });
const balance = (rt: ContractRuntime, userId: string, token: string) => rt.backend.exchange.ledger.line(userId, token);

describe.each(RUNTIMES)('the leveraged-token calls (%s)', (kind) => {
  let rt: ContractRuntime;
  let visitor: Caller;
  let uta: Caller;
  beforeAll(async () => {
    rt = await startRuntime(kind, pageCookieOptions);
    visitor = await callerFor(rt, null);
    uta = await callerFor(rt, 'u-uta');
    await rt.scheduler.advance(500);
  });
  afterAll(() => rt.close());

  it('lets a visitor read symbol info, live info and NAV candles (history before the exchange started, then live)', async () => {
    const info = await visitor(`${LT_PATHS.symbolInfo}?symbolId=${BTC3L}`);
    expect(info).toMatchObject({ code: 0, success: true, message: 'success', result: {
      symbolId: BTC3L, token: 'BTC3L', quote: 'USDT', underlying: 'BTCUSDT', direction: 'long', targetLeverage: '3', upperLeverage: '4', lowerLeverage: '2',
      minPurchase: '100', maxPurchase: '10000', dailyPurchaseCap: '200000', minRedeem: '20', maxRedeem: '2000',
      purchaseFeeRate: '0.0005', redeemFeeRate: '0.0005', managementFeeRate: '0.00005', tokenStep: '0.0001', quoteStep: '0.00000001', dailyPurchaseUsed: '0',
    } });
    const live = (await visitor(`${LT_PATHS.info}?symbolId=${BTC3L}`)).result as Row;
    expect(live).toMatchObject({ symbolId: BTC3L, time: rt.backend.hub.now(), st: 1, riskState: 1, riskSwitchStatus: 1, rebalances: 0, lastRebalanceTime: null });
    expect(live.nav).toMatch(/^\d+\.\d{8}$/);
    expect(Number(live.nav)).toBeCloseTo(4.821, 1);
    expect(Number(live.realLeverage)).toBeCloseTo(3, 1);
    expect(live.nextResetTime).toBe((Math.floor(rt.backend.hub.now() / 86_400_000) + 1) * 86_400_000);

    const minutes = ((await visitor(`${LT_PATHS.kline}?symbolId=${BTC3L}&interval=1m&limit=30`)).result as { list: Row[] }).list;
    expect(minutes).toHaveLength(30);
    expect(minutes.map((b) => b.t)).toEqual([...minutes.map((b) => b.t as number)].sort((a, b) => a - b));
    expect(minutes[0]).toEqual({ t: expect.any(Number), o: expect.stringMatching(/^\d+\.\d{8}$/), h: expect.any(String), l: expect.any(String), c: expect.any(String), st: 1 });
    expect(minutes.at(-1)!.c).toBe(live.nav);
    // The history is scaled to end where the live NAV began: no step between the two.
    expect(minutes.at(-1)!.o).toBe(minutes.at(-2)!.c);
    const days = ((await visitor(`${LT_PATHS.kline}?symbolId=${BTC3L}&interval=1d`)).result as { list: Row[] }).list;
    expect(days.length).toBeGreaterThan(200);
    expect(days[0]!.t as number).toBeLessThan(rt.backend.hub.now() - 200 * 86_400_000);
    for (const interval of ['5m', '1h']) expect(((await visitor(`${LT_PATHS.kline}?symbolId=${BTC3L}&interval=${interval}&limit=5`)).result as { list: Row[] }).list).toHaveLength(5);

    expect(await visitor(`${LT_PATHS.info}?symbolId=BTCUSDT`)).toMatchObject({ code: 170121, success: false });
    expect(await visitor(`${LT_PATHS.info}`)).toMatchObject({ code: 10001, message: 'symbolId is required' });
    expect(await visitor(`${LT_PATHS.kline}?symbolId=${BTC3L}&interval=15m`)).toMatchObject({ code: 10001, message: 'interval must be one of 1m, 5m, 1h, 1d' });
    expect(await visitor(`${LT_PATHS.kline}?symbolId=${BTC3L}&interval=1m&limit=1001`)).toMatchObject({ code: 10001 });
    expect(await visitor(`${LT_PATHS.info}?symbolId=${BTC3L}&x=1`)).toMatchObject({ code: 10001, message: 'x is not a parameter of this call' });
  });

  it('asks a visitor to sign in for orders and records; keeps demo and non-compliant accounts out (176011)', async () => {
    expect(await visitor(LT_PATHS.subscribe, sub('150'))).toMatchObject({ code: 10007, success: false });
    expect(await visitor(LT_PATHS.redeem, red('20'))).toMatchObject({ code: 10007 });
    expect(await visitor(`${LT_PATHS.orders}?orderType=1&days=7`)).toMatchObject({ code: 10007 });
    for (const userId of ['u-demo', 'u-eaa']) {
      const call = await callerFor(rt, userId);
      expect(await call(LT_PATHS.subscribe, sub('150'))).toMatchObject({ code: 176011, success: false });
      expect(await call(LT_PATHS.redeem, red('20'))).toMatchObject({ code: 176011 });
      expect(await call(`${LT_PATHS.orders}?orderType=1&days=7`)).toMatchObject({ code: 176011 });
    }
  });

  it('subscribes from a classic account too, and processes 3 s later at the NAV then', async () => {
    const classic = await callerFor(rt, 'u-standard');
    const made = await placed(classic, LT_PATHS.subscribe, sub('150'));
    expect(made).toMatchObject({ orderId: expect.stringMatching(/^lt-\d+$/), symbolId: BTC3L, orderType: 1, orderQuantity: '150', status: 2, nav: null });
    expect(balance(rt, 'u-standard', 'USDT').locked).toBe(amount('150'));
    await rt.scheduler.advance(3_100);
    const [done] = (await ordersOf(classic, 'orderType=1&days=7')).list;
    expect(done).toMatchObject({ orderId: made.orderId, status: 1, fee: '0.075', failReason: null });
    // By hand from the NAV it used: (150 − 0.075) / nav, down to 0.0001.
    const tokens = (amount('149.925') * SCALE) / amount(done!.nav as string);
    expect(amount(done!.fillQuantity as string)).toBe(tokens - (tokens % amount('0.0001')));
    expect(balance(rt, 'u-standard', 'BTC3L').free).toBe(amount(done!.fillQuantity as string));
    expect(balance(rt, 'u-standard', 'USDT').locked).toBe(0n);
  });

  it('pushes each change of the user\'s LT order on lt_order and user.lt.order', async () => {
    await rt.scheduler.advance(1);
    const ws = await signedInSocket(rt, await rt.signIn('u-uta'));
    for (const topic of LT_TOPICS) expect(await subscribe(ws, topic)).toMatchObject({ code: '0' });
    const made = await placed(uta, LT_PATHS.subscribe, sub('100'));
    await rt.scheduler.advance(1);
    const mine = (status: number) => (f: { topic?: unknown; data?: unknown }) => ((f.data ?? []) as Row[]).some((o) => o.orderId === made.orderId && o.status === status);
    for (const topic of LT_TOPICS) {
      const push = await ws.next((f) => f.topic === topic && mine(2)(f));
      expect(push.data).toEqual([made]);
    }
    await rt.scheduler.advance(3_100);
    for (const topic of LT_TOPICS) {
      const push = await ws.next((f) => f.topic === topic && mine(1)(f));
      expect(push.data).toEqual([expect.objectContaining({ orderId: made.orderId, status: 1, nav: expect.any(String), fillQuantity: expect.any(String) })]);
    }
    ws.close();
  });
});

describe('LT refusals in the order of spec 2 §5 (msw/node)', () => {
  let rt: ContractRuntime;
  let uta: Caller;
  beforeAll(async () => {
    rt = await startRuntime('msw/node');
    uta = await callerFor(rt, 'u-uta');
    await rt.scheduler.advance(500);
  });
  afterAll(() => rt.close());
  const set = async (body: Row) => expect(await control(rt, { symbolId: BTC3L, ...body })).toMatchObject({ code: 0 });

  it('reads bodies strictly: 10001 naming the field, 170121 for a pair that is not a leveraged token', async () => {
    expect(await uta(LT_PATHS.subscribe, { ...sub('150'), side: 'Buy' })).toMatchObject({ code: 10001, message: 'side is not a field of a subscription' });
    expect(await uta(LT_PATHS.subscribe, { symbolId: BTC3L, amount: 150 })).toMatchObject({ code: 10001, message: 'amount must be a decimal string' });
    expect(await uta(LT_PATHS.subscribe, sub('150.000000001'))).toMatchObject({ code: 10001, message: 'amount must be a multiple of 0.00000001' });
    expect(await uta(LT_PATHS.redeem, red('20.00001'))).toMatchObject({ code: 10001, message: 'quantity must be a multiple of 0.0001' });
    expect(await uta(LT_PATHS.redeem, sub('20'))).toMatchObject({ code: 10001, message: 'amount is not a field of a redemption' });
    expect(await uta(LT_PATHS.subscribe, { amount: '150' })).toMatchObject({ code: 10001, message: 'symbolId is required' });
    expect(await uta(LT_PATHS.subscribe, sub('150', 'BTCUSDT'))).toMatchObject({ code: 170121 });
    expect(await uta(`${LT_PATHS.orders}?orderType=3`)).toMatchObject({ code: 10001, message: 'orderType must be 1 (subscription) or 2 (redemption)' });
    expect(await uta(`${LT_PATHS.orders}?orderType=1&days=8`)).toMatchObject({ code: 10001, message: 'days must be 7, 30 or 180' });
    expect(await uta(`${LT_PATHS.orders}?orderType=1&limit=51`)).toMatchObject({ code: 10001 });
    expect(await uta(`${LT_PATHS.orders}?orderType=1&symbolId=ETHUSDT`)).toMatchObject({ code: 170121 });
  });

  it('subscription: 176001 … 176010, each only once the ones before it pass', async () => {
    expect(await uta(LT_PATHS.subscribe, sub(''))).toMatchObject({ code: 176001 });
    expect(await uta(LT_PATHS.subscribe, sub('0'))).toMatchObject({ code: 176001 });
    // Above the balance and above maxPurchase: the balance is checked first.
    expect(await uta(LT_PATHS.subscribe, sub('1000000'))).toMatchObject({ code: 176002 });
    await set({ st: 3 });
    expect(await uta(LT_PATHS.subscribe, sub('1000000'))).toMatchObject({ code: 176002 });
    expect(await uta(LT_PATHS.subscribe, sub('150'))).toMatchObject({ code: 176003 });
    await set({ st: 4 });
    expect(await uta(LT_PATHS.subscribe, sub('150'))).toMatchObject({ code: 176003 });
    await set({ st: 5 });
    expect(await uta(LT_PATHS.subscribe, sub('150'))).toMatchObject({ code: 176004 });
    expect(((await control(rt, { symbolId: BTC3L, st: 1, riskState: 4 })).result as Row).st).toBe(1);
    expect(await uta(LT_PATHS.subscribe, sub('150'))).toMatchObject({ code: 176005 });
    // Closing position counts only while the switch is on.
    await set({ riskSwitchStatus: 0 });
    expect(await uta(LT_PATHS.subscribe, sub('20000'))).toMatchObject({ code: 176008 });
    await set({ riskSwitchStatus: 1, riskState: 1, nav: '0' });
    expect(await uta(LT_PATHS.subscribe, sub('150'))).toMatchObject({ code: 176006 });
    await set({ nav: '4.5', riskState: 5 });
    expect(await uta(LT_PATHS.subscribe, sub('150'))).toMatchObject({ code: 176007 });
    await set({ riskState: 1 });
    expect(await uta(LT_PATHS.subscribe, sub('10000.01'))).toMatchObject({ code: 176008 });
    expect(await uta(LT_PATHS.subscribe, sub('99.99'))).toMatchObject({ code: 176009 });
    rt.backend.exchange.credit('u-uta', 'USDT', amount('150000'));
    for (let i = 0; i < 20; i++) await placed(uta, LT_PATHS.subscribe, sub('10000'));
    expect(await uta(LT_PATHS.subscribe, sub('100'))).toMatchObject({ code: 176010 });
    expect(((await uta(`${LT_PATHS.symbolInfo}?symbolId=${BTC3L}`)).result as Row).dailyPurchaseUsed).toBe('200000');
    await rt.scheduler.advance(3_100);
    expect((await ordersOf(uta, 'orderType=1&days=7&limit=50')).list.filter((o) => o.status === 1)).toHaveLength(20);
  });

  it('redemption: 176001 … 176009 (176007 is not for redemption)', async () => {
    const held = balance(rt, 'u-uta', 'BTC3L').free;
    expect(held > amount('2000')).toBe(true);
    expect(await uta(LT_PATHS.redeem, red('0'))).toMatchObject({ code: 176001 });
    expect(await uta(LT_PATHS.redeem, red('1000000'))).toMatchObject({ code: 176002 });
    await set({ st: 2 });
    expect(await uta(LT_PATHS.redeem, red('20'))).toMatchObject({ code: 176003 });
    await set({ st: 5 });
    expect(await uta(LT_PATHS.redeem, red('20'))).toMatchObject({ code: 176004 });
    await set({ st: 3, riskState: 4 });
    expect(await uta(LT_PATHS.redeem, red('20'))).toMatchObject({ code: 176005 });
    await set({ riskState: 5, nav: '0' });
    expect(await uta(LT_PATHS.redeem, red('20'))).toMatchObject({ code: 176006 });
    await set({ nav: '4.821' });
    expect(await uta(LT_PATHS.redeem, red('19.9999'))).toMatchObject({ code: 176008 });
    expect(await uta(LT_PATHS.redeem, red('2000.0001'))).toMatchObject({ code: 176009 });
    const made = await placed(uta, LT_PATHS.redeem, red('20'));
    expect(balance(rt, 'u-uta', 'BTC3L')).toMatchObject({ free: held - amount('20'), locked: amount('20') });
    // Closed for redemption before it is processed: failed, the tokens given back.
    await set({ st: 2, riskState: 1 });
    await rt.scheduler.advance(3_100);
    const [failed] = (await ordersOf(uta, `orderType=2&days=7&symbolId=${BTC3L}`)).list;
    expect(failed).toMatchObject({ orderId: made.orderId, status: 3, failReason: 'closed', fillQuantity: null });
    expect(balance(rt, 'u-uta', 'BTC3L')).toMatchObject({ free: held, locked: 0n });
  });

  it('the control refuses what it cannot set', async () => {
    expect(await control(rt, { symbolId: 'BTCUSDT', st: 1 })).toMatchObject({ code: 170121 });
    expect(await control(rt, { symbolId: BTC3L, st: 6 })).toMatchObject({ code: 10002, message: 'st must be 1, 2, 3, 4 or 5' });
    expect(await control(rt, { symbolId: BTC3L, nav: 0 })).toMatchObject({ code: 10002 });
    expect(await control(rt, { symbolId: BTC3L, colour: 'red' })).toMatchObject({ code: 10002, message: 'colour is not a field of this control' });
    const rebalancing = (await control(rt, { symbolId: BTC3L, st: 5 })).result as Row;
    expect(rebalancing).toMatchObject({ st: 5, lastRebalanceTime: rt.backend.hub.now() });
    await rt.scheduler.advance(60_000);
    expect(((await rt.call(`${LT_PATHS.info}?symbolId=${BTC3L}`)).result as Row).st).toBe(2);
  });
});

describe('LT across a restart of the embedded exchange', () => {
  it('is saved with the engine (key lt) before the call answers; an order in progress is processed after the restart', async () => {
    let saved: unknown = null;
    const store = { load: () => saved, save: (snap: unknown) => void (saved = JSON.parse(JSON.stringify(snap))) };
    const first = await startRuntime('msw/node', { exchangeState: store });
    await first.scheduler.advance(500);
    const call = await callerFor(first, 'u-uta');
    const made = await placed(call, LT_PATHS.subscribe, sub('500'));
    // Durable: written before the answer left.
    expect((saved as { lt: { orders: Row[] } }).lt.orders).toEqual([expect.objectContaining({ orderId: made.orderId, status: 2, quantity: '500' })]);
    // Subscribe only: the order still goes through after the restart.
    expect(await control(first, { symbolId: BTC3L, st: 2 })).toMatchObject({ code: 0 });
    expect((saved as { lt: { tokens: Row[] } }).lt.tokens.find((t) => t.symbolId === BTC3L)).toMatchObject({ st: 2 });
    await first.close();

    const second = await startRuntime('msw/node', { exchangeState: store });
    const again = await callerFor(second, 'u-uta');
    expect(((await again(`${LT_PATHS.info}?symbolId=${BTC3L}`)).result as Row).st).toBe(2);
    expect(balance(second, 'u-uta', 'USDT').locked).toBe(amount('500'));
    await second.scheduler.advance(3_100);
    expect((await ordersOf(again, 'orderType=1&days=7')).list).toEqual([expect.objectContaining({ orderId: made.orderId, status: 1 })]);
    expect(balance(second, 'u-uta', 'USDT').locked).toBe(0n);
    expect(balance(second, 'u-uta', 'BTC3L').free > 0n).toBe(true);
    await second.close();
  });
});
