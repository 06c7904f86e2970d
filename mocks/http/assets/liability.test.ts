// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '../../exchange/amount';
import { RUNTIMES, startRuntime, type ContractRuntime } from '../../runtime/contractKit';
import { DECIMAL_TEXT, newDemoUser, onboardLeverage, priceOf, resultOf, signedInUser, type TestUser } from './assetTestKit';
import { LEVERAGE_QUIZ_ANSWERS } from '../../accounts/leverageQuiz';

interface Liability { coin: string; borrowSize: string; interest: string; availableToBorrow: string }
interface UnifiedCoin { tokenId: string; spotAvailableBalance: string; spotMarginAvailableBalance: string; borrowSize: string }

const SETTINGS = '/unified/api/spot_margin/settings';
const CONFIRM = '/unified/api/spot_margin/confirm';
const QUIZ = '/unified/api/spot_margin/quiz';
const LIABILITIES = '/unified/api/liability/list';
const REPAY = '/unified/api/liability/repay';

/** Spot margin of unified accounts: settings, the borrow limit, the liability list and repaying, in both runtimes. */
describe.each(RUNTIMES)('spot margin and liabilities (%s)', (kind) => {
  let rt: ContractRuntime;
  let classic: TestUser;
  beforeAll(async () => {
    rt = await startRuntime(kind);
    await rt.scheduler.advance(1_000);
    classic = await signedInUser(rt, 'u-standard');
  });
  afterAll(() => rt.close());

  const borrow = (user: TestUser, token: string, amount: string) => rt.backend.margin.borrow(user.userId, token, parseAmount(amount)!, rt.backend.hub.now());
  const liabilities = async (user: TestUser, query = '') => (await resultOf<{ list: Liability[] }>(rt, `${LIABILITIES}${query}`, user)).list;

  it('refuses every borrowing call to a classic account (170227)', async () => {
    for (const [path, body] of [[LIABILITIES], [SETTINGS], [SETTINGS, { spotMargin: true }], [REPAY, { coin: 'USDT' }]] as const) {
      expect(await rt.call(path, { body, token: classic.token }), path).toMatchObject({ code: 170227, success: false });
    }
  });

  it('settings: off at leverage 10 until changed; leverage 2 to 10, as a number or its text', async () => {
    const user = await newDemoUser(rt);
    const fresh = { spotMargin: false, leverage: 10, confirmed: false, quizPassed: false, marginMode: 'REGULAR_MARGIN' };
    expect(await resultOf(rt, SETTINGS, user)).toEqual(fresh);
    await onboardLeverage(rt, user);
    expect(await resultOf(rt, SETTINGS, user, { body: { spotMargin: true, leverage: 3 } })).toMatchObject({ spotMargin: true, leverage: 3 });
    expect(await resultOf(rt, SETTINGS, user, { body: { leverage: '4' } })).toMatchObject({ spotMargin: true, leverage: 4 });
    for (const body of [{}, { leverage: 11 }, { leverage: 1 }, { leverage: 2.5 }, { spotMargin: 'yes' }, 'not json']) {
      expect(await rt.call(SETTINGS, { body, token: user.token }), JSON.stringify(body)).toMatchObject({ code: 10001, success: false });
    }
    expect(await resultOf(rt, SETTINGS, user)).toEqual({ spotMargin: true, leverage: 4, confirmed: true, quizPassed: true, marginMode: 'REGULAR_MARGIN' });
  });

  it('spot margin goes on only after the confirmation and a passed quiz, and never in isolated margin mode', async () => {
    const user = await newDemoUser(rt);
    expect(await rt.call(SETTINGS, { body: { spotMargin: true }, token: user.token })).toMatchObject({ code: 170231, success: false });
    // The quiz waits for the confirmation; a wrong answer names the question and passes nothing.
    expect(await rt.call(QUIZ, { body: { answers: LEVERAGE_QUIZ_ANSWERS }, token: user.token })).toMatchObject({ code: 170231, success: false });
    await resultOf(rt, CONFIRM, user, { body: {} });
    const wrong = await resultOf<{ passed: boolean; wrong: string[] }>(rt, QUIZ, user, { body: { answers: { ...LEVERAGE_QUIZ_ANSWERS, owe: 'nothing' } } });
    expect(wrong).toMatchObject({ passed: false, wrong: ['owe'] });
    expect(await resultOf<{ passed: boolean }>(rt, QUIZ, user, { body: { answers: 'all of them' } })).toMatchObject({ passed: false });
    expect(await rt.call(SETTINGS, { body: { spotMargin: true }, token: user.token })).toMatchObject({ code: 170231, success: false });
    expect(await resultOf(rt, QUIZ, user, { body: { answers: LEVERAGE_QUIZ_ANSWERS } })).toMatchObject({ passed: true, wrong: [], settings: { confirmed: true, quizPassed: true } });
    expect(await resultOf(rt, SETTINGS, user, { body: { spotMargin: true } })).toMatchObject({ spotMargin: true });
    // Isolated margin mode turns it off and refuses it.
    expect(await resultOf(rt, SETTINGS, user, { body: { marginMode: 'ISOLATED_MARGIN' } })).toMatchObject({ spotMargin: false, marginMode: 'ISOLATED_MARGIN' });
    expect(await rt.call(SETTINGS, { body: { spotMargin: true }, token: user.token })).toMatchObject({ code: 170232, success: false });
    expect(await rt.call(SETTINGS, { body: { marginMode: 'PORTFOLIO' }, token: user.token })).toMatchObject({ code: 10001, success: false });
  });

  it('liability list: every borrowable coin with zeros, nothing when zero sizes are ignored, one coin by settleCoin', async () => {
    const user = await newDemoUser(rt);
    const list = await liabilities(user);
    expect(list.map((l) => l.coin)).toEqual(expect.arrayContaining(['BTC', 'ETH', 'USDC', 'USDT', 'WIF']));
    for (const row of list) {
      expect(Object.keys(row).sort()).toEqual(['availableToBorrow', 'borrowSize', 'coin', 'interest']);
      expect(row).toMatchObject({ borrowSize: '0', interest: '0', availableToBorrow: '0' });
    }
    expect(await liabilities(user, '?ignoreZeroBorrowSize=true')).toEqual([]);
    expect(await liabilities(user, '?settleCoin=USDT')).toEqual([{ coin: 'USDT', borrowSize: '0', interest: '0', availableToBorrow: '0' }]);
    expect(await rt.call(`${LIABILITIES}?ignoreZeroBorrowSize=maybe`, { token: user.token })).toMatchObject({ code: 10001 });
  });

  it('borrows up to equity × (leverage − 1), and refuses past it with 170230', async () => {
    const user = await newDemoUser(rt);
    expect(borrow(user, 'USDT', '1')).toMatchObject({ ok: false, code: 170227 });
    await onboardLeverage(rt, user);
    await resultOf(rt, SETTINGS, user, { body: { spotMargin: true, leverage: 2 } });
    const equity = 120_000 + priceOf(rt, 'BTCUSDT') + 10 * priceOf(rt, 'ETHUSDT');
    const [usdt] = await liabilities(user, '?settleCoin=USDT');
    expect(Number(usdt!.availableToBorrow)).toBeCloseTo(equity, 0);
    expect(borrow(user, 'USDT', String(Math.floor(equity) + 1))).toMatchObject({ ok: false, code: 170230, message: expect.stringContaining('exceeds the borrow limit') });
    expect(borrow(user, 'USDT', '50000')).toEqual({ ok: true });
    const after = await liabilities(user, '?ignoreZeroBorrowSize=true');
    expect(after).toEqual([{ coin: 'USDT', borrowSize: '50000', interest: '0', availableToBorrow: expect.stringMatching(DECIMAL_TEXT) }]);
    expect(Number(after[0]!.availableToBorrow)).toBeCloseTo(equity - 50_000, 0);
    // The loan is in the wallet, owed, and not transferable.
    const balances = await resultOf<{ list: Array<Record<string, string>> }>(rt, '/spot/api/asset/balances?token_id=USDT', user);
    expect(balances.list[0]).toMatchObject({ free: '150000', transferLimit: '100000' });
    const assets = await resultOf<{ coinList: UnifiedCoin[]; actualLeverageRatio: string }>(rt, '/spot/api/asset/unified_asset?symbolName=BTCUSDT', user);
    expect(assets.coinList[1]).toMatchObject({ tokenId: 'USDT', spotAvailableBalance: '150000', borrowSize: '50000' });
    expect(Number(assets.coinList[1]!.spotMarginAvailableBalance)).toBeCloseTo(150_000 + equity - 50_000, 0);
    expect(Number(assets.actualLeverageRatio)).toBeCloseTo(Math.floor(((equity + 50_000) / equity) * 100) / 100, 2);
    const wallet = await resultOf<{ coinList: Array<{ tokenId: string; borrowSize: string }> }>(rt, '/spot/api/asset/wallet_balance', user);
    expect(wallet.coinList.find((c) => c.tokenId === 'USDT')!.borrowSize).toBe('50000');
  });

  it('account info adds what spot margin could lend', async () => {
    const user = await newDemoUser(rt);
    const info = () => resultOf<{ maxBuyAmt: string; maxSellQty: string }>(rt, '/spot/api/account/info?symbol_id=BTCUSDT', user);
    expect(await info()).toMatchObject({ maxBuyAmt: '100000.00000000', maxSellQty: '1.000000' });
    await onboardLeverage(rt, user);
    await resultOf(rt, SETTINGS, user, { body: { spotMargin: true, leverage: 3 } });
    const equity = 120_000 + priceOf(rt, 'BTCUSDT') + 10 * priceOf(rt, 'ETHUSDT');
    const leveraged = await info();
    expect(Number(leveraged.maxBuyAmt)).toBeCloseTo(100_000 + 2 * equity, 0);
    expect(Number(leveraged.maxSellQty)).toBeCloseTo(1 + (2 * equity) / priceOf(rt, 'BTCUSDT'), 5);
  });

  it('repays from the free balance: part, the rest, and 170131 when free is short', async () => {
    const user = await newDemoUser(rt);
    await onboardLeverage(rt, user);
    await resultOf(rt, SETTINGS, user, { body: { spotMargin: true } });
    expect(borrow(user, 'BTC', '0.5')).toEqual({ ok: true });
    expect(await resultOf(rt, REPAY, user, { body: { coin: 'BTC', amount: '0.2' } })).toEqual({ coin: 'BTC', repaid: '0.2', borrowSize: '0.3' });
    // Every BTC locked in a resting sell: nothing free to repay with.
    const sell = rt.backend.exchange.create(user.userId, { symbol: 'BTCUSDT', side: 'Sell', orderType: 'Limit', qty: '1.3', price: String(Math.round(priceOf(rt, 'BTCUSDT') * 1.05)) }, rt.backend.hub.now());
    expect(sell.ok).toBe(true);
    expect(await rt.call(REPAY, { body: { coin: 'BTC' }, token: user.token })).toMatchObject({ code: 170131, success: false });
    rt.backend.exchange.cancel(user.userId, { orderId: sell.ok ? sell.value.orderId : '' }, rt.backend.hub.now());
    expect(await resultOf(rt, REPAY, user, { body: { coin: 'BTC' } })).toEqual({ coin: 'BTC', repaid: '0.3', borrowSize: '0' });
    expect(await liabilities(user, '?ignoreZeroBorrowSize=true')).toEqual([]);
    for (const body of [{}, { coin: 'btc!' }, { coin: 'BTC', amount: '-1' }, { coin: 'BTC', amount: 'all' }]) {
      expect(await rt.call(REPAY, { body, token: user.token }), JSON.stringify(body)).toMatchObject({ code: 10001 });
    }
  });

  it('keeps one user\'s settings and loans from another', async () => {
    const [a, b] = [await newDemoUser(rt, 'A'), await newDemoUser(rt, 'B')];
    await onboardLeverage(rt, a);
    await resultOf(rt, SETTINGS, a, { body: { spotMargin: true, leverage: 5 } });
    expect(borrow(a, 'ETH', '1')).toEqual({ ok: true });
    expect(await resultOf(rt, SETTINGS, b)).toMatchObject({ spotMargin: false, leverage: 10 });
    expect(await liabilities(b, '?ignoreZeroBorrowSize=true')).toEqual([]);
    expect(await rt.call(REPAY, { body: { coin: 'ETH' }, token: b.token })).toMatchObject({ code: 0, result: { repaid: '0', borrowSize: '0' } });
    expect((await liabilities(a, '?ignoreZeroBorrowSize=true'))[0]).toMatchObject({ coin: 'ETH', borrowSize: '1' });
  });
});
