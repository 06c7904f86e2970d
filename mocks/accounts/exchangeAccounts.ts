import { parseAmount, type Amount } from '../exchange/amount';
import type { Exchange } from '../exchange/exchange';
import { PROFILES } from './profiles';

/**
 * What every known account holds when the exchange starts (the demo
 * account's virtual balance included); issue 8 adds top-ups, resets and
 * persistence.
 */
export const START_BALANCES: Readonly<Record<string, string>> = { USDT: '100000', USDC: '20000', BTC: '1', ETH: '10' };

function amounts(balances: Readonly<Record<string, string>>): Record<string, Amount> {
  return Object.fromEntries(Object.entries(balances).map(([token, text]) => [token, parseAmount(text) ?? 0n]));
}

export function openExchangeAccounts(exchange: Exchange): void {
  for (const profile of PROFILES) {
    exchange.addAccount({ userId: profile.userId, kind: profile.accountType, demo: profile.isDemo }, amounts(START_BALANCES));
  }
}
