/**
 * The create call's rules, in the order the exchange checks an order's:
 * the type, the pair, the account, the side, the pair's trading state, a
 * price to reckon with, the size, the type's own inputs, then the funds:
 * the account must hold the whole size's worth at create (at the price its
 * children lock: the iceberg's price, a TWAP slice's reach, the reference
 * for a chase), so a strategy is not started that could never finish.
 */
import { baseOf, formatAmount, valueOf } from '../exchange/amount';
import { ERR } from '../exchange/errors';
import type { Exchange } from '../exchange/exchange';
import { NEW_LISTING_GUARD_MS, type Instrument } from '../exchange/instruments';
import { accountRefusal } from '../exchange/validate';
import { lotsOf, refused, type CheckContext, type Checked } from './algoCheck';
import { checkChase } from './algoChase';
import { checkIceberg } from './algoIceberg';
import { referenceOf } from './algoMarket';
import { checkTwap } from './algoTwap';
import { STRATEGY_TYPES, type AlgoParams, type AlgoResult, type AlgoSettings } from './algoTypes';

export interface CheckedCreate extends Checked<AlgoSettings> {
  inst: Instrument;
  sizeLots: number;
}

const TYPES: ReadonlySet<unknown> = new Set(STRATEGY_TYPES);
const TRADING = 1;

export function checkCreate(exchange: Exchange, userId: string, p: AlgoParams, now: number): AlgoResult<CheckedCreate> {
  if (!TYPES.has(p?.strategyType)) return refused(ERR.PARAM, 'strategyType', `strategyType must be one of ${STRATEGY_TYPES.join(', ')}`);
  const inst = typeof p.symbol === 'string' ? exchange.instrument(p.symbol) : undefined;
  if (!inst) return refused(ERR.SYMBOL, 'symbol', 'Invalid symbol');
  const account = accountRefusal(exchange.account(userId));
  if (account) return refused(account.code, 'account', account.message);
  if (p.side !== 'Buy' && p.side !== 'Sell') return refused(ERR.PARAM, 'side', 'side must be Buy or Sell');
  if (inst.tradeStatus !== TRADING) return refused(ERR.NOT_TRADING, 'symbol', 'The trading pair is not open yet');
  if (p.side === 'Buy' ? inst.banBuy : inst.banSell) return refused(ERR.BAN_SIDE, 'side', `${p.side} orders are banned on this pair`);
  // REFERENCE.md: strategy orders are refused in a new listing's first 5 minutes.
  if (inst.rules.openTime !== null && now < inst.rules.openTime + NEW_LISTING_GUARD_MS) return refused(ERR.NEW_LISTING, 'symbol', 'This order type is not available in the first 5 minutes after listing');
  const reference = referenceOf(exchange, inst.symbol);
  if (reference === null) return refused(ERR.NO_LIQUIDITY, 'symbol', 'No liquidity on the order book');
  const size = lotsOf(inst, p.size, 'size');
  if (!size.ok) return size;
  const ctx: CheckContext = { inst, side: p.side, sizeLots: size.value, reference };
  const checked = p.strategyType === 'twap' ? checkTwap(p, ctx) : p.strategyType === 'iceberg' ? checkIceberg(p, ctx) : checkChase(p, ctx);
  if (!checked.ok) return checked;
  const { settings, lockPrice } = checked.value;
  const need = p.side === 'Buy' ? valueOf(inst.scale, lockPrice, size.value) : baseOf(inst.scale, size.value);
  const token = p.side === 'Buy' ? inst.quote : inst.base;
  if (exchange.ledger.free(userId, token) < need) {
    return refused(ERR.BALANCE, 'size', `Balance insufficient: the whole size needs ${formatAmount(need)} ${token} free`);
  }
  return { ok: true, value: { inst, sizeLots: size.value, settings, lockPrice } };
}
