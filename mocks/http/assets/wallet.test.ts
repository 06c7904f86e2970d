// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIMES, startRuntime, type ContractRuntime } from '../../runtime/contractKit';
import { ASSET_CALLS, DECIMAL_TEXT, newDemoUser, priceOf, resultOf, signedInUser, type TestUser } from './assetTestKit';

interface WalletCoin { tokenId: string; free: string; locked: string; walletBalance: string; borrowSize: string; usdtValue: string }
interface UnifiedCoin { tokenId: string; spotAvailableBalance: string; spotMarginAvailableBalance: string; walletBalance: string; borrowSize: string; occAssetUSDTValue: string }
interface AccountInfo { maxBuyAmt: string; maxSellQty: string; buyTotalAvailable: string; sellTotalAvailable: string; riskState: string; price: string | null }

/** Wallet balance, balance per token, unified asset, account info and innovation quota, in both runtimes. */
describe.each(RUNTIMES)('asset and account calls (%s)', (kind) => {
  let rt: ContractRuntime;
  let uta: TestUser;
  let classic: TestUser;
  beforeAll(async () => {
    rt = await startRuntime(kind);
    // A second of replay gives BTCUSDT and ETHUSDT a last trade.
    await rt.scheduler.advance(1_000);
    uta = await signedInUser(rt, 'u-uta');
    classic = await signedInUser(rt, 'u-standard');
  });
  afterAll(() => rt.close());

  it('refuses a visitor on every call of this part', async () => {
    for (const [path, method, body] of ASSET_CALLS) {
      expect(await rt.call(path, { method, body }), path).toMatchObject({ code: 10007, success: false, message: 'Login required', status: 200 });
    }
  });

  it('wallet balance: wb is the USDT value of every coin, 2 decimals, for classic and unified alike', async () => {
    for (const user of [uta, classic]) {
      const result = await resultOf<{ wb: string; coinList: WalletCoin[]; updateTime: number }>(rt, '/spot/api/asset/wallet_balance', user);
      expect(result.wb).toMatch(/^\d+\.\d{2}$/);
      const expected = 100_000 + 20_000 + priceOf(rt, 'BTCUSDT') + 10 * priceOf(rt, 'ETHUSDT');
      expect(Number(result.wb)).toBeCloseTo(expected, 1);
      expect(result.updateTime).toBe(rt.backend.hub.now());
      expect(result.coinList.map((c) => c.tokenId)).toEqual(['BTC', 'ETH', 'USDC', 'USDT']);
      const usdc = result.coinList.find((c) => c.tokenId === 'USDC')!;
      expect(usdc).toEqual({ tokenId: 'USDC', free: '20000', locked: '0', walletBalance: '20000', borrowSize: '0', usdtValue: '20000.00' });
      for (const c of result.coinList) for (const field of ['free', 'locked', 'walletBalance', 'borrowSize', 'usdtValue'] as const) expect(c[field]).toMatch(DECIMAL_TEXT);
    }
  });

  it('balance per token: free, spotAvailableBalance, transferLimit, locked, total; one token with token_id', async () => {
    const all = await resultOf<{ list: Array<Record<string, string>> }>(rt, '/spot/api/asset/balances', classic);
    expect(all.list.find((l) => l.tokenId === 'USDT')).toEqual({ tokenId: 'USDT', free: '100000', spotAvailableBalance: '100000', transferLimit: '100000', locked: '0', total: '100000' });
    const btc = await resultOf<{ list: unknown[] }>(rt, '/spot/api/asset/balances?token_id=BTC', uta);
    expect(btc.list).toEqual([{ tokenId: 'BTC', free: '1', spotAvailableBalance: '1', transferLimit: '1', locked: '0', total: '1' }]);
    const none = await resultOf<{ list: unknown[] }>(rt, '/spot/api/asset/balances?token_id=SOL', uta);
    expect(none.list).toEqual([{ tokenId: 'SOL', free: '0', spotAvailableBalance: '0', transferLimit: '0', locked: '0', total: '0' }]);
    expect(await rt.call('/spot/api/asset/balances?token_id=b-t', { token: uta.token })).toMatchObject({ code: 10001, success: false });
  });

  it('balances show what an open order locks', async () => {
    const user = await newDemoUser(rt);
    const placed = rt.backend.exchange.create(user.userId, { symbol: 'BTCUSDT', side: 'Sell', orderType: 'Limit', qty: '0.4', price: String(Math.round(priceOf(rt, 'BTCUSDT') * 1.05)) }, rt.scheduler.now());
    expect(placed.ok).toBe(true);
    const btc = await resultOf<{ list: Array<Record<string, string>> }>(rt, '/spot/api/asset/balances?token_id=BTC', user);
    expect(btc.list[0]).toMatchObject({ free: '0.6', locked: '0.4', total: '1', spotAvailableBalance: '0.6' });
    const assets = await resultOf<{ coinList: UnifiedCoin[] }>(rt, '/spot/api/asset/unified_asset?symbolName=BTCUSDT', user);
    expect(Number(assets.coinList[0]!.occAssetUSDTValue)).toBeCloseTo(0.4 * priceOf(rt, 'BTCUSDT'), 1);
  });

  it('unified asset: the pair\'s base and quote for a unified account; refused for a classic one', async () => {
    const path = '/spot/api/asset/unified_asset?symbolName=BTCUSDT&side=Buy&isMargin=1&limitPrice=60000';
    const result = await resultOf<{ coinList: UnifiedCoin[]; actualLeverageRatio: string }>(rt, path, uta);
    expect(result.actualLeverageRatio).toBe('1.00');
    expect(result.coinList).toEqual([
      { tokenId: 'BTC', spotAvailableBalance: '1', spotMarginAvailableBalance: '1', walletBalance: '1', borrowSize: '0', occAssetUSDTValue: '0.00' },
      { tokenId: 'USDT', spotAvailableBalance: '100000', spotMarginAvailableBalance: '100000', walletBalance: '100000', borrowSize: '0', occAssetUSDTValue: '0.00' },
    ]);
    const every = await resultOf<{ coinList: UnifiedCoin[] }>(rt, '/spot/api/asset/unified_asset', uta);
    expect(every.coinList.map((c) => c.tokenId)).toEqual(['BTC', 'ETH', 'USDC', 'USDT']);
    expect(await rt.call(path, { token: classic.token })).toMatchObject({ code: 170227, success: false });
    for (const bad of ['symbolName=NOPEUSDT', 'side=Up', 'isMargin=2', 'price=-1', 'limitPrice=abc']) {
      const answer = await rt.call(`/spot/api/asset/unified_asset?${bad}`, { token: uta.token });
      expect(answer.code, bad).toBe(bad.startsWith('symbolName') ? 170121 : 10001);
    }
  });

  it('account info: what can be bought and sold at the given price, in the pair\'s precisions', async () => {
    const info = await resultOf<AccountInfo>(rt, '/spot/api/account/info?symbol_id=BTCUSDT&price=50000', classic);
    expect(info).toMatchObject({ maxBuyAmt: '100000.00000000', buyTotalAvailable: '2.000000', maxSellQty: '1.000000', sellTotalAvailable: '50000.00000000', riskState: 'normal', price: '50000' });
    const atMarket = await resultOf<AccountInfo>(rt, '/spot/api/account/info?symbol_id=ETHUSDT', uta);
    const eth = priceOf(rt, 'ETHUSDT');
    expect(Number(atMarket.price)).toBe(eth);
    expect(atMarket.maxSellQty).toBe('10.00000');
    expect(Number(atMarket.sellTotalAvailable)).toBeCloseTo(10 * eth, 2);
    expect(Number(atMarket.buyTotalAvailable)).toBeCloseTo(100_000 / eth, 4);
  });

  it('account info: riskState follows the account\'s margin status', async () => {
    for (const [userId, state] of [['u-liquidation', 'liquidation'], ['u-overrun', 'overrun']] as const) {
      const user = await signedInUser(rt, userId);
      expect((await resultOf<AccountInfo>(rt, '/spot/api/account/info?symbol_id=BTCUSDT', user)).riskState).toBe(state);
    }
  });

  it('account info refuses a missing or unknown pair and a bad price', async () => {
    expect(await rt.call('/spot/api/account/info', { token: uta.token })).toMatchObject({ code: 10001, message: 'symbol_id is required' });
    expect(await rt.call('/spot/api/account/info?symbol_id=NOPE', { token: uta.token })).toMatchObject({ code: 170121 });
    expect(await rt.call('/spot/api/account/info?symbol_id=BTCUSDT&price=0', { token: uta.token })).toMatchObject({ code: 10001 });
  });

  it('zone quota: the spec entity (coin for a unified account, symbolId for a classic one), null on pairs without a quota', async () => {
    const remain = (symbol: string, user = uta) => resultOf(rt, `/spot/api/order/innovation_remain?symbol_id=${symbol}`, user);
    expect(await remain('PEPEUSDT')).toEqual({ coin: 'PEPE', limit: '20000', totalAmount: '0', remainAmount: '20000' });
    expect(await remain('PEPEUSDT', classic)).toEqual({ symbolId: 'PEPEUSDT', limit: '20000', totalAmount: '0', remainAmount: '20000' });
    // The adventure zone has its own, smaller quota.
    expect(await remain('WIFUSDT')).toEqual({ coin: 'WIF', limit: '10000', totalAmount: '0', remainAmount: '10000' });
    expect(await remain('BTCUSDT')).toEqual({ coin: 'BTC', limit: null, totalAmount: null, remainAmount: null });
    expect(await rt.call('/spot/api/order/innovation_remain', { token: uta.token })).toMatchObject({ code: 10001 });
  });

  it('zone quota: an open buy holds its share, and a buy past what is left is refused with it', async () => {
    const remain = () => resultOf(rt, '/spot/api/order/innovation_remain?symbol_id=PEPEUSDT', classic);
    // 1,000 USDT a bid (the most PEPE an order may take, resting below the market).
    const buy = () =>
      rt.call('/spot/api/order/create', { token: classic.token, body: { symbol_id: 'PEPEUSDT', side: 'Buy', type: 'limit', price: '0.00001', quantity: '100000000' } });
    for (let i = 0; i < 12; i++) expect(await buy()).toMatchObject({ code: 0 });
    expect(await remain()).toMatchObject({ totalAmount: '12000', remainAmount: '8000' });
    // Past the order calls' rate limit: a second later.
    await rt.scheduler.advance(1_000);
    for (let i = 0; i < 8; i++) expect(await buy()).toMatchObject({ code: 0 });
    expect(await remain()).toMatchObject({ totalAmount: '20000', remainAmount: '0' });
    const past = await buy();
    expect(past).toMatchObject({ code: 170228 });
  });
});
