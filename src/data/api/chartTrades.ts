import type { MarkerFill } from '../../domain/executionMarkers';
import { getJson } from '../http';
import { ORDER_API, parseTradeInfo, type Fill } from './orders';
import { decimal, list, millis, record, str } from './parse';

/** Spec 2 §7 getTradeInfoForKLine: the chart's marks; contractType 6 is spot. */
export const CHART_TRADES_PATH = '/spot/api/order/trade_info_kline';

export function parseChartTrades(value: unknown): MarkerFill[] {
  return list(record(value, 'chart trades').list, 'chart trades.list').map((item, i) => {
    const what = `chart trades[${i}]`;
    const o = record(item, what);
    const side = str(o, 'side', what);
    return {
      tradeId: str(o, 'tradeId', what),
      side: side === 'Sell' ? 'Sell' : 'Buy',
      price: decimal(o.price, `${what}.price`),
      quantity: decimal(o.quantity, `${what}.quantity`),
      amount: decimal(o.amount, `${what}.amount`),
      // An answer without the fee still draws its marks; the hover then shows none.
      tokenFee: typeof o.tokenFee === 'string' ? o.tokenFee : '0',
      feeTokenId: typeof o.feeTokenId === 'string' ? o.feeTokenId : '',
      matchTime: millis(o.matchTime, `${what}.matchTime`),
    };
  });
}

/** The signed-in user's fills of one symbol over the last 90 days. */
export function getChartTrades(symbolId: string, signal?: AbortSignal): Promise<MarkerFill[]> {
  return getJson(`${CHART_TRADES_PATH}?${new URLSearchParams({ contractType: '6', symbol: symbolId })}`, parseChartTrades, signal);
}

export const CHART_AVERAGE_PATH = '/spot/api/order/trade_avg_kline';

export interface TradeTotals {
  sumExecValue: string;
  sumExecQty: string;
}

export function parseTradeTotals(value: unknown): TradeTotals {
  const o = record(value, 'trade totals');
  return { sumExecValue: decimal(o.sumExecValue, 'trade totals.sumExecValue'), sumExecQty: decimal(o.sumExecQty, 'trade totals.sumExecQty') };
}

/** Spec 2 §7 getTradeAvgPriceForKLine: one side's totals over the last `daySpan` days (side: 1 buys, 2 sells). */
export function getTradeTotals(symbolId: string, side: 1 | 2, daySpan: number, signal?: AbortSignal): Promise<TradeTotals> {
  const query = new URLSearchParams({ contractType: '6', symbol: symbolId, side: String(side), daySpan: String(daySpan) });
  return getJson(`${CHART_AVERAGE_PATH}?${query}`, parseTradeTotals, signal);
}

/** Spec 1 deal history: one page of the symbol's fills, newest first. */
export const DEAL_PAGE_SIZE = 100;

export interface DealPage {
  fills: Fill[];
  /** the trade id the next page asks after (the oldest shown); null when this page was the last */
  next: string | null;
}

/** getTradeInfo for the deal history: the last 90 days of one symbol, 100 fills at a time by last trade id. */
export async function getDealPage(symbolId: string, lastTradeId: string | null, signal?: AbortSignal): Promise<DealPage> {
  const query = new URLSearchParams({ symbol_id: symbolId, limit: String(DEAL_PAGE_SIZE) });
  if (lastTradeId) query.set('last_trade_id', lastTradeId);
  const fills = await getJson(`${ORDER_API.tradeInfo}?${query}`, parseTradeInfo, signal);
  const oldest = fills[fills.length - 1];
  return { fills, next: fills.length < DEAL_PAGE_SIZE || !oldest ? null : oldest.tradeId };
}
