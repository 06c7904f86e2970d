import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTICE_PREFS, isOnceStatus, orderNotice, parseNoticePrefs, serializeNoticePrefs, type NoticeContext, type NoticeOrder } from './orderNotices';

const order = (over: Partial<NoticeOrder> = {}): NoticeOrder => ({
  orderId: '1',
  status: 'NEW',
  planType: -1,
  type: 'LIMIT',
  timeInForce: 'GTC',
  specialTradeFrom: 0,
  price: '60000',
  triggerPrice: '0',
  qty: '0.5',
  executedQty: '0',
  ...over,
});
const ctx = (over: Partial<NoticeContext> = {}): NoticeContext => ({ prefs: DEFAULT_NOTICE_PREFS, openCount: 1, ownAction: null, ...over });
const key = (u: Partial<NoticeOrder>, prev: Partial<NoticeOrder> | null = null, c: Partial<NoticeContext> = {}) =>
  orderNotice(order(u), prev ? order(prev) : null, ctx(c))?.key ?? null;

describe('orderNotice (spec 2 §4)', () => {
  it('a completed order gives the completed toast, with a system notice except for market orders', () => {
    expect(orderNotice(order({ status: 'FILLED', executedQty: '0.5' }), null, ctx())).toMatchObject({ key: 'noticeFilled', kind: 'success', systemNotice: true, sound: false });
    expect(orderNotice(order({ status: 'FILLED', type: 'MARKET' }), null, ctx())).toMatchObject({ systemNotice: false });
  });

  it('sound only with the voice switch on; fill notices off with tradeNotifyClose; everything off with notifyClose', () => {
    const on = { ...DEFAULT_NOTICE_PREFS, successAudio: true };
    expect(orderNotice(order({ status: 'FILLED' }), null, ctx({ prefs: on }))?.sound).toBe(true);
    expect(orderNotice(order({ status: 'CANCELED' }), null, ctx({ prefs: on }))?.sound).toBe(false);
    expect(key({ status: 'FILLED' }, null, { prefs: { ...DEFAULT_NOTICE_PREFS, tradeNotifyClose: true } })).toBeNull();
    expect(key({ status: 'CANCELED' }, null, { prefs: { ...DEFAULT_NOTICE_PREFS, tradeNotifyClose: true } })).toBe('noticeCancelled');
    expect(key({ status: 'CANCELED' }, null, { prefs: { ...DEFAULT_NOTICE_PREFS, notifyClose: true } })).toBeNull();
  });

  it('partial completion, cancels and the exchange cancelling on its own', () => {
    expect(key({ status: 'PARTIALLY_FILLED_CANCELED', executedQty: '0.2' })).toBe('noticePartialDone');
    expect(key({ status: 'CANCELED' })).toBe('noticeCancelled');
    expect(key({ status: 'ORDER_CANCELED', planType: 1 })).toBe('noticeCancelled');
    expect(key({ status: 'CANCELED', timeInForce: 'PostOnly' })).toBe('noticePostOnlyCancelled');
    expect(key({ status: 'CANCELED', type: 'MARKET' })).toBe('noticeMarketFailed');
    expect(key({ status: 'CANCELED' }, null, { ownAction: 'cancel' })).toBeNull();
  });

  it('ignores a partial fill alone, strategy orders, and everything above 400 open orders', () => {
    expect(key({ status: 'PARTIALLY_FILLED', executedQty: '0.1' })).toBeNull();
    expect(key({ status: 'FILLED', specialTradeFrom: 2 })).toBeNull();
    expect(key({ status: 'FILLED' }, null, { openCount: 401 })).toBeNull();
    expect(key({ status: 'FILLED' }, null, { openCount: 400 })).toBe('noticeFilled');
  });

  it('a trailing stop turning into trailing profit, and amends made elsewhere', () => {
    expect(key({ status: 'ORDER_NEW', planType: 5 }, { status: 'ORDER_NEW', planType: 4 })).toBe('noticeTrailingProfit');
    expect(key({ price: '59000' }, {})).toBe('noticeAmendPrice');
    expect(key({ qty: '0.4' }, {})).toBe('noticeAmendQty');
    expect(key({ status: 'ORDER_NEW', planType: 1, triggerPrice: '58000' }, { status: 'ORDER_NEW', planType: 1, triggerPrice: '57000' })).toBe('noticeAmendTrigger');
    expect(key({ price: '59000' }, {}, { ownAction: 'modify' })).toBeNull();
    expect(key({}, null)).toBeNull();
    expect(key({}, {})).toBeNull();
  });
});

describe('the double_confirm list', () => {
  it('reads and writes the switches that are on', () => {
    expect(parseNoticePrefs(undefined)).toEqual(DEFAULT_NOTICE_PREFS);
    expect(parseNoticePrefs('successAudio, notifyClose,odd')).toEqual({ notifyClose: true, tradeNotifyClose: false, successAudio: true, cancelAllConfirmClose: false });
    expect(serializeNoticePrefs({ notifyClose: false, tradeNotifyClose: true, successAudio: true, cancelAllConfirmClose: true })).toBe('tradeNotifyClose,successAudio,cancelAllConfirmClose');
  });
});

describe('isOnceStatus: what is told once, from the push or the create answer', () => {
  it('is every status that ends an order, in either list', () => {
    const once = ['FILLED', 'PARTIALLY_FILLED_CANCELED', 'CANCELED', 'REJECTED', 'ORDER_FILLED', 'ORDER_CANCELED', 'ORDER_REJECTED'] as const;
    for (const status of once) expect(isOnceStatus(status)).toBe(true);
  });
  it('is not a status an order can come back to (an amended order is NEW again)', () => {
    for (const status of ['NEW', 'ORDER_NEW', 'PARTIALLY_FILLED', 'PENDING_CANCEL', 'UNKNOWN'] as const) expect(isOnceStatus(status)).toBe(false);
  });
});
