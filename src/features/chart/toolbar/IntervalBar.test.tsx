import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Interval } from '../../../domain/intervals';
import { IntervalBar } from './IntervalBar';
import { renderWithTexts } from './testSupport';

function setup(pinned: Interval[] = ['1m', '15m', '1h', '4h', '1d'], value: Interval = '15m') {
  const onChange = vi.fn();
  const onPinnedChange = vi.fn();
  renderWithTexts(<IntervalBar pinned={pinned} value={value} onChange={onChange} onPinnedChange={onPinnedChange} />);
  return { onChange, onPinnedChange };
}

const openCustomize = () => {
  fireEvent.click(screen.getByRole('button', { name: 'More intervals' }));
  fireEvent.click(screen.getByRole('button', { name: 'Customize' }));
  return screen.getByRole('dialog', { name: 'Customize intervals' });
};

describe('IntervalBar', () => {
  afterEach(cleanup);

  it('shows the pinned intervals as quick buttons, the current one pressed', () => {
    const { onChange } = setup();
    const group = screen.getByRole('group', { name: 'Intervals' });
    const quick = within(group).getAllByRole('button', { pressed: false }).concat(within(group).getAllByRole('button', { pressed: true }));
    expect(quick.map((b) => b.textContent).sort()).toEqual(['15m', '1D', '1h', '1m', '4h'].sort());
    expect(screen.getByRole('button', { name: '15m (15 minutes)' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '4h (4 hours)' }));
    expect(onChange).toHaveBeenCalledWith('4h');
  });

  it('shows the current interval even when it is not pinned', () => {
    setup(['1m', '1h'], '1M');
    expect(screen.getByRole('button', { name: '1M (1 month)' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('lists all 14 intervals in the dropdown; picking one closes it and returns focus', () => {
    const { onChange } = setup();
    const more = screen.getByRole('button', { name: 'More intervals' });
    fireEvent.click(more);
    const panel = screen.getByRole('dialog', { name: 'All intervals' });
    const texts = within(panel).getAllByRole('button').map((b) => b.textContent);
    expect(texts).toEqual(['1s', '1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '6h', '12h', '1D', '1W', '1M', 'Customize']);
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: '15m (15 minutes)' }));
    fireEvent.click(within(panel).getByRole('button', { name: '12h (12 hours)' }));
    expect(onChange).toHaveBeenCalledWith('12h');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(more);
  });

  it('customize: toggles on a draft, Confirm applies in interval order', () => {
    const { onPinnedChange } = setup();
    const panel = openCustomize();
    expect(within(panel).getAllByRole('checkbox')).toHaveLength(14);
    fireEvent.click(within(panel).getByRole('checkbox', { name: /1 second/ }));
    fireEvent.click(within(panel).getByRole('checkbox', { name: /4 hours/ }));
    expect(onPinnedChange).not.toHaveBeenCalled();
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm' }));
    expect(onPinnedChange).toHaveBeenCalledWith(['1s', '1m', '15m', '1h', '1d']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('customize: Reset restores the defaults in the draft, Confirm saves them', () => {
    const { onPinnedChange } = setup(['1s', '3m', '1w']);
    const panel = openCustomize();
    fireEvent.click(within(panel).getByRole('button', { name: 'Reset' }));
    const checked = within(panel).getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).checked);
    expect(checked.map((c) => c.closest('label')?.querySelector('[dir="ltr"]')?.textContent)).toEqual(['1m', '15m', '1h', '4h', '1D']);
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm' }));
    expect(onPinnedChange).toHaveBeenCalledWith(['1m', '15m', '1h', '4h', '1d']);
  });

  it('customize: Escape discards the draft, closes and returns focus', () => {
    const { onPinnedChange } = setup();
    const panel = openCustomize();
    fireEvent.click(within(panel).getByRole('checkbox', { name: /1 week/ }));
    fireEvent.keyDown(within(panel).getByRole('checkbox', { name: /1 week/ }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More intervals' }));
    expect(onPinnedChange).not.toHaveBeenCalled();
    // Reopened, the draft starts again from the saved list.
    const again = openCustomize();
    expect((within(again).getByRole('checkbox', { name: /1 week/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('customize: the last pinned interval cannot be unpinned', () => {
    setup(['1h'], '1h');
    const panel = openCustomize();
    const only = within(panel).getByRole('checkbox', { name: /1 hour/ }) as HTMLInputElement;
    expect(only.checked).toBe(true);
    expect(only.disabled).toBe(true);
  });
});
