import { describe, expect, it } from 'vitest';
import {
  applyOpenOrderUpdate,
  cancelFailureText,
  historyWindow,
  isGridBotOrder,
  isPlanOrder,
  isStrategyChildOrder,
  openListEffect,
  ORDER_HISTORY_RANGES,
  pageStatusOf,
  type OpenListItem,
  type PageOrderStatus,
} from './orderStatus';

const ORDINARY = -1;
const CONDITIONAL = 1;

describe('pageStatusOf (spec 2 §4)', () => {
  it.each([
    ['Filled', ORDINARY, 'FILLED'],
    ['Filled', CONDITIONAL, 'FILLED'],
    ['PartiallyFilledCanceled', ORDINARY, 'PARTIALLY_FILLED_CANCELED'],
    ['PartiallyFilled', ORDINARY, 'PARTIALLY_FILLED'],
    ['Deactivated', CONDITIONAL, 'ORDER_CANCELED'],
    ['Deactivated', ORDINARY, 'ORDER_CANCELED'],
    ['Cancelled', ORDINARY, 'CANCELED'],
    ['Cancelled', CONDITIONAL, 'ORDER_CANCELED'],
    ['Cancelled', 8, 'ORDER_CANCELED'],
    ['Triggered', 10, 'ORDER_FILLED'],
    ['Rejected', ORDINARY, 'REJECTED'],
    ['Rejected', 11, 'ORDER_REJECTED'],
    ['Untriggered', 4, 'ORDER_NEW'],
    ['New', ORDINARY, 'NEW'],
  ] as const)('%s (plan type %d) → %s', (server, planType, page) => {
    expect(pageStatusOf(server, planType)).toBe(page);
  });

  it('an unlisted server name is UNKNOWN, not a guess', () => {
    expect(pageStatusOf('Expired', ORDINARY)).toBe('UNKNOWN');
    expect(pageStatusOf('new', ORDINARY)).toBe('UNKNOWN');
  });

  it('plan type -1 is the only ordinary kind', () => {
    expect(isPlanOrder(-1)).toBe(false);
    for (const plan of [1, 4, 5, 8, 10, 11]) expect(isPlanOrder(plan)).toBe(true);
  });
});

describe('openListEffect (spec 2 §4 list maintenance)', () => {
  it.each([
    ['NEW', 'add'],
    ['PARTIALLY_FILLED', 'upsert'],
    ['PARTIALLY_FILLED_CANCELED', 'remove'],
    ['FILLED', 'remove'],
    ['CANCELED', 'remove'],
    ['REJECTED', 'remove'],
    ['ORDER_NEW', 'ignore'],
    ['UNKNOWN', 'ignore'],
  ] as const)('spot list: %s → %s', (status, effect) => {
    expect(openListEffect('spot', status)).toBe(effect);
  });

  it.each([
    ['ORDER_NEW', 'add'],
    ['ORDER_FILLED', 'remove'],
    ['ORDER_CANCELED', 'remove'],
    ['ORDER_REJECTED', 'remove'],
    ['NEW', 'ignore'],
    ['CANCELED', 'ignore'],
  ] as const)('plan list: %s → %s', (status, effect) => {
    expect(openListEffect('plan', status)).toBe(effect);
  });
});

describe('applyOpenOrderUpdate', () => {
  const item = (orderId: string, status: PageOrderStatus, qty = '1'): OpenListItem & { qty: string } => ({ orderId, status, qty });
  const list = [item('2', 'NEW'), item('1', 'PARTIALLY_FILLED')];

  it('NEW adds on top; a repeated NEW replaces instead of listing twice', () => {
    expect(applyOpenOrderUpdate(list, item('3', 'NEW'), 'spot').map((o) => o.orderId)).toEqual(['3', '2', '1']);
    const again = applyOpenOrderUpdate(list, item('2', 'NEW', '5'), 'spot');
    expect(again).toEqual([item('2', 'NEW', '5'), item('1', 'PARTIALLY_FILLED')]);
  });

  it('PARTIALLY_FILLED replaces in place or adds', () => {
    expect(applyOpenOrderUpdate(list, item('2', 'PARTIALLY_FILLED', '0.5'), 'spot')).toEqual([item('2', 'PARTIALLY_FILLED', '0.5'), item('1', 'PARTIALLY_FILLED')]);
    expect(applyOpenOrderUpdate(list, item('9', 'PARTIALLY_FILLED'), 'spot').map((o) => o.orderId)).toEqual(['9', '2', '1']);
  });

  it.each(['PARTIALLY_FILLED_CANCELED', 'FILLED', 'CANCELED', 'REJECTED'] as const)('%s removes from the spot list', (status) => {
    expect(applyOpenOrderUpdate(list, item('1', status), 'spot').map((o) => o.orderId)).toEqual(['2']);
  });

  it('removing or ignoring changes nothing answers the same array', () => {
    expect(applyOpenOrderUpdate(list, item('7', 'FILLED'), 'spot')).toBe(list);
    expect(applyOpenOrderUpdate(list, item('2', 'ORDER_NEW'), 'spot')).toBe(list);
  });

  it('plan list: ORDER_NEW adds; ORDER_FILLED, ORDER_CANCELED and ORDER_REJECTED remove; spot statuses are ignored', () => {
    const plans = [item('5', 'ORDER_NEW')];
    expect(applyOpenOrderUpdate(plans, item('6', 'ORDER_NEW'), 'plan').map((o) => o.orderId)).toEqual(['6', '5']);
    for (const status of ['ORDER_FILLED', 'ORDER_CANCELED', 'ORDER_REJECTED'] as const) {
      expect(applyOpenOrderUpdate(plans, item('5', status), 'plan')).toEqual([]);
    }
    expect(applyOpenOrderUpdate(plans, item('5', 'CANCELED'), 'plan')).toBe(plans);
  });
});

describe('history window and cancel failures', () => {
  it('spans the chosen number of days back from the exchange clock', () => {
    expect(ORDER_HISTORY_RANGES).toEqual([7, 30, 180]);
    expect(historyWindow(1_000_000_000_000, 30)).toEqual({ startTime: 1_000_000_000_000 - 30 * 86_400_000, endTime: 1_000_000_000_000 });
  });

  it('81001 on an ordinary cancel or a cancel-all is the liquidation notice; other codes show the server text', () => {
    expect(cancelFailureText(81001, 'ordinary')).toBe('liquidationErrorInfo');
    expect(cancelFailureText('81001', 'all')).toBe('liquidationErrorInfo');
    expect(cancelFailureText(81001, 'plan')).toBeNull();
    expect(cancelFailureText(170213, 'ordinary')).toBeNull();
    expect(cancelFailureText(undefined, 'all')).toBeNull();
  });
});

describe('specialTradeFrom: who placed an order', () => {
  it('1 iceberg, 2 TWAP, 3 chase are strategy children; 4 is a grid bot; 0 the user', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => isStrategyChildOrder({ specialTradeFrom: n }))).toEqual([false, true, true, true, false, false]);
    expect(isGridBotOrder({ specialTradeFrom: 4 })).toBe(true);
    expect(isGridBotOrder({ specialTradeFrom: 2 })).toBe(false);
  });
});
