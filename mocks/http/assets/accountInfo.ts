/**
 * What the order form shows above its inputs (spec 2 §3 "Account info", §5
 * rule 6): how much the user can buy or sell on a pair, the margin health,
 * and what is left of an innovation-zone pair's daily buy quota.
 */
import { decimalsOf, fromUnits } from '../../../src/domain/units';
import { pairPrice } from '../../accounts/margin';
import { formatAmount, type Amount } from '../../exchange/amount';
import { ok } from '../../envelope';
import { signedIn } from '../accountContext';
import { queryOf } from '../params';
import { route } from '../route';
import { instrumentParam, per, positiveAmount, times, type AssetContext } from './context';

export const ACCOUNT_INFO_PATH = '/spot/api/account/info';
export const INNOVATION_REMAIN_PATH = '/spot/api/order/innovation_remain';

export function accountInfoHandlers(context: AssetContext) {
  return [
    route(context, ACCOUNT_INFO_PATH, (request) => {
      const query = queryOf(request);
      const inst = instrumentParam(context, query, 'symbol_id', true)!;
      const asked = positiveAmount(query.get('price') ?? undefined, 'price');
      const profile = signedIn(context, request);
      const { userId } = profile;
      const ledger = context.exchange.ledger;
      // Spot margin adds what the desk would lend; a classic account has none.
      const margin = profile.accountType === 'UTA' && context.margin.settings(userId).spotMargin;
      const extra = (token: string): Amount => (margin ? context.margin.borrowable(userId, token) : 0n);
      const maxBuyAmt = ledger.free(userId, inst.quote) + extra(inst.quote);
      const maxSellQty = ledger.free(userId, inst.base) + extra(inst.base);
      const price = asked ?? pairPrice(context.exchange, inst.symbol);
      const amountDecimals = decimalsOf(inst.amountStep);
      const lots = (base: Amount) => fromUnits(Number(base / inst.scale.lotAmount), inst.lot);
      return ok({
        symbolId: inst.symbol,
        price: price === null ? null : formatAmount(price),
        maxBuyAmt: formatAmount(maxBuyAmt, amountDecimals, true),
        maxSellQty: lots(maxSellQty),
        // The same two in the other coin, at `price` (zero while the pair has no price at all).
        buyTotalAvailable: lots(price === null ? 0n : per(maxBuyAmt, price)),
        sellTotalAvailable: formatAmount(price === null ? 0n : times(maxSellQty, price), amountDecimals, true),
        riskState: profile.marginStatus,
        spotMargin: margin,
      });
    }),

    route(context, INNOVATION_REMAIN_PATH, (request) => {
      const inst = instrumentParam(context, queryOf(request), 'symbol_id', true)!;
      const { userId, accountType } = signedIn(context, request);
      const left = context.exchange.quotaLeft(userId, inst.symbol);
      const taken = context.exchange.quotaTaken(userId, inst.symbol);
      const limit = inst.rules.dailyBuyQuota;
      const amount = (value: bigint | null) => (value === null ? null : formatAmount(value));
      // Spec 1 §1 quota entity: a unified account's quota is named by coin, a classic account's by symbolId.
      const owner = accountType === 'UTA' ? { coin: inst.base } : { symbolId: inst.symbol };
      return ok({ ...owner, limit: amount(limit), totalAmount: amount(taken), remainAmount: amount(left) });
    }),
  ];
}
