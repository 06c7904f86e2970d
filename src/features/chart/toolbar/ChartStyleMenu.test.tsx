import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChartStyleMenu } from './ChartStyleMenu';
import { TimeFrameBar } from './TimeFrameBar';
import { renderWithTexts } from './testSupport';

describe('ChartStyleMenu', () => {
  afterEach(cleanup);

  it('lists the 7 styles, the current one checked and focused', () => {
    renderWithTexts(<ChartStyleMenu value="line" onChange={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Chart type: Line' }));
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((i) => i.textContent)).toEqual(['Bars', 'Candles', 'Hollow candles', 'Heikin Ashi (average candle)', 'Line', 'Area', 'Baseline']);
    expect(screen.getByRole('menuitemradio', { name: 'Line' }).getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('menuitemradio', { name: 'Line' }));
  });

  it('works by keyboard: arrows move, Enter picks, focus returns to the button', () => {
    const onChange = vi.fn();
    renderWithTexts(<ChartStyleMenu value="candle" onChange={onChange} />);
    const button = screen.getByRole('button', { name: 'Chart type: Candles' });
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu', { name: 'Chart type' });
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitemradio', { name: 'Heikin Ashi (average candle)' }));
    fireEvent.keyDown(menu, { key: 'End' });
    fireEvent.click(document.activeElement as HTMLElement); // Enter on a button clicks it
    expect(onChange).toHaveBeenCalledWith('baseline');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('Escape closes without a change', () => {
    const onChange = vi.fn();
    renderWithTexts(<ChartStyleMenu value="candle" onChange={onChange} />);
    const button = screen.getByRole('button', { name: 'Chart type: Candles' });
    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('TimeFrameBar', () => {
  afterEach(cleanup);

  it('offers 5y … 1d and hands back the frame with its resolution', () => {
    const onSelect = vi.fn();
    renderWithTexts(<TimeFrameBar value="3m" onSelect={onSelect} />);
    const group = screen.getByRole('group', { name: 'Time frames' });
    expect([...group.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['5y', '1y', '6m', '3m', '1m', '5d', '1d']);
    expect(screen.getByRole('button', { name: '3m (3 months)' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '6m (6 months)' }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: '6m', resolution: '120', interval: '2h' }));
  });
});
