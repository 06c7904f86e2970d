import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChartController, LegendState } from './chartController';
import { Legend } from './Legend';

// Texts are keys here (no i18n instance).
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key.split('.').pop() }) }));

function fakeController() {
  let listener: ((legend: LegendState) => void) | null = null;
  const controller = { onLegend: (l: typeof listener) => (listener = l) } as unknown as ChartController;
  return { controller, show: (legend: LegendState) => act(() => listener?.(legend)) };
}

const STATE: LegendState = {
  bar: { time: 0, open: 61802.44, high: 61900, low: 61700.1, close: 61832.645, volume: 12.5 },
  change: -0.000001,
  indicators: [],
  hovering: false,
  compared: [{ symbolId: 'ETHUSDT', color: '#fff', change: 0.01234 }],
  priceScaleWidth: 0,
};

describe('the chart legend', () => {
  afterEach(cleanup);

  it('writes prices and changes the page’s way, like the header and the book', () => {
    const { controller, show } = fakeController();
    render(<Legend controller={controller} symbolName="BTC/USDT" interval="15m" pricePrecision={2} locale="ru" />);
    show(STATE);
    // Russian groups with a narrow no-break space and writes a decimal comma.
    expect(screen.getByTestId('legend-close').textContent).toBe('close 61\u00a0832,65');
    expect(screen.getByTestId('chart-legend').textContent).toContain('open 61\u00a0802,44');
    // A change that rounds to nothing is not a fall.
    expect(screen.getByTestId('chart-legend').textContent).toContain('+0,00%');
    expect(screen.getByTestId('legend-compare').textContent).toBe('ETHUSDT+1,23%');
  });

  it('keeps English grouping on an English page', () => {
    const { controller, show } = fakeController();
    render(<Legend controller={controller} symbolName="BTC/USDT" interval="15m" pricePrecision={2} locale="en" />);
    show(STATE);
    expect(screen.getByTestId('legend-close').textContent).toBe('close 61,832.65');
  });
});
