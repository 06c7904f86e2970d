/**
 * The user topics of the private socket (spec 2 §7) and which account type
 * may subscribe to each: a classic (standard) account and a unified one (UTA)
 * are served by different topics (spec 2 §6), a few serve both.
 */
export type AccountType = 'UTA' | 'CLASSIC';

export const CLASSIC_TOPICS: readonly string[] = ['order_new', 'plan_order', 'stop_limit_order', 'oco_order', 'match', 'asset.spot-walletbalance'];

export const UTA_TOPICS: readonly string[] = [
  'user.uta.spot.order', 'user.uta.spot.trade', 'user.unify.uta.wallet', 'unified.mix.asset', 'private.order', 'private.position', 'unified.mix.pnl',
  'user.unify.usdc.borrowInfo',
];

export const SHARED_TOPICS: readonly string[] = ['lt_order', 'user.lt.order', 'strategy', 'combination.trade.notify', 'user.uta.upgrade'];

/** Every user topic; each needs a signed-in session. */
export const USER_TOPICS: ReadonlySet<string> = new Set([...CLASSIC_TOPICS, ...UTA_TOPICS, ...SHARED_TOPICS]);

const CLASSIC_ONLY = new Set(CLASSIC_TOPICS);
const UTA_ONLY = new Set(UTA_TOPICS);

/** May an account of this type subscribe to this user topic? */
export function topicServes(topic: string, accountType: AccountType): boolean {
  return accountType === 'UTA' ? !CLASSIC_ONLY.has(topic) : !UTA_ONLY.has(topic);
}

/** Where the engine's events go, by account type. */
export const PUSH_TOPICS = {
  CLASSIC: { order: 'order_new', planOrder: 'plan_order', stopLimit: 'stop_limit_order', oco: 'oco_order', fill: 'match', wallet: 'asset.spot-walletbalance' },
  UTA: { order: 'user.uta.spot.order', planOrder: 'user.uta.spot.order', stopLimit: 'user.uta.spot.order', oco: 'user.uta.spot.order', fill: 'user.uta.spot.trade', wallet: 'user.unify.uta.wallet' },
} as const;

export const UPGRADE_TOPIC = 'user.uta.upgrade';

/** Error frames of the private socket beyond the quote socket's (docs/api.md). */
export const PRIVATE_ERRORS = {
  loginRequired: ['-100401', 'Login required.'],
  invalidSession: ['-100401', 'Invalid session.'],
  sessionEnded: ['-100401', 'Session ended.'],
  wrongAccountType: ['-100403', 'Topic not available for this account type.'],
} as const;
