/**
 * What a leveraged-token order push tells the trader (spec 2 §4: "LT order
 * status 1 means filled (success toast), 3 means failed (failure toast)"),
 * and which pushes are news at all: the exchange sends every change on two
 * topics (lt_order and user.lt.order, docs/api/lt.md), so the same change
 * arrives twice and must count once.
 */

/** 1 done, 2 in progress, 3 failed (docs/api/lt.md). */
export type LtOrderStatusCode = 1 | 2 | 3;

/** The fields of an LT order the rules read (the data layer's LtOrder has them all). */
export interface NoticeLtOrder {
  orderId: string;
  /** 1 subscription, 2 redemption */
  orderType: 1 | 2;
  status: LtOrderStatusCode;
  failReason: string | null;
}

export type LtNoticeKey = 'ltNoticeSubscribed' | 'ltNoticeRedeemed' | 'ltNoticeSubscribeFailed' | 'ltNoticeRedeemFailed';

export interface LtOrderNotice {
  key: LtNoticeKey;
  kind: 'success' | 'error';
  /** the failure's reason as a message key (failed orders only) */
  reasonKey: string | null;
}

/** The reasons the exchange names (docs/api/lt.md); anything else reads as an unknown reason rather than a raw code. */
const KNOWN_REASONS: ReadonlySet<string> = new Set(['closed', 'change_position', 'close_position', 'invalid_value', 'wear_position']);

/** The message key of a failed order's reason, for the toast and the records' status column. */
export function ltFailReasonKey(reason: string | null): string {
  return reason !== null && KNOWN_REASONS.has(reason) ? `ltFailReason_${reason}` : 'ltFailReason_unknown';
}

/**
 * The toast for one LT order change, or null. Not gated by the order
 * notification switches: those govern exchange-side updates of orders, while
 * this is the only answer the trader gets to their own subscription or
 * redemption (the call itself only says it was accepted).
 */
export function ltOrderNotice(update: NoticeLtOrder): LtOrderNotice | null {
  const subscription = update.orderType === 1;
  switch (update.status) {
    case 1:
      return { key: subscription ? 'ltNoticeSubscribed' : 'ltNoticeRedeemed', kind: 'success', reasonKey: null };
    case 3:
      return { key: subscription ? 'ltNoticeSubscribeFailed' : 'ltNoticeRedeemFailed', kind: 'error', reasonKey: ltFailReasonKey(update.failReason) };
    default:
      // In progress: the form already said the request was taken; the records show the row.
      return null;
  }
}

/** Done and failed are final: a change can only move an order forward from in progress. */
const stage = (status: LtOrderStatusCode): number => (status === 2 ? 0 : 1);

/**
 * Whether a pushed change is news, given the status the page last took for
 * that order (undefined: none yet). The copy on the second topic, and a late
 * "in progress" after the order ended, are not.
 */
export function isFreshLtChange(seen: LtOrderStatusCode | undefined, update: Pick<NoticeLtOrder, 'status'>): boolean {
  return seen === undefined || stage(update.status) > stage(seen);
}
