import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseLtOrder, type LtOrder } from '../../data/api/lt';
import { ltRecordsLink, type LtRecordTab } from '../../domain/ordersPanelTabs';
import { LtRecordsView } from './LtRecordsView';
import type { LtRecordsModel } from './useLtRecords';

// Texts are keys plus their values here (no i18n instance): the test is about structure and numbers, not wording.
vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
    i18n: { language: 'en' },
  }),
}));

const order = (over: Record<string, unknown>): LtOrder =>
  parseLtOrder({
    orderId: 'lt-1', symbolId: 'BTC3LUSDT', token: 'BTC3L', quote: 'USDT', orderType: 1, orderQuantity: '150', status: 2,
    nav: null, fee: null, fillQuantity: null, failReason: null, createdTime: 1_000, updatedTime: 1_000, ...over,
  });

const DONE = order({ orderId: 'lt-2', status: 1, orderQuantity: '1500', nav: '4.82100000', fee: '0.75', fillQuantity: '310.9313' });
const FAILED = order({ orderId: 'lt-3', status: 3, failReason: 'change_position' });

type Records = LtRecordsModel['records'];

function model(over: Partial<Omit<LtRecordsModel, 'records'>> & { records?: Partial<Records> } = {}): LtRecordsModel {
  const tab: LtRecordTab = over.tab ?? 'subscription';
  return {
    tab,
    onTab: vi.fn(),
    days: 7,
    onDays: vi.fn(),
    link: ltRecordsLink(tab),
    locale: 'en',
    time: (ms) => `t${ms}`,
    ...over,
    // The view calls refetch and loadMore without looking at what they return.
    records: { data: [DONE, FAILED, order({})], isError: false, refetch: vi.fn(), hasMore: false, loadingMore: false, loadMore: vi.fn(), ...over.records } as Records,
  };
}

const cells = (orderId: string) => [...document.querySelectorAll(`tr[data-lt-order-id="${orderId}"] td`)].map((td) => td.textContent);

describe('LtRecordsView', () => {
  afterEach(cleanup);

  it('lists subscriptions: paid in quote, received in tokens, the NAV as given, the status in words', () => {
    render(<LtRecordsView model={model()} />);
    expect(screen.getByRole('table', { name: 'ltTabSubscription' })).toBeDefined();
    expect(cells('lt-2')).toEqual(['t1000', 'BTC3L', '1,500 USDT', '4.82100000', '0.75 USDT', '310.9313 BTC3L', 'ltStatusDone']);
    expect(cells('lt-3')).toEqual(['t1000', 'BTC3L', '150 USDT', '—', '—', '—', 'ltStatusFailed {"reason":"ltFailReason_change_position"}']);
    expect(cells('lt-1').at(-1)).toBe('ltStatusInProgress');
  });

  it('lists redemptions the other way round: tokens in, quote out', () => {
    const redeemed = order({ orderId: 'lt-9', orderType: 2, status: 1, orderQuantity: '20', nav: '4.5', fee: '0.045', fillQuantity: '89.955' });
    render(<LtRecordsView model={model({ tab: 'redemption', records: { data: [redeemed] } })} />);
    expect(screen.getByRole('table', { name: 'ltTabRedemption' })).toBeDefined();
    expect(cells('lt-9')).toEqual(['t1000', 'BTC3L', '20 BTC3L', '4.5', '0.045 USDT', '89.955 USDT', 'ltStatusDone']);
  });

  it('offers the two record sub-tabs, the 7 / 30 / 180-day ranges and the sub-tab link out', () => {
    const m = model({ tab: 'redemption', records: { data: [] } });
    render(<LtRecordsView model={m} />);
    const tabs = within(screen.getByRole('tablist', { name: 'ltRecordKinds' })).getAllByRole('tab');
    expect(tabs.map((t) => [t.textContent, t.getAttribute('aria-selected')])).toEqual([
      ['ltTabSubscription', 'false'],
      ['ltTabRedemption', 'true'],
    ]);
    fireEvent.click(tabs[0]!);
    expect(m.onTab).toHaveBeenCalledWith('subscription');
    expect(screen.getByRole('link', { name: 'viewAll' }).getAttribute('href')).toBe('/user/assets/order/fed/spot-lt-order/redemption');
    const ranges = within(screen.getByRole('group', { name: 'timeRange' })).getAllByRole('button');
    expect(ranges.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
    fireEvent.click(ranges[2]!);
    expect(m.onDays).toHaveBeenCalledWith(180);
    expect(screen.getByText('ltNoRedemptions {"count":7}')).toBeDefined();
  });

  it('a list that failed to load says so with a refresh; a longer one has Load more', () => {
    const failed = model({ records: { data: undefined, isError: true } });
    render(<LtRecordsView model={failed} />);
    expect(screen.getByRole('alert').textContent).toContain('failedToLoad');
    fireEvent.click(screen.getByRole('button', { name: 'refresh' }));
    expect(failed.records.refetch).toHaveBeenCalled();
    cleanup();
    const more = model({ records: { hasMore: true } });
    render(<LtRecordsView model={more} />);
    fireEvent.click(screen.getByRole('button', { name: 'loadMore' }));
    expect(more.records.loadMore).toHaveBeenCalled();
  });
});
