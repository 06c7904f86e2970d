/** Shared figures for the order-entry tests: BTC/USDT as the fixtures list it, a classic account with 1 BTC and 100,000 USDT. */
import { initialOrderForm } from './form';
import type { OrderFormContext, OrderFormInputs, OrderRules } from './types';

export const BTC_RULES: OrderRules = {
  symbolId: 'BTCUSDT',
  baseCoin: 'BTC',
  quoteCoin: 'USDT',
  tick: '0.01',
  lot: '0.000001',
  amountDecimals: 8,
  minQty: '0.000048',
  maxQty: '1000000',
  minAmount: '1',
  maxAmount: '4000000',
  isBanBuy: false,
  isBanSell: false,
  mark: [],
};

export function btcContext(overrides: Partial<OrderFormContext> = {}): OrderFormContext {
  return {
    rules: BTC_RULES,
    lastPrice: '60000',
    bestBid: '59999.99',
    bestAsk: '60000.01',
    feeRate: '0.001',
    account: { isUnified: false, isDemo: true, baseFree: '1', quoteFree: '100000', maxBuyAmt: '100000', maxSellQty: '1', innovationRemain: null, leverage: null },
    ...overrides,
  };
}

export function form(patch: Partial<OrderFormInputs> = {}): OrderFormInputs {
  return { ...initialOrderForm(patch.side ?? 'Buy', patch.type ?? 'limit'), ...patch };
}
