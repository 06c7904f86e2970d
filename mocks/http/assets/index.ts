/**
 * The asset, account, demo and recents calls of spec 2 §3 / §7 over the
 * exchange engine and the margin desk (docs/api/assets.md). Every call
 * belongs to a signed-in user (10007 for a visitor).
 */
import type { HttpHandler } from 'msw';
import { accountInfoHandlers } from './accountInfo';
import type { AssetContext } from './context';
import { demoHandlers } from './demo';
import { liabilityHandlers } from './liability';
import { recentsHandlers } from './recents';
import { createRecentsStore } from './recentsStore';
import { walletHandlers } from './wallet';

export type { AssetContext } from './context';
export { ASSET_ERRORS } from './context';
export { createRecentsStore, MAX_RECENTS, type RecentsStore, type RecentVisit } from './recentsStore';
export { demoTopUpLimiter, DEMO_TOP_UP_MAX, RECHARGE_RESULT, DEMO_RECHARGE_PATH, DEMO_RESET_PATH } from './demo';
export { WALLET_BALANCE_PATH, BALANCES_PATH, UNIFIED_ASSET_PATH } from './wallet';
export { ACCOUNT_INFO_PATH, INNOVATION_REMAIN_PATH } from './accountInfo';
export { LIABILITY_LIST_PATH, LIABILITY_REPAY_PATH, SPOT_MARGIN_SETTINGS_PATH } from './liability';
export { RECENTS_PATH } from './recents';

export function assetHandlers(context: AssetContext): HttpHandler[] {
  return [
    ...walletHandlers(context),
    ...accountInfoHandlers(context),
    ...liabilityHandlers(context),
    ...demoHandlers(context),
    ...recentsHandlers(context, context.recents ?? createRecentsStore()),
  ];
}
