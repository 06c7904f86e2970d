/**
 * What the private socket pushes for the engine's events: order, trade and
 * wallet items with the field names of spec 2 §3 / §7 (docs/api-private.md).
 * Decimals are strings, times exchange ms, statuses the server names.
 */
import { fromUnits } from '../../../src/domain/units';
import {
  balanceView, formatAmount, orderView, PLAN, stepAmount, valueOf, type BalanceLine, type Exchange, type Fill, type Instrument, type Order,
} from '../../exchange';
import type { AccountType } from './topics';

/** A name for each plan type, as `stopOrderType` carries it ('' for an ordinary order). */
const STOP_ORDER_TYPES: Readonly<Record<number, string>> = {
  [PLAN.ORDINARY]: '',
  [PLAN.CONDITIONAL]: 'Stop',
  [PLAN.TRAILING_STOP]: 'TrailingStop',
  [PLAN.TRAILING_PROFIT]: 'TrailingProfit',
  [PLAN.STOP_LIMIT]: 'StopLimit',
  [PLAN.OCO]: 'OcoOrder',
  [PLAN.TPSL]: 'TpSlOrder',
};

/** The order's value in quote: a market order by value asks for its quote value, a limit order is price × quantity. */
function orderAmount(order: Order, inst: Instrument): string {
  if (order.orderType === 'Market') return formatAmount(order.marketUnit === 'quoteCoin' ? order.quoteQty : order.executedValue);
  return formatAmount(valueOf(inst.scale, order.price, order.qty));
}

export function orderItem(order: Order, inst: Instrument) {
  const view = orderView(order, inst);
  return {
    ...view,
    amount: orderAmount(order, inst),
    orderQtyForView: view.origQty,
    isLeverage: false,
    // An ordinary order a plan placed when it triggered, or one the user placed.
    createType: order.parentOrderId !== null && order.planType === PLAN.ORDINARY ? 'CreateByStopOrder' : 'CreateByUser',
    stopOrderType: STOP_ORDER_TYPES[order.planType] ?? '',
    specialTradeFrom: 0,
    time: order.createdAt,
  };
}

export function tradeItem(fill: Fill, inst: Instrument, orderType: string | null) {
  return {
    tradeId: fill.tradeId,
    orderId: fill.orderId,
    symbolId: fill.symbol,
    side: fill.side,
    orderType,
    price: fromUnits(fill.price, inst.tick),
    quantity: fromUnits(fill.qty, inst.lot),
    amount: formatAmount(fill.value),
    tokenFee: formatAmount(fill.fee),
    feeTokenId: fill.feeToken,
    isMaker: fill.isMaker,
    matchTime: fill.time,
  };
}

const STABLE_AT_PAR: ReadonlySet<string> = new Set(['USDT', 'USDC']);

/** A token amount valued in USDT at its pair's last price; stablecoins at par, tokens without a USDT pair or a price at 0. */
function usdtValue(exchange: Exchange, token: string, amount: bigint): bigint {
  if (STABLE_AT_PAR.has(token)) return amount;
  const inst = exchange.instrument(`${token}USDT`);
  const last = inst ? exchange.lastPrice(inst.symbol) : null;
  if (!inst || last === null) return 0n;
  return (amount * BigInt(last) * stepAmount(inst.tick)) / 10n ** 18n;
}

/**
 * A unified account's wallet, as the wallet-balance call reads it (spec 2 §3).
 * Nothing is borrowed through the engine, so borrowSize and the leverage
 * ratio are 0 and spot-margin availability equals spot availability.
 */
function unifiedWallet(exchange: Exchange, lines: readonly BalanceLine[]) {
  const coinList = lines.map((l) => ({
    tokenId: l.token,
    walletBalance: formatAmount(l.free + l.locked),
    spotAvailableBalance: formatAmount(l.free),
    spotMarginAvailableBalance: formatAmount(l.free),
    locked: formatAmount(l.locked),
    borrowSize: '0',
    occAssetUSDTValue: formatAmount(usdtValue(exchange, l.token, l.free + l.locked), 8),
  }));
  return [{ coinList, actualLeverageRatio: '0' }];
}

/** The `data` of a wallet push: the whole wallet of the account. */
export function walletData(exchange: Exchange, userId: string, accountType: AccountType): unknown[] {
  const lines = exchange.balances(userId);
  return accountType === 'UTA' ? unifiedWallet(exchange, lines) : lines.map(balanceView);
}
