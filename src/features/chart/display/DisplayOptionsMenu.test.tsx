import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHART_DISPLAY, DISPLAY_OPTION_IDS } from '../../../domain/chartDisplay';
import { DisplayOptionsMenu, type DisplayOptionsMenuProps } from './DisplayOptionsMenu';

// Texts are keys here (no i18n instance), with the count appended so the day labels can be told apart.
vi.mock('react-i18next', () => ({
  useTranslation: () => ({ t: (key: string, options?: { count?: number }) => (options?.count === undefined ? key : `${key}:${options.count}`) }),
}));

function renderMenu(patch: Partial<DisplayOptionsMenuProps> = {}) {
  const props: DisplayOptionsMenuProps = {
    settings: DEFAULT_CHART_DISPLAY,
    onChange: vi.fn(),
    items: DISPLAY_OPTION_IDS,
    syncApp: { on: false, unread: true, onToggle: vi.fn(), onSeen: vi.fn() },
    ...patch,
  };
  render(<DisplayOptionsMenu {...props} />);
  return props;
}

const openMenu = () => fireEvent.click(screen.getByRole('button', { name: /display\.button/ }));

describe('DisplayOptionsMenu', () => {
  afterEach(cleanup);

  it('opens a panel with every offered item as a checkbox, focusing the first, and reports changes', () => {
    const props = renderMenu();
    const button = screen.getByRole('button', { name: /display\.button/ });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    openMenu();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('group', { name: 'display.button' });
    const trade = within(panel).getByRole('checkbox', { name: 'display.trade' }) as HTMLInputElement;
    expect(document.activeElement).toBe(trade);
    expect(trade.checked).toBe(true);
    expect((within(panel).getByRole('checkbox', { name: 'display.avgBuyLine' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(trade);
    expect(props.onChange).toHaveBeenCalledWith({ trade: false });
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'display.entrust' }));
    expect(props.onChange).toHaveBeenLastCalledWith({ entrust: false });
  });

  it('offers the eight day choices per average line, 365 and more in years', () => {
    const props = renderMenu({ settings: { ...DEFAULT_CHART_DISPLAY, avgSellLineDays: 730 } });
    openMenu();
    const buyDays = screen.getByRole('combobox', { name: 'display.avgBuyLineDays' }) as HTMLSelectElement;
    expect([...buyDays.options].map((o) => o.textContent)).toEqual([
      'display.days:7', 'display.days:30', 'display.days:60', 'display.days:90', 'display.days:180', 'display.oneYear', 'display.years:2', 'display.years:3',
    ]);
    expect(buyDays.value).toBe('30');
    expect((screen.getByRole('combobox', { name: 'display.avgSellLineDays' }) as HTMLSelectElement).value).toBe('730');
    fireEvent.change(buyDays, { target: { value: '1095' } });
    expect(props.onChange).toHaveBeenCalledWith({ avgBuyLineDays: 1095 });
  });

  it('shows only the offered items (a visitor: quick market trade)', () => {
    renderMenu({ items: ['trade'], syncApp: null });
    openMenu();
    expect(screen.getAllByRole('checkbox').map((c) => c.getAttribute('aria-label') ?? c.parentElement?.textContent)).toEqual(['display.trade']);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('nothing offered: no button at all', () => {
    renderMenu({ items: [], syncApp: null });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('sync to app: a switch; its unread dot leaves the button once opened and stays on the item for that opening', () => {
    const props = renderMenu();
    const button = screen.getByRole('button', { name: /display\.button/ });
    expect(within(button).getByRole('img', { name: 'display.new' })).toBeDefined();
    openMenu();
    expect(props.syncApp?.onSeen).toHaveBeenCalledTimes(1);
    const sync = screen.getByRole('switch', { name: 'display.syncApp' }) as HTMLInputElement;
    expect(sync.checked).toBe(false);
    expect(sync.parentElement?.parentElement?.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('display.new');
    fireEvent.click(sync);
    expect(props.syncApp?.onToggle).toHaveBeenCalledTimes(1);
  });

  it('no unread dot once seen', () => {
    renderMenu({ syncApp: { on: false, unread: false, onToggle: vi.fn(), onSeen: vi.fn() } });
    expect(screen.queryByRole('img')).toBeNull();
    openMenu();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('Escape closes and returns focus to the button; a click outside closes too', () => {
    renderMenu({ syncApp: { on: true, unread: false, onToggle: vi.fn(), onSeen: vi.fn() } });
    openMenu();
    fireEvent.keyDown(screen.getByRole('checkbox', { name: 'display.trade' }), { key: 'Escape' });
    expect(screen.queryByRole('group')).toBeNull();
    const button = screen.getByRole('button', { name: 'display.button' });
    expect(document.activeElement).toBe(button);
    openMenu();
    expect((screen.getByRole('switch', { name: 'display.syncApp' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('group')).toBeNull();
  });
});
