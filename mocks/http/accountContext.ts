import type { MarginSettings } from '../accounts/marginSettings';
import type { AttachedTpslDesk } from '../exchange/attachedTpsl';
import type { Exchange } from '../exchange';
import type { AccountProfile } from '../accounts/profiles';
import type { AccountService } from '../accounts/service';
import { loginRequired } from './errors';
import type { RouteContext } from './route';

/** What a handler of a signed-in user's call needs. */
export interface AccountContext extends RouteContext {
  accounts: AccountService;
  /** exchange time (the replay clock), ms */
  now: () => number;
}

/** The request's account; a visitor is refused with 10007 (docs/api.md). */
export function signedIn(context: AccountContext, request: Request): AccountProfile {
  const profile = context.accounts.accountOf(request);
  if (!profile) throw loginRequired();
  return profile;
}

/** A refusal the way the engine and the desks give it: a code and the exchange's text. */
export type DeskResult = { ok: true } | { ok: false; code: number; message: string };

/**
 * UTA spot margin (spec 2 §3, §6): a per-user switch and leverage, and
 * borrowing what a margin order needs beyond the free balance.
 * Implemented by mocks/accounts/margin.ts.
 */
export interface MarginDesk {
  settings(userId: string): MarginSettings;
  /** credits `shortfall` of `token` to the free balance as a loan; refused when it passes the borrow limit */
  borrow(userId: string, token: string, shortfall: bigint, now: number): DeskResult;
}

/** What the order, asset and account calls need: the engine beside the account context. */
export interface ExchangeContext extends AccountContext {
  exchange: Exchange;
  /** absent: margin orders are refused as not enabled */
  margin?: MarginDesk;
  /** limit orders' attached TP/SL (absent: such orders are refused) */
  attached?: AttachedTpslDesk;
}
