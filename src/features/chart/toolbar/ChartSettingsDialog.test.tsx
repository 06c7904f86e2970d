import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHART_SETTINGS, type ChartSettings } from '../../../domain/chartModel';
import { ChartSettingsDialog } from './ChartSettingsDialog';
import { installDialogPolyfill, pressEscapeIn, renderWithTexts } from './testSupport';

function setup(value: ChartSettings = DEFAULT_CHART_SETTINGS) {
  const onChange = vi.fn();
  renderWithTexts(<ChartSettingsDialog value={value} onChange={onChange} />);
  fireEvent.click(screen.getByRole('button', { name: 'Chart settings' }));
  return { onChange, dialog: screen.getByRole('dialog', { name: 'Chart settings' }) };
}

describe('ChartSettingsDialog', () => {
  beforeAll(installDialogPolyfill);
  afterEach(cleanup);

  it('applies every setting on OK', () => {
    const { onChange, dialog } = setup();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Up colour' }), { target: { value: '#00FF88' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Vertical' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Magnet' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Logarithmic' }));
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Timezone' }), { target: { value: 'Asia/Singapore' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onChange).toHaveBeenCalledWith({
      ...DEFAULT_CHART_SETTINGS,
      upColor: '#00ff88',
      gridVertical: false,
      crosshair: 'magnet',
      priceScale: 'log',
      timezone: 'Asia/Singapore',
    });
  });

  it('offers UTC first and labels zones with their offset', () => {
    const { dialog } = setup();
    const options = within(within(dialog).getByRole('combobox', { name: 'Timezone' })).getAllByRole('option');
    expect(options[0]?.textContent).toBe('UTC');
    expect(options.map((o) => o.textContent)).toContain('(UTC+8) Asia/Singapore');
    expect(options.map((o) => o.textContent)).toContain('(UTC+5:30) Asia/Kolkata');
  });

  it('a colour that is not #rrggbb shows a message and blocks OK', () => {
    const { onChange, dialog } = setup();
    const down = within(dialog).getByRole('textbox', { name: 'Down colour' });
    fireEvent.change(down, { target: { value: 'red' } });
    expect(within(dialog).getByRole('alert').textContent).toContain('#rrggbb');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(down);
    // The picker keeps a usable colour and fixes the text.
    fireEvent.input(within(dialog).getByLabelText('Down colour picker'), { target: { value: '#112233' } });
    expect((down as HTMLInputElement).value).toBe('#112233');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('Reset fills in the defaults; Escape drops changes', () => {
    const custom: ChartSettings = { ...DEFAULT_CHART_SETTINGS, upColor: '#0000ff', crosshair: 'magnet', timezone: 'Asia/Tokyo', gridHorizontal: false };
    const { onChange, dialog } = setup(custom);
    expect((within(dialog).getByRole('radio', { name: 'Magnet' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset to defaults' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onChange).toHaveBeenLastCalledWith(DEFAULT_CHART_SETTINGS);

    fireEvent.click(screen.getByRole('button', { name: 'Chart settings' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Percent' }));
    pressEscapeIn(dialog);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('repairs bad saved settings and keeps a valid zone that is not in the list', () => {
    const { dialog } = setup({ ...DEFAULT_CHART_SETTINGS, upColor: 'nope', timezone: 'Europe/Paris' });
    expect((within(dialog).getByRole('textbox', { name: 'Up colour' }) as HTMLInputElement).value).toBe('#20b26c');
    expect((within(dialog).getByRole('combobox', { name: 'Timezone' }) as HTMLSelectElement).value).toBe('Europe/Paris');
  });
});
