import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import bannerEn from '../../../locales/en/banner.json';
import { reloadFooterBannerState, useAccountWatermark, useFooterAnnouncements, type AccountWatermark } from '../../data/footerBanner';
import { ApiError } from '../../data/http';
import { toastStore } from '../../data/toasts';
import type { FooterAnnouncement } from '../../domain/footerBanner';
import { FooterBannerSlot } from './FooterBanner';

// The search and the account are the test's; closes and read marks go through the real storage layer.
vi.mock('../../data/footerBanner', async (original) => ({
  ...(await original<typeof import('../../data/footerBanner')>()),
  useFooterAnnouncements: vi.fn(),
  useAccountWatermark: vi.fn(),
}));

const NOW = Date.now();
const item = (id: string, ageMs: number, over: Partial<FooterAnnouncement> = {}): FooterAnnouncement => ({
  id, title: `Title ${id}`, description: '', url: `/article/${id}/`, date: NOW - ageMs, category: 'new_crypto', topics: ['Spot'], ...over,
});
const ITEMS = [
  item('maintenance', 60_000, { category: 'maintenance_updates' }),
  item('markup', 120_000, { title: '<img src=x onerror=alert(1)>', category: 'latest_bybit_news' }),
  item('listing', 3_600_000),
];

function account(over: Partial<AccountWatermark> = {}): AccountWatermark {
  return { ready: true, loggedIn: false, watermark: null, save: vi.fn(() => Promise.resolve()), saving: false, ...over };
}

function setup(items: FooterAnnouncement[] | undefined, who: AccountWatermark = account()) {
  vi.mocked(useFooterAnnouncements).mockReturnValue({ data: items, isSuccess: items !== undefined, isError: false } as ReturnType<typeof useFooterAnnouncements>);
  vi.mocked(useAccountWatermark).mockReturnValue(who);
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en', ns: ['banner'], defaultNS: 'banner', resources: { en: { banner: bannerEn } },
    initAsync: false, interpolation: { escapeValue: false }, react: { useSuspense: false },
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <FooterBannerSlot locale="en" />
    </I18nextProvider>,
  );
}

const region = () => screen.queryByRole('region', { name: 'Latest announcement' });
const slot = () => document.querySelector('.footer-banner-slot')!;

beforeEach(() => reloadFooterBannerState());
afterEach(() => {
  cleanup();
  toastStore.get().forEach((t) => toastStore.dismiss(t.id));
});

describe('FooterBanner', () => {
  it('shows the newest allowed announcement, its markup title as text, and the article link from the route helper', () => {
    setup(ITEMS);
    const banner = region()!;
    expect(banner.getAttribute('data-announcement-id')).toBe('markup');
    expect(within(banner).getByText('<img src=x onerror=alert(1)>')).toBeDefined();
    expect(banner.querySelector('img')).toBeNull();
    expect(within(banner).getByText('News')).toBeDefined();
    const link = within(banner).getByRole('link', { name: /Details/ });
    expect(link.getAttribute('href')).toBe('https://announcements.bybit.com/en/article/markup/');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(slot().getAttribute('data-state')).toBe('shown');
  });

  it('holds the strip while the answer is pending, and says when there is nothing', () => {
    setup(undefined);
    expect(slot().getAttribute('data-state')).toBe('pending');
    cleanup();
    setup(ITEMS, account({ ready: false }));
    expect(slot().getAttribute('data-state')).toBe('pending');
    expect(region()).toBeNull();
    cleanup();
    setup([ITEMS[0]!]);
    expect(slot().getAttribute('data-state')).toBe('none');
  });

  it('× closes it for 24 h on this device and keeps focus in the strip', () => {
    setup(ITEMS);
    fireEvent.click(screen.getByRole('button', { name: 'Close the announcement' }));
    expect(region()).toBeNull();
    expect(document.activeElement).toBe(slot());
    const stored = JSON.parse(localStorage.getItem('SPOT_footer_banner_v1') ?? '{}') as { hiddenUntil: number };
    expect(stored.hiddenUntil - Date.now()).toBeGreaterThan(24 * 3_600_000 - 5_000);
  });

  it('following the link marks it read and hides the banner 5 min', () => {
    setup(ITEMS);
    fireEvent.click(within(region()!).getByRole('link', { name: /Details/ }));
    expect(region()).toBeNull();
    const stored = JSON.parse(localStorage.getItem('SPOT_footer_banner_v1') ?? '{}') as { hiddenUntil: number; read: Record<string, number> };
    expect(Object.keys(stored.read)).toEqual(['markup']);
    expect(stored.hiddenUntil - Date.now()).toBeLessThanOrEqual(5 * 60_000);
  });

  it('a visitor\'s "don\'t show again" is kept in local storage', () => {
    setup(ITEMS);
    fireEvent.click(screen.getByRole('button', { name: "Don't show again" }));
    expect(region()).toBeNull();
    expect(JSON.parse(localStorage.getItem('SPOT_footer_banner_v1') ?? '{}').watermark).toEqual({ id: 'markup', date: NOW - 120_000 });
  });

  it('a signed-in user\'s "don\'t show again" goes to the exchange; a refusal is a toast and the banner stays', async () => {
    const save = vi.fn(() => Promise.reject(new ApiError(10001, 'upsert_keys must hold 1 to 50 keys')));
    setup(ITEMS, account({ loggedIn: true, save }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: "Don't show again" }));
    });
    expect(save).toHaveBeenCalledWith({ id: 'markup', date: NOW - 120_000 });
    expect(toastStore.get().map((t) => t.message)).toEqual(['upsert_keys must hold 1 to 50 keys']);
    expect(region()).not.toBeNull();
    // Nothing was written on the device for a signed-in user.
    expect(localStorage.getItem('SPOT_footer_banner_v1')).toBeNull();
  });

  it('a dismiss in flight disables the button', () => {
    setup(ITEMS, account({ loggedIn: true, saving: true }));
    const button = screen.getByRole('button', { name: "Don't show again" });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});
