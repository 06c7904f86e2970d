// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '../../exchange/amount';
import { RUNTIMES, startRuntime, type ContractRuntime } from '../../runtime/contractKit';
import { newDemoUser, onboardLeverage, priceOf, resultOf, signedInUser, type TestUser } from './assetTestKit';

const RECHARGE = '/spot/api/demo/recharge';
const RESET = '/spot/api/demo/reset';

interface Recharge {
  resultCode: number;
  coin: string | null;
  amount: string | null;
  credited: Array<{ coin: string; amount: string }>;
  balances: Array<{ tokenId: string; free: string; locked: string; total: string }>;
}

const freeOf = (r: { balances: Recharge['balances'] }, token: string) => r.balances.find((b) => b.tokenId === token)?.free;

/** Demo top-up (limits, result codes, once a minute) and demo reset, in both runtimes. */
describe.each(RUNTIMES)('demo wallet (%s)', (kind) => {
  let rt: ContractRuntime;
  beforeAll(async () => {
    rt = await startRuntime(kind);
    await rt.scheduler.advance(1_000);
  });
  afterAll(() => rt.close());

  const recharge = (user: TestUser, body: unknown) => rt.call(RECHARGE, { body, token: user.token });
  const wb = async (user: TestUser) => Number((await resultOf<{ wb: string }>(rt, '/spot/api/asset/wallet_balance', user)).wb);

  it('refuses accounts that are not demo accounts (10005)', async () => {
    for (const userId of ['u-uta', 'u-standard']) {
      const user = await signedInUser(rt, userId);
      for (const path of [RECHARGE, RESET]) {
        expect(await rt.call(path, { body: { bizScene: 'SPOT_TRADE' }, token: user.token })).toMatchObject({ code: 10005, success: false, message: 'Operation not supported for this account' });
      }
    }
  });

  it('tops up one coin, raises wb by its value, and refuses a second top-up within the minute (10006)', async () => {
    const user = await newDemoUser(rt);
    const before = await wb(user);
    const first = await resultOf<Recharge>(rt, RECHARGE, user, { body: { bizScene: 'SPOT_TRADE', coin: 'BTC', amount: '2.5' } });
    expect(first).toMatchObject({ resultCode: 0, coin: 'BTC', amount: '2.5', credited: [{ coin: 'BTC', amount: '2.5' }] });
    expect(freeOf(first, 'BTC')).toBe('3.5');
    expect(await wb(user)).toBeCloseTo(before + 2.5 * priceOf(rt, 'BTCUSDT'), 1);

    const second = await recharge(user, { bizScene: 'SPOT_TRADE', coin: 'USDT' });
    expect(second).toMatchObject({ code: 10006, success: false, status: 200, result: { retryAfterMs: 60_000 } });
    expect(second.message).toBe('Too many requests: demo top-up is allowed once per minute; try again in 60 s');
    await rt.scheduler.advance(45_000);
    expect(await recharge(user, { bizScene: 'SPOT_TRADE', coin: 'USDT' })).toMatchObject({ code: 10006, result: { retryAfterMs: 15_000 }, message: expect.stringContaining('try again in 15 s') });
    await rt.scheduler.advance(15_000);
    const third = await resultOf<Recharge>(rt, RECHARGE, user, { body: { bizScene: 'SPOT_TRADE', coin: 'USDT' } });
    expect(third).toMatchObject({ resultCode: 0, credited: [{ coin: 'USDT', amount: '100000' }] });
    expect(freeOf(third, 'USDT')).toBe('200000');
  });

  it('without a coin tops up each of the four by its per-request maximum', async () => {
    const user = await newDemoUser(rt);
    const result = await resultOf<Recharge>(rt, RECHARGE, user, { body: { bizScene: 'SPOT_TRADE' } });
    expect(result).toMatchObject({ resultCode: 0, coin: null, amount: null });
    expect(result.credited).toEqual([
      { coin: 'USDT', amount: '100000' },
      { coin: 'USDC', amount: '100000' },
      { coin: 'BTC', amount: '15' },
      { coin: 'ETH', amount: '200' },
    ]);
    expect(result.balances).toEqual([
      { tokenId: 'BTC', free: '16', locked: '0', total: '16' },
      { tokenId: 'ETH', free: '210', locked: '0', total: '210' },
      { tokenId: 'USDC', free: '120000', locked: '0', total: '120000' },
      { tokenId: 'USDT', free: '200000', locked: '0', total: '200000' },
    ]);
  });

  it('answers resultCode 3410020 for an amount over the maximum or not positive, 3410021 for another scene; neither counts', async () => {
    const user = await newDemoUser(rt);
    for (const body of [
      { bizScene: 'SPOT_TRADE', coin: 'BTC', amount: '15.000001' },
      { bizScene: 'SPOT_TRADE', coin: 'ETH', amount: 201 },
      { bizScene: 'SPOT_TRADE', coin: 'USDT', amount: '0' },
      { bizScene: 'SPOT_TRADE', coin: 'USDC', amount: -5 },
      { bizScene: 'SPOT_TRADE', coin: 'USDT', amount: 'lots' },
      // 100 of each of the four is more BTC than one request may add.
      { bizScene: 'SPOT_TRADE', amount: '100' },
    ]) {
      const answer = await recharge(user, body);
      expect(answer, JSON.stringify(body)).toMatchObject({ code: 0, success: true, result: { resultCode: 3410020, credited: [] } });
    }
    expect(await recharge(user, { bizScene: 'FUTURES', coin: 'USDT' })).toMatchObject({ code: 0, result: { resultCode: 3410021 } });
    expect(await recharge(user, { coin: 'USDT' })).toMatchObject({ code: 0, result: { resultCode: 3410021 } });
    expect(await recharge(user, { bizScene: 'SPOT_TRADE', coin: 'DOGE' })).toMatchObject({ code: 10001 });
    expect(await recharge(user, 'not json')).toMatchObject({ code: 10001 });
    expect(rt.backend.exchange.ledger.line(user.userId, 'USDT').free).toBe(parseAmount('100000'));
    // None of the refusals used up this minute's top-up.
    expect(await recharge(user, { bizScene: 'SPOT_TRADE', coin: 'ETH', amount: 200 })).toMatchObject({ code: 0, result: { resultCode: 0 } });
  });

  it('keeps one demo user\'s top-ups and limit from another', async () => {
    const [a, b] = [await newDemoUser(rt, 'A'), await newDemoUser(rt, 'B')];
    expect(await recharge(a, { bizScene: 'SPOT_TRADE', coin: 'USDT' })).toMatchObject({ code: 0, result: { resultCode: 0 } });
    const other = await resultOf<Recharge>(rt, RECHARGE, b, { body: { bizScene: 'SPOT_TRADE', coin: 'BTC', amount: 1 } });
    expect(other.resultCode).toBe(0);
    expect(freeOf(other, 'USDT')).toBe('100000');
    expect(await recharge(a, { bizScene: 'SPOT_TRADE', coin: 'BTC' })).toMatchObject({ code: 10006 });
  });

  it('reset restores the start balances, cancels open orders and drops loans, for that user only', async () => {
    const [a, b] = [await newDemoUser(rt, 'A'), await newDemoUser(rt, 'B')];
    const now = rt.backend.hub.now();
    const sellPrice = String(Math.round(priceOf(rt, 'BTCUSDT') * 1.05));
    for (const user of [a, b]) {
      const placed = rt.backend.exchange.create(user.userId, { symbol: 'BTCUSDT', side: 'Sell', orderType: 'Limit', qty: '0.5', price: sellPrice }, now);
      expect(placed.ok).toBe(true);
      await recharge(user, { bizScene: 'SPOT_TRADE', coin: 'ETH', amount: '5' });
    }
    await onboardLeverage(rt, a);
    await resultOf(rt, '/unified/api/spot_margin/settings', a, { body: { spotMargin: true, leverage: 4 } });
    expect(rt.backend.margin.borrow(a.userId, 'USDT', parseAmount('1000')!, now)).toEqual({ ok: true });
    await rt.scheduler.advance(50);

    const reset = await resultOf<{ balances: Recharge['balances'] }>(rt, RESET, a, { body: {} });
    expect(reset.balances).toEqual([
      { tokenId: 'BTC', free: '1', locked: '0', total: '1' },
      { tokenId: 'ETH', free: '10', locked: '0', total: '10' },
      { tokenId: 'USDC', free: '20000', locked: '0', total: '20000' },
      { tokenId: 'USDT', free: '100000', locked: '0', total: '100000' },
    ]);
    expect(rt.backend.exchange.openOrders(a.userId)).toEqual([]);
    expect(await resultOf(rt, '/unified/api/spot_margin/settings', a)).toMatchObject({ spotMargin: false, leverage: 10 });
    expect(rt.backend.margin.loans(a.userId)).toEqual({});
    // The other demo user keeps its order and its top-up.
    expect(rt.backend.exchange.openOrders(b.userId)).toHaveLength(1);
    expect(rt.backend.exchange.ledger.line(b.userId, 'ETH').free).toBe(parseAmount('15'));
  });
});
