/**
 * What an account holds (spec 2 §3 "Wallet balance", "Balance per token",
 * §7 wallet balance and getUnifiedAsset): the wallet's USDT value `wb`, the
 * classic balance per token, and the unified wallet's coin list with what
 * spot margin could add.
 */
import { ok } from '../../envelope';
import { usdtValue, walletValue } from '../../accounts/margin';
import { actualLeverageRatio, classicBalanceLine, holdingOf, holdings, unifiedCoinList } from '../../accounts/walletView';
import { signedIn } from '../accountContext';
import { badParam } from '../errors';
import { queryOf } from '../params';
import { route } from '../route';
import { coin, coinText, instrumentParam, positiveAmount, unifiedUser, usdt, type AssetContext } from './context';

export const WALLET_BALANCE_PATH = '/spot/api/asset/wallet_balance';
export const BALANCES_PATH = '/spot/api/asset/balances';
export const UNIFIED_ASSET_PATH = '/spot/api/asset/unified_asset';

export function walletHandlers(context: AssetContext) {
  return [
    route(context, WALLET_BALANCE_PATH, (request) => {
      const { userId } = signedIn(context, request);
      const coinList = holdings(context.exchange, context.margin, userId)
        .map((h) => ({ ...h, borrowed: context.margin.borrowSize(userId, h.token) }))
        .filter((h) => h.free + h.locked > 0n || h.borrowed > 0n)
        .map((h) => ({
          tokenId: h.token,
          free: coin(h.free),
          locked: coin(h.locked),
          walletBalance: coin(h.free + h.locked),
          borrowSize: coin(h.borrowed),
          usdtValue: usdt(usdtValue(context.exchange, h.token, h.free + h.locked)),
        }));
      return ok({ wb: usdt(walletValue(context.exchange, userId)), coinList, updateTime: context.now() });
    }),

    route(context, BALANCES_PATH, (request) => {
      const raw = queryOf(request).get('token_id')?.trim();
      const tokenId = raw ? coinText(raw.toUpperCase(), 'token_id') : null;
      const { userId } = signedIn(context, request);
      const wanted = tokenId ? [holdingOf(context.exchange, userId, tokenId)] : holdings(context.exchange, context.margin, userId);
      return ok({ list: wanted.map((h) => classicBalanceLine(context.margin, userId, h)) });
    }),

    route(context, UNIFIED_ASSET_PATH, (request) => {
      const query = queryOf(request);
      const inst = instrumentParam(context, query, 'symbolName', false);
      const side = query.get('side');
      if (side !== null && side !== 'Buy' && side !== 'Sell') throw badParam('side must be Buy or Sell');
      const isMargin = query.get('isMargin');
      if (isMargin !== null && isMargin !== '0' && isMargin !== '1') throw badParam('isMargin must be 0 or 1');
      for (const name of ['limitPrice', 'price']) positiveAmount(query.get(name) ?? undefined, name);
      const { userId } = unifiedUser(context, request);
      const coins = inst ? [holdingOf(context.exchange, userId, inst.base), holdingOf(context.exchange, userId, inst.quote)] : holdings(context.exchange, context.margin, userId);
      const coinList = unifiedCoinList(context.exchange, context.margin, userId, coins);
      return ok({ coinList, actualLeverageRatio: actualLeverageRatio(context.exchange, context.margin, userId) });
    }),
  ];
}
