import { describe, expect, it } from 'vitest';
import { isFreshLtChange, ltFailReasonKey, ltOrderNotice, type NoticeLtOrder } from './ltOrderNotice';

const order = (over: Partial<NoticeLtOrder> = {}): NoticeLtOrder => ({ orderId: 'lt-1', orderType: 1, status: 2, failReason: null, ...over });

describe('LT order toasts (spec 2 §4)', () => {
  it('status 1 is a success toast, per order type', () => {
    expect(ltOrderNotice(order({ status: 1 }))).toEqual({ key: 'ltNoticeSubscribed', kind: 'success', reasonKey: null });
    expect(ltOrderNotice(order({ status: 1, orderType: 2 }))).toEqual({ key: 'ltNoticeRedeemed', kind: 'success', reasonKey: null });
  });

  it('status 3 is a failure toast with its reason', () => {
    expect(ltOrderNotice(order({ status: 3, failReason: 'change_position' }))).toEqual({
      key: 'ltNoticeSubscribeFailed',
      kind: 'error',
      reasonKey: 'ltFailReason_change_position',
    });
    expect(ltOrderNotice(order({ status: 3, orderType: 2, failReason: 'invalid_value' }))).toEqual({
      key: 'ltNoticeRedeemFailed',
      kind: 'error',
      reasonKey: 'ltFailReason_invalid_value',
    });
  });

  it('status 2 (in progress) says nothing', () => {
    expect(ltOrderNotice(order({ status: 2 }))).toBeNull();
    expect(ltOrderNotice(order({ status: 2, orderType: 2 }))).toBeNull();
  });

  it('names every reason of the contract, and an unknown or missing one as unknown', () => {
    for (const reason of ['closed', 'change_position', 'close_position', 'invalid_value', 'wear_position']) {
      expect(ltFailReasonKey(reason)).toBe(`ltFailReason_${reason}`);
    }
    expect(ltFailReasonKey(null)).toBe('ltFailReason_unknown');
    expect(ltFailReasonKey('toString')).toBe('ltFailReason_unknown');
  });
});

describe('which LT pushes are news (the same change comes on lt_order and user.lt.order)', () => {
  it('takes the first sight of an order, and each step forward once', () => {
    expect(isFreshLtChange(undefined, { status: 2 })).toBe(true);
    expect(isFreshLtChange(undefined, { status: 1 })).toBe(true);
    expect(isFreshLtChange(2, { status: 1 })).toBe(true);
    expect(isFreshLtChange(2, { status: 3 })).toBe(true);
  });

  it('drops the second copy and a stale in-progress after the end', () => {
    expect(isFreshLtChange(2, { status: 2 })).toBe(false);
    expect(isFreshLtChange(1, { status: 1 })).toBe(false);
    expect(isFreshLtChange(3, { status: 3 })).toBe(false);
    expect(isFreshLtChange(1, { status: 2 })).toBe(false);
  });
});
