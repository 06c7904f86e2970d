/**
 * The user topics the page takes on the private socket (docs/api/private.md,
 * spec 2 §7) and the frames that ask for them. A classic and a unified
 * account are served by different topics: asking for the other type's is
 * refused (-100403), so the account type picks the set.
 */
export type PrivateAccountType = 'UTA' | 'CLASSIC';

/** What a topic's pushes carry. */
export type TopicRole = 'order' | 'trade' | 'wallet' | 'strategy' | 'lt' | 'upgrade';

/**
 * Both account types get the user's leveraged-token orders on two topics
 * with the same items (docs/api/lt.md). The page asks for both as the spec
 * lists both (§7), takes them as one stream and drops the second copy of
 * each change (data/ltOrders.ts).
 */
const LT_TOPICS: Readonly<Record<string, TopicRole>> = { lt_order: 'lt', 'user.lt.order': 'lt' };

const TOPICS: Readonly<Record<PrivateAccountType, Readonly<Record<string, TopicRole>>>> = {
  // Classic accounts get plan orders by plan type on three topics besides the ordinary order_new.
  CLASSIC: {
    order_new: 'order',
    plan_order: 'order',
    stop_limit_order: 'order',
    oco_order: 'order',
    match: 'trade',
    'asset.spot-walletbalance': 'wallet',
    // Served to both account types: the strategy orders and grid bots of the user changed.
    strategy: 'strategy',
    ...LT_TOPICS,
    // Spec 2 §4: how the account's upgrade to unified ends. Served to both types, asked for by the
    // only one that can upgrade; the subscription outlives the switch to UTA, so the '0' push still arrives.
    'user.uta.upgrade': 'upgrade',
  },
  // Unified accounts get every order on one topic, told apart by planType.
  UTA: {
    'user.uta.spot.order': 'order',
    'user.uta.spot.trade': 'trade',
    'user.unify.uta.wallet': 'wallet',
    strategy: 'strategy',
    ...LT_TOPICS,
  },
};

/** The topics the page subscribes to for an account type, in the order it asks for them. */
export function topicsFor(accountType: PrivateAccountType): string[] {
  return Object.keys(TOPICS[accountType]);
}

/** What a pushed topic carries for this account type; null for a topic the page did not ask for. */
export function roleOf(topic: string, accountType: PrivateAccountType): TopicRole | null {
  return Object.hasOwn(TOPICS[accountType], topic) ? TOPICS[accountType][topic]! : null;
}

/** User topics take no symbol; params would only be echoed. */
export function subFrame(topic: string): string {
  return JSON.stringify({ topic, event: 'sub' });
}

export function authFrame(token: string): string {
  return JSON.stringify({ event: 'auth', params: { token } });
}

/** The exchange's code for "not signed in" on a sub, a refused auth frame, and an ended session. */
export const LOGIN_REQUIRED = '-100401';
