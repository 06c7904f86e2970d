/**
 * What the private socket pushes for wallets (docs/api/private.md): the
 * unified wallet from the same builder as getUnifiedAsset, a classic
 * account's coin lines as the balance call gives them. Orders and fills are
 * pushed as the order calls answer them (mocks/http/orders/view.ts).
 */
import type { Exchange } from '../../exchange';
import type { SpotMarginDesk } from '../../accounts/margin';
import { classicBalanceLine, holdings, unifiedWallet } from '../../accounts/walletView';
import type { AccountType } from './topics';

/** The `data` of a wallet push: the whole wallet of the account. */
export function walletData(exchange: Exchange, margin: SpotMarginDesk, userId: string, accountType: AccountType): unknown[] {
  return accountType === 'UTA' ? [unifiedWallet(exchange, margin, userId)] : holdings(exchange, margin, userId).map((h) => classicBalanceLine(margin, userId, h));
}
