import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CompareDialog } from './CompareDialog';
import { installDialogPolyfill, pressEscapeIn, renderWithTexts } from './testSupport';

const SYMBOLS = ['BTC', 'ETH', 'SOL', 'XRP', 'DOGE'].map((base) => ({ symbolId: `${base}USDT`, base, quote: 'USDT' }));

function setup(value: string[] = []) {
  const onChange = vi.fn();
  renderWithTexts(<CompareDialog symbols={SYMBOLS} current="BTCUSDT" value={value} onChange={onChange} />);
  fireEvent.click(screen.getByRole('button', { name: 'Compare' }));
  return { onChange, dialog: screen.getByRole('dialog', { name: 'Compare symbols' }) };
}

describe('CompareDialog', () => {
  beforeAll(installDialogPolyfill);
  afterEach(cleanup);

  it('lists every symbol but the current one and searches them', () => {
    const { dialog } = setup();
    const list = within(dialog).getByRole('list', { name: 'Symbols' });
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['ETH/USDT', 'SOL/USDT', 'XRP/USDT', 'DOGE/USDT']);
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search symbols' }), { target: { value: 'do' } });
    expect(within(dialog).getAllByRole('button', { pressed: false }).map((b) => b.textContent)).toEqual(['DOGE/USDT']);
    fireEvent.change(within(dialog).getByRole('searchbox'), { target: { value: 'zzz' } });
    expect(within(dialog).getByText('No matching symbols.')).toBeDefined();
  });

  it('adds up to 3, then refuses more until one is removed', () => {
    const { onChange, dialog } = setup();
    for (const name of ['ETH/USDT', 'SOL/USDT', 'XRP/USDT']) fireEvent.click(within(dialog).getByRole('button', { name }));
    const doge = within(dialog).getByRole('button', { name: 'DOGE/USDT' }) as HTMLButtonElement;
    expect(doge.disabled).toBe(true);
    expect(within(dialog).getByRole('status').textContent).toBe('Up to 3 symbols can be compared.');
    expect(within(dialog).getByRole('heading', { name: 'Compared (3/3)' })).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove SOL/USDT' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'DOGE/USDT' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onChange).toHaveBeenCalledWith(['ETHUSDT', 'XRPUSDT', 'DOGEUSDT']);
  });

  it('starts from a cleaned value and Escape drops changes', () => {
    const { onChange, dialog } = setup(['BTCUSDT', 'ETHUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'DOGEUSDT']);
    expect(within(dialog).getByRole('heading', { name: 'Compared (3/3)' })).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'ETH/USDT' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'DOGE/USDT' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(within(dialog).getByRole('button', { name: 'ETH/USDT' }));
    pressEscapeIn(dialog);
    expect(onChange).not.toHaveBeenCalled();
    expect(dialog.hasAttribute('open')).toBe(false);
  });
});
