import { parseAmount, type Amount } from '../exchange/amount';
import type { Exchange } from '../exchange/exchange';
import type { AccountSettings } from '../exchange/types';
import type { AccountDirectory } from './directory';
import type { AccountProfile } from './profiles';

/**
 * What every account holds when it opens (the demo account's virtual balance
 * included), and what a demo reset puts back.
 */
export const START_BALANCES: Readonly<Record<string, string>> = { USDT: '100000', USDC: '20000', BTC: '1', ETH: '10' };

export function startAmounts(): Record<string, Amount> {
  return Object.fromEntries(Object.entries(START_BALANCES).map(([token, text]) => [token, parseAmount(text) ?? 0n]));
}

/** How the engine sees a profile: its kind and the restrictions it enforces itself. */
export function engineSettings(profile: AccountProfile): AccountSettings {
  return { userId: profile.userId, kind: profile.accountType, demo: profile.isDemo, liquidation: profile.marginStatus === 'liquidation' };
}

/**
 * Opens an engine account for every profile that has none (a restored
 * exchange keeps the balances it had), keeps the settings in step with the
 * profile, and does the same for accounts registered or upgraded later.
 */
export function openExchangeAccounts(exchange: Exchange, directory: AccountDirectory): () => void {
  const sync = (profile: AccountProfile) => {
    if (exchange.account(profile.userId)) exchange.updateAccount(profile.userId, engineSettings(profile));
    else exchange.addAccount(engineSettings(profile), startAmounts());
  };
  directory.list().forEach(sync);
  return directory.onChange(sync);
}
