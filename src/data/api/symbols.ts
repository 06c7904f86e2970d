import type { SpotSymbol } from '../../domain/symbol';
import { getJson } from '../http';
import { bool, list, num, record, str } from './parse';

export const SYMBOLS_PATH = '/spot/api/basic/symbol_list';

export function parseSymbol(value: unknown): SpotSymbol {
  const o = record(value, 'symbol');
  const what = `symbol ${String(o.symbolId)}`;
  return {
    symbolId: str(o, 'symbolId', what),
    baseTokenId: str(o, 'baseTokenId', what),
    quoteTokenId: str(o, 'quoteTokenId', what),
    baseTokenName: str(o, 'baseTokenName', what),
    quoteTokenName: str(o, 'quoteTokenName', what),
    pricePrecision: num(o, 'pricePrecision', what),
    quantityPrecision: num(o, 'quantityPrecision', what),
    amountPrecision: num(o, 'amountPrecision', what),
    minPricePrecision: str(o, 'minPricePrecision', what),
    minTradeQuantity: str(o, 'minTradeQuantity', what),
    maxTradeQuantity: str(o, 'maxTradeQuantity', what),
    minTradeAmount: str(o, 'minTradeAmount', what),
    maxTradeAmount: str(o, 'maxTradeAmount', what),
    tradeStatus: num(o, 'tradeStatus', what),
    isBanBuy: bool(o, 'isBanBuy'),
    isBanSell: bool(o, 'isBanSell'),
    noticeVisible: bool(o, 'noticeVisible'),
    mark: Array.isArray(o.mark) ? o.mark.filter((m): m is string => typeof m === 'string') : [],
    digitMerge: typeof o.digitMerge === 'string' ? o.digitMerge : '',
    pricescale: num(o, 'pricescale', what),
  };
}

export function parseSymbolList(value: unknown): SpotSymbol[] {
  return list(record(value, 'symbol list').list, 'symbol list').map(parseSymbol);
}

export function fetchSymbols(signal?: AbortSignal): Promise<SpotSymbol[]> {
  return getJson(SYMBOLS_PATH, parseSymbolList, signal);
}
