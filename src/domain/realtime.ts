/**
 * Rules of the realtime connection (spec 2 §4, §8, §9) with time and
 * randomness as parameters: the socket client owns the timers, these decide.
 */

/** Spec 2 §9: a ping every 15 s ... */
export const PING_INTERVAL_MS = 15_000;
/** ... answered within 3 s, or the socket is considered dead. */
export const PONG_TIMEOUT_MS = 3_000;
/** A socket that has not opened after 10 s is given up. */
export const CONNECT_TIMEOUT_MS = 10_000;
export const RECONNECT_MIN_DELAY_MS = 1_000;
export const RECONNECT_MAX_DELAY_MS = 5_000;
/** Up to half of the delay's cap is taken off at random, so pages that lost the server together do not return together. */
export const RECONNECT_JITTER = 0.5;
/** Spec 2 §4: reconnects never give up while the page wants data. */
export const MAX_RECONNECT_ATTEMPTS = Number.POSITIVE_INFINITY;
/** A page hidden for longer than this checks its socket when it is shown again. */
export const HIDDEN_HEALTH_CHECK_MS = 60_000;
/**
 * The last release of a subscription is sent as a cancel only after this delay:
 * a React remount (StrictMode, route change, tab switch) re-takes it in time and
 * the socket never sees the churn.
 */
export const SUBSCRIPTION_TEARDOWN_MS = 2_000;
/** This many malformed frames in a row means the stream cannot be trusted: reconnect with 4006. */
export const MALFORMED_FRAMES_BEFORE_RECONNECT = 10;

/**
 * Close codes the page uses on its own sockets (spec 2 §8 names the set, not
 * the mapping; this is the mapping). 4000–4999 is the application range of
 * RFC 6455, so browsers let the page send them and servers never do.
 */
export const CLOSE_CODES = {
  /** a health check (page shown again, back online) got no pong within 3 s, or found the socket not open */
  healthCheckFailed: 4995,
  /** a regular 15 s ping got no pong within 3 s */
  pongTimeout: 4996,
  /** the socket did not open within 10 s */
  openTimeout: 4997,
  /** the open socket reported an error */
  socketError: 4998,
  /** the socket reported an error before it opened (refused, DNS, offline) */
  openError: 4999,
  /** the page closed the socket on purpose; the only code that does not reconnect */
  closedByPage: 4005,
  /** the page forced a reconnect after a protocol failure (too many malformed frames) */
  protocolFailure: 4006,
} as const;

export type InternalCloseCode = (typeof CLOSE_CODES)[keyof typeof CLOSE_CODES];

export const CLOSE_CODE_MEANINGS: Readonly<Record<InternalCloseCode, string>> = {
  4995: 'health check failed (heart back)',
  4996: 'pong timeout',
  4997: 'open timeout',
  4998: 'socket error',
  4999: 'open error',
  4005: 'closed by the page',
  4006: 'forced reconnect after a protocol failure',
};

/**
 * Whether a socket that closed with `code` is reconnected. Everything but the
 * page's own close is: a server's normal close (1000) or going-away (1001)
 * still leaves a page that wants quotes.
 */
export function shouldReconnect(code: number): boolean {
  return code !== CLOSE_CODES.closedByPage;
}

/**
 * Delay before reconnect attempt `attempt` (1 = the first after a failure):
 *
 *   cap   = min(5000, 1000 × 2^attempt)
 *   delay = round(cap × (1 − 0.5 × random01))
 *
 * so attempt 1 waits 1–2 s, attempt 2 waits 2–4 s and every later one 2.5–5 s:
 * it grows from 1 s toward 5 s and never leaves 1000–5000 ms. `random01` is
 * clamped to [0, 1].
 */
export function reconnectDelay(attempt: number, random01: number): number {
  // 2^3 already passes the cap; bounding the exponent keeps huge attempt counts finite.
  const exponent = Number.isNaN(attempt) ? 1 : Math.min(16, Math.max(1, Math.floor(attempt)));
  const cap = Math.min(RECONNECT_MAX_DELAY_MS, RECONNECT_MIN_DELAY_MS * 2 ** exponent);
  const r = Math.min(1, Math.max(0, Number.isFinite(random01) ? random01 : 0));
  return Math.round(cap * (1 - RECONNECT_JITTER * r));
}

/** The part of the page status (src/data/pageStatus.ts) the health-check rule reads. */
export interface PageActivity {
  visible: boolean;
  online: boolean;
  /** how long the page was hidden before it became visible the last time (ms) */
  lastHiddenFor: number;
}

/**
 * A socket may have died silently while the page was away: check it when the
 * page is shown after being hidden for more than 60 s, or comes back online.
 */
export function needsHealthCheck(before: PageActivity, after: PageActivity): boolean {
  const shownAfterLongHide = !before.visible && after.visible && after.lastHiddenFor > HIDDEN_HEALTH_CHECK_MS;
  const backOnline = !before.online && after.online;
  return shownAfterLongHide || backOnline;
}
