import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import tradeEn from '../../../locales/en/trade.json';
import { readTradePreferences, reloadTradePreferences } from '../../data/tradePreferences';
import type { PreferenceContext } from '../../domain/order-entry/tradePreferences';
import { TradePreferencesPopover } from './TradePreferencesPopover';

function renderWithTexts(ui: ReactElement) {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en', ns: ['trade'], defaultNS: 'trade', resources: { en: { trade: tradeEn } },
    initAsync: false, interpolation: { escapeValue: false }, react: { useSuspense: false },
  });
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}

const UTA: PreferenceContext = { isUnified: true, isDemo: false, compliant: true, leverageSelected: false, maxSlippageLimit: true };

beforeEach(() => reloadTradePreferences());
afterEach(cleanup);

const button = () => screen.getByRole('button', { name: 'Trade preferences' });
const openPanel = () => {
  fireEvent.click(button());
  return screen.getByRole('dialog', { name: 'Trade preferences' });
};

describe('TradePreferencesPopover', () => {
  it('lists the flags the rules offer as labelled checkboxes, focus inside', () => {
    renderWithTexts(<TradePreferencesPopover userId="u-uta" context={UTA} />);
    expect(button().getAttribute('aria-expanded')).toBe('false');
    const panel = openPanel();
    expect(button().getAttribute('aria-expanded')).toBe('true');
    const boxes = within(panel).getAllByRole('checkbox');
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual([
      'Spot margin', 'Available balance', 'Max buy / sell', 'Take profit / stop loss', 'Post-only', 'Time in force', 'Max slippage limit', 'Order by base or quote coin',
    ]);
    expect(document.activeElement).toBe(boxes[0]);
    expect(within(panel).getByRole('checkbox', { name: 'Take profit / stop loss' })).toHaveProperty('checked', true);
    expect(within(panel).getByRole('checkbox', { name: 'Spot margin' })).toHaveProperty('checked', true);
  });

  it('a demo account is not offered the advanced functions', () => {
    renderWithTexts(<TradePreferencesPopover userId="u-demo" context={{ ...UTA, isDemo: true, leverageSelected: true }} />);
    const names = within(openPanel()).getAllByRole('checkbox').map((b) => b.closest('label')?.textContent);
    expect(names).toEqual(['Spot margin', 'Leverage', 'Available balance', 'Max buy / sell', 'Borrowed amount', 'Order by base or quote coin']);
  });

  it('keeps a toggle for this user across a reload', () => {
    const { unmount } = renderWithTexts(<TradePreferencesPopover userId="u-uta" context={UTA} />);
    const box = within(openPanel()).getByRole('checkbox', { name: 'Post-only' });
    fireEvent.click(box);
    expect(box).toHaveProperty('checked', false);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('checkbox', { name: 'Spot margin' }));
    unmount();
    reloadTradePreferences();
    expect(readTradePreferences('u-uta')).toMatchObject({ showPostOnly: false, showSpotMargin: false });
    expect(readTradePreferences('u-other').showPostOnly).toBe(true);
    renderWithTexts(<TradePreferencesPopover userId="u-uta" context={UTA} />);
    expect(within(openPanel()).getByRole('checkbox', { name: 'Post-only' })).toHaveProperty('checked', false);
  });

  it('does not show a change storage refused, and says so', () => {
    renderWithTexts(<TradePreferencesPopover userId="u-uta" context={UTA} />);
    const panel = openPanel();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const box = within(panel).getByRole('checkbox', { name: 'Time in force' });
    fireEvent.click(box);
    expect(box).toHaveProperty('checked', true);
    expect(within(panel).getByRole('alert').textContent).toBe(tradeEn.pref_saveFailed);
  });

  it('Escape closes and puts focus back on the button', () => {
    renderWithTexts(<TradePreferencesPopover userId="u-uta" context={UTA} />);
    const panel = openPanel();
    fireEvent.keyDown(within(panel).getAllByRole('checkbox')[0]!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button());
  });

  it('a press outside closes it', () => {
    renderWithTexts(
      <>
        <TradePreferencesPopover userId="u-uta" context={UTA} />
        <p>elsewhere</p>
      </>,
    );
    openPanel();
    fireEvent.pointerDown(screen.getByText('elsewhere'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tabbing out closes it; the button toggles it', () => {
    renderWithTexts(
      <>
        <TradePreferencesPopover userId="u-uta" context={UTA} />
        <button type="button">next</button>
      </>,
    );
    openPanel();
    fireEvent.focusIn(screen.getByRole('button', { name: 'next' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    openPanel();
    fireEvent.click(button());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a visitor sees the defaults, cannot change them, and is told to log in', () => {
    renderWithTexts(<TradePreferencesPopover userId={null} context={UTA} />);
    const panel = openPanel();
    for (const box of within(panel).getAllByRole('checkbox')) expect(box).toHaveProperty('disabled', true);
    expect(within(panel).getByText(tradeEn.pref_loginHint)).toBeTruthy();
  });
});
