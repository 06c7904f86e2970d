import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IndicatorConfig } from '../../../domain/chartModel';
import { IndicatorsDialog, type IndicatorDefinitions } from './IndicatorsDialog';
import { installDialogPolyfill, pressEscapeIn, renderWithTexts } from './testSupport';

const length = (d: number) => ({ key: 'length', min: 1, max: 500, step: 1, integer: true, default: d });
const DEFINITIONS: IndicatorDefinitions = {
  MA: { params: [length(7)] },
  EMA: { params: [length(9)] },
  BOLL: { params: [length(20), { key: 'mult', min: 0.1, max: 10, step: 0.1, integer: false, default: 2 }] },
  VWAP: { params: [] },
  VOL: { params: [] },
  MACD: { params: [length(12), length(26), length(9)] },
  RSI: { params: [length(14)] },
  KDJ: { params: [length(9), length(3), length(3)] },
};

function setup(value: IndicatorConfig[] = [{ key: 'MA-1', id: 'MA', params: [7] }]) {
  const onChange = vi.fn();
  renderWithTexts(<IndicatorsDialog value={value} definitions={DEFINITIONS} onChange={onChange} />);
  fireEvent.click(screen.getByRole('button', { name: 'Indicators' }));
  return { onChange, dialog: screen.getByRole('dialog', { name: 'Indicators' }) };
}

describe('IndicatorsDialog', () => {
  beforeAll(installDialogPolyfill);
  afterEach(cleanup);

  it('adds indicators (the same one twice) with their defaults and applies on OK', () => {
    const { onChange, dialog } = setup();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Moving average (MA)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Bollinger bands (BOLL)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onChange).toHaveBeenCalledWith([
      { key: 'MA-1', id: 'MA', params: [7] },
      { key: 'MA-2', id: 'MA', params: [7] },
      { key: 'BOLL-1', id: 'BOLL', params: [20, 2] },
    ]);
    expect(dialog.hasAttribute('open')).toBe(false);
  });

  it('edits and removes', () => {
    const { onChange, dialog } = setup([
      { key: 'MA-1', id: 'MA', params: [7] },
      { key: 'RSI-1', id: 'RSI', params: [14] },
    ]);
    fireEvent.change(within(dialog).getAllByLabelText('Length')[0] as HTMLElement, { target: { value: '25' } });
    expect(within(dialog).getByText('MA(25)')).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove RSI(14)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onChange).toHaveBeenCalledWith([{ key: 'MA-1', id: 'MA', params: [25] }]);
  });

  it('a bad parameter shows a message next to the field and is not applied', () => {
    const { onChange, dialog } = setup();
    const input = within(dialog).getByLabelText('Length');
    fireEvent.change(input, { target: { value: '7.5' } });
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter a whole number.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: '900' } });
    expect(within(dialog).getByRole('alert').textContent).toBe('The maximum is 500.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: '30' } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onChange).toHaveBeenCalledWith([{ key: 'MA-1', id: 'MA', params: [30] }]);
  });

  it('arrow keys step a parameter within its range', () => {
    const { onChange, dialog } = setup([{ key: 'MA-1', id: 'MA', params: [499] }]);
    const input = within(dialog).getByLabelText('Length') as HTMLInputElement;
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.value).toBe('500');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onChange).toHaveBeenCalledWith([{ key: 'MA-1', id: 'MA', params: [499] }]);
  });

  it('stops at 10 indicators', () => {
    const { dialog } = setup([]);
    const add = within(dialog).getByRole('button', { name: 'Add Relative strength index (RSI)' });
    for (let i = 0; i < 12; i += 1) fireEvent.click(add);
    expect(within(dialog).getAllByRole('button', { name: /^Remove RSI/ })).toHaveLength(10);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByRole('status').textContent).toContain('Up to 10 indicators');
  });

  it('Escape and Cancel drop the changes; reopening starts from the value', () => {
    const { onChange, dialog } = setup();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Volume (VOL)' }));
    pressEscapeIn(dialog);
    expect(dialog.hasAttribute('open')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Indicators' }));
    expect(within(dialog).queryByText('VOL()')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('repairs a bad saved list before editing it', () => {
    const { onChange, dialog } = setup([{ key: 'MA-1', id: 'MA', params: [-3] }, { key: 'x', id: 'NOPE' as 'MA', params: [] }]);
    expect((within(dialog).getByLabelText('Length') as HTMLInputElement).value).toBe('7');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onChange).toHaveBeenCalledWith([{ key: 'MA-1', id: 'MA', params: [7] }]);
  });
});
