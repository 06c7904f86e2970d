import { describe, expect, it } from 'vitest';
import { LT_RECORD_TABS, ltRecordsLink, ordersPanelLinks, ordersPanelTabs, PERFORMANCE_PATH } from './ordersPanelTabs';

const account = { signedIn: true, isDemo: false, unified: true, compliant: true };

describe('order-list tabs (spec 2 §2, §6)', () => {
  it('gives a compliant unified account every tab, in the spec order', () => {
    // Spec 2 §2 order: the strategy tabs between trailing stop and borrowing.
    expect(ordersPanelTabs(account)).toEqual(['current', 'trailing', 'iceberg', 'twap', 'chase', 'borrowing', 'assets', 'openOrder', 'positions', 'history', 'trades', 'ltRecords', 'pnl']);
  });

  it('leaves out what the account may not see', () => {
    expect(ordersPanelTabs({ ...account, unified: false })).toEqual(['current', 'assets', 'history', 'trades', 'ltRecords', 'pnl']);
    expect(ordersPanelTabs({ ...account, compliant: false })).toEqual(['current', 'trailing', 'borrowing', 'assets', 'history', 'trades', 'pnl']);
    expect(ordersPanelTabs({ ...account, signedIn: false })).toEqual(['current', 'history', 'trades']);
  });

  it('shows the LT records after the trade history to compliant accounts that are not demo, of either type (§6)', () => {
    expect(ordersPanelTabs({ ...account, isDemo: true })).not.toContain('ltRecords');
    expect(ordersPanelTabs({ ...account, compliant: false })).not.toContain('ltRecords');
    expect(ordersPanelTabs({ ...account, unified: false, compliant: false })).not.toContain('ltRecords');
    expect(ordersPanelTabs({ ...account, signedIn: false })).not.toContain('ltRecords');
    const classic = ordersPanelTabs({ ...account, unified: false });
    expect(classic.indexOf('ltRecords')).toBe(classic.indexOf('trades') + 1);
  });
});

describe('links out to the full lists (spec 2 §2)', () => {
  it('names the current, history and trade pages per sub-tab', () => {
    expect(ordersPanelLinks('current', 'oco', account).fullList).toBe('/user/assets/order/fed/spot-current-orders/oco');
    expect(ordersPanelLinks('current', 'stopLimit', account).fullList).toBe('/user/assets/order/fed/spot-current-orders/stop-limit');
    expect(ordersPanelLinks('history', 'ordinary', account).fullList).toBe('/user/assets/order/fed/spot-orders/active');
    expect(ordersPanelLinks('history', 'oco', account).fullList).toBeNull();
    expect(ordersPanelLinks('trades', 'ordinary', account).fullList).toBe('/user/assets/order/fed/spot-history/active');
    expect(ordersPanelLinks('assets', 'ordinary', account).fullList).toBeNull();
  });

  it('names the LT order pages per record sub-tab, subscription first', () => {
    expect(LT_RECORD_TABS).toEqual(['subscription', 'redemption']);
    expect(ltRecordsLink('subscription')).toBe('/user/assets/order/fed/spot-lt-order/subscription');
    expect(ltRecordsLink('redemption')).toBe('/user/assets/order/fed/spot-lt-order/redemption');
    expect(ordersPanelLinks('ltRecords', 'ordinary', account)).toEqual({ fullList: null, performance: null });
  });

  it('offers the performance page on historical tabs, never to demo accounts', () => {
    expect(ordersPanelLinks('history', 'ordinary', account).performance).toBe(PERFORMANCE_PATH);
    expect(ordersPanelLinks('pnl', 'ordinary', account).performance).toBe(PERFORMANCE_PATH);
    expect(ordersPanelLinks('current', 'ordinary', account).performance).toBeNull();
    expect(ordersPanelLinks('history', 'ordinary', { isDemo: true }).performance).toBeNull();
  });
});
