/**
 * Spec 2 §4 and §9: when the private socket's wallet pushes may stand in for
 * the wallet poll, and when they no longer can. The socket client owns the
 * timers and the clock; these rules only decide, with time as a parameter.
 *
 * Two clocks meet here. A push's `sendTime` is the exchange's clock (which may
 * be a replay clock far from the page's): it only orders pushes against each
 * other. How long nothing came is measured on the page's own clock (`now`,
 * `appliedAt`), so a skewed exchange clock cannot make a fresh wallet stale.
 */

/** Spec 2 §9: the wallet poll is off only when pushes come at least this often. */
export const WALLET_POLL_OFF_MAX_INTERVAL_MS = 3000;
/** Spec 2 §9: pushed wallet data is stale once nothing came for this many intervals. */
export const WALLET_STALE_FACTOR = 3;
/** Spec 2 §9: how often the page checks whether the pushed wallet went stale. */
export const WALLET_STALE_CHECK_MS = 5000;

/** What a wallet push says about itself (docs/api/private.md, "Push envelope"). */
export interface WalletPushStamp {
  /** exchange ms when the frame left */
  sendTime: number;
  /** ms between the exchange's unprompted wallet pushes */
  interval: number;
}

/** The newest wallet push the page applied. */
export interface WalletFeed {
  newestSendTime: number;
  interval: number;
  /** page ms when it was applied */
  appliedAt: number;
}

/** Spec 2 §9: pushes replace the poll only when their interval is 3000 ms or less. */
export function pushesReplaceWalletPoll(interval: number): boolean {
  return interval > 0 && interval <= WALLET_POLL_OFF_MAX_INTERVAL_MS;
}

/** Spec 2 §9: how long pushed wallet data stays fresh without another push. */
export function staleAfterMs(interval: number): number {
  return WALLET_STALE_FACTOR * interval;
}

/**
 * Spec 2 §4: a wallet push older than the newest one applied is dropped (a
 * whole-wallet push replaces the previous one, so an older one would undo a
 * newer balance). Equal times are kept: the exchange may send two pushes in
 * one millisecond (the subscription's first wallet and a change), in order.
 * Answers the feed after the push, or null when the push is dropped.
 */
export function applyWalletPush(feed: WalletFeed | null, push: WalletPushStamp, now: number): WalletFeed | null {
  if (feed && push.sendTime < feed.newestSendTime) return null;
  return { newestSendTime: push.sendTime, interval: push.interval, appliedAt: now };
}

/** Spec 2 §9: stale once nothing came for 3 × the pushed interval; no push yet counts as stale. */
export function isWalletStale(feed: WalletFeed | null, now: number): boolean {
  if (!feed) return true;
  return now - feed.appliedAt >= staleAfterMs(feed.interval);
}

/** What the page knows of its private socket when it decides whether to poll. */
export interface PushFreshness {
  /** the socket is open and every topic the page asked for is acknowledged */
  live: boolean;
  feed: WalletFeed | null;
  /** the result of the last periodic check (isWalletStale), not recomputed on every read */
  stale: boolean;
}

/**
 * The order lists are polled unless the socket is live and its wallet pushes
 * (the only ones that come on a timer, so the socket's heartbeat for this
 * account) are fresh: a quiet order topic alone cannot tell "nothing
 * happened" from "the pushes stopped".
 */
export function shouldPollOrders({ live, feed, stale }: PushFreshness): boolean {
  return !live || !feed || stale;
}

/** The wallet is polled when the orders are, and also whenever pushes are too sparse to replace the poll (spec 2 §9). */
export function shouldPollWallet(freshness: PushFreshness): boolean {
  return shouldPollOrders(freshness) || !pushesReplaceWalletPoll(freshness.feed!.interval);
}
