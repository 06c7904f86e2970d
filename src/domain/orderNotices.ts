/**
 * What an order push tells the trader (spec 2 §4 "Notifications on order
 * updates"): one pure decision per push, from the order as pushed, the same
 * order as the page last knew it, and the user's notification switches
 * (the `double_confirm` preference list, spec 2 §3).
 */
import { PLAN_TYPE } from './planTypes';
import { openListEffect, type PageOrderStatus } from './orderStatus';

/**
 * The `double_confirm` switches: notifications off, fill notifications off,
 * a sound on fills, and (the page's own, named like the spec's) the
 * cancel-all confirmation off.
 */
export interface NoticePrefs {
  notifyClose: boolean;
  tradeNotifyClose: boolean;
  successAudio: boolean;
  cancelAllConfirmClose: boolean;
}

export const DEFAULT_NOTICE_PREFS: NoticePrefs = { notifyClose: false, tradeNotifyClose: false, successAudio: false, cancelAllConfirmClose: false };

/** Spec 2 §3 names the list and its members; the page keeps it as comma-separated names of the switches that are on. */
export const NOTICE_PREFS_KEY = 'double_confirm';
const NOTICE_SWITCHES = ['notifyClose', 'tradeNotifyClose', 'successAudio', 'cancelAllConfirmClose'] as const;

export function parseNoticePrefs(value: string | undefined): NoticePrefs {
  const on = new Set((value ?? '').split(',').map((s) => s.trim()));
  return {
    notifyClose: on.has('notifyClose'),
    tradeNotifyClose: on.has('tradeNotifyClose'),
    successAudio: on.has('successAudio'),
    cancelAllConfirmClose: on.has('cancelAllConfirmClose'),
  };
}

export function serializeNoticePrefs(prefs: NoticePrefs): string {
  return NOTICE_SWITCHES.filter((s) => prefs[s]).join(',');
}

export interface NoticeOrder {
  orderId: string;
  status: PageOrderStatus;
  planType: number;
  /** LIMIT or MARKET */
  type: string;
  timeInForce: string;
  /** 0: placed by the user; anything else: by a strategy tool (iceberg, TWAP) */
  specialTradeFrom: number;
  price: string;
  triggerPrice: string;
  qty: string;
  executedQty: string;
}

export interface NoticeContext {
  prefs: NoticePrefs;
  /** open orders the page holds: above the limit, notices stop (spec 2 §9) */
  openCount: number;
  /** this page itself just cancelled or modified the order (and said so already) */
  ownAction: 'cancel' | 'modify' | null;
}

/** Spec 2 §9: notices are limited when there are over 400 orders. */
export const NOTICE_ORDER_LIMIT = 400;

export type NoticeKey =
  | 'noticeFilled'
  | 'noticePartialDone'
  | 'noticeCancelled'
  | 'noticePostOnlyCancelled'
  | 'noticeMarketFailed'
  | 'noticeTrailingProfit'
  | 'noticeAmendPrice'
  | 'noticeAmendQty'
  | 'noticeAmendTrigger';

export interface OrderNotice {
  key: NoticeKey;
  kind: 'success' | 'info' | 'error';
  /** play the fill sound (only with successAudio on) */
  sound: boolean;
  /** also a system notification while the page is in the background (a completed order that is not a market order) */
  systemNotice: boolean;
}

/**
 * A status an order reaches once (it left the open list: filled, cancelled,
 * rejected). Its notice may come from two places, the order's push and the
 * create answer that already says it (a market order fills inside the call),
 * and is said only once; other statuses repeat (an amended order is NEW again).
 */
export function isOnceStatus(status: PageOrderStatus): boolean {
  return openListEffect('spot', status) === 'remove' || openListEffect('plan', status) === 'remove';
}

const TRAILING_STOP = PLAN_TYPE.trailingStop;
const TRAILING_PROFIT = PLAN_TYPE.trailingProfit;
const zero = (v: string) => Number(v) === 0;

/** The notice for one pushed update, or null for none. */
export function orderNotice(update: NoticeOrder, previous: NoticeOrder | null, ctx: NoticeContext): OrderNotice | null {
  if (ctx.prefs.notifyClose || ctx.openCount > NOTICE_ORDER_LIMIT) return null;
  if (update.specialTradeFrom !== 0) return null;
  const fillSound = ctx.prefs.successAudio;
  const market = update.type === 'MARKET';
  switch (update.status) {
    case 'FILLED':
      if (ctx.prefs.tradeNotifyClose) return null;
      return { key: 'noticeFilled', kind: 'success', sound: fillSound, systemNotice: !market };
    case 'PARTIALLY_FILLED_CANCELED':
      if (ctx.prefs.tradeNotifyClose) return null;
      return { key: 'noticePartialDone', kind: 'success', sound: fillSound, systemNotice: false };
    case 'CANCELED':
    case 'ORDER_CANCELED':
      if (ctx.ownAction === 'cancel') return null;
      // The exchange's own cancels first: they explain why an order the trader did not cancel is gone.
      if (market && zero(update.executedQty)) return { key: 'noticeMarketFailed', kind: 'error', sound: false, systemNotice: false };
      if (update.timeInForce === 'PostOnly' && zero(update.executedQty)) return { key: 'noticePostOnlyCancelled', kind: 'info', sound: false, systemNotice: false };
      return { key: 'noticeCancelled', kind: 'info', sound: false, systemNotice: false };
    case 'NEW':
    case 'ORDER_NEW':
      if (previous?.planType === TRAILING_STOP && update.planType === TRAILING_PROFIT) {
        return { key: 'noticeTrailingProfit', kind: 'info', sound: false, systemNotice: false };
      }
      if (!previous || ctx.ownAction === 'modify') return null;
      if (Number(previous.price) !== Number(update.price)) return { key: 'noticeAmendPrice', kind: 'info', sound: false, systemNotice: false };
      if (Number(previous.qty) !== Number(update.qty)) return { key: 'noticeAmendQty', kind: 'info', sound: false, systemNotice: false };
      if (Number(previous.triggerPrice) !== Number(update.triggerPrice)) return { key: 'noticeAmendTrigger', kind: 'info', sound: false, systemNotice: false };
      return null;
    default:
      // PARTIALLY_FILLED alone, a plan that triggered, a rejection: the lists show them.
      return null;
  }
}
