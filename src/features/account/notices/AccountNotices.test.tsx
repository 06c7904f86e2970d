import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import demoEn from '../../../../locales/en/demo.json';
import type { AccountNoticeId } from '../../../domain/accountNotices';
import { AccountNotices } from './AccountNotices';

/** The notices' view against a stubbed data hook: links from the route helpers, closing and answering. */
const state = vi.hoisted(() => ({
  visible: [] as AccountNoticeId[],
  close: (_id: AccountNoticeId) => {},
  answerSync: (_on: boolean) => {},
}));
vi.mock('../../../data/accountNotices', () => ({
  useAccountNotices: () => ({ visible: state.visible, close: state.close, answerSync: state.answerSync }),
}));

beforeEach(() => {
  state.visible = [];
  state.close = vi.fn();
  state.answerSync = vi.fn();
});
afterEach(cleanup);

function show(resources: Record<string, string> = demoEn) {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en', ns: ['demo'], defaultNS: 'demo', resources: { en: { demo: resources } },
    initAsync: false, interpolation: { escapeValue: false }, react: { useSuspense: false },
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <AccountNotices />
    </I18nextProvider>,
  );
}

describe('account notices', () => {
  it('renders nothing when no notice is due', () => {
    const { container } = show();
    expect(container.innerHTML).toBe('');
  });

  it('the offline notice links the phase-out article and closes through the data hook', () => {
    state.visible = ['standardOffline'];
    show();
    const notice = screen.getByRole('region', { name: 'Standard accounts are being phased out' });
    expect(within(notice).getByRole('link', { name: 'Read the announcement' }).getAttribute('href')).toBe('https://announcements.bybit.com/en/article/standard-account-phase-out/');
    fireEvent.click(within(notice).getByRole('button', { name: 'Close: Standard accounts are being phased out' }));
    expect(state.close).toHaveBeenCalledWith('standardOffline');
  });

  it('the copy-trading-off notice links the leader trade center', () => {
    state.visible = ['copyTradingOff'];
    show();
    const notice = screen.getByRole('region', { name: 'Copy trading is off' });
    expect(within(notice).getByRole('link', { name: 'Open the leader trade center' }).getAttribute('href')).toBe('/copyTrade/trade-center/leader');
  });

  it('the sync-to-app notice answers Y or N', () => {
    state.visible = ['syncApp'];
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(state.answerSync).toHaveBeenCalledWith(true);
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(state.answerSync).toHaveBeenCalledWith(false);
  });

  it('shows notice texts as text, never as markup', () => {
    state.visible = ['copyTradingOff'];
    const { container } = show({ ...demoEn, copyTradingOffText: '<img src=x onerror=alert(1)>' });
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });
});
