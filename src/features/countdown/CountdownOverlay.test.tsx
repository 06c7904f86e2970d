import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SymbolNotice } from '../../data/api/notice';
import { CountdownOverlay } from './CountdownOverlay';

// Texts are keys here (no i18n instance): the test is about structure, not wording.
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

const NOTICE: SymbolNotice = {
  symbolId: 'WIFUSDT',
  noticeType: 1,
  noticeContent: 'WIF/USDT opens soon.',
  noticeLinkUrl: '/announcements/new-listing-wifusdt',
  onlineTime: Date.UTC(2026, 10, 2, 9, 5, 0),
  nowTime: Date.UTC(2026, 10, 2, 9, 0, 0),
};

describe('CountdownOverlay', () => {
  afterEach(cleanup);

  it('counting: hours (past 24), minutes and seconds, the UTC time, the text and a new-tab link', () => {
    render(<CountdownOverlay symbolName="WIF/USDT" notice={NOTICE} remainingMs={(26 * 3600 + 3 * 60 + 9) * 1000} />);
    const timer = screen.getByRole('timer');
    expect(timer.getAttribute('aria-live')).toBe('off');
    expect(screen.getByRole('group', { name: 'hours' }).textContent).toContain('26');
    expect(screen.getByRole('group', { name: 'minutes' }).textContent).toContain('03');
    expect(screen.getByRole('group', { name: 'seconds' }).textContent).toContain('09');
    expect(screen.getByText('utcTime').closest('time')?.getAttribute('datetime')).toBe('2026-11-02T09:05:00.000Z');
    expect(screen.getByText('WIF/USDT opens soon.')).toBeDefined();
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/announcements/new-listing-wifusdt');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('pending (noticeType 3): the pending icon and the text, no countdown', () => {
    render(<CountdownOverlay symbolName="WIF/USDT" notice={{ ...NOTICE, noticeType: 3 }} remainingMs={null} />);
    expect(screen.getByRole('img', { name: 'pendingIcon' })).toBeDefined();
    expect(screen.getByRole('heading', { name: 'pendingTitle' })).toBeDefined();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('WIF/USDT opens soon.')).toBeDefined();
  });

  it('an unsafe learn-more url is not linked', () => {
    render(<CountdownOverlay symbolName="WIF/USDT" notice={{ ...NOTICE, noticeLinkUrl: 'javascript:alert(1)' }} remainingMs={1000} />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
